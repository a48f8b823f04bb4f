-- Review comments in global search (kind 'reviewComment'; ref: '<file id>/<version number>', where the viewer opens on
-- the comment). The title stays empty (the file's name is read with the hit, so a file's name never ranks its comments
-- as the file); the body is the comment's text. Internal comments are indexed too: staff search finds them, and the
-- portal's search keeps only what clientVisible.reviewComment allows (server/domain/search). A deleted comment leaves
-- the index, and so do the comments of a deleted version or file (their rows go by ON DELETE CASCADE, which fires the
-- delete trigger). A comment never moves; its file may change company or project, which the entries follow.
CREATE TRIGGER "ReviewComment_search_ai" AFTER INSERT ON "ReviewComment" WHEN NEW."deletedAt" IS NULL BEGIN
  INSERT INTO "SearchEntry" ("businessId", "kind", "entityId", "companyId", "projectId", "ref", "title", "body", "updatedAt") SELECT NEW."businessId", 'reviewComment', NEW."id", d."companyId", d."projectId", CAST(NEW."documentId" AS TEXT) || '/' || CAST(v."number" AS TEXT), '', NEW."body", strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')
  FROM "Document" d JOIN "DocumentVersion" v ON v."businessId" = d."businessId" AND v."id" = NEW."versionId"
  WHERE d."businessId" = NEW."businessId" AND d."id" = NEW."documentId";
END;
CREATE TRIGGER "ReviewComment_search_au" AFTER UPDATE OF "body", "deletedAt" ON "ReviewComment" BEGIN
  UPDATE "SearchEntry" SET "body" = NEW."body", "updatedAt" = strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')
  WHERE "kind" = 'reviewComment' AND "entityId" = NEW."id" AND NEW."deletedAt" IS NULL;
  DELETE FROM "SearchEntry" WHERE "kind" = 'reviewComment' AND "entityId" = NEW."id" AND NEW."deletedAt" IS NOT NULL;
END;
CREATE TRIGGER "ReviewComment_search_ad" AFTER DELETE ON "ReviewComment" BEGIN
  DELETE FROM "SearchEntry" WHERE "kind" = 'reviewComment' AND "entityId" = OLD."id";
END;
-- A file's comments follow it to another company or project (search's company filter and archived companies).
CREATE TRIGGER "Document_comment_search_au" AFTER UPDATE OF "companyId", "projectId" ON "Document" BEGIN
  UPDATE "SearchEntry" SET "companyId" = NEW."companyId", "projectId" = NEW."projectId"
  WHERE "kind" = 'reviewComment' AND "businessId" = NEW."businessId" AND "entityId" IN (SELECT c."id" FROM "ReviewComment" c WHERE c."businessId" = NEW."businessId" AND c."documentId" = NEW."id");
END;
-- The comments written before this migration.
INSERT INTO "SearchEntry" ("businessId", "kind", "entityId", "companyId", "projectId", "ref", "title", "body", "updatedAt") SELECT c."businessId", 'reviewComment', c."id", d."companyId", d."projectId", CAST(c."documentId" AS TEXT) || '/' || CAST(v."number" AS TEXT), '', c."body", strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')
FROM "ReviewComment" c
JOIN "Document" d ON d."businessId" = c."businessId" AND d."id" = c."documentId"
JOIN "DocumentVersion" v ON v."businessId" = c."businessId" AND v."id" = c."versionId"
WHERE c."deletedAt" IS NULL;
