-- AlterTable
ALTER TABLE "Contact" ADD COLUMN     "notifyByEmail" BOOLEAN NOT NULL DEFAULT true;

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "emailDigest" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "Activity" (
    "id" SERIAL NOT NULL,
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
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Activity_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Notification" (
    "id" SERIAL NOT NULL,
    "businessId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "body" TEXT NOT NULL DEFAULT '',
    "link" TEXT,
    "activityId" INTEGER,
    "dedupeKey" TEXT NOT NULL,
    "emailState" TEXT NOT NULL DEFAULT 'none',
    "readAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Notification_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "NotificationPreference" (
    "businessId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "channel" TEXT NOT NULL,

    CONSTRAINT "NotificationPreference_pkey" PRIMARY KEY ("userId","kind")
);

-- CreateTable
CREATE TABLE "Job" (
    "id" SERIAL NOT NULL,
    "businessId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "payload" TEXT NOT NULL DEFAULT '{}',
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "maxAttempts" INTEGER NOT NULL DEFAULT 5,
    "runAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lockedAt" TIMESTAMP(3),
    "lastError" TEXT,
    "dedupeKey" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "Job_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SearchEntry" (
    "id" SERIAL NOT NULL,
    "businessId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "entityId" INTEGER NOT NULL,
    "companyId" INTEGER,
    "projectId" INTEGER,
    "ref" TEXT,
    "title" TEXT NOT NULL,
    "body" TEXT NOT NULL DEFAULT '',
    "folded" TEXT NOT NULL DEFAULT '',
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SearchEntry_pkey" PRIMARY KEY ("id")
);

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

-- AddForeignKey
ALTER TABLE "Activity" ADD CONSTRAINT "Activity_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Notification" ADD CONSTRAINT "Notification_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Notification" ADD CONSTRAINT "Notification_businessId_userId_fkey" FOREIGN KEY ("businessId", "userId") REFERENCES "User"("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NotificationPreference" ADD CONSTRAINT "NotificationPreference_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NotificationPreference" ADD CONSTRAINT "NotificationPreference_businessId_userId_fkey" FOREIGN KEY ("businessId", "userId") REFERENCES "User"("businessId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Job" ADD CONSTRAINT "Job_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SearchEntry" ADD CONSTRAINT "SearchEntry_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Full-text search (hand-written: Prisma has no words for these).

-- SearchEntry holds one row per searchable record, kept in step by the triggers below. "folded" is title and body

-- lower-cased with accents removed and punctuation as spaces (cf_fold: "jane@acme.com" → "jane acme com"), indexed by a GIN index over to_tsvector('simple', "folded").

CREATE OR REPLACE FUNCTION cf_fold(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT regexp_replace(translate(lower(COALESCE(t, '')), 'àáâãäåçèéêëìíîïñòóôõöùúûüýÿāăąćĉċčďēĕėęěĝğġģĥĩīĭįĵķĺļľńņňōŏőŕŗřśŝşšţťũūŭůűųŵŷźżžơưǎǐǒǔǖǘǚǜǟǡǧǩǫǭǰǵǹǻȁȃȅȇȉȋȍȏȑȓȕȗșțȟȧȩȫȭȯȱȳ', 'aaaaaaceeeeiiiinooooouuuuyyaaaccccdeeeeegggghiiiijklllnnnooorrrssssttuuuuuuwyzzzouaiouuuuuaagkoojgnaaaeeiioorruusthaeooooy'), '[[:punct:]]+', ' ', 'g')
$$;

CREATE OR REPLACE FUNCTION cf_search_entry_fold() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."folded" := cf_fold(NEW."title") || ' ' || cf_fold(NEW."body");
  RETURN NEW;
END $$;

CREATE TRIGGER "SearchEntry_fold" BEFORE INSERT OR UPDATE OF "title", "body" ON "SearchEntry" FOR EACH ROW EXECUTE FUNCTION cf_search_entry_fold();

CREATE INDEX "SearchEntry_folded_fts" ON "SearchEntry" USING gin (to_tsvector('simple'::regconfig, "folded"));

CREATE OR REPLACE FUNCTION "cf_search_Company"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM "SearchEntry" WHERE "kind" = 'company' AND "entityId" = OLD."id";
    RETURN OLD;
  END IF;
  INSERT INTO "SearchEntry" ("businessId", "kind", "entityId", "companyId", "projectId", "ref", "title", "body", "updatedAt") VALUES (NEW."businessId", 'company', NEW."id", NEW."id", NULL, NULL, NEW."name", trim(COALESCE(NEW."industry",'') || ' ' || COALESCE(NEW."website",'') || ' ' || COALESCE(NEW."address",'') || ' ' || COALESCE(NEW."phone",'')), now())
  ON CONFLICT ("kind", "entityId") DO UPDATE SET "companyId" = EXCLUDED."companyId", "projectId" = EXCLUDED."projectId",
    "ref" = EXCLUDED."ref", "title" = EXCLUDED."title", "body" = EXCLUDED."body", "updatedAt" = EXCLUDED."updatedAt";
  RETURN NEW;
END $$;

CREATE TRIGGER "Company_search" AFTER INSERT OR DELETE OR UPDATE OF "name", "industry", "website", "address", "phone" ON "Company" FOR EACH ROW EXECUTE FUNCTION "cf_search_Company"();

CREATE OR REPLACE FUNCTION "cf_search_Contact"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM "SearchEntry" WHERE "kind" = 'contact' AND "entityId" = OLD."id";
    RETURN OLD;
  END IF;
  INSERT INTO "SearchEntry" ("businessId", "kind", "entityId", "companyId", "projectId", "ref", "title", "body", "updatedAt") VALUES (NEW."businessId", 'contact', NEW."id", NEW."companyId", NULL, NULL, NEW."firstName" || ' ' || NEW."lastName", trim(NEW."email" || ' ' || COALESCE(NEW."phone",'') || ' ' || COALESCE(NEW."role",'') || ' ' || COALESCE(NEW."title",'')), now())
  ON CONFLICT ("kind", "entityId") DO UPDATE SET "companyId" = EXCLUDED."companyId", "projectId" = EXCLUDED."projectId",
    "ref" = EXCLUDED."ref", "title" = EXCLUDED."title", "body" = EXCLUDED."body", "updatedAt" = EXCLUDED."updatedAt";
  RETURN NEW;
END $$;

CREATE TRIGGER "Contact_search" AFTER INSERT OR DELETE OR UPDATE OF "firstName", "lastName", "email", "phone", "role", "title", "companyId" ON "Contact" FOR EACH ROW EXECUTE FUNCTION "cf_search_Contact"();

CREATE OR REPLACE FUNCTION "cf_search_Project"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM "SearchEntry" WHERE "kind" = 'project' AND "entityId" = OLD."id";
    RETURN OLD;
  END IF;
  INSERT INTO "SearchEntry" ("businessId", "kind", "entityId", "companyId", "projectId", "ref", "title", "body", "updatedAt") VALUES (NEW."businessId", 'project', NEW."id", NEW."companyId", NEW."id", NEW."projectUid", NEW."name", COALESCE(NEW."description",''), now())
  ON CONFLICT ("kind", "entityId") DO UPDATE SET "companyId" = EXCLUDED."companyId", "projectId" = EXCLUDED."projectId",
    "ref" = EXCLUDED."ref", "title" = EXCLUDED."title", "body" = EXCLUDED."body", "updatedAt" = EXCLUDED."updatedAt";
    IF TG_OP = 'UPDATE' AND (NEW."companyId" IS DISTINCT FROM OLD."companyId" OR NEW."projectUid" IS DISTINCT FROM OLD."projectUid") THEN
      -- A project moved to another company (or given a new uid) carries its tasks' entries along.
      UPDATE "SearchEntry" SET "companyId" = NEW."companyId", "ref" = NEW."projectUid"
      WHERE "kind" = 'task' AND "entityId" IN (SELECT t."id" FROM "Task" t WHERE t."businessId" = NEW."businessId" AND t."projectId" = NEW."id");
    END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER "Project_search" AFTER INSERT OR DELETE OR UPDATE OF "name", "description", "companyId", "projectUid" ON "Project" FOR EACH ROW EXECUTE FUNCTION "cf_search_Project"();

CREATE OR REPLACE FUNCTION "cf_search_Task"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM "SearchEntry" WHERE "kind" = 'task' AND "entityId" = OLD."id";
    RETURN OLD;
  END IF;
  INSERT INTO "SearchEntry" ("businessId", "kind", "entityId", "companyId", "projectId", "ref", "title", "body", "updatedAt") VALUES (NEW."businessId", 'task', NEW."id", (SELECT p."companyId" FROM "Project" p WHERE p."businessId" = NEW."businessId" AND p."id" = NEW."projectId"), NEW."projectId", (SELECT p."projectUid" FROM "Project" p WHERE p."businessId" = NEW."businessId" AND p."id" = NEW."projectId"), NEW."title", COALESCE(NEW."description",''), now())
  ON CONFLICT ("kind", "entityId") DO UPDATE SET "companyId" = EXCLUDED."companyId", "projectId" = EXCLUDED."projectId",
    "ref" = EXCLUDED."ref", "title" = EXCLUDED."title", "body" = EXCLUDED."body", "updatedAt" = EXCLUDED."updatedAt";
  RETURN NEW;
END $$;

CREATE TRIGGER "Task_search" AFTER INSERT OR DELETE OR UPDATE OF "title", "description", "projectId" ON "Task" FOR EACH ROW EXECUTE FUNCTION "cf_search_Task"();

CREATE OR REPLACE FUNCTION "cf_search_Document"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM "SearchEntry" WHERE "kind" = 'file' AND "entityId" = OLD."id";
    RETURN OLD;
  END IF;
  INSERT INTO "SearchEntry" ("businessId", "kind", "entityId", "companyId", "projectId", "ref", "title", "body", "updatedAt") VALUES (NEW."businessId", 'file', NEW."id", NEW."companyId", NEW."projectId", NULL, NEW."name", trim(COALESCE(NEW."originalName",'') || ' ' || NEW."type"), now())
  ON CONFLICT ("kind", "entityId") DO UPDATE SET "companyId" = EXCLUDED."companyId", "projectId" = EXCLUDED."projectId",
    "ref" = EXCLUDED."ref", "title" = EXCLUDED."title", "body" = EXCLUDED."body", "updatedAt" = EXCLUDED."updatedAt";
  RETURN NEW;
END $$;

CREATE TRIGGER "Document_search" AFTER INSERT OR DELETE OR UPDATE OF "name", "originalName", "type", "companyId", "projectId" ON "Document" FOR EACH ROW EXECUTE FUNCTION "cf_search_Document"();

CREATE OR REPLACE FUNCTION "cf_search_Resource"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM "SearchEntry" WHERE "kind" = 'resource' AND "entityId" = OLD."id";
    RETURN OLD;
  END IF;
  INSERT INTO "SearchEntry" ("businessId", "kind", "entityId", "companyId", "projectId", "ref", "title", "body", "updatedAt") VALUES (NEW."businessId", 'resource', NEW."id", NEW."companyId", NEW."projectId", NULL, NEW."title", NEW."description", now())
  ON CONFLICT ("kind", "entityId") DO UPDATE SET "companyId" = EXCLUDED."companyId", "projectId" = EXCLUDED."projectId",
    "ref" = EXCLUDED."ref", "title" = EXCLUDED."title", "body" = EXCLUDED."body", "updatedAt" = EXCLUDED."updatedAt";
  RETURN NEW;
END $$;

CREATE TRIGGER "Resource_search" AFTER INSERT OR DELETE OR UPDATE OF "title", "description", "companyId", "projectId" ON "Resource" FOR EACH ROW EXECUTE FUNCTION "cf_search_Resource"();

CREATE OR REPLACE FUNCTION "cf_search_Flow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM "SearchEntry" WHERE "kind" = 'flow' AND "entityId" = OLD."id";
    RETURN OLD;
  END IF;
  INSERT INTO "SearchEntry" ("businessId", "kind", "entityId", "companyId", "projectId", "ref", "title", "body", "updatedAt") VALUES (NEW."businessId", 'flow', NEW."id", NEW."companyId", NULL, NEW."flowUid", NEW."name", NEW."description", now())
  ON CONFLICT ("kind", "entityId") DO UPDATE SET "companyId" = EXCLUDED."companyId", "projectId" = EXCLUDED."projectId",
    "ref" = EXCLUDED."ref", "title" = EXCLUDED."title", "body" = EXCLUDED."body", "updatedAt" = EXCLUDED."updatedAt";
  RETURN NEW;
END $$;

CREATE TRIGGER "Flow_search" AFTER INSERT OR DELETE OR UPDATE OF "name", "description", "companyId" ON "Flow" FOR EACH ROW EXECUTE FUNCTION "cf_search_Flow"();

-- The rows that exist already.

INSERT INTO "SearchEntry" ("businessId", "kind", "entityId", "companyId", "projectId", "ref", "title", "body", "updatedAt") SELECT x."businessId", 'company', x."id", x."id", NULL, NULL, x."name", trim(COALESCE(x."industry",'') || ' ' || COALESCE(x."website",'') || ' ' || COALESCE(x."address",'') || ' ' || COALESCE(x."phone",'')), now() FROM "Company" x;

INSERT INTO "SearchEntry" ("businessId", "kind", "entityId", "companyId", "projectId", "ref", "title", "body", "updatedAt") SELECT x."businessId", 'contact', x."id", x."companyId", NULL, NULL, x."firstName" || ' ' || x."lastName", trim(x."email" || ' ' || COALESCE(x."phone",'') || ' ' || COALESCE(x."role",'') || ' ' || COALESCE(x."title",'')), now() FROM "Contact" x;

INSERT INTO "SearchEntry" ("businessId", "kind", "entityId", "companyId", "projectId", "ref", "title", "body", "updatedAt") SELECT x."businessId", 'project', x."id", x."companyId", x."id", x."projectUid", x."name", COALESCE(x."description",''), now() FROM "Project" x;

INSERT INTO "SearchEntry" ("businessId", "kind", "entityId", "companyId", "projectId", "ref", "title", "body", "updatedAt") SELECT x."businessId", 'task', x."id", (SELECT p."companyId" FROM "Project" p WHERE p."businessId" = x."businessId" AND p."id" = x."projectId"), x."projectId", (SELECT p."projectUid" FROM "Project" p WHERE p."businessId" = x."businessId" AND p."id" = x."projectId"), x."title", COALESCE(x."description",''), now() FROM "Task" x;

INSERT INTO "SearchEntry" ("businessId", "kind", "entityId", "companyId", "projectId", "ref", "title", "body", "updatedAt") SELECT x."businessId", 'file', x."id", x."companyId", x."projectId", NULL, x."name", trim(COALESCE(x."originalName",'') || ' ' || x."type"), now() FROM "Document" x;

INSERT INTO "SearchEntry" ("businessId", "kind", "entityId", "companyId", "projectId", "ref", "title", "body", "updatedAt") SELECT x."businessId", 'resource', x."id", x."companyId", x."projectId", NULL, x."title", x."description", now() FROM "Resource" x;

INSERT INTO "SearchEntry" ("businessId", "kind", "entityId", "companyId", "projectId", "ref", "title", "body", "updatedAt") SELECT x."businessId", 'flow', x."id", x."companyId", NULL, x."flowUid", x."name", x."description", now() FROM "Flow" x;
