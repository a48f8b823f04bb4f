-- DropIndex
DROP INDEX "Document_businessId_projectId_idx";

-- DropIndex
DROP INDEX "Task_businessId_projectId_idx";

-- CreateIndex
CREATE INDEX "Document_businessId_projectId_createdAt_id_idx" ON "Document"("businessId", "projectId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Task_businessId_projectId_createdAt_id_idx" ON "Task"("businessId", "projectId", "createdAt", "id");
