-- Internal until shared (issue 27): new projects, files and flows start internal.
-- AlterTable
ALTER TABLE "Document" ALTER COLUMN "visibleInPortal" SET DEFAULT false;

-- AlterTable
ALTER TABLE "Flow" ALTER COLUMN "isActive" SET DEFAULT false;

-- AlterTable
ALTER TABLE "Project" ADD COLUMN     "visibleToClient" BOOLEAN NOT NULL DEFAULT false;

-- Every project that exists stays shared as it was (a draft is never shown any more); only new ones start internal.
UPDATE "Project" SET "visibleToClient" = true;

-- AlterTable
ALTER TABLE "Task" ADD COLUMN     "internal" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "PortalSession" ADD COLUMN     "previewUserId" INTEGER;
