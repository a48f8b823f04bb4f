/**
 * Reports: an agency with two client companies and three projects (hours, billing, start dates this month) opens
 * Reports from the navigation, reads its figures in the tables, narrows to one company, and downloads a report as CSV.
 * Then the time to first reply: empty, then each client's median from conversations written with known times.
 * SHOTS_DIR set: screenshots of that report at 1440 and 390 px.
 */
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { expect, test, type Page } from '@playwright/test';

const DATABASE = path.resolve(import.meta.dirname, '../../data/e2e/app.db');
/** How Prisma stores a DateTime in SQLite. */
const stored = (date: Date) => date.toISOString().replace('Z', '+00:00');
const shots = process.env.SHOTS_DIR;

async function newAgency(page: Page) {
  const n = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const signup = await page.request.post('/auth/signup', {
    data: {
      first_name: 'Rae',
      last_name: 'Lindqvist',
      name: 'Lindqvist Studio',
      email: `rae-${n}@lindqvist.test`,
      phone: '1',
      password: 'Quartz-lantern-meadow-8817',
      slug: `reports${n}`,
    },
  });
  expect(signup.status()).toBe(201);
  const headers = { authorization: `Bearer ${(await signup.json()).authToken}` };
  const company = async (name: string) =>
    (await (await page.request.post('/api/companies', { data: { name, status: 'active' }, headers })).json())
      .id as number;
  const juniper = await company('Juniper Cafe');
  const orchid = await company('Orchid Labs');
  const today = new Date().toISOString().slice(0, 10);
  const project = async (data: Record<string, unknown>) => {
    const res = await page.request.post('/api/projects', {
      data: { status: 'in-progress', projectStartDate: today, ...data },
      headers,
    });
    expect(res.status()).toBe(201);
  };
  await project({
    name: 'Menu redesign',
    companiesId: juniper,
    totalHoursEstimated: 12.5,
    totalHoursWorked: 7,
    totalBilled: 1500,
  });
  await project({
    name: 'Loyalty cards',
    companiesId: juniper,
    totalHoursEstimated: 4,
    totalHoursWorked: 3,
    totalBilled: 200,
  });
  await project({
    name: 'Lab website',
    companiesId: orchid,
    totalHoursEstimated: 40,
    totalHoursWorked: 33,
    totalBilled: 9000,
  });
  return { juniper, orchid, slug: `reports${n}` };
}

/**
 * Conversations with known times (written straight to the database: a reply two hours later cannot be waited for):
 * Juniper waits 2 h, 30 min and 1 day (median 2 h), Orchid 3 h and 5 h (median 4 h) and is still waiting once.
 */
function writeConversations(slug: string, companies: { juniper: number; orchid: number }) {
  const db = new BetterSqlite3(DATABASE);
  try {
    const { id: businessId } = db.prepare('SELECT id FROM Business WHERE slug = ?').get(slug) as { id: number };
    const thread = db.prepare(
      'INSERT INTO MessageThread (businessId, companyId, kind, subject, createdAt) VALUES (?, ?, ?, ?, ?) RETURNING id',
    );
    const message = db.prepare(
      'INSERT INTO Message (businessId, threadId, authorKind, authorName, body, internal, createdAt) VALUES (?, ?, ?, ?, ?, 0, ?)',
    );
    const day = new Date();
    day.setUTCHours(0, 0, 0, 0);
    const at = (daysAgo: number, hour: number) =>
      stored(new Date(day.getTime() - daysAgo * 86_400_000 + hour * 3_600_000));
    const write = (companyId: number, lines: ['contact' | 'staff', number, number][]) => {
      const { id } = thread.get(businessId, companyId, 'topic', 'Questions', at(lines[0][1], lines[0][2])) as {
        id: number;
      };
      for (const [kind, daysAgo, hour] of lines)
        message.run(businessId, id, kind, kind === 'staff' ? 'Rae Lindqvist' : 'Client', 'Hello', at(daysAgo, hour));
    };
    write(companies.juniper, [
      ['contact', 9, 9],
      ['staff', 9, 11],
      ['contact', 8, 9],
      ['staff', 8, 9.5],
      ['contact', 6, 9],
      ['staff', 5, 9],
    ]);
    write(companies.orchid, [
      ['contact', 7, 8],
      ['staff', 7, 11],
      ['contact', 4, 8],
      ['staff', 4, 13],
      ['contact', 2, 8],
    ]);
  } finally {
    db.close();
  }
}

test('Reports shows the agency’s figures, narrows to a company and downloads a CSV', async ({ page }) => {
  await newAgency(page);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.goto('/hub');
  await page.getByRole('link', { name: 'Reports', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();

  const byCompany = page.getByRole('region', { name: 'Hours and billing by company' });
  await expect(byCompany.getByRole('row', { name: /Orchid Labs/ })).toContainText('33');
  const juniperRow = byCompany.getByRole('row', { name: /Juniper Cafe/ });
  await expect(juniperRow.getByRole('cell')).toHaveText(['2', '16.5', '10', '$1,700.00']);
  const byStatus = page.getByRole('region', { name: 'Projects by status' });
  await expect(byStatus.getByRole('row', { name: /In Progress/ }).getByRole('cell')).toHaveText(['3']);

  // One company: the chip says which, the URL keeps it, the numbers are that company's only.
  const picker = page.getByRole('combobox', { name: 'Company' });
  await picker.click();
  await picker.fill('Orchid');
  await page.getByRole('option', { name: 'Orchid Labs' }).click();
  await expect(page.getByText('Company: Orchid Labs')).toBeVisible();
  await expect(page).toHaveURL(/companyId=\d+/);
  await expect(byStatus.getByRole('row', { name: /In Progress/ }).getByRole('cell')).toHaveText(['1']);
  await expect(byCompany.getByRole('row', { name: /Juniper Cafe/ })).toHaveCount(0);

  const byProject = page.getByRole('region', { name: 'Hours and billing by project' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    byProject.getByRole('button', { name: /Download CSV/ }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('hours-by-project.csv');
  const text = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
  expect(text).toBe('Project,Company,Hours estimated,Hours worked,Billed\r\nLab website,Orchid Labs,40,33,9000\r\n');

  // Presets set the range; Clear takes every filter away.
  await page.getByRole('button', { name: 'Last 30 days' }).click();
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}/);
  await expect(page.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: /Clear/ }).first().click();
  await expect(page).not.toHaveURL(/companyId=/);
  await expect(byCompany.getByRole('row', { name: /Juniper Cafe/ })).toBeVisible();
});

test('Reports shows each client’s median time to the first reply, and says when there is none', async ({ page }) => {
  const agency = await newAgency(page);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.goto('/hub/reports');
  const replies = page.getByRole('region', { name: 'Time to first reply' });
  const card = page.locator('section', { has: page.getByRole('heading', { name: 'Time to first reply' }) });
  await expect(card.getByText('No client messages in this range')).toBeVisible();
  if (shots) {
    mkdirSync(shots, { recursive: true });
    await card.screenshot({ path: `${shots}/reports-reply-times-empty-1440.png` });
  }

  writeConversations(agency.slug, agency);
  await page.reload();
  await expect(replies.getByRole('row', { name: /Juniper Cafe/ }).getByRole('cell')).toHaveText(['2 hours', '3', '0']);
  await expect(replies.getByRole('row', { name: /Orchid Labs/ }).getByRole('cell')).toHaveText(['4 hours', '2', '1']);
  // The slowest first.
  await expect(replies.getByRole('row').nth(1)).toContainText('Orchid Labs');

  if (shots) {
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 1000 });
      await card.scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${shots}/reports-reply-times-${width}.png` });
      await card.screenshot({ path: `${shots}/reports-reply-times-card-${width}.png` });
    }
  }
});
