-- Steps that mix text and form fields (issue 29). Three added columns and no row rewritten: a step made before
-- keeps its flow type's shape (stepType NULL, nothing added), so it renders as before and no answer is touched.
-- SQLite adds a column with a constant default in place (no table rebuild; FlowStep has no search triggers).
ALTER TABLE "FlowStep" ADD COLUMN "stepType" TEXT;
ALTER TABLE "FlowStep" ADD COLUMN "addedContent" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "FlowStep" ADD COLUMN "addedFields" BOOLEAN NOT NULL DEFAULT false;
