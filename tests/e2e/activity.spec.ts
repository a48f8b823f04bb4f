/**
 * The activity log as staff see it: a task of a company's project changes status on the tasks list, and the
 * company's Activity tab shows who changed it and the change itself (Status: Pending → In Progress), with the task's
 * name linking to it; the kind filter narrows the tab. Signs up its own agency through the API.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/** The activity screens' own part of the page (the header's pieces have their own specs). */
async function expectAccessible(page: Page, region: string) {
  const results = await new AxeBuilder({ page })
    .include(region)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

async function newAgency(page: Page) {
  const n = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const signup = await page.request.post('/auth/signup', {
    data: {
      first_name: 'Tess',
      last_name: 'Okafor',
      name: 'Okafor Works',
      email: `tess-${n}@okafor.test`,
      phone: '1',
      password: 'Quartz-lantern-meadow-8817',
      slug: `activity${n}`,
    },
  });
  expect(signup.status()).toBe(201);
  const headers = { authorization: `Bearer ${(await signup.json()).authToken}` };
  const company = await (
    await page.request.post('/api/companies', { data: { name: 'Juniper Cafe', status: 'active' }, headers })
  ).json();
  const project = await (
    await page.request.post('/api/projects', {
      data: { name: 'Menu redesign', companiesId: company.id, status: 'in-progress' },
      headers,
    })
  ).json();
  const task = await page.request.post('/api/tasks', {
    data: { title: 'Print the new menus', projectId: project.id },
    headers,
  });
  expect(task.status()).toBe(201);
  return { headers, companyId: company.id as number, taskId: (await task.json()).id as number };
}

test('a task’s status change shows on its company’s Activity tab, old → new, with a link to the task', async ({
  page,
}) => {
  const agency = await newAgency(page);

  // The change, made where staff make it: the status menu of the tasks list.
  await page.goto('/hub/tasks');
  const row = page.getByRole('row').filter({ hasText: 'Print the new menus' });
  await row.getByLabel('Status of Print the new menus').selectOption('in-progress');
  await expect
    .poll(
      async () =>
        (
          (await (await page.request.get(`/api/tasks/${agency.taskId}`, { headers: agency.headers })).json()) as {
            status: string;
          }
        ).status,
    )
    .toBe('in-progress');

  await page.goto(`/hub/companies/${agency.companyId}`);
  await page.getByRole('tab', { name: 'Activity' }).click();
  await expect(page).toHaveURL(/tab=activity/);
  const feed = page.getByRole('list', { name: 'Activity' });
  const entry = feed.getByRole('listitem').filter({ hasText: 'changed task' }).first();
  await expect(entry).toContainText('Tess Okafor changed task “Print the new menus”');
  await expect(entry).toContainText('Status: Pending → In Progress');
  await expect(entry.locator('time')).toHaveAttribute('title', /\d/);
  await expect(feed.getByRole('listitem').filter({ hasText: 'created task' })).toContainText(
    'Tess Okafor created task “Print the new menus”',
  );
  await expectAccessible(page, '[role="tabpanel"]');

  // The kind filter: files only → nothing yet; tasks → the entries again.
  await page.getByLabel('Filter by kind').selectOption('file');
  await expect(page.getByRole('heading', { name: 'No activity matches these filters' })).toBeVisible();
  await page.getByLabel('Filter by kind').selectOption('task');
  await expect(entry).toBeVisible();

  // The task's name opens it (the tasks page opens ?task= in its dialog).
  await entry.getByRole('link', { name: '“Print the new menus”' }).click();
  await expect(page).toHaveURL(/\/hub\/tasks/);
  await expect(page.getByRole('dialog').getByLabel('Title')).toHaveValue('Print the new menus');
});

test('the owner filters the whole log with chips and downloads it as CSV', async ({ page }) => {
  await newAgency(page);
  await page.goto('/hub');
  await page.getByRole('link', { name: 'Activity', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'Activity', level: 1 })).toBeVisible();
  await page.getByLabel('Kind').selectOption('task');
  await expect(page.getByText('Kind: Tasks')).toBeVisible();
  const feed = page.getByRole('list', { name: 'Activity' });
  await expect(feed.getByRole('listitem')).toHaveCount(1);
  await expect(feed).toContainText('Tess Okafor created task “Print the new menus”');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^activity-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await (await import('node:fs/promises')).readFile((await download.path())!, 'utf8');
  const lines = text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(',Tess Okafor,staff,created,task,Print the new menus,Juniper Cafe,');
  await expectAccessible(page, 'main');

  await page.getByRole('button', { name: 'Clear all' }).click();
  await expect(page.getByText('Kind: Tasks')).toBeHidden();
  await expect(feed).toContainText('Tess Okafor created company “Juniper Cafe”');
});
