-- CreateTable
CREATE TABLE "Activity" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "businessId" INTEGER NOT NULL,
    "actorType" TEXT NOT NULL,
    "actorUserId" INTEGER,
    "actorContactId" INTEGER,
    "actorName" TEXT NOT NULL,
    "entityType" TEXT NOT NULL,
    "entityId" INTEGER,
    "entityName" TEXT NOT NULL DEFAULT '',
    "companyId" INTEGER,
    "action" TEXT NOT NULL,
    "changes" TEXT NOT NULL DEFAULT '[]',
    "clientVisible" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Activity_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Notification" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "businessId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "body" TEXT NOT NULL DEFAULT '',
    "link" TEXT,
    "activityId" INTEGER,
    "dedupeKey" TEXT NOT NULL,
    "emailState" TEXT NOT NULL DEFAULT 'none',
    "readAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Notification_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Notification_businessId_userId_fkey" FOREIGN KEY ("businessId", "userId") REFERENCES "User" ("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "NotificationPreference" (
    "businessId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "channel" TEXT NOT NULL,

    PRIMARY KEY ("userId", "kind"),
    CONSTRAINT "NotificationPreference_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "NotificationPreference_businessId_userId_fkey" FOREIGN KEY ("businessId", "userId") REFERENCES "User" ("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Job" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "businessId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "payload" TEXT NOT NULL DEFAULT '{}',
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "maxAttempts" INTEGER NOT NULL DEFAULT 5,
    "runAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lockedAt" DATETIME,
    "lastError" TEXT,
    "dedupeKey" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" DATETIME,
    CONSTRAINT "Job_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SearchEntry" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "businessId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "entityId" INTEGER NOT NULL,
    "companyId" INTEGER,
    "projectId" INTEGER,
    "ref" TEXT,
    "title" TEXT NOT NULL,
    "body" TEXT NOT NULL DEFAULT '',
    "folded" TEXT NOT NULL DEFAULT '',
    "updatedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "SearchEntry_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

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
    "notifyByEmail" BOOLEAN NOT NULL DEFAULT true,
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
CREATE INDEX "Contact_businessId_firstName_idx" ON "Contact"("businessId", "firstName");
CREATE INDEX "Contact_businessId_createdAt_idx" ON "Contact"("businessId", "createdAt");
CREATE INDEX "Contact_businessId_portalAccess_idx" ON "Contact"("businessId", "portalAccess");
CREATE UNIQUE INDEX "Contact_businessId_email_key" ON "Contact"("businessId", "email");
CREATE UNIQUE INDEX "Contact_businessId_id_key" ON "Contact"("businessId", "id");
CREATE TABLE "new_User" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "businessId" INTEGER NOT NULL,
    "email" TEXT NOT NULL,
    "firstName" TEXT NOT NULL,
    "lastName" TEXT NOT NULL,
    "passwordHash" TEXT NOT NULL,
    "role" TEXT NOT NULL DEFAULT 'member',
    "emailDigest" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "User_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_User" ("businessId", "createdAt", "email", "firstName", "id", "lastName", "passwordHash", "role") SELECT "businessId", "createdAt", "email", "firstName", "id", "lastName", "passwordHash", "role" FROM "User";
DROP TABLE "User";
ALTER TABLE "new_User" RENAME TO "User";
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");
CREATE INDEX "User_businessId_idx" ON "User"("businessId");
CREATE UNIQUE INDEX "User_businessId_id_key" ON "User"("businessId", "id");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "Activity_businessId_createdAt_idx" ON "Activity"("businessId", "createdAt");

-- CreateIndex
CREATE INDEX "Activity_businessId_companyId_createdAt_idx" ON "Activity"("businessId", "companyId", "createdAt");

-- CreateIndex
CREATE INDEX "Activity_businessId_entityType_createdAt_idx" ON "Activity"("businessId", "entityType", "createdAt");

-- CreateIndex
CREATE INDEX "Activity_businessId_actorUserId_createdAt_idx" ON "Activity"("businessId", "actorUserId", "createdAt");

-- CreateIndex
CREATE INDEX "Activity_businessId_entityType_entityId_idx" ON "Activity"("businessId", "entityType", "entityId");

-- CreateIndex
CREATE UNIQUE INDEX "Activity_businessId_id_key" ON "Activity"("businessId", "id");

-- CreateIndex
CREATE INDEX "Notification_businessId_userId_createdAt_idx" ON "Notification"("businessId", "userId", "createdAt");

-- CreateIndex
CREATE INDEX "Notification_businessId_userId_readAt_idx" ON "Notification"("businessId", "userId", "readAt");

-- CreateIndex
CREATE INDEX "Notification_businessId_emailState_idx" ON "Notification"("businessId", "emailState");

-- CreateIndex
CREATE UNIQUE INDEX "Notification_userId_dedupeKey_key" ON "Notification"("userId", "dedupeKey");

-- CreateIndex
CREATE UNIQUE INDEX "Notification_businessId_id_key" ON "Notification"("businessId", "id");

-- CreateIndex
CREATE INDEX "NotificationPreference_businessId_userId_idx" ON "NotificationPreference"("businessId", "userId");

-- CreateIndex
CREATE UNIQUE INDEX "Job_dedupeKey_key" ON "Job"("dedupeKey");

-- CreateIndex
CREATE INDEX "Job_status_runAt_idx" ON "Job"("status", "runAt");

-- CreateIndex
CREATE INDEX "Job_businessId_status_createdAt_idx" ON "Job"("businessId", "status", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Job_businessId_id_key" ON "Job"("businessId", "id");

-- CreateIndex
CREATE INDEX "SearchEntry_businessId_kind_idx" ON "SearchEntry"("businessId", "kind");

-- CreateIndex
CREATE INDEX "SearchEntry_businessId_companyId_idx" ON "SearchEntry"("businessId", "companyId");

-- CreateIndex
CREATE UNIQUE INDEX "SearchEntry_kind_entityId_key" ON "SearchEntry"("kind", "entityId");

-- Full-text search (hand-written: Prisma has no words for these).

-- SearchEntry holds one row per searchable record, kept in step by the triggers below; SearchEntry_fts is a

-- contentless FTS5 index over it (accents folded by unicode61 remove_diacritics 2; "tenant" holds b<businessId>,

-- so a query only walks its own agency's postings).

CREATE VIRTUAL TABLE "SearchEntry_fts" USING fts5("tenant", "title", "body", content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2');

CREATE TRIGGER "SearchEntry_fts_ai" AFTER INSERT ON "SearchEntry" BEGIN
  INSERT INTO "SearchEntry_fts" ("rowid", "tenant", "title", "body") VALUES (NEW."id", 'b' || NEW."businessId", NEW."title", NEW."body");
END;

CREATE TRIGGER "SearchEntry_fts_ad" AFTER DELETE ON "SearchEntry" BEGIN
  DELETE FROM "SearchEntry_fts" WHERE "rowid" = OLD."id";
END;

CREATE TRIGGER "SearchEntry_fts_au" AFTER UPDATE OF "title", "body", "businessId" ON "SearchEntry" BEGIN
  DELETE FROM "SearchEntry_fts" WHERE "rowid" = OLD."id";
  INSERT INTO "SearchEntry_fts" ("rowid", "tenant", "title", "body") VALUES (NEW."id", 'b' || NEW."businessId", NEW."title", NEW."body");
END;

CREATE TRIGGER "Company_search_ai" AFTER INSERT ON "Company" BEGIN
  INSERT INTO "SearchEntry" ("businessId", "kind", "entityId", "companyId", "projectId", "ref", "title", "body", "updatedAt") VALUES (NEW."businessId", 'company', NEW."id", NEW."id", NULL, NULL, NEW."name", trim(COALESCE(NEW."industry",'') || ' ' || COALESCE(NEW."website",'') || ' ' || COALESCE(NEW."address",'') || ' ' || COALESCE(NEW."phone",'')), strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'));
END;

CREATE TRIGGER "Company_search_au" AFTER UPDATE OF "name", "industry", "website", "address", "phone" ON "Company" BEGIN
  UPDATE "SearchEntry" SET "companyId" = NEW."id", "projectId" = NULL, "ref" = NULL, "title" = NEW."name", "body" = trim(COALESCE(NEW."industry",'') || ' ' || COALESCE(NEW."website",'') || ' ' || COALESCE(NEW."address",'') || ' ' || COALESCE(NEW."phone",'')), "updatedAt" = strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')
  WHERE "kind" = 'company' AND "entityId" = NEW."id";
END;

CREATE TRIGGER "Company_search_ad" AFTER DELETE ON "Company" BEGIN
  DELETE FROM "SearchEntry" WHERE "kind" = 'company' AND "entityId" = OLD."id";
END;

CREATE TRIGGER "Contact_search_ai" AFTER INSERT ON "Contact" BEGIN
  INSERT INTO "SearchEntry" ("businessId", "kind", "entityId", "companyId", "projectId", "ref", "title", "body", "updatedAt") VALUES (NEW."businessId", 'contact', NEW."id", NEW."companyId", NULL, NULL, NEW."firstName" || ' ' || NEW."lastName", trim(NEW."email" || ' ' || COALESCE(NEW."phone",'') || ' ' || COALESCE(NEW."role",'') || ' ' || COALESCE(NEW."title",'')), strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'));
END;

CREATE TRIGGER "Contact_search_au" AFTER UPDATE OF "firstName", "lastName", "email", "phone", "role", "title", "companyId" ON "Contact" BEGIN
  UPDATE "SearchEntry" SET "companyId" = NEW."companyId", "projectId" = NULL, "ref" = NULL, "title" = NEW."firstName" || ' ' || NEW."lastName", "body" = trim(NEW."email" || ' ' || COALESCE(NEW."phone",'') || ' ' || COALESCE(NEW."role",'') || ' ' || COALESCE(NEW."title",'')), "updatedAt" = strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')
  WHERE "kind" = 'contact' AND "entityId" = NEW."id";
END;

CREATE TRIGGER "Contact_search_ad" AFTER DELETE ON "Contact" BEGIN
  DELETE FROM "SearchEntry" WHERE "kind" = 'contact' AND "entityId" = OLD."id";
END;

CREATE TRIGGER "Project_search_ai" AFTER INSERT ON "Project" BEGIN
  INSERT INTO "SearchEntry" ("businessId", "kind", "entityId", "companyId", "projectId", "ref", "title", "body", "updatedAt") VALUES (NEW."businessId", 'project', NEW."id", NEW."companyId", NEW."id", NEW."projectUid", NEW."name", COALESCE(NEW."description",''), strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'));
END;

CREATE TRIGGER "Project_search_au" AFTER UPDATE OF "name", "description", "companyId", "projectUid" ON "Project" BEGIN
  UPDATE "SearchEntry" SET "companyId" = NEW."companyId", "projectId" = NEW."id", "ref" = NEW."projectUid", "title" = NEW."name", "body" = COALESCE(NEW."description",''), "updatedAt" = strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')
  WHERE "kind" = 'project' AND "entityId" = NEW."id";
END;

CREATE TRIGGER "Project_search_ad" AFTER DELETE ON "Project" BEGIN
  DELETE FROM "SearchEntry" WHERE "kind" = 'project' AND "entityId" = OLD."id";
END;

CREATE TRIGGER "Task_search_ai" AFTER INSERT ON "Task" BEGIN
  INSERT INTO "SearchEntry" ("businessId", "kind", "entityId", "companyId", "projectId", "ref", "title", "body", "updatedAt") VALUES (NEW."businessId", 'task', NEW."id", (SELECT p."companyId" FROM "Project" p WHERE p."businessId" = NEW."businessId" AND p."id" = NEW."projectId"), NEW."projectId", (SELECT p."projectUid" FROM "Project" p WHERE p."businessId" = NEW."businessId" AND p."id" = NEW."projectId"), NEW."title", COALESCE(NEW."description",''), strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'));
END;

CREATE TRIGGER "Task_search_au" AFTER UPDATE OF "title", "description", "projectId" ON "Task" BEGIN
  UPDATE "SearchEntry" SET "companyId" = (SELECT p."companyId" FROM "Project" p WHERE p."businessId" = NEW."businessId" AND p."id" = NEW."projectId"), "projectId" = NEW."projectId", "ref" = (SELECT p."projectUid" FROM "Project" p WHERE p."businessId" = NEW."businessId" AND p."id" = NEW."projectId"), "title" = NEW."title", "body" = COALESCE(NEW."description",''), "updatedAt" = strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')
  WHERE "kind" = 'task' AND "entityId" = NEW."id";
END;

CREATE TRIGGER "Task_search_ad" AFTER DELETE ON "Task" BEGIN
  DELETE FROM "SearchEntry" WHERE "kind" = 'task' AND "entityId" = OLD."id";
END;

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

CREATE TRIGGER "Resource_search_ai" AFTER INSERT ON "Resource" BEGIN
  INSERT INTO "SearchEntry" ("businessId", "kind", "entityId", "companyId", "projectId", "ref", "title", "body", "updatedAt") VALUES (NEW."businessId", 'resource', NEW."id", NEW."companyId", NEW."projectId", NULL, NEW."title", NEW."description", strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'));
END;

CREATE TRIGGER "Resource_search_au" AFTER UPDATE OF "title", "description", "companyId", "projectId" ON "Resource" BEGIN
  UPDATE "SearchEntry" SET "companyId" = NEW."companyId", "projectId" = NEW."projectId", "ref" = NULL, "title" = NEW."title", "body" = NEW."description", "updatedAt" = strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')
  WHERE "kind" = 'resource' AND "entityId" = NEW."id";
END;

CREATE TRIGGER "Resource_search_ad" AFTER DELETE ON "Resource" BEGIN
  DELETE FROM "SearchEntry" WHERE "kind" = 'resource' AND "entityId" = OLD."id";
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

-- A project moved to another company (or given a new uid) carries its tasks' entries along.
CREATE TRIGGER "Project_search_tasks_au" AFTER UPDATE OF "companyId", "projectUid" ON "Project" BEGIN
  UPDATE "SearchEntry" SET "companyId" = NEW."companyId", "ref" = NEW."projectUid"
  WHERE "kind" = 'task' AND "entityId" IN (SELECT t."id" FROM "Task" t WHERE t."businessId" = NEW."businessId" AND t."projectId" = NEW."id");
END;

-- The rows that exist already.

INSERT INTO "SearchEntry" ("businessId", "kind", "entityId", "companyId", "projectId", "ref", "title", "body", "updatedAt") SELECT x."businessId", 'company', x."id", x."id", NULL, NULL, x."name", trim(COALESCE(x."industry",'') || ' ' || COALESCE(x."website",'') || ' ' || COALESCE(x."address",'') || ' ' || COALESCE(x."phone",'')), strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now') FROM "Company" x;

INSERT INTO "SearchEntry" ("businessId", "kind", "entityId", "companyId", "projectId", "ref", "title", "body", "updatedAt") SELECT x."businessId", 'contact', x."id", x."companyId", NULL, NULL, x."firstName" || ' ' || x."lastName", trim(x."email" || ' ' || COALESCE(x."phone",'') || ' ' || COALESCE(x."role",'') || ' ' || COALESCE(x."title",'')), strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now') FROM "Contact" x;

INSERT INTO "SearchEntry" ("businessId", "kind", "entityId", "companyId", "projectId", "ref", "title", "body", "updatedAt") SELECT x."businessId", 'project', x."id", x."companyId", x."id", x."projectUid", x."name", COALESCE(x."description",''), strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now') FROM "Project" x;

INSERT INTO "SearchEntry" ("businessId", "kind", "entityId", "companyId", "projectId", "ref", "title", "body", "updatedAt") SELECT x."businessId", 'task', x."id", (SELECT p."companyId" FROM "Project" p WHERE p."businessId" = x."businessId" AND p."id" = x."projectId"), x."projectId", (SELECT p."projectUid" FROM "Project" p WHERE p."businessId" = x."businessId" AND p."id" = x."projectId"), x."title", COALESCE(x."description",''), strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now') FROM "Task" x;

INSERT INTO "SearchEntry" ("businessId", "kind", "entityId", "companyId", "projectId", "ref", "title", "body", "updatedAt") SELECT x."businessId", 'file', x."id", x."companyId", x."projectId", NULL, x."name", trim(COALESCE(x."originalName",'') || ' ' || x."type"), strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now') FROM "Document" x;

INSERT INTO "SearchEntry" ("businessId", "kind", "entityId", "companyId", "projectId", "ref", "title", "body", "updatedAt") SELECT x."businessId", 'resource', x."id", x."companyId", x."projectId", NULL, x."title", x."description", strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now') FROM "Resource" x;

INSERT INTO "SearchEntry" ("businessId", "kind", "entityId", "companyId", "projectId", "ref", "title", "body", "updatedAt") SELECT x."businessId", 'flow', x."id", x."companyId", NULL, x."flowUid", x."name", x."description", strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now') FROM "Flow" x;
