-- The free-text assignedTo becomes a staff user of the same agency: matched by id or by full name, else none.
ALTER TABLE "Task" ADD COLUMN "assigneeId" INTEGER;

UPDATE "Task" t SET "assigneeId" = (
  SELECT u."id" FROM "User" u
  WHERE u."businessId" = t."businessId" AND (u."id"::text = trim(t."assignedTo") OR lower(u."firstName" || ' ' || u."lastName") = lower(trim(t."assignedTo")))
  ORDER BY u."id" LIMIT 1)
WHERE t."assignedTo" IS NOT NULL;

ALTER TABLE "Task" DROP COLUMN "assignedTo";

-- AlterTable
ALTER TABLE "Document" ADD COLUMN     "originalName" TEXT,
ADD COLUMN     "visibleInPortal" BOOLEAN NOT NULL DEFAULT true;

-- CreateIndex
CREATE INDEX "Task_businessId_assigneeId_idx" ON "Task"("businessId", "assigneeId");

-- AddForeignKey
ALTER TABLE "Task" ADD CONSTRAINT "Task_businessId_assigneeId_fkey" FOREIGN KEY ("businessId", "assigneeId") REFERENCES "User"("businessId", "id") ON DELETE NO ACTION ON UPDATE CASCADE;
