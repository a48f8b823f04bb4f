-- Tenant-safe links: every child names its parent by (businessId, id), so a row can never point into another agency.
-- Also: ProjectContact, ResourceDetail and FlowAnswer carry businessId (backfilled from their parents), and LoginAttempt for the shared throttle.

-- DropForeignKey
ALTER TABLE "Contact" DROP CONSTRAINT "Contact_companyId_fkey";

-- DropForeignKey
ALTER TABLE "PortalSession" DROP CONSTRAINT "PortalSession_contactId_fkey";

-- DropForeignKey
ALTER TABLE "Project" DROP CONSTRAINT "Project_companyId_fkey";

-- DropForeignKey
ALTER TABLE "ProjectContact" DROP CONSTRAINT "ProjectContact_projectId_fkey";

-- DropForeignKey
ALTER TABLE "ProjectContact" DROP CONSTRAINT "ProjectContact_contactId_fkey";

-- DropForeignKey
ALTER TABLE "Task" DROP CONSTRAINT "Task_projectId_fkey";

-- DropForeignKey
ALTER TABLE "Document" DROP CONSTRAINT "Document_companyId_fkey";

-- DropForeignKey
ALTER TABLE "Document" DROP CONSTRAINT "Document_projectId_fkey";

-- DropForeignKey
ALTER TABLE "Document" DROP CONSTRAINT "Document_uploadedById_fkey";

-- DropForeignKey
ALTER TABLE "Resource" DROP CONSTRAINT "Resource_companyId_fkey";

-- DropForeignKey
ALTER TABLE "Resource" DROP CONSTRAINT "Resource_projectId_fkey";

-- DropForeignKey
ALTER TABLE "ResourceDetail" DROP CONSTRAINT "ResourceDetail_resourceId_fkey";

-- DropForeignKey
ALTER TABLE "Flow" DROP CONSTRAINT "Flow_companyId_fkey";

-- DropForeignKey
ALTER TABLE "Flow" DROP CONSTRAINT "Flow_createdById_fkey";

-- DropForeignKey
ALTER TABLE "FlowStep" DROP CONSTRAINT "FlowStep_flowId_fkey";

-- DropForeignKey
ALTER TABLE "FlowField" DROP CONSTRAINT "FlowField_flowStepId_fkey";

-- DropForeignKey
ALTER TABLE "FlowSubmission" DROP CONSTRAINT "FlowSubmission_flowId_fkey";

-- DropForeignKey
ALTER TABLE "FlowSubmission" DROP CONSTRAINT "FlowSubmission_contactId_fkey";

-- DropForeignKey
ALTER TABLE "FlowSubmission" DROP CONSTRAINT "FlowSubmission_companyId_fkey";

-- DropForeignKey
ALTER TABLE "FlowAnswer" DROP CONSTRAINT "FlowAnswer_submissionId_fkey";

-- DropForeignKey
ALTER TABLE "FlowAnswer" DROP CONSTRAINT "FlowAnswer_flowFieldId_fkey";

-- DropIndex
DROP INDEX "PortalSession_businessId_idx";

-- DropIndex
DROP INDEX "ProjectContact_contactId_idx";

-- DropIndex
DROP INDEX "FlowStep_businessId_idx";

-- DropIndex
DROP INDEX "FlowField_businessId_idx";

-- DropIndex
DROP INDEX "FlowSubmission_contactId_idx";

-- DropIndex
DROP INDEX "FlowAnswer_flowFieldId_idx";

-- AlterTable
ALTER TABLE "ProjectContact" ADD COLUMN "businessId" INTEGER;
UPDATE "ProjectContact" pc SET "businessId" = p."businessId" FROM "Project" p WHERE p."id" = pc."projectId";
ALTER TABLE "ProjectContact" ALTER COLUMN "businessId" SET NOT NULL;

-- AlterTable
ALTER TABLE "ResourceDetail" ADD COLUMN "businessId" INTEGER;
UPDATE "ResourceDetail" d SET "businessId" = r."businessId" FROM "Resource" r WHERE r."id" = d."resourceId";
ALTER TABLE "ResourceDetail" ALTER COLUMN "businessId" SET NOT NULL;

-- AlterTable
ALTER TABLE "FlowAnswer" ADD COLUMN "businessId" INTEGER;
UPDATE "FlowAnswer" fa SET "businessId" = fs."businessId" FROM "FlowSubmission" fs WHERE fs."id" = fa."submissionId";
ALTER TABLE "FlowAnswer" ALTER COLUMN "businessId" SET NOT NULL;

-- CreateTable
CREATE TABLE "LoginAttempt" (
    "id" SERIAL NOT NULL,
    "key" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LoginAttempt_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "LoginAttempt_key_createdAt_idx" ON "LoginAttempt"("key", "createdAt");

-- CreateIndex
CREATE INDEX "LoginAttempt_createdAt_idx" ON "LoginAttempt"("createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "User_businessId_id_key" ON "User"("businessId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "Company_businessId_id_key" ON "Company"("businessId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "Contact_businessId_id_key" ON "Contact"("businessId", "id");

-- CreateIndex
CREATE INDEX "PortalSession_businessId_contactId_idx" ON "PortalSession"("businessId", "contactId");

-- CreateIndex
CREATE UNIQUE INDEX "Project_businessId_id_key" ON "Project"("businessId", "id");

-- CreateIndex
CREATE INDEX "ProjectContact_businessId_contactId_idx" ON "ProjectContact"("businessId", "contactId");

-- CreateIndex
CREATE INDEX "Resource_businessId_projectId_idx" ON "Resource"("businessId", "projectId");

-- CreateIndex
CREATE UNIQUE INDEX "Resource_businessId_id_key" ON "Resource"("businessId", "id");

-- CreateIndex
CREATE INDEX "ResourceDetail_businessId_resourceId_idx" ON "ResourceDetail"("businessId", "resourceId");

-- CreateIndex
CREATE UNIQUE INDEX "Flow_businessId_id_key" ON "Flow"("businessId", "id");

-- CreateIndex
CREATE INDEX "FlowStep_businessId_flowId_idx" ON "FlowStep"("businessId", "flowId");

-- CreateIndex
CREATE UNIQUE INDEX "FlowStep_businessId_id_key" ON "FlowStep"("businessId", "id");

-- CreateIndex
CREATE INDEX "FlowField_businessId_flowStepId_idx" ON "FlowField"("businessId", "flowStepId");

-- CreateIndex
CREATE UNIQUE INDEX "FlowField_businessId_id_key" ON "FlowField"("businessId", "id");

-- CreateIndex
CREATE INDEX "FlowSubmission_businessId_contactId_idx" ON "FlowSubmission"("businessId", "contactId");

-- CreateIndex
CREATE INDEX "FlowSubmission_businessId_companyId_idx" ON "FlowSubmission"("businessId", "companyId");

-- CreateIndex
CREATE UNIQUE INDEX "FlowSubmission_businessId_id_key" ON "FlowSubmission"("businessId", "id");

-- CreateIndex
CREATE INDEX "FlowAnswer_businessId_flowFieldId_idx" ON "FlowAnswer"("businessId", "flowFieldId");

-- AddForeignKey
ALTER TABLE "Contact" ADD CONSTRAINT "Contact_businessId_companyId_fkey" FOREIGN KEY ("businessId", "companyId") REFERENCES "Company"("businessId", "id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PortalSession" ADD CONSTRAINT "PortalSession_businessId_contactId_fkey" FOREIGN KEY ("businessId", "contactId") REFERENCES "Contact"("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Project" ADD CONSTRAINT "Project_businessId_companyId_fkey" FOREIGN KEY ("businessId", "companyId") REFERENCES "Company"("businessId", "id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProjectContact" ADD CONSTRAINT "ProjectContact_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProjectContact" ADD CONSTRAINT "ProjectContact_businessId_projectId_fkey" FOREIGN KEY ("businessId", "projectId") REFERENCES "Project"("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProjectContact" ADD CONSTRAINT "ProjectContact_businessId_contactId_fkey" FOREIGN KEY ("businessId", "contactId") REFERENCES "Contact"("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Task" ADD CONSTRAINT "Task_businessId_projectId_fkey" FOREIGN KEY ("businessId", "projectId") REFERENCES "Project"("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Document" ADD CONSTRAINT "Document_businessId_companyId_fkey" FOREIGN KEY ("businessId", "companyId") REFERENCES "Company"("businessId", "id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Document" ADD CONSTRAINT "Document_businessId_projectId_fkey" FOREIGN KEY ("businessId", "projectId") REFERENCES "Project"("businessId", "id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Document" ADD CONSTRAINT "Document_businessId_uploadedById_fkey" FOREIGN KEY ("businessId", "uploadedById") REFERENCES "User"("businessId", "id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Resource" ADD CONSTRAINT "Resource_businessId_companyId_fkey" FOREIGN KEY ("businessId", "companyId") REFERENCES "Company"("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Resource" ADD CONSTRAINT "Resource_businessId_projectId_fkey" FOREIGN KEY ("businessId", "projectId") REFERENCES "Project"("businessId", "id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ResourceDetail" ADD CONSTRAINT "ResourceDetail_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ResourceDetail" ADD CONSTRAINT "ResourceDetail_businessId_resourceId_fkey" FOREIGN KEY ("businessId", "resourceId") REFERENCES "Resource"("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Flow" ADD CONSTRAINT "Flow_businessId_companyId_fkey" FOREIGN KEY ("businessId", "companyId") REFERENCES "Company"("businessId", "id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Flow" ADD CONSTRAINT "Flow_businessId_createdById_fkey" FOREIGN KEY ("businessId", "createdById") REFERENCES "User"("businessId", "id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FlowStep" ADD CONSTRAINT "FlowStep_businessId_flowId_fkey" FOREIGN KEY ("businessId", "flowId") REFERENCES "Flow"("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FlowField" ADD CONSTRAINT "FlowField_businessId_flowStepId_fkey" FOREIGN KEY ("businessId", "flowStepId") REFERENCES "FlowStep"("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FlowSubmission" ADD CONSTRAINT "FlowSubmission_businessId_flowId_fkey" FOREIGN KEY ("businessId", "flowId") REFERENCES "Flow"("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FlowSubmission" ADD CONSTRAINT "FlowSubmission_businessId_contactId_fkey" FOREIGN KEY ("businessId", "contactId") REFERENCES "Contact"("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FlowSubmission" ADD CONSTRAINT "FlowSubmission_businessId_companyId_fkey" FOREIGN KEY ("businessId", "companyId") REFERENCES "Company"("businessId", "id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FlowAnswer" ADD CONSTRAINT "FlowAnswer_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FlowAnswer" ADD CONSTRAINT "FlowAnswer_businessId_submissionId_fkey" FOREIGN KEY ("businessId", "submissionId") REFERENCES "FlowSubmission"("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FlowAnswer" ADD CONSTRAINT "FlowAnswer_businessId_flowFieldId_fkey" FOREIGN KEY ("businessId", "flowFieldId") REFERENCES "FlowField"("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

