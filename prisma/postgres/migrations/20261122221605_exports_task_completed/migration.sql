-- AlterTable
ALTER TABLE "Task" ADD COLUMN     "completedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "Export" (
    "id" SERIAL NOT NULL,
    "businessId" INTEGER NOT NULL,
    "requestedById" INTEGER,
    "scope" TEXT NOT NULL DEFAULT 'agency',
    "companyId" INTEGER,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "fileName" TEXT NOT NULL,
    "storageKey" TEXT,
    "size" BIGINT NOT NULL DEFAULT 0,
    "error" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "readyAt" TIMESTAMP(3),
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Export_pkey" PRIMARY KEY ("id")
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

-- AddForeignKey
ALTER TABLE "Export" ADD CONSTRAINT "Export_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Back-fill: a task already completed is taken to have been completed at its last change.
UPDATE "Task" SET "completedAt" = "updatedAt" WHERE "status" = 'completed';
