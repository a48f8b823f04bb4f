// The agency-scale generator (`npm run seed -- --agencies N`), at a small fraction of its shape, on a database of its
// own: it drops and rebuilds indexes and (on PostgreSQL) foreign keys and switches search triggers off while it loads,
// which the shared test database must never see.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db';
import { DEMO } from '../../server/demo';
import { temporaryDatabase } from '../support/temporary';
import {
  AGENCY_SHAPE,
  agencyOf,
  fractionOfShape,
  generate,
  parseGenerator,
  type GenerateResult,
} from '../../scripts/seed';

const postgres = process.env.TEST_DATABASE === 'postgres';
const FRACTION = 0.02;

type Entry = {
  kind: string;
  entityId: number;
  businessId: number;
  companyId: number | null;
  projectId: number | null;
  ref: string | null;
  title: string;
  body: string;
};

describe('agency-scale generator', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let result: GenerateResult;

  /** Schema objects the generator takes down while it loads: every one must be back afterwards. */
  const schemaObjects = async () =>
    postgres
      ? (
          await database.db.$queryRawUnsafe<{ name: string }[]>(
            `SELECT 'index ' || indexdef AS name FROM pg_indexes WHERE schemaname = current_schema()
             UNION ALL SELECT 'constraint ' || conname::text || ' ' || pg_get_constraintdef(oid) FROM pg_constraint WHERE contype = 'f'
             UNION ALL SELECT 'trigger ' || tgname::text || ' ' || tgenabled::text FROM pg_trigger WHERE NOT tgisinternal ORDER BY 1`,
          )
        ).map((r) => r.name)
      : (
          await database.db.$queryRawUnsafe<{ name: string }[]>(
            `SELECT type || ' ' || name || ' ' || COALESCE(sql, '') AS name FROM sqlite_master ORDER BY 1`,
          )
        ).map((r) => r.name);

  /** The search entries of tasks and files, as the database holds them. */
  const entries = async () =>
    database.db.$queryRawUnsafe<Entry[]>(
      `SELECT "kind", "entityId", "businessId", "companyId", "projectId", "ref", "title", "body"${postgres ? `, "folded"` : ''}
       FROM "SearchEntry" WHERE "kind" IN ('task', 'file') ORDER BY "kind", "entityId"`,
    );

  let before: string[];
  beforeAll(async () => {
    const temporary = await temporaryDatabase(postgres, 'generate');
    const url = temporary.url;
    drop = temporary.drop;
    execFileSync(process.execPath, ['scripts/prisma.mjs', 'migrate', 'deploy'], {
      env: { ...process.env, DATABASE_URL: url },
      stdio: 'pipe',
    });
    database = await openDatabase(url);
    before = await schemaObjects();
    result = await generate(database.db, { agencies: 3, fraction: FRACTION });
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('parses --agencies and --fraction', () => {
    expect(parseGenerator([])).toBeNull();
    expect(parseGenerator(['--agencies', '20'])).toEqual({ agencies: 20, fraction: 1 });
    expect(parseGenerator(['--agencies=2', '--fraction', '0.1'])).toEqual({ agencies: 2, fraction: 0.1 });
    expect(() => parseGenerator(['--agencies', '0'])).toThrow();
    expect(() => parseGenerator(['--agencies', '2', '--fraction', '2'])).toThrow();
    expect(() => parseGenerator(['--fraction', '0.5'])).toThrow();
  });

  it('writes every agency in the shape asked for, the first one the demo agency', async () => {
    const shape = fractionOfShape(AGENCY_SHAPE, FRACTION);
    const { db } = database;
    const businesses = await db.business.findMany({ orderBy: { id: 'asc' }, select: { id: true, slug: true } });
    expect(businesses.map((b) => b.slug)).toEqual([DEMO.slug, agencyOf(2).slug, agencyOf(3).slug]);
    for (const { id: businessId } of businesses) {
      expect(await db.company.count({ where: { businessId } })).toBe(shape.companies);
      expect(await db.contact.count({ where: { businessId } })).toBe(shape.companies * shape.contactsPerCompany[0]);
      expect(await db.project.count({ where: { businessId } })).toBe(shape.projects);
      expect(await db.task.count({ where: { businessId } })).toBe(shape.tasks);
      expect(await db.document.count({ where: { businessId } })).toBe(shape.documents);
      expect(await db.flow.count({ where: { businessId } })).toBe(shape.moreFlows + 3);
      // Every row of an agency points at rows of the same agency.
      const submissions = await db.flowSubmission.findMany({
        where: { businessId },
        select: { contact: { select: { businessId: true, portalAccess: true } } },
      });
      expect(submissions.length).toBeGreaterThan(0);
      expect(submissions.every((s) => s.contact.businessId === businessId && s.contact.portalAccess)).toBe(true);
    }
    expect(result.counts.tasks).toBe(3 * shape.tasks);
    const owner = await db.user.findUniqueOrThrow({
      where: { email: agencyOf(2).ownerEmail },
      select: { businessId: true },
    });
    expect(owner.businessId).toBe(businesses[1].id);
  });

  it('puts back every index, foreign key and trigger it took down for the load', async () => {
    expect(await schemaObjects()).toEqual(before);
  });

  it.runIf(postgres)(
    'leaves the big tables vacuumed, so index-only counts need not read the heap (PostgreSQL)',
    async () => {
      const rows = await database.db.$queryRawUnsafe<{ relname: string; allVisible: number; pages: number }[]>(
        `SELECT relname, relallvisible::int AS "allVisible", relpages::int AS pages FROM pg_class WHERE relname IN ('Task', 'Document') ORDER BY relname`,
      );
      expect(rows).toHaveLength(2);
      for (const r of rows) expect(r.allVisible).toBe(r.pages);
    },
  );

  it('writes the search entries the triggers would have written', async () => {
    const written = await entries();
    expect(written.length).toBe(result.counts.tasks + result.counts.documents);
    // Each task and file saved again: the triggers rewrite their entries.
    await database.db.$executeRawUnsafe(`UPDATE "Task" SET "title" = "title"`);
    await database.db.$executeRawUnsafe(`UPDATE "Document" SET "name" = "name"`);
    expect(await entries()).toEqual(written);
  });
});
