/**
 * The migration of issue 29 (steps that mix text and form fields) on the database of the run (SQLite, or PostgreSQL
 * with TEST_DATABASE=postgres): applied after every earlier migration to a database holding a collect flow answered
 * and submitted before, it adds the step's columns and rewrites no row — the submission, its answers and the fields
 * read the same, and the step keeps its flow type's shape (no type of its own, nothing added). No app runs here: the
 * synchronous SQLite driver would hold up its requests.
 */
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { temporaryDatabase } from '../support/temporary';

describe('flows made before issue 29 keep their answers through the migration', () => {
  it('the migration adds the columns and rewrites no row: a submission made before reads the same after', async () => {
    const postgres = process.env.TEST_DATABASE === 'postgres';
    const dir = path.join(process.cwd(), 'prisma', ...(postgres ? ['postgres', 'migrations'] : ['migrations']));
    const migrations = fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
    const ours = migrations.findIndex((m) => m.endsWith('_mixed_steps'));
    expect(ours).toBeGreaterThan(0);
    const sqlOf = (m: string) => fs.readFileSync(path.join(dir, m, 'migration.sql'), 'utf8');
    const now = new Date().toISOString();
    const rows = [
      `INSERT INTO "Business" ("id", "name", "slug", "updatedAt") VALUES (1, 'Old agency', 'old-agency', '${now}')`,
      `INSERT INTO "Company" ("id", "businessId", "name", "updatedAt") VALUES (1, 1, 'Acme', '${now}')`,
      `INSERT INTO "Contact" ("id", "businessId", "companyId", "firstName", "lastName", "email", "updatedAt") VALUES (1, 1, 1, 'Ann', 'Lee', 'ann@acme.test', '${now}')`,
      `INSERT INTO "Flow" ("id", "businessId", "flowUid", "companyId", "name", "description", "workflowType", "isActive", "updatedAt") VALUES (1, 1, 'old-flow', 1, 'Intake', 'Old', 'collect', true, '${now}')`,
      `INSERT INTO "FlowStep" ("id", "businessId", "flowId", "stepOrder", "stepTitle", "content", "updatedAt") VALUES (1, 1, 1, 1, 'Questions', '', '${now}')`,
      `INSERT INTO "FlowField" ("id", "businessId", "flowStepId", "fieldLabel", "fieldType", "isRequired") VALUES (1, 1, 1, 'Budget', 'text', true)`,
      `INSERT INTO "FlowSubmission" ("id", "businessId", "flowId", "contactId", "companyId", "status", "currentStep", "completedAt", "updatedAt") VALUES (1, 1, 1, 1, 1, 'completed', 1, '${now}', '${now}')`,
      `INSERT INTO "FlowAnswer" ("id", "businessId", "submissionId", "flowFieldId", "value") VALUES (1, 1, 1, 1, '10k')`,
    ];
    const read = [
      `SELECT "id", "status", "currentStep" FROM "FlowSubmission" ORDER BY "id"`,
      `SELECT "id", "submissionId", "flowFieldId", "value" FROM "FlowAnswer" ORDER BY "id"`,
      `SELECT "id", "flowStepId", "fieldLabel" FROM "FlowField" ORDER BY "id"`,
    ];
    const database = await temporaryDatabase(postgres, 'mixedsteps');
    try {
      let run: (sql: string) => Promise<unknown[]>;
      let close: () => Promise<void>;
      if (postgres) {
        const c = new pg.Client({ connectionString: database.url });
        await c.connect();
        run = async (sql) => (await c.query(sql)).rows;
        close = () => c.end();
      } else {
        const file = new BetterSqlite3(database.url.slice('file:'.length));
        run = async (sql) => {
          if (/^\s*SELECT/i.test(sql)) return file.prepare(sql).all();
          file.exec(sql);
          return [];
        };
        close = async () => void file.close();
      }
      try {
        for (const m of migrations.slice(0, ours)) await run(sqlOf(m));
        for (const row of rows) await run(row);
        const before = await Promise.all(read.map(run));
        await run(sqlOf(migrations[ours]));
        expect(await Promise.all(read.map(run))).toEqual(before);
        const [step] = (await run(`SELECT "stepType", "addedContent", "addedFields" FROM "FlowStep"`)) as Record<
          string,
          unknown
        >[];
        expect(step.stepType).toBeNull();
        expect(Boolean(step.addedContent)).toBe(false);
        expect(Boolean(step.addedFields)).toBe(false);
      } finally {
        await close();
      }
    } finally {
      await database.drop();
    }
  });
});
