-- AlterTable
ALTER TABLE "Document" ADD COLUMN     "flowFieldId" INTEGER,
ADD COLUMN     "flowSubmissionId" INTEGER;

-- CreateIndex
CREATE INDEX "Document_businessId_storageKey_idx" ON "Document"("businessId", "storageKey");
