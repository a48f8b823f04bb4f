-- Archiving a company (issue 29): archivedAt set = hidden from the hub and its portal closed; the list filters
-- on it and sorts by name, hence the index.
-- AlterTable
ALTER TABLE "Company" ADD COLUMN     "archivedAt" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "Company_businessId_archivedAt_name_idx" ON "Company"("businessId", "archivedAt", "name");
