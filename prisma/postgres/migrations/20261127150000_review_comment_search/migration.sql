-- Review comments in global search (kind 'reviewComment'; ref: '<file id>/<version number>', where the viewer opens on
-- the comment). The title stays empty (the file's name is read with the hit, so a file's name never ranks its comments
-- as the file); the body is the comment's text. Internal comments are indexed too: staff search finds them, and the
-- portal's search keeps only what clientVisible.reviewComment allows (server/domain/search). A deleted comment leaves
-- the index, and so do the comments of a deleted version or file (their rows go by ON DELETE CASCADE, which fires the
-- delete trigger). A comment never moves; its file may change company or project, which the entries follow.
CREATE OR REPLACE FUNCTION "cf_search_ReviewComment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR NEW."deletedAt" IS NOT NULL THEN
    DELETE FROM "SearchEntry" WHERE "kind" = 'reviewComment' AND "entityId" = OLD."id";
    IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
    RETURN NEW;
  END IF;
  INSERT INTO "SearchEntry" ("businessId", "kind", "entityId", "companyId", "projectId", "ref", "title", "body", "updatedAt") SELECT NEW."businessId", 'reviewComment', NEW."id", d."companyId", d."projectId", CAST(NEW."documentId" AS TEXT) || '/' || CAST(v."number" AS TEXT), '', NEW."body", now()
  FROM "Document" d JOIN "DocumentVersion" v ON v."businessId" = d."businessId" AND v."id" = NEW."versionId"
  WHERE d."businessId" = NEW."businessId" AND d."id" = NEW."documentId"
  ON CONFLICT ("kind", "entityId") DO UPDATE SET "body" = EXCLUDED."body", "updatedAt" = EXCLUDED."updatedAt";
  RETURN NEW;
END $$;

CREATE TRIGGER "ReviewComment_search" AFTER INSERT OR DELETE OR UPDATE OF "body", "deletedAt" ON "ReviewComment" FOR EACH ROW EXECUTE FUNCTION "cf_search_ReviewComment"();

-- A file's comments follow it to another company or project (search's company filter and archived companies).
CREATE OR REPLACE FUNCTION "cf_search_DocumentComments"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "SearchEntry" SET "companyId" = NEW."companyId", "projectId" = NEW."projectId"
  WHERE "kind" = 'reviewComment' AND "businessId" = NEW."businessId" AND "entityId" IN (SELECT c."id" FROM "ReviewComment" c WHERE c."businessId" = NEW."businessId" AND c."documentId" = NEW."id");
  RETURN NEW;
END $$;

CREATE TRIGGER "Document_comment_search" AFTER UPDATE OF "companyId", "projectId" ON "Document" FOR EACH ROW
  WHEN (OLD."companyId" IS DISTINCT FROM NEW."companyId" OR OLD."projectId" IS DISTINCT FROM NEW."projectId") EXECUTE FUNCTION "cf_search_DocumentComments"();

-- The comments written before this migration.
INSERT INTO "SearchEntry" ("businessId", "kind", "entityId", "companyId", "projectId", "ref", "title", "body", "updatedAt") SELECT c."businessId", 'reviewComment', c."id", d."companyId", d."projectId", CAST(c."documentId" AS TEXT) || '/' || CAST(v."number" AS TEXT), '', c."body", now()
FROM "ReviewComment" c
JOIN "Document" d ON d."businessId" = c."businessId" AND d."id" = c."documentId"
JOIN "DocumentVersion" v ON v."businessId" = c."businessId" AND v."id" = c."versionId"
WHERE c."deletedAt" IS NULL;
