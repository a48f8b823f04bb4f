-- Internal until shared (issue 27). New files and flows start internal (visibleInPortal, isActive default false);
-- SQLite changes a column's default only by rebuilding its table, whose search triggers are made again below.
-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
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
    "visibleInPortal" BOOLEAN NOT NULL DEFAULT false,
    "flowSubmissionId" INTEGER,
    "flowFieldId" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Document_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Document_businessId_companyId_fkey" FOREIGN KEY ("businessId", "companyId") REFERENCES "Company" ("businessId", "id") ON DELETE NO ACTION ON UPDATE CASCADE,
    CONSTRAINT "Document_businessId_projectId_fkey" FOREIGN KEY ("businessId", "projectId") REFERENCES "Project" ("businessId", "id") ON DELETE NO ACTION ON UPDATE CASCADE,
    CONSTRAINT "Document_businessId_uploadedById_fkey" FOREIGN KEY ("businessId", "uploadedById") REFERENCES "User" ("businessId", "id") ON DELETE NO ACTION ON UPDATE CASCADE
);
INSERT INTO "new_Document" ("businessId", "companyId", "createdAt", "flowFieldId", "flowSubmissionId", "id", "mimeType", "name", "originalName", "projectId", "size", "storageKey", "type", "uploadedById", "url", "visibleInPortal") SELECT "businessId", "companyId", "createdAt", "flowFieldId", "flowSubmissionId", "id", "mimeType", "name", "originalName", "projectId", "size", "storageKey", "type", "uploadedById", "url", "visibleInPortal" FROM "Document";
DROP TABLE "Document";
ALTER TABLE "new_Document" RENAME TO "Document";
CREATE INDEX "Document_businessId_createdAt_idx" ON "Document"("businessId", "createdAt");
CREATE INDEX "Document_businessId_type_idx" ON "Document"("businessId", "type");
CREATE INDEX "Document_businessId_companyId_idx" ON "Document"("businessId", "companyId");
CREATE INDEX "Document_businessId_projectId_idx" ON "Document"("businessId", "projectId");
CREATE INDEX "Document_businessId_storageKey_idx" ON "Document"("businessId", "storageKey");
CREATE TABLE "new_Flow" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "businessId" INTEGER NOT NULL,
    "flowUid" TEXT NOT NULL,
    "companyId" INTEGER,
    "createdById" INTEGER,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "workflowType" TEXT NOT NULL,
    "isActive" BOOLEAN NOT NULL DEFAULT false,
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
-- The search index's triggers of the rebuilt tables (as in 20261122191956_activity_notifications_jobs_search).
CREATE TRIGGER "Document_search_ai" AFTER INSERT ON "Document" BEGIN
  INSERT INTO "SearchEntry" ("businessId", "kind", "entityId", "companyId", "projectId", "ref", "title", "body", "updatedAt") VALUES (NEW."businessId", 'file', NEW."id", NEW."companyId", NEW."projectId", NULL, NEW."name", trim(COALESCE(NEW."originalName",'') || ' ' || NEW."type"), strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'));
END;
CREATE TRIGGER "Document_search_au" AFTER UPDATE OF "name", "originalName", "type", "companyId", "projectId" ON "Document" BEGIN
  UPDATE "SearchEntry" SET "companyId" = NEW."companyId", "projectId" = NEW."projectId", "ref" = NULL, "title" = NEW."name", "body" = trim(COALESCE(NEW."originalName",'') || ' ' || NEW."type"), "updatedAt" = strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')
  WHERE "kind" = 'file' AND "entityId" = NEW."id";
END;
CREATE TRIGGER "Document_search_ad" AFTER DELETE ON "Document" BEGIN
  DELETE FROM "SearchEntry" WHERE "kind" = 'file' AND "entityId" = OLD."id";
END;
CREATE TRIGGER "Flow_search_ai" AFTER INSERT ON "Flow" BEGIN
  INSERT INTO "SearchEntry" ("businessId", "kind", "entityId", "companyId", "projectId", "ref", "title", "body", "updatedAt") VALUES (NEW."businessId", 'flow', NEW."id", NEW."companyId", NULL, NEW."flowUid", NEW."name", NEW."description", strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'));
END;
CREATE TRIGGER "Flow_search_au" AFTER UPDATE OF "name", "description", "companyId" ON "Flow" BEGIN
  UPDATE "SearchEntry" SET "companyId" = NEW."companyId", "projectId" = NULL, "ref" = NEW."flowUid", "title" = NEW."name", "body" = NEW."description", "updatedAt" = strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')
  WHERE "kind" = 'flow' AND "entityId" = NEW."id";
END;
CREATE TRIGGER "Flow_search_ad" AFTER DELETE ON "Flow" BEGIN
  DELETE FROM "SearchEntry" WHERE "kind" = 'flow' AND "entityId" = OLD."id";
END;
-- Projects get a client visibility and tasks can be internal. Every project that exists stays shared as it was
-- (a draft is never shown any more); only new ones start internal.
ALTER TABLE "Project" ADD COLUMN "visibleToClient" BOOLEAN NOT NULL DEFAULT false;
UPDATE "Project" SET "visibleToClient" = true;
ALTER TABLE "Task" ADD COLUMN "internal" BOOLEAN NOT NULL DEFAULT false;
-- "Preview as contact": a staff user's read-only portal session.
ALTER TABLE "PortalSession" ADD COLUMN "previewUserId" INTEGER;
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
