/**
 * The activity log as staff see it: a task of a company's project changes status on the tasks list, and the
 * company's Activity tab shows who changed it and the change itself (Status: Pending → In Progress), with the task's
 * name linking to it; the kind filter narrows the tab. Signs up its own agency through the API.
 */
import { expect, test, type Page } from '@playwright/test';

async function newAgency(page: Page) {
  const n = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const signup = await page.request.post('/auth/signup', {
    data: { first_name: 'Tess', last_name: 'Okafor', name: 'Okafor Works', email: `tess-${n}@okafor.test`, phone: '1', password: 'Quartz-lantern-meadow-8817', slug: `activity${n}` },
  });
  expect(signup.status()).toBe(201);
  const headers = { authorization: `Bearer ${(await signup.json()).authToken}` };
  const company = await (await page.request.post('/api/companies', { data: { name: 'Juniper Cafe', status: 'active' }, headers })).json();
  const project = await (await page.request.post('/api/projects', { data: { name: 'Menu redesign', companiesId: company.id, status: 'in-progress' }, headers })).json();
  const task = await page.request.post('/api/tasks', { data: { title: 'Print the new menus', projectId: project.id }, headers });
  expect(task.status()).toBe(201);
  return { headers, companyId: company.id as number, taskId: (await task.json()).id as number };
}

test('a task’s status change shows on its company’s Activity tab, old → new, with a link to the task', async ({ page }) => {
  const agency = await newAgency(page);

  // The change, made where staff make it: the status menu of the tasks list.
  await page.goto('/hub/tasks');
  const row = page.getByRole('row').filter({ hasText: 'Print the new menus' });
  await row.getByLabel('Status of Print the new menus').selectOption('in-progress');
  await expect
    .poll(async () => ((await (await page.request.get(`/api/tasks/${agency.taskId}`, { headers: agency.headers })).json()) as { status: string }).status)
    .toBe('in-progress');

  await page.goto(`/hub/companies/${agency.companyId}`);
  await page.getByRole('tab', { name: 'Activity' }).click();
  await expect(page).toHaveURL(/tab=activity/);
  const feed = page.getByRole('list', { name: 'Activity' });
  const entry = feed.getByRole('listitem').filter({ hasText: 'changed task' }).first();
  await expect(entry).toContainText('Tess Okafor changed task “Print the new menus”');
  await expect(entry).toContainText('Status: Pending → In Progress');
  await expect(entry.locator('time')).toHaveAttribute('title', /\d/);
  await expect(feed.getByRole('listitem').filter({ hasText: 'created task' })).toContainText('Tess Okafor created task “Print the new menus”');

  // The kind filter: files only → nothing yet; tasks → the entries again.
  await page.getByLabel('Filter by kind').selectOption('file');
  await expect(page.getByRole('heading', { name: 'No activity matches these filters' })).toBeVisible();
  await page.getByLabel('Filter by kind').selectOption('task');
  await expect(entry).toBeVisible();

  // The task's name opens it.
  await entry.getByRole('link', { name: '“Print the new menus”' }).click();
  await expect(page).toHaveURL(new RegExp(`/hub/tasks\\?task=${agency.taskId}`));
});
