-- The agency's currency (ISO 4217), shown with every amount. A plain ADD COLUMN: no table redefinition.
ALTER TABLE "Business" ADD COLUMN "currency" TEXT NOT NULL DEFAULT 'USD';

-- One vocabulary of project statuses (shared/constants.ts PROJECT_STATUSES): the older list-filter words become
-- the forms' words. 'on-hold' stays (the forms offer it now).
UPDATE "Project" SET "status" = 'in-progress' WHERE "status" = 'active';
UPDATE "Project" SET "status" = 'complete' WHERE "status" = 'completed';
