-- AlterTable
ALTER TABLE "Task" ADD COLUMN "completedAt" DATETIME;

-- CreateTable
CREATE TABLE "Export" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "businessId" INTEGER NOT NULL,
    "requestedById" INTEGER,
    "scope" TEXT NOT NULL DEFAULT 'agency',
    "companyId" INTEGER,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "fileName" TEXT NOT NULL,
    "storageKey" TEXT,
    "size" BIGINT NOT NULL DEFAULT 0,
    "error" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "readyAt" DATETIME,
    "expiresAt" DATETIME NOT NULL,
    CONSTRAINT "Export_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "Export_businessId_createdAt_idx" ON "Export"("businessId", "createdAt");

-- CreateIndex
CREATE INDEX "Export_status_expiresAt_idx" ON "Export"("status", "expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "Export_businessId_id_key" ON "Export"("businessId", "id");

-- CreateIndex
CREATE INDEX "FlowSubmission_businessId_createdAt_idx" ON "FlowSubmission"("businessId", "createdAt");

-- CreateIndex
CREATE INDEX "Project_businessId_startDate_idx" ON "Project"("businessId", "startDate");

-- CreateIndex
CREATE INDEX "Project_businessId_completionDate_idx" ON "Project"("businessId", "completionDate");

-- CreateIndex
CREATE INDEX "Task_businessId_status_dueDate_idx" ON "Task"("businessId", "status", "dueDate");

-- CreateIndex
CREATE INDEX "Task_businessId_completedAt_idx" ON "Task"("businessId", "completedAt");

-- Back-fill: a task already completed is taken to have been completed at its last change.
UPDATE "Task" SET "completedAt" = "updatedAt" WHERE "status" = 'completed';
