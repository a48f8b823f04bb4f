import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { COMPANY_STATUSES, FLOW_TYPES, PROJECT_STATUSES } from '../../shared/constants';
import { verifyPassword } from '../../server/auth/password';
import { openDatabase, type Database } from '../../server/db';
import { DEMO } from '../../server/demo';
import { parseScale, seed } from '../../scripts/seed';

describe('demo seed', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase(inject('databaseUrl'));
  });
  afterAll(async () => {
    await database.close();
  });

  it('parses --scale', () => {
    expect(parseScale([])).toBe(1);
    expect(parseScale(['--scale', '100'])).toBe(100);
    expect(parseScale(['--scale=3'])).toBe(3);
    expect(() => parseScale(['--scale', '0'])).toThrow();
    expect(() => parseScale(['--scale', 'x'])).toThrow();
  });

  it('recreates the same demo agency on every run', async () => {
    const { db } = database;
    const first = await seed(db, { scale: 1 });
    const firstNames = (
      await db.company.findMany({ where: { businessId: first.businessId }, orderBy: { id: 'asc' } })
    ).map((c) => c.name);
    const second = await seed(db, { scale: 1 });
    const { businessId } = second;

    expect(second.counts).toEqual(first.counts);
    expect(await db.business.count({ where: { slug: DEMO.slug } })).toBe(1);
    expect(await db.company.count({ where: { businessId: first.businessId } })).toBe(0);
    const companies = await db.company.findMany({ where: { businessId }, orderBy: { id: 'asc' } });
    expect(companies.map((c) => c.name)).toEqual(firstNames);
    expect(companies).toHaveLength(12);
    expect(new Set(companies.map((c) => c.status))).toEqual(new Set(COMPANY_STATUSES));

    const projects = await db.project.findMany({ where: { businessId } });
    expect(projects).toHaveLength(10);
    expect(new Set(projects.map((p) => p.status))).toEqual(new Set(PROJECT_STATUSES));
    expect(await db.task.count({ where: { businessId } })).toBe(40);
    expect(await db.document.count({ where: { businessId } })).toBe(15);
    const flows = await db.flow.findMany({ where: { businessId }, include: { steps: { include: { fields: true } } } });
    expect(flows.map((f) => f.workflowType).sort()).toEqual([...FLOW_TYPES].sort());
    for (const field of flows.flatMap((f) => f.steps.flatMap((s) => s.fields))) {
      expect(field.businessId).toBe(businessId);
      if (field.fieldType === 'select') expect(JSON.parse(field.options).choices.length).toBeGreaterThan(1);
    }

    // The starter templates (issue 29), as a new agency gets them at sign-up.
    const templates = await db.projectTemplate.findMany({ where: { businessId }, orderBy: { name: 'asc' } });
    expect(templates.map((t) => t.name)).toEqual(['Client onboarding', 'Monthly retainer', 'Website project']);
    expect(await db.flowTemplate.count({ where: { businessId } })).toBe(1);

    const owner = await db.user.findUniqueOrThrow({ where: { email: DEMO.email } });
    expect(owner).toMatchObject({ businessId, role: 'owner' });
    expect(await verifyPassword(owner.passwordHash, DEMO.password)).toBe(true);
    const portal = await db.contact.findMany({ where: { businessId, portalAccess: true } });
    expect(portal.length).toBeGreaterThanOrEqual(2);
    expect(await verifyPassword(portal[0].portalPasswordHash!, DEMO.password)).toBe(true);
    // The first portal contact's portal is not empty: a shared, started project of their company.
    const firstPortalEmail = second.portalEmails[0];
    const contact = await db.contact.findFirstOrThrow({ where: { businessId, email: firstPortalEmail } });
    const sharedProjects = await db.project.findMany({
      where: { businessId, companyId: contact.companyId!, visibleToClient: true, status: { not: 'draft' } },
    });
    expect(sharedProjects.length).toBeGreaterThanOrEqual(1);
  });
});
