-- Tenant-safe links: every child names its parent by (businessId, id), so a row can never point into another agency.
-- Also: ProjectContact, ResourceDetail and FlowAnswer carry businessId (backfilled from their parents), and LoginAttempt for the shared throttle.

-- CreateTable
CREATE TABLE "LoginAttempt" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "key" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- Parents referenced by (businessId, id) need their unique index before the children are rebuilt.
CREATE UNIQUE INDEX "User_businessId_id_key" ON "User"("businessId", "id");
CREATE UNIQUE INDEX "Company_businessId_id_key" ON "Company"("businessId", "id");

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Contact" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "businessId" INTEGER NOT NULL,
    "companyId" INTEGER,
    "firstName" TEXT NOT NULL,
    "lastName" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "phone" TEXT,
    "role" TEXT,
    "title" TEXT,
    "portalAccess" BOOLEAN NOT NULL DEFAULT false,
    "portalPasswordHash" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Contact_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Contact_businessId_companyId_fkey" FOREIGN KEY ("businessId", "companyId") REFERENCES "Company" ("businessId", "id") ON DELETE NO ACTION ON UPDATE CASCADE
);
INSERT INTO "new_Contact" ("businessId", "companyId", "createdAt", "email", "firstName", "id", "lastName", "phone", "portalAccess", "portalPasswordHash", "role", "title", "updatedAt") SELECT "businessId", "companyId", "createdAt", "email", "firstName", "id", "lastName", "phone", "portalAccess", "portalPasswordHash", "role", "title", "updatedAt" FROM "Contact";
DROP TABLE "Contact";
ALTER TABLE "new_Contact" RENAME TO "Contact";
CREATE INDEX "Contact_businessId_companyId_idx" ON "Contact"("businessId", "companyId");
CREATE INDEX "Contact_businessId_lastName_idx" ON "Contact"("businessId", "lastName");
CREATE UNIQUE INDEX "Contact_businessId_email_key" ON "Contact"("businessId", "email");
CREATE UNIQUE INDEX "Contact_businessId_id_key" ON "Contact"("businessId", "id");
CREATE TABLE "new_PortalSession" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "businessId" INTEGER NOT NULL,
    "contactId" INTEGER NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "PortalSession_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "PortalSession_businessId_contactId_fkey" FOREIGN KEY ("businessId", "contactId") REFERENCES "Contact" ("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_PortalSession" ("businessId", "contactId", "createdAt", "expiresAt", "id") SELECT "businessId", "contactId", "createdAt", "expiresAt", "id" FROM "PortalSession";
DROP TABLE "PortalSession";
ALTER TABLE "new_PortalSession" RENAME TO "PortalSession";
CREATE INDEX "PortalSession_contactId_idx" ON "PortalSession"("contactId");
CREATE INDEX "PortalSession_businessId_contactId_idx" ON "PortalSession"("businessId", "contactId");
CREATE INDEX "PortalSession_expiresAt_idx" ON "PortalSession"("expiresAt");
CREATE TABLE "new_Project" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "businessId" INTEGER NOT NULL,
    "projectUid" TEXT NOT NULL,
    "companyId" INTEGER,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "status" TEXT NOT NULL DEFAULT 'draft',
    "priority" TEXT NOT NULL DEFAULT 'medium',
    "startDate" DATETIME,
    "completionDate" DATETIME,
    "totalHoursEstimated" REAL,
    "totalHoursWorked" REAL,
    "totalBilledCents" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Project_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Project_businessId_companyId_fkey" FOREIGN KEY ("businessId", "companyId") REFERENCES "Company" ("businessId", "id") ON DELETE NO ACTION ON UPDATE CASCADE
);
INSERT INTO "new_Project" ("businessId", "companyId", "completionDate", "createdAt", "description", "id", "name", "priority", "projectUid", "startDate", "status", "totalBilledCents", "totalHoursEstimated", "totalHoursWorked", "updatedAt") SELECT "businessId", "companyId", "completionDate", "createdAt", "description", "id", "name", "priority", "projectUid", "startDate", "status", "totalBilledCents", "totalHoursEstimated", "totalHoursWorked", "updatedAt" FROM "Project";
DROP TABLE "Project";
ALTER TABLE "new_Project" RENAME TO "Project";
CREATE UNIQUE INDEX "Project_projectUid_key" ON "Project"("projectUid");
CREATE INDEX "Project_businessId_companyId_idx" ON "Project"("businessId", "companyId");
CREATE INDEX "Project_businessId_status_idx" ON "Project"("businessId", "status");
CREATE INDEX "Project_businessId_createdAt_idx" ON "Project"("businessId", "createdAt");
CREATE UNIQUE INDEX "Project_businessId_id_key" ON "Project"("businessId", "id");
CREATE TABLE "new_ProjectContact" (
    "businessId" INTEGER NOT NULL,
    "projectId" INTEGER NOT NULL,
    "contactId" INTEGER NOT NULL,

    PRIMARY KEY ("projectId", "contactId"),
    CONSTRAINT "ProjectContact_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ProjectContact_businessId_projectId_fkey" FOREIGN KEY ("businessId", "projectId") REFERENCES "Project" ("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ProjectContact_businessId_contactId_fkey" FOREIGN KEY ("businessId", "contactId") REFERENCES "Contact" ("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE
);
-- Each link takes the business of its project.
INSERT INTO "new_ProjectContact" ("businessId", "contactId", "projectId") SELECT p."businessId", pc."contactId", pc."projectId" FROM "ProjectContact" pc JOIN "Project" p ON p."id" = pc."projectId";
DROP TABLE "ProjectContact";
ALTER TABLE "new_ProjectContact" RENAME TO "ProjectContact";
CREATE INDEX "ProjectContact_businessId_contactId_idx" ON "ProjectContact"("businessId", "contactId");
CREATE TABLE "new_Task" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "businessId" INTEGER NOT NULL,
    "projectId" INTEGER,
    "title" TEXT NOT NULL,
    "description" TEXT,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "priority" TEXT NOT NULL DEFAULT 'medium',
    "dueDate" DATETIME,
    "assignedTo" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Task_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Task_businessId_projectId_fkey" FOREIGN KEY ("businessId", "projectId") REFERENCES "Project" ("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Task" ("assignedTo", "businessId", "createdAt", "description", "dueDate", "id", "priority", "projectId", "status", "title", "updatedAt") SELECT "assignedTo", "businessId", "createdAt", "description", "dueDate", "id", "priority", "projectId", "status", "title", "updatedAt" FROM "Task";
DROP TABLE "Task";
ALTER TABLE "new_Task" RENAME TO "Task";
CREATE INDEX "Task_businessId_projectId_idx" ON "Task"("businessId", "projectId");
CREATE INDEX "Task_businessId_status_idx" ON "Task"("businessId", "status");
CREATE INDEX "Task_businessId_priority_idx" ON "Task"("businessId", "priority");
CREATE INDEX "Task_businessId_createdAt_idx" ON "Task"("businessId", "createdAt");
CREATE TABLE "new_Document" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "businessId" INTEGER NOT NULL,
    "companyId" INTEGER,
    "projectId" INTEGER,
    "name" TEXT NOT NULL,
    "type" TEXT NOT NULL DEFAULT 'contract',
    "url" TEXT NOT NULL,
    "storageKey" TEXT,
    "mimeType" TEXT,
    "size" INTEGER NOT NULL DEFAULT 0,
    "uploadedById" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Document_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Document_businessId_companyId_fkey" FOREIGN KEY ("businessId", "companyId") REFERENCES "Company" ("businessId", "id") ON DELETE NO ACTION ON UPDATE CASCADE,
    CONSTRAINT "Document_businessId_projectId_fkey" FOREIGN KEY ("businessId", "projectId") REFERENCES "Project" ("businessId", "id") ON DELETE NO ACTION ON UPDATE CASCADE,
    CONSTRAINT "Document_businessId_uploadedById_fkey" FOREIGN KEY ("businessId", "uploadedById") REFERENCES "User" ("businessId", "id") ON DELETE NO ACTION ON UPDATE CASCADE
);
INSERT INTO "new_Document" ("businessId", "companyId", "createdAt", "id", "mimeType", "name", "projectId", "size", "storageKey", "type", "uploadedById", "url") SELECT "businessId", "companyId", "createdAt", "id", "mimeType", "name", "projectId", "size", "storageKey", "type", "uploadedById", "url" FROM "Document";
DROP TABLE "Document";
ALTER TABLE "new_Document" RENAME TO "Document";
CREATE INDEX "Document_businessId_createdAt_idx" ON "Document"("businessId", "createdAt");
CREATE INDEX "Document_businessId_type_idx" ON "Document"("businessId", "type");
CREATE INDEX "Document_businessId_companyId_idx" ON "Document"("businessId", "companyId");
CREATE INDEX "Document_businessId_projectId_idx" ON "Document"("businessId", "projectId");
CREATE TABLE "new_Resource" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "businessId" INTEGER NOT NULL,
    "companyId" INTEGER NOT NULL,
    "projectId" INTEGER,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "visibleToClient" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Resource_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Resource_businessId_companyId_fkey" FOREIGN KEY ("businessId", "companyId") REFERENCES "Company" ("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Resource_businessId_projectId_fkey" FOREIGN KEY ("businessId", "projectId") REFERENCES "Project" ("businessId", "id") ON DELETE NO ACTION ON UPDATE CASCADE
);
INSERT INTO "new_Resource" ("businessId", "companyId", "createdAt", "description", "id", "projectId", "status", "title", "type", "updatedAt", "visibleToClient") SELECT "businessId", "companyId", "createdAt", "description", "id", "projectId", "status", "title", "type", "updatedAt", "visibleToClient" FROM "Resource";
DROP TABLE "Resource";
ALTER TABLE "new_Resource" RENAME TO "Resource";
CREATE INDEX "Resource_businessId_companyId_idx" ON "Resource"("businessId", "companyId");
CREATE INDEX "Resource_businessId_projectId_idx" ON "Resource"("businessId", "projectId");
CREATE INDEX "Resource_businessId_type_idx" ON "Resource"("businessId", "type");
CREATE INDEX "Resource_businessId_status_idx" ON "Resource"("businessId", "status");
CREATE UNIQUE INDEX "Resource_businessId_id_key" ON "Resource"("businessId", "id");
CREATE TABLE "new_ResourceDetail" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "businessId" INTEGER NOT NULL,
    "resourceId" INTEGER NOT NULL,
    "key" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "ResourceDetail_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ResourceDetail_businessId_resourceId_fkey" FOREIGN KEY ("businessId", "resourceId") REFERENCES "Resource" ("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE
);
-- Each detail takes the business of its resource.
INSERT INTO "new_ResourceDetail" ("businessId", "id", "key", "position", "resourceId", "value") SELECT r."businessId", d."id", d."key", d."position", d."resourceId", d."value" FROM "ResourceDetail" d JOIN "Resource" r ON r."id" = d."resourceId";
DROP TABLE "ResourceDetail";
ALTER TABLE "new_ResourceDetail" RENAME TO "ResourceDetail";
CREATE INDEX "ResourceDetail_businessId_resourceId_idx" ON "ResourceDetail"("businessId", "resourceId");
CREATE UNIQUE INDEX "ResourceDetail_resourceId_key_key" ON "ResourceDetail"("resourceId", "key");
CREATE TABLE "new_Flow" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "businessId" INTEGER NOT NULL,
    "flowUid" TEXT NOT NULL,
    "companyId" INTEGER,
    "createdById" INTEGER,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "workflowType" TEXT NOT NULL,
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Flow_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Flow_businessId_companyId_fkey" FOREIGN KEY ("businessId", "companyId") REFERENCES "Company" ("businessId", "id") ON DELETE NO ACTION ON UPDATE CASCADE,
    CONSTRAINT "Flow_businessId_createdById_fkey" FOREIGN KEY ("businessId", "createdById") REFERENCES "User" ("businessId", "id") ON DELETE NO ACTION ON UPDATE CASCADE
);
INSERT INTO "new_Flow" ("businessId", "companyId", "createdAt", "createdById", "description", "flowUid", "id", "isActive", "name", "updatedAt", "workflowType") SELECT "businessId", "companyId", "createdAt", "createdById", "description", "flowUid", "id", "isActive", "name", "updatedAt", "workflowType" FROM "Flow";
DROP TABLE "Flow";
ALTER TABLE "new_Flow" RENAME TO "Flow";
CREATE UNIQUE INDEX "Flow_flowUid_key" ON "Flow"("flowUid");
CREATE INDEX "Flow_businessId_createdAt_idx" ON "Flow"("businessId", "createdAt");
CREATE INDEX "Flow_businessId_companyId_idx" ON "Flow"("businessId", "companyId");
CREATE UNIQUE INDEX "Flow_businessId_id_key" ON "Flow"("businessId", "id");
CREATE TABLE "new_FlowStep" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "businessId" INTEGER NOT NULL,
    "flowId" INTEGER NOT NULL,
    "stepOrder" INTEGER NOT NULL,
    "stepTitle" TEXT NOT NULL,
    "content" TEXT NOT NULL DEFAULT '',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "FlowStep_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "FlowStep_businessId_flowId_fkey" FOREIGN KEY ("businessId", "flowId") REFERENCES "Flow" ("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_FlowStep" ("businessId", "content", "createdAt", "flowId", "id", "stepOrder", "stepTitle", "updatedAt") SELECT "businessId", "content", "createdAt", "flowId", "id", "stepOrder", "stepTitle", "updatedAt" FROM "FlowStep";
DROP TABLE "FlowStep";
ALTER TABLE "new_FlowStep" RENAME TO "FlowStep";
CREATE INDEX "FlowStep_flowId_stepOrder_idx" ON "FlowStep"("flowId", "stepOrder");
CREATE INDEX "FlowStep_businessId_flowId_idx" ON "FlowStep"("businessId", "flowId");
CREATE UNIQUE INDEX "FlowStep_businessId_id_key" ON "FlowStep"("businessId", "id");
CREATE TABLE "new_FlowField" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "businessId" INTEGER NOT NULL,
    "flowStepId" INTEGER NOT NULL,
    "fieldLabel" TEXT NOT NULL,
    "fieldType" TEXT NOT NULL,
    "isRequired" BOOLEAN NOT NULL DEFAULT false,
    "options" TEXT NOT NULL DEFAULT '{}',
    "helpText" TEXT,
    "order" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "FlowField_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "FlowField_businessId_flowStepId_fkey" FOREIGN KEY ("businessId", "flowStepId") REFERENCES "FlowStep" ("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_FlowField" ("businessId", "createdAt", "fieldLabel", "fieldType", "flowStepId", "helpText", "id", "isRequired", "options", "order") SELECT "businessId", "createdAt", "fieldLabel", "fieldType", "flowStepId", "helpText", "id", "isRequired", "options", "order" FROM "FlowField";
DROP TABLE "FlowField";
ALTER TABLE "new_FlowField" RENAME TO "FlowField";
CREATE INDEX "FlowField_flowStepId_order_idx" ON "FlowField"("flowStepId", "order");
CREATE INDEX "FlowField_businessId_flowStepId_idx" ON "FlowField"("businessId", "flowStepId");
CREATE UNIQUE INDEX "FlowField_businessId_id_key" ON "FlowField"("businessId", "id");
CREATE TABLE "new_FlowSubmission" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "businessId" INTEGER NOT NULL,
    "flowId" INTEGER NOT NULL,
    "contactId" INTEGER NOT NULL,
    "companyId" INTEGER,
    "status" TEXT NOT NULL DEFAULT 'in_progress',
    "currentStep" INTEGER NOT NULL DEFAULT 1,
    "completedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "FlowSubmission_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "FlowSubmission_businessId_flowId_fkey" FOREIGN KEY ("businessId", "flowId") REFERENCES "Flow" ("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "FlowSubmission_businessId_contactId_fkey" FOREIGN KEY ("businessId", "contactId") REFERENCES "Contact" ("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "FlowSubmission_businessId_companyId_fkey" FOREIGN KEY ("businessId", "companyId") REFERENCES "Company" ("businessId", "id") ON DELETE NO ACTION ON UPDATE CASCADE
);
INSERT INTO "new_FlowSubmission" ("businessId", "companyId", "completedAt", "contactId", "createdAt", "currentStep", "flowId", "id", "status", "updatedAt") SELECT "businessId", "companyId", "completedAt", "contactId", "createdAt", "currentStep", "flowId", "id", "status", "updatedAt" FROM "FlowSubmission";
DROP TABLE "FlowSubmission";
ALTER TABLE "new_FlowSubmission" RENAME TO "FlowSubmission";
CREATE INDEX "FlowSubmission_businessId_flowId_idx" ON "FlowSubmission"("businessId", "flowId");
CREATE INDEX "FlowSubmission_businessId_contactId_idx" ON "FlowSubmission"("businessId", "contactId");
CREATE INDEX "FlowSubmission_businessId_companyId_idx" ON "FlowSubmission"("businessId", "companyId");
CREATE UNIQUE INDEX "FlowSubmission_flowId_contactId_key" ON "FlowSubmission"("flowId", "contactId");
CREATE UNIQUE INDEX "FlowSubmission_businessId_id_key" ON "FlowSubmission"("businessId", "id");
CREATE TABLE "new_FlowAnswer" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "businessId" INTEGER NOT NULL,
    "submissionId" INTEGER NOT NULL,
    "flowFieldId" INTEGER NOT NULL,
    "value" TEXT NOT NULL,
    CONSTRAINT "FlowAnswer_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "FlowAnswer_businessId_submissionId_fkey" FOREIGN KEY ("businessId", "submissionId") REFERENCES "FlowSubmission" ("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "FlowAnswer_businessId_flowFieldId_fkey" FOREIGN KEY ("businessId", "flowFieldId") REFERENCES "FlowField" ("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE
);
-- Each answer takes the business of its submission.
INSERT INTO "new_FlowAnswer" ("businessId", "flowFieldId", "id", "submissionId", "value") SELECT fs."businessId", fa."flowFieldId", fa."id", fa."submissionId", fa."value" FROM "FlowAnswer" fa JOIN "FlowSubmission" fs ON fs."id" = fa."submissionId";
DROP TABLE "FlowAnswer";
ALTER TABLE "new_FlowAnswer" RENAME TO "FlowAnswer";
CREATE INDEX "FlowAnswer_businessId_flowFieldId_idx" ON "FlowAnswer"("businessId", "flowFieldId");
CREATE UNIQUE INDEX "FlowAnswer_submissionId_flowFieldId_key" ON "FlowAnswer"("submissionId", "flowFieldId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "LoginAttempt_key_createdAt_idx" ON "LoginAttempt"("key", "createdAt");

-- CreateIndex
CREATE INDEX "LoginAttempt_createdAt_idx" ON "LoginAttempt"("createdAt");



