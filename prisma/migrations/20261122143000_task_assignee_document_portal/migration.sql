-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Task" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "businessId" INTEGER NOT NULL,
    "projectId" INTEGER,
    "title" TEXT NOT NULL,
    "description" TEXT,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "priority" TEXT NOT NULL DEFAULT 'medium',
    "dueDate" DATETIME,
    "assigneeId" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Task_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Task_businessId_projectId_fkey" FOREIGN KEY ("businessId", "projectId") REFERENCES "Project" ("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Task_businessId_assigneeId_fkey" FOREIGN KEY ("businessId", "assigneeId") REFERENCES "User" ("businessId", "id") ON DELETE NO ACTION ON UPDATE CASCADE
);
-- The free-text assignedTo becomes a staff user of the same agency: matched by id or by full name, else none.
INSERT INTO "new_Task" ("businessId", "createdAt", "description", "dueDate", "id", "priority", "projectId", "status", "title", "updatedAt", "assigneeId") SELECT "businessId", "createdAt", "description", "dueDate", "id", "priority", "projectId", "status", "title", "updatedAt",
    (SELECT u."id" FROM "User" u WHERE u."businessId" = "Task"."businessId" AND (CAST(u."id" AS TEXT) = trim("Task"."assignedTo") OR lower(u."firstName" || ' ' || u."lastName") = lower(trim("Task"."assignedTo"))) ORDER BY u."id" LIMIT 1)
  FROM "Task";
DROP TABLE "Task";
ALTER TABLE "new_Task" RENAME TO "Task";
CREATE INDEX "Task_businessId_projectId_idx" ON "Task"("businessId", "projectId");
CREATE INDEX "Task_businessId_status_priority_idx" ON "Task"("businessId", "status", "priority");
CREATE INDEX "Task_businessId_priority_idx" ON "Task"("businessId", "priority");
CREATE INDEX "Task_businessId_createdAt_idx" ON "Task"("businessId", "createdAt");
CREATE INDEX "Task_businessId_assigneeId_idx" ON "Task"("businessId", "assigneeId");
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
    "originalName" TEXT,
    "size" INTEGER NOT NULL DEFAULT 0,
    "uploadedById" INTEGER,
    "visibleInPortal" BOOLEAN NOT NULL DEFAULT true,
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
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

