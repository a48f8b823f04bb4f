-- Messages in global search: a topic's subject (kind 'thread') and each message's text (kind 'message'; ref: its
-- thread's id, where both open). Internal notes are indexed too: staff search finds them, and the portal's search
-- keeps only what the portal's own thread and message rules allow (server/domain/search). A deleted message leaves
-- the index. Threads never change company or project, so the entries take them once, when written.
CREATE OR REPLACE FUNCTION "cf_search_MessageThread"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR NEW."subject" IS NULL THEN
    DELETE FROM "SearchEntry" WHERE "kind" = 'thread' AND "entityId" = OLD."id";
    IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
    RETURN NEW;
  END IF;
  INSERT INTO "SearchEntry" ("businessId", "kind", "entityId", "companyId", "projectId", "ref", "title", "body", "updatedAt") VALUES (NEW."businessId", 'thread', NEW."id", NEW."companyId", NEW."projectId", CAST(NEW."id" AS TEXT), NEW."subject", '', now())
  ON CONFLICT ("kind", "entityId") DO UPDATE SET "title" = EXCLUDED."title", "updatedAt" = EXCLUDED."updatedAt";
  RETURN NEW;
END $$;

CREATE TRIGGER "MessageThread_search" AFTER INSERT OR DELETE OR UPDATE OF "subject" ON "MessageThread" FOR EACH ROW EXECUTE FUNCTION "cf_search_MessageThread"();

CREATE OR REPLACE FUNCTION "cf_search_Message"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR NEW."deletedAt" IS NOT NULL THEN
    DELETE FROM "SearchEntry" WHERE "kind" = 'message' AND "entityId" = OLD."id";
    IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
    RETURN NEW;
  END IF;
  INSERT INTO "SearchEntry" ("businessId", "kind", "entityId", "companyId", "projectId", "ref", "title", "body", "updatedAt") VALUES (NEW."businessId", 'message', NEW."id", (SELECT t."companyId" FROM "MessageThread" t WHERE t."businessId" = NEW."businessId" AND t."id" = NEW."threadId"), (SELECT t."projectId" FROM "MessageThread" t WHERE t."businessId" = NEW."businessId" AND t."id" = NEW."threadId"), CAST(NEW."threadId" AS TEXT), '', NEW."body", now())
  ON CONFLICT ("kind", "entityId") DO UPDATE SET "body" = EXCLUDED."body", "updatedAt" = EXCLUDED."updatedAt";
  RETURN NEW;
END $$;

CREATE TRIGGER "Message_search" AFTER INSERT OR DELETE OR UPDATE OF "body", "deletedAt" ON "Message" FOR EACH ROW EXECUTE FUNCTION "cf_search_Message"();

-- The conversations and messages written before this migration.
INSERT INTO "SearchEntry" ("businessId", "kind", "entityId", "companyId", "projectId", "ref", "title", "body", "updatedAt") SELECT x."businessId", 'thread', x."id", x."companyId", x."projectId", CAST(x."id" AS TEXT), x."subject", '', now() FROM "MessageThread" x WHERE x."subject" IS NOT NULL;
INSERT INTO "SearchEntry" ("businessId", "kind", "entityId", "companyId", "projectId", "ref", "title", "body", "updatedAt") SELECT x."businessId", 'message', x."id", t."companyId", t."projectId", CAST(x."threadId" AS TEXT), '', x."body", now() FROM "Message" x JOIN "MessageThread" t ON t."businessId" = x."businessId" AND t."id" = x."threadId" WHERE x."deletedAt" IS NULL;
