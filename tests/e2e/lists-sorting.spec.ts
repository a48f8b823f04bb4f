import { expect, test, type Page } from '@playwright/test';

/** A new agency with a few companies and tasks (some without a due date), signed in through the page's cookies. */
async function agency(page: Page) {
  const n = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const signup = await page.request.post('/auth/signup', {
    data: {
      first_name: 'Sam',
      last_name: 'Sort',
      name: 'Sort Agency',
      email: `sam-${n}@sort.test`,
      phone: '1',
      password: 'Quartz-lantern-meadow-8817',
      slug: `sort${n}`,
    },
  });
  expect(signup.status()).toBe(201);
  const headers = { authorization: `Bearer ${(await signup.json()).authToken as string}` };
  const companyIds: number[] = [];
  for (const company of [
    { name: 'Acme Robotics', industry: 'Manufacturing', status: 'active' },
    { name: 'Blue Lagoon Spa', industry: 'Wellness', status: 'prospect' },
    { name: 'Copper Field Farms', industry: 'Agriculture', status: 'onboarding' },
    { name: 'Delta Dental', industry: 'Healthcare', status: 'paused' },
  ]) {
    const res = await page.request.post('/api/companies', { data: company, headers });
    expect(res.status()).toBe(201);
    companyIds.push((await res.json()).id);
  }
  const project = await page.request.post('/api/projects', {
    data: { name: 'Website relaunch', companyId: companyIds[0], status: 'in-progress' },
    headers,
  });
  expect(project.status()).toBe(201);
  const projectId = (await project.json()).id as number;
  for (const task of [
    { title: 'Send the proposal', dueDate: '2031-03-10', priority: 'high' },
    { title: 'Book the kick-off', dueDate: null, priority: 'low' },
    { title: 'Draft the brief', dueDate: '2031-01-05', priority: 'medium' },
    { title: 'Review the contract', dueDate: '2031-02-20', priority: 'high' },
  ]) {
    const res = await page.request.post('/api/tasks', { data: { ...task, projectId }, headers });
    expect(res.status(), await res.text()).toBe(201);
  }
}

const param = (page: Page, key: string) => new URL(page.url()).searchParams.get(key);
const rowNames = (page: Page) => page.locator('tbody tr td:first-child').allInnerTexts();

test.beforeEach(async ({ page }) => {
  await agency(page);
});

test('a column header sorts the companies list, says so with aria-sort, and the URL keeps it over a reload', async ({
  page,
}) => {
  await page.goto('/hub/companies?view=list');
  const name = page.getByRole('columnheader', { name: 'Company' });
  const status = page.getByRole('columnheader', { name: 'Status' });
  await expect(name).toHaveAttribute('aria-sort', 'ascending');
  await expect(status).toHaveAttribute('aria-sort', 'none');
  await expect
    .poll(() => rowNames(page))
    .toEqual(['Acme Robotics', 'Blue Lagoon Spa', 'Copper Field Farms', 'Delta Dental']);
  // "Created" has no column: the sort control stays beside the headers in list view too.
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toBeVisible();

  await status.getByRole('button').click();
  await expect(status).toHaveAttribute('aria-sort', 'ascending');
  await expect(name).toHaveAttribute('aria-sort', 'none');
  expect([param(page, 'sort'), param(page, 'order')]).toEqual(['status', 'asc']);
  // The spec's order of statuses: prospect, onboarding, active, …, paused.
  await expect
    .poll(() => rowNames(page))
    .toEqual(['Blue Lagoon Spa', 'Copper Field Farms', 'Acme Robotics', 'Delta Dental']);

  await status.getByRole('button').click();
  await expect(status).toHaveAttribute('aria-sort', 'descending');
  expect(param(page, 'order')).toBe('desc');
  await expect
    .poll(() => rowNames(page))
    .toEqual(['Delta Dental', 'Acme Robotics', 'Copper Field Farms', 'Blue Lagoon Spa']);

  await page.reload();
  await expect(page.getByRole('columnheader', { name: 'Status' })).toHaveAttribute('aria-sort', 'descending');
  await expect
    .poll(() => rowNames(page))
    .toEqual(['Delta Dental', 'Acme Robotics', 'Copper Field Farms', 'Blue Lagoon Spa']);

  // Back to the default sort: the URL is clean again.
  await page.getByRole('columnheader', { name: 'Company' }).getByRole('button').click();
  expect(param(page, 'sort')).toBeNull();
});

test('the sort control sorts the grid, and tasks without a due date come last', async ({ page }) => {
  await page.goto('/hub/companies');
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Name (Z to A)' });
  await expect.poll(() => param(page, 'sort')).toBe('name');
  await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText('Delta Dental');

  await page.goto('/hub/tasks');
  const due = page.getByRole('columnheader', { name: 'Due date' });
  await due.getByRole('button').click();
  await expect(due).toHaveAttribute('aria-sort', 'ascending');
  await expect
    .poll(async () => (await rowNames(page)).map((t) => t.split('\n')[0].trim()))
    .toEqual(['Draft the brief', 'Review the contract', 'Send the proposal', 'Book the kick-off']);
  await page.reload();
  await expect(page.getByRole('columnheader', { name: 'Due date' })).toHaveAttribute('aria-sort', 'ascending');

  const shots = process.env.SHOTS_DIR;
  if (!shots) return;
  for (const width of [1440, 390]) {
    // A fresh page per width (same sign-in), so nothing of the wider layout stays in the full-page capture.
    const shot = await page.context().newPage();
    await shot.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    for (const [url, text, name] of [
      ['/hub/tasks?sort=dueDate&order=asc', 'Draft the brief', 'tasks-due'],
      ['/hub/companies?view=list&sort=status&order=asc', 'Blue Lagoon Spa', 'companies-list-status'],
      ['/hub/companies?sort=name&order=desc', 'Delta Dental', 'companies-grid-name-desc'],
    ]) {
      await shot.goto(url);
      await expect(shot.getByText(text).first()).toBeVisible();
      await shot.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
    }
    await shot.close();
  }
});
