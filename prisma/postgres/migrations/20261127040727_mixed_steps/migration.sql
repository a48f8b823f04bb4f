-- Steps that mix text and form fields (issue 29): three added columns, no row rewritten (see the SQLite migration).
-- AlterTable
ALTER TABLE "FlowStep" ADD COLUMN     "addedContent" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "addedFields" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "stepType" TEXT;
