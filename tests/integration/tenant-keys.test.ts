import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENANT_MODELS, runAsTenant, tenantScopedDb } from '../../server/tenancy';
import { sql, tenantRunner, TENANT } from '../../server/sql';
import { createPortalSession, validatePortalSession } from '../../server/auth/sessions';
import { client, signUpAgency, startApp, type TestApp } from '../support/app';

let app: TestApp;
let a: number;
let b: number;

beforeAll(async () => {
  app = await startApp();
  const api = client(app.baseUrl);
  const first = await signUpAgency(api);
  const second = await signUpAgency(api);
  const db = app.database.db;
  a = (await db.business.findUniqueOrThrow({ where: { slug: first.slug } })).id;
  b = (await db.business.findUniqueOrThrow({ where: { slug: second.slug } })).id;
});
afterAll(() => app.close());

describe('the database refuses links across agencies (composite foreign keys)', () => {
  it("refuses a contact of agency A that names agency B's company", async () => {
    const db = app.database.db;
    const companyOfB = await db.company.create({ data: { businessId: b, name: 'B client' } });
    await expect(
      db.contact.create({
        data: { businessId: a, companyId: companyOfB.id, firstName: 'X', lastName: 'Y', email: 'x@a.test' },
      }),
    ).rejects.toThrow();
    expect(await db.contact.count({ where: { companyId: companyOfB.id } })).toBe(0);
  });

  it('refuses a task, a project link and a resource that point into another agency', async () => {
    const db = app.database.db;
    const projectOfB = await db.project.create({ data: { businessId: b, name: 'B project' } });
    const companyOfA = await db.company.create({ data: { businessId: a, name: 'A client' } });
    const contactOfA = await db.contact.create({
      data: { businessId: a, companyId: companyOfA.id, firstName: 'C', lastName: 'A', email: 'c@a.test' },
    });
    await expect(
      db.task.create({ data: { businessId: a, projectId: projectOfB.id, title: 'Sneaky' } }),
    ).rejects.toThrow();
    await expect(
      db.projectContact.create({ data: { businessId: a, projectId: projectOfB.id, contactId: contactOfA.id } }),
    ).rejects.toThrow();
    await expect(
      db.projectContact.create({ data: { businessId: b, projectId: projectOfB.id, contactId: contactOfA.id } }),
    ).rejects.toThrow();
    await expect(
      db.resource.create({
        data: {
          businessId: a,
          companyId: companyOfA.id,
          projectId: projectOfB.id,
          title: 'R',
          description: 'd',
          type: 'tool',
          status: 'active',
        },
      }),
    ).rejects.toThrow();
  });

  it('refuses to delete a company that still has contacts, and deletes a whole agency with everything in it', async () => {
    const db = app.database.db;
    const api = client(app.baseUrl);
    const doomed = await signUpAgency(api);
    const businessId = (await db.business.findUniqueOrThrow({ where: { slug: doomed.slug } })).id;
    const company = await db.company.create({ data: { businessId, name: 'Parent' } });
    await db.contact.create({
      data: { businessId, companyId: company.id, firstName: 'Kid', lastName: 'Row', email: 'kid@d.test' },
    });
    const project = await db.project.create({ data: { businessId, companyId: company.id, name: 'P' } });
    await db.task.create({ data: { businessId, projectId: project.id, title: 'T' } });
    await db.document.create({
      data: { businessId, companyId: company.id, projectId: project.id, name: 'D', url: '/x' },
    });
    await expect(db.company.delete({ where: { id: company.id } })).rejects.toThrow();
    expect(await db.company.count({ where: { id: company.id } })).toBe(1);
    await db.business.delete({ where: { id: businessId } });
    for (const model of ['company', 'contact', 'project', 'task', 'document'] as const) {
      expect(await (db[model] as { count: (a: object) => Promise<number> }).count({ where: { businessId } })).toBe(0);
    }
  });
});

describe('the tenant-scoped client', () => {
  it("finds nothing of another agency and writes into the session's agency only", async () => {
    const db = app.database.db;
    const scoped = tenantScopedDb(db);
    const other = await db.company.create({ data: { businessId: b, name: 'Not yours' } });
    await runAsTenant(a, async () => {
      expect(await scoped.company.findUnique({ where: { id: other.id } })).toBeNull();
      expect(await scoped.company.findMany({ where: { name: 'Not yours' } })).toEqual([]);
      expect(await scoped.company.count({ where: { id: other.id } })).toBe(0);
      await expect(
        scoped.company.update({ where: { id: other.id }, data: { name: 'Mine now' } }),
      ).rejects.toMatchObject({ code: 'P2025' });
      expect((await scoped.company.updateMany({ where: { id: other.id }, data: { name: 'Mine now' } })).count).toBe(0);
      expect((await scoped.company.deleteMany({ where: { id: other.id } })).count).toBe(0);
      const created = await scoped.company.create({ data: { businessId: b, name: 'Smuggled' } });
      expect(created.businessId).toBe(a);
      const moved = await scoped.company.update({ where: { id: created.id }, data: { businessId: b } });
      expect(moved.businessId).toBe(a);
      expect(await scoped.business.findUnique({ where: { id: b } })).toBeNull();
      await expect(scoped.session.findMany()).rejects.toThrow(/not tenant-owned/);
    });
    expect((await db.company.findUniqueOrThrow({ where: { id: other.id } })).name).toBe('Not yours');
  });

  it('refuses to run outside a staff or portal procedure', async () => {
    await expect(tenantScopedDb(app.database.db).company.findMany()).rejects.toThrow(
      /outside a staff or portal procedure/,
    );
  });

  it('covers every model that has a businessId column', () => {
    const models = (
      app.database.db as unknown as { _runtimeDataModel: { models: Record<string, { fields: { name: string }[] }> } }
    )._runtimeDataModel.models;
    const withBusiness = Object.entries(models)
      .filter(([name, m]) => name !== 'Business' && m.fields.some((f) => f.name === 'businessId'))
      .map(([name]) => name)
      .sort();
    expect(withBusiness).toEqual([...TENANT_MODELS].sort());
  });
});

describe('hand-written SQL bound to a business', () => {
  it('refuses a statement that does not filter by the tenant', async () => {
    const run = tenantRunner(app.database.sqlExecutor, a);
    await expect(run.all(sql`SELECT "id" FROM "Company"`)).rejects.toThrow(/TENANT/);
    const rows = await run.all<{ businessId: unknown }>(
      sql`SELECT "businessId" FROM "Company" WHERE "businessId" = ${TENANT}`,
    );
    expect(rows.every((r) => Number(r.businessId) === a)).toBe(true);
    await expect(app.database.sql.all(sql`SELECT 1 WHERE 1 = ${TENANT}`)).rejects.toThrow(/without a business/);
  });
});

describe('portal sessions', () => {
  it('exist only for a contact with portal access and a company (companyId is never null)', async () => {
    const db = app.database.db;
    const company = await db.company.create({ data: { businessId: a, name: 'Portal client' } });
    const withCompany = await db.contact.create({
      data: {
        businessId: a,
        companyId: company.id,
        firstName: 'P',
        lastName: 'One',
        email: 'p1@a.test',
        portalAccess: true,
      },
    });
    const withoutCompany = await db.contact.create({
      data: { businessId: a, companyId: null, firstName: 'P', lastName: 'Two', email: 'p2@a.test', portalAccess: true },
    });
    const good = await createPortalSession(db, a, withCompany.id);
    expect(await validatePortalSession(app.database, good.token)).toMatchObject({
      businessId: a,
      contact: { companyId: company.id },
    });
    const orphan = await createPortalSession(db, a, withoutCompany.id);
    expect(await validatePortalSession(app.database, orphan.token)).toBeNull();
    await db.contact.update({ where: { id: withCompany.id }, data: { portalAccess: false } });
    expect(await validatePortalSession(app.database, good.token)).toBeNull();
  });
});
