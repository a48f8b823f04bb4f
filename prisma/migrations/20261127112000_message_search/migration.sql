-- Messages in global search: a topic's subject (kind 'thread') and each message's text (kind 'message'; ref: its
-- thread's id, where both open). Internal notes are indexed too: staff search finds them, and the portal's search
-- keeps only what the portal's own thread and message rules allow (server/domain/search). A deleted message leaves
-- the index. Threads never change company or project, so the entries take them once, when written.
CREATE TRIGGER "MessageThread_search_ai" AFTER INSERT ON "MessageThread" WHEN NEW."subject" IS NOT NULL BEGIN
  INSERT INTO "SearchEntry" ("businessId", "kind", "entityId", "companyId", "projectId", "ref", "title", "body", "updatedAt") VALUES (NEW."businessId", 'thread', NEW."id", NEW."companyId", NEW."projectId", CAST(NEW."id" AS TEXT), NEW."subject", '', strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'));
END;
CREATE TRIGGER "MessageThread_search_au" AFTER UPDATE OF "subject" ON "MessageThread" BEGIN
  DELETE FROM "SearchEntry" WHERE "kind" = 'thread' AND "entityId" = OLD."id";
  INSERT INTO "SearchEntry" ("businessId", "kind", "entityId", "companyId", "projectId", "ref", "title", "body", "updatedAt") SELECT NEW."businessId", 'thread', NEW."id", NEW."companyId", NEW."projectId", CAST(NEW."id" AS TEXT), NEW."subject", '', strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now') WHERE NEW."subject" IS NOT NULL;
END;
CREATE TRIGGER "MessageThread_search_ad" AFTER DELETE ON "MessageThread" BEGIN
  DELETE FROM "SearchEntry" WHERE "kind" = 'thread' AND "entityId" = OLD."id";
END;
CREATE TRIGGER "Message_search_ai" AFTER INSERT ON "Message" WHEN NEW."deletedAt" IS NULL BEGIN
  INSERT INTO "SearchEntry" ("businessId", "kind", "entityId", "companyId", "projectId", "ref", "title", "body", "updatedAt") VALUES (NEW."businessId", 'message', NEW."id", (SELECT t."companyId" FROM "MessageThread" t WHERE t."businessId" = NEW."businessId" AND t."id" = NEW."threadId"), (SELECT t."projectId" FROM "MessageThread" t WHERE t."businessId" = NEW."businessId" AND t."id" = NEW."threadId"), CAST(NEW."threadId" AS TEXT), '', NEW."body", strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'));
END;
CREATE TRIGGER "Message_search_au" AFTER UPDATE OF "body", "deletedAt" ON "Message" BEGIN
  UPDATE "SearchEntry" SET "body" = NEW."body", "updatedAt" = strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')
  WHERE "kind" = 'message' AND "entityId" = NEW."id" AND NEW."deletedAt" IS NULL;
  DELETE FROM "SearchEntry" WHERE "kind" = 'message' AND "entityId" = NEW."id" AND NEW."deletedAt" IS NOT NULL;
END;
CREATE TRIGGER "Message_search_ad" AFTER DELETE ON "Message" BEGIN
  DELETE FROM "SearchEntry" WHERE "kind" = 'message' AND "entityId" = OLD."id";
END;
-- The conversations and messages written before this migration.
INSERT INTO "SearchEntry" ("businessId", "kind", "entityId", "companyId", "projectId", "ref", "title", "body", "updatedAt") SELECT x."businessId", 'thread', x."id", x."companyId", x."projectId", CAST(x."id" AS TEXT), x."subject", '', strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now') FROM "MessageThread" x WHERE x."subject" IS NOT NULL;
INSERT INTO "SearchEntry" ("businessId", "kind", "entityId", "companyId", "projectId", "ref", "title", "body", "updatedAt") SELECT x."businessId", 'message', x."id", t."companyId", t."projectId", CAST(x."threadId" AS TEXT), '', x."body", strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now') FROM "Message" x JOIN "MessageThread" t ON t."businessId" = x."businessId" AND t."id" = x."threadId" WHERE x."deletedAt" IS NULL;
