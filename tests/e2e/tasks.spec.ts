/**
 * Tasks as staff use them: add one from the empty list (title and project required), complete it in one click,
 * change its status from its menu, move cards on the board by mouse drag and by keyboard, filter the list, and
 * add a task from a project's empty Tasks tab. Each test signs up its own agency through the API.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';

type Agency = {
  headers: Record<string, string>;
  projects: { id: number; projectUid: string; name: string }[];
  userId: number;
};

/** A new agency (the page is signed in through its cookies) with a client company and two projects. */
async function newAgency(page: Page): Promise<Agency> {
  const n = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const signup = await page.request.post('/auth/signup', {
    data: {
      first_name: 'Tess',
      last_name: 'Okafor',
      name: 'Okafor Works',
      email: `tess-${n}@okafor.test`,
      phone: '1',
      password: 'Quartz-lantern-meadow-8817',
      slug: `tasks${n}`,
    },
  });
  expect(signup.status()).toBe(201);
  const headers = { authorization: `Bearer ${(await signup.json()).authToken}` };
  const company = await page.request.post('/api/companies', {
    data: { name: 'Juniper Cafe', status: 'active' },
    headers,
  });
  expect(company.status()).toBe(201);
  const projects = [];
  for (const name of ['Menu redesign', 'Loyalty app']) {
    const res = await page.request.post('/api/projects', {
      data: { name, companyId: (await company.json()).id, status: 'in-progress' },
      headers,
    });
    expect(res.status()).toBe(201);
    projects.push(await res.json());
  }
  const me = await page.request.get('/auth/v1/me', { headers });
  return { headers, projects, userId: (await me.json()).id };
}

async function addTask(request: APIRequestContext, agency: Agency, data: Record<string, unknown>) {
  const res = await request.post('/api/tasks', {
    data: { projectId: agency.projects[0].id, ...data },
    headers: agency.headers,
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: number; title: string; status: string };
}

const statusOf = async (request: APIRequestContext, agency: Agency, id: number) =>
  ((await (await request.get(`/api/tasks/${id}`, { headers: agency.headers })).json()) as { status: string }).status;

const column = (page: Page, status: string) => page.locator(`section[data-column="${status}"]`);
const card = (page: Page, title: string) => page.locator('[data-task-card]').filter({ hasText: title });

/** A real mouse drag: press, move in steps (past the 6 px start distance), release over the target. */
async function drag(page: Page, from: Locator, to: Locator) {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + 20);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + 30, { steps: 3 });
  await page.mouse.move(b.x + b.width / 2, b.y + 80, { steps: 12 });
  await page.mouse.up();
}

test('adds a task from the empty list, then completes it and changes its status in one click', async ({ page }) => {
  const agency = await newAgency(page);
  await page.goto('/hub/tasks');
  await expect(page.getByRole('heading', { name: 'No tasks yet' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Task' }).last().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Add New Task' })).toBeVisible();

  // Title and project are required; priority medium and status pending are the defaults.
  await expect(dialog.getByLabel('Status')).toHaveValue('pending');
  await expect(dialog.getByLabel('Priority')).toHaveValue('medium');
  await dialog.getByRole('button', { name: 'Create Task' }).click();
  await expect(dialog.getByText('Task title is required')).toBeVisible();
  await expect(dialog.getByText('Please choose a project')).toBeVisible();

  await dialog.getByLabel('Title').fill('Print the new menus');
  await dialog.getByLabel('Description').fill('Two hundred copies, matte paper');
  await dialog.getByRole('combobox', { name: 'Project' }).fill('Menu');
  await page.getByRole('option', { name: /Menu redesign/ }).click();
  await dialog.getByLabel('Priority').selectOption('high');
  await dialog.getByLabel('Due date').fill('2031-02-14');
  await dialog.getByLabel('Assigned to').selectOption({ label: 'Tess Okafor' });
  // Issue 27: a task can be kept from the client; off by default.
  const internal = dialog.getByRole('checkbox', { name: 'Internal (hidden from the client)' });
  await expect(internal).not.toBeChecked();
  await internal.check();
  await dialog.getByRole('button', { name: 'Create Task' }).click();
  await expect(page.getByText('Task created successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Showing 1 of 1 tasks')).toBeVisible();

  const row = page.getByRole('row').filter({ hasText: 'Print the new menus' });
  await expect(row).toContainText('Menu redesign');
  await expect(row).toContainText('Tess Okafor');
  await expect(row).toContainText('Feb 14, 2031');
  await expect(row).toContainText('High');
  await expect(row.getByText('Internal', { exact: true })).toBeVisible();

  // One click completes it, and it stays completed after a reload.
  await row.getByRole('checkbox', { name: 'Mark Print the new menus as completed' }).click();
  await expect(row.getByRole('checkbox', { name: 'Mark Print the new menus as pending again' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(row.getByLabel('Status of Print the new menus')).toHaveValue('completed');
  const [task] = (await (await page.request.get('/api/tasks', { headers: agency.headers })).json()) as { id: number }[];
  await expect.poll(() => statusOf(page.request, agency, task.id)).toBe('completed');

  // The status menu: one choice, saved.
  await page.reload();
  await page.getByLabel('Status of Print the new menus').selectOption('in-progress');
  await expect.poll(() => statusOf(page.request, agency, task.id)).toBe('in-progress');
  await page.reload();
  await expect(page.getByLabel('Status of Print the new menus')).toHaveValue('in-progress');

  // Edit, then delete with a confirmation.
  await page.getByRole('button', { name: 'Edit Print the new menus' }).click();
  await expect(dialog.getByRole('heading', { name: 'Edit Task' })).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Project' })).toHaveValue('Menu redesign');
  await expect(dialog.getByLabel('Assigned to')).toHaveValue(String(agency.userId));
  await dialog.getByLabel('Title').fill('Print the spring menus');
  await dialog.getByRole('button', { name: 'Update Task' }).click();
  await expect(page.getByText('Task updated', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Delete Print the spring menus' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Task deleted', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No tasks yet' })).toBeVisible();
});

test('moves a card on the board by mouse drag and by keyboard', async ({ page }) => {
  const agency = await newAgency(page);
  const dragged = await addTask(page.request, agency, { title: 'Order new aprons' });
  const keyed = await addTask(page.request, agency, { title: 'Photograph the pastries' });
  await page.goto('/hub/tasks?view=board');
  await expect(page.getByText('Showing 2 of 2 tasks')).toBeVisible();
  await expect(column(page, 'pending')).toContainText('Order new aprons');

  // Mouse: drag the card into Completed.
  await drag(page, card(page, 'Order new aprons'), column(page, 'completed'));
  await expect(column(page, 'completed')).toContainText('Order new aprons');
  await expect(column(page, 'pending')).not.toContainText('Order new aprons');
  await expect.poll(() => statusOf(page.request, agency, dragged.id)).toBe('completed');

  // Keyboard: pick the card up with Space on its handle, two columns right, drop with Space.
  const handle = page.getByRole('button', { name: 'Move Photograph the pastries' });
  await handle.focus();
  await page.keyboard.press('Space');
  await page.waitForTimeout(150);
  await page.keyboard.press('ArrowRight');
  await page.waitForTimeout(150);
  await page.keyboard.press('ArrowRight');
  await page.waitForTimeout(150);
  await page.keyboard.press('Space');
  await expect(column(page, 'completed')).toContainText('Photograph the pastries');
  await expect.poll(() => statusOf(page.request, agency, keyed.id)).toBe('completed');
  // The move was announced for screen readers.
  await expect(page.getByText('Photograph the pastries was moved to Completed.')).toBeAttached();

  // Each card's status menu is the other keyboard way, and the column counts follow.
  await card(page, 'Photograph the pastries').getByLabel('Status of Photograph the pastries').selectOption('cancelled');
  await expect(column(page, 'cancelled')).toContainText('Photograph the pastries');
  await expect.poll(() => statusOf(page.request, agency, keyed.id)).toBe('cancelled');
  await page.reload();
  await expect(column(page, 'completed')).toContainText('Order new aprons');
  await expect(column(page, 'cancelled')).toContainText('Photograph the pastries');
  await expect(column(page, 'pending')).toContainText('No tasks');
});

test('filters the list by search, project, status, priority and assignee, and Clear resets them', async ({ page }) => {
  const agency = await newAgency(page);
  const [menu, app] = agency.projects;
  await addTask(page.request, agency, { title: 'Menu proofreading', projectId: menu.id, priority: 'low' });
  await addTask(page.request, agency, {
    title: 'Menu photography',
    projectId: menu.id,
    priority: 'high',
    status: 'in-progress',
    assignedTo: agency.userId,
  });
  await addTask(page.request, agency, {
    title: 'App store listing',
    projectId: app.id,
    priority: 'high',
    status: 'completed',
    assignedTo: String(agency.userId),
  });
  await addTask(page.request, agency, {
    title: 'Push notifications',
    projectId: app.id,
    description: 'Opt-in copy for the menu of the day',
    priority: 'medium',
  });

  await page.goto('/hub/tasks');
  await expect(page.getByText('Showing 4 of 4 tasks')).toBeVisible();
  const clear = page.getByRole('button', { name: 'Clear', exact: true });
  await expect(clear).toBeDisabled();

  // Search matches titles and descriptions.
  await page.getByLabel('Search tasks').fill('menu');
  await expect(page.getByText('Showing 3 of 4 tasks')).toBeVisible();
  await clear.click();
  await expect(page.getByText('Showing 4 of 4 tasks')).toBeVisible();
  await expect(page.getByLabel('Search tasks')).toHaveValue('');

  // Project (a searchable picker), then status and priority on top.
  await page.getByRole('combobox', { name: 'Filter by project' }).fill('Loyal');
  await page.getByRole('option', { name: /Loyalty app/ }).click();
  await expect(page.getByText('Showing 2 of 4 tasks')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`projectId=${app.id}`));
  await page.getByLabel('Filter by status').selectOption('completed');
  await expect(page.getByText('Showing 1 of 4 tasks')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'App store listing' })).toBeVisible();
  await clear.click();
  await expect(page.getByText('Showing 4 of 4 tasks')).toBeVisible();

  await page.getByLabel('Filter by priority').selectOption('high');
  await expect(page.getByText('Showing 2 of 4 tasks')).toBeVisible();
  await page.getByLabel('Filter by assignee').selectOption({ label: 'Unassigned' });
  await expect(page.getByRole('heading', { name: 'No tasks match your filters' })).toBeVisible();
  await page.getByLabel('Filter by priority').selectOption('');
  await expect(page.getByText('Showing 2 of 4 tasks')).toBeVisible();
  await page.getByLabel('Filter by assignee').selectOption({ label: 'Tess Okafor' });
  await expect(page.getByText('Showing 2 of 4 tasks')).toBeVisible();

  // The filters live in the address: a reload keeps them, the board takes them too.
  await page.reload();
  await expect(page.getByText('Showing 2 of 4 tasks')).toBeVisible();
  await page.getByRole('button', { name: 'Board view' }).click();
  await expect(column(page, 'in-progress')).toContainText('Menu photography');
  await expect(column(page, 'completed')).toContainText('App store listing');
  await expect(column(page, 'pending')).toContainText('No tasks');
  await page.getByRole('button', { name: 'Grid view' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Menu photography' })).toBeVisible();
});

test('a project’s empty Tasks tab adds a task preset to that project', async ({ page }) => {
  const agency = await newAgency(page);
  const project = agency.projects[1];
  await page.goto(`/hub/projects/${project.projectUid}`);
  await expect(page.getByText('No tasks yet')).toBeVisible();
  await page.getByRole('button', { name: 'Add Task' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Add New Task' })).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Project' })).toHaveValue('Loyalty app');
  await dialog.getByLabel('Title').fill('Sketch the rewards screen');
  await dialog.getByRole('button', { name: 'Create Task' }).click();
  await expect(page.getByText('Task created successfully!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sketch the rewards screen' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Mark Sketch the rewards screen as completed' }).click();
  await expect(page.getByRole('checkbox', { name: 'Mark Sketch the rewards screen as pending again' })).toBeVisible();
});

/** No WCAG 2.1 A/AA violations that axe can detect. */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

test('the list, grid, board and dialog are accessible', async ({ page }) => {
  const agency = await newAgency(page);
  await addTask(page.request, agency, {
    title: 'Check colour contrast',
    priority: 'high',
    dueDate: '2020-01-01',
    assignedTo: agency.userId,
  });
  await addTask(page.request, agency, { title: 'Alt texts', status: 'completed' });
  for (const view of ['list', 'grid', 'board']) {
    await page.goto(`/hub/tasks?view=${view}`);
    await expect(page.getByText('Showing 2 of 2 tasks')).toBeVisible();
    await expectAccessible(page);
  }
  await page.getByRole('button', { name: 'Add Task' }).click();
  await expect(page.getByRole('heading', { name: 'Add New Task' })).toBeVisible();
  await expect(page.getByLabel('Title')).toBeFocused();
  await expectAccessible(page);
});

test('at 390 px the page never scrolls sideways in list or board view, and the bottom bar stays on screen', async ({
  page,
}) => {
  const agency = await newAgency(page);
  for (const [i, title] of ['Check colour contrast on every page', 'Alt texts', 'Keyboard paths'].entries())
    await addTask(page.request, agency, {
      title,
      priority: 'high',
      dueDate: '2031-02-14',
      assignedTo: agency.userId,
      status: ['pending', 'in-progress', 'completed'][i],
    });
  await page.setViewportSize({ width: 390, height: 844 });
  for (const view of ['list', 'board']) {
    await page.goto(`/hub/tasks?view=${view}`);
    await expect(page.getByText('Showing 3 of 3 tasks')).toBeVisible();
    // The table or the board scrolls inside its own box; the page is as wide as the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const bar = await page.getByRole('navigation', { name: 'Quick navigation' }).boundingBox();
    expect(bar).not.toBeNull();
    expect(bar!.x).toBeGreaterThanOrEqual(0);
    expect(bar!.x + bar!.width).toBeLessThanOrEqual(390);
    expect(bar!.y + bar!.height).toBeLessThanOrEqual(844);
  }
  // On a wide screen the list's page ends with its content: nothing positioned in the table lengthens it.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/hub/tasks?view=list');
  await expect(page.getByText('Showing 3 of 3 tasks')).toBeVisible();
  const { page: height, main } = await page.evaluate(() => ({
    page: document.documentElement.scrollHeight,
    // A short page still fills the window.
    main: Math.max(
      window.innerHeight,
      document.getElementById('main-content')!.getBoundingClientRect().bottom + window.scrollY,
    ),
  }));
  expect(height - main).toBeLessThanOrEqual(1);
});
