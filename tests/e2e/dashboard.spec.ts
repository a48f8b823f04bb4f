/**
 * The hub dashboard shows the agency's real numbers: projects and tasks are written straight into the e2e
 * server's database (their screens arrive with a later issue), companies and contacts through the API.
 */
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { expect, test, type Page } from '@playwright/test';

const DATABASE = path.resolve(import.meta.dirname, '../../data/e2e/app.db');
/** How Prisma stores a DateTime in SQLite. */
const stored = (date: Date) => date.toISOString().replace('Z', '+00:00');

async function newAgency(page: Page) {
  const n = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const slug = `dash${n}`;
  const signup = await page.request.post('/auth/signup', {
    data: {
      first_name: 'Noor',
      last_name: 'Haddad',
      name: 'Haddad Digital',
      email: `noor-${n}@haddad.test`,
      phone: '1',
      password: 'Quartz-lantern-meadow-8817',
      slug,
    },
  });
  expect(signup.status()).toBe(201);
  return { slug, token: (await signup.json()).authToken as string };
}

test('a new agency sees zeros, the getting-started checklist and empty states', async ({ page }) => {
  await newAgency(page);
  await page.goto('/hub');
  await expect(page.getByRole('heading', { level: 1, name: /^Good (morning|afternoon|evening), Noor$/ })).toBeVisible();
  await expect(page.getByText("Here's what's happening with your business today.")).toBeVisible();
  for (const label of ['Active Projects', 'Open tasks', 'Total Clients'])
    await expect(page.getByRole('link', { name: `${label} 0` })).toBeVisible();
  await expect(page.getByText('No projects yet')).toBeVisible();
  await expect(page.getByText('No files yet')).toBeVisible();
  await expect(page.getByText('Get started with Clientflow')).toBeVisible();
  await expect(page.getByText('0 of 4 done')).toBeVisible();
  // Step 4 opens the account page's Branding tab; a spreadsheet of clients can come in from CSV.
  await page.getByRole('link', { name: /Set your portal branding/ }).click();
  await expect(page).toHaveURL(/\/hub\/account\?tab=branding$/);
  await expect(page.getByRole('tab', { name: 'Branding', selected: true })).toBeVisible();
  await page.goBack();
  await page.getByRole('link', { name: 'Import from CSV' }).click();
  await expect(page).toHaveURL(/\/hub\/account\?tab=data&import=companies$/);
  await expect(page.getByRole('radio', { name: /^Companies/ })).toBeChecked();

  // The empty companies and contacts lists offer the same import, preselected.
  await page.goto('/hub/companies');
  await page.getByRole('link', { name: 'Import from CSV' }).click();
  await expect(page).toHaveURL(/import=companies$/);
  await page.goto('/hub/contacts');
  await page.getByRole('link', { name: 'Import from CSV' }).click();
  await expect(page).toHaveURL(/import=contacts$/);
  await expect(page.getByRole('radio', { name: /^Contacts/ })).toBeChecked();
});

test('the stat cards, tasks overview and lists show the seeded numbers of this agency only', async ({ page }) => {
  const { slug, token } = await newAgency(page);
  const headers = { authorization: `Bearer ${token}` };
  const companyIds: number[] = [];
  for (const name of ['Lumen Dental', 'Orchard Legal']) {
    const res = await page.request.post('/companies/v1', { data: { name, status: 'active' }, headers });
    expect(res.status()).toBe(201);
    companyIds.push((await res.json()).id);
  }
  const contact = await page.request.post('/contacts/v1', {
    data: { first_name: 'Iris', last_name: 'Lumen', email: `iris-${slug}@lumen.test`, company_id: companyIds[0] },
    headers,
  });
  expect(contact.status()).toBe(201);

  const db = new BetterSqlite3(DATABASE);
  try {
    const { id: businessId } = db.prepare('SELECT id FROM Business WHERE slug = ?').get(slug) as { id: number };
    const now = stored(new Date());
    const project = db.prepare(
      'INSERT INTO Project (businessId, projectUid, companyId, name, status, priority, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    const projects = [
      ['Smile Campaign', 'waiting', companyIds[0]],
      ['Case Portal', 'in-progress', companyIds[1]],
      ['Orphan Idea', 'at-risk', null],
      ['Next Year', 'draft', companyIds[0]],
      ['Old Launch', 'complete', companyIds[1]],
    ] as const;
    const projectIds = projects.map(([name, status, companyId], i) =>
      Number(project.run(businessId, `e2e-${slug}-${i}`, companyId, name, status, 'medium', now, now).lastInsertRowid),
    );
    const task = db.prepare(
      'INSERT INTO Task (businessId, projectId, title, status, priority, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    for (const [status, priority] of [
      ['pending', 'high'],
      ['pending', 'high'],
      ['in-progress', 'medium'],
      ['pending', 'low'],
      ['completed', 'high'],
      ['cancelled', 'low'],
    ])
      task.run(businessId, projectIds[0], `Task ${status} ${priority}`, status, priority, now, now);
    db.prepare(
      'INSERT INTO Document (businessId, companyId, name, type, url, size, createdAt) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ).run(
      businessId,
      companyIds[0],
      'Lumen Service Agreement',
      'agreement',
      'https://files.example/agreement.pdf',
      1200,
      now,
    );
  } finally {
    db.close();
  }

  await page.goto('/hub');
  await expect(page.getByRole('link', { name: 'Active Projects 3' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open tasks 4' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Total Clients 2' })).toBeVisible();
  await expect(page.getByText('open tasks (pending or in progress)')).toBeVisible();
  for (const [label, count] of [
    ['High Priority', 2],
    ['Medium Priority', 1],
    ['Low Priority', 1],
  ] as const)
    await expect(
      page.getByRole('region', { name: 'Tasks Overview' }).locator('dl > div').filter({ hasText: label }).locator('dd'),
    ).toHaveText(String(count));

  // Only active projects, with their company or 'Unknown Company'.
  const active = page.getByRole('region', { name: 'Active Projects' });
  await expect(active.getByText('Smile Campaign')).toBeVisible();
  await expect(active.getByText('Case Portal')).toBeVisible();
  await expect(active.getByText('Orphan Idea')).toBeVisible();
  await expect(active.getByText('Unknown Company')).toBeVisible();
  await expect(active.getByText('Next Year')).toHaveCount(0);
  await expect(active.getByText('Old Launch')).toHaveCount(0);

  await expect(page.getByText('Lumen Service Agreement')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse all files →' })).toHaveAttribute('href', '/hub/documents');
  await expect(page.getByText('2 of 4 done')).toBeVisible();
});
