/**
 * Templates (issue 29): a new agency has the starter templates; "From template" on the projects page makes a project
 * from "Website project" with its tasks due from the chosen start date and opens it; the templates page lists it.
 * A template's tasks are edited on /hub/templates (added, moved, removed, errors under their row), and a project made
 * from it has them; an agency without templates adds the starters from the empty state.
 */
import { expect, test, type Page } from '@playwright/test';

async function signUp(page: Page) {
  const n = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const signup = await page.request.post('/auth/signup', {
    data: {
      first_name: 'Tess',
      last_name: 'Moreau',
      name: 'Moreau Studio',
      email: `tess-${n}@studio.test`,
      phone: '1',
      password: 'Quartz-lantern-meadow-8817',
      slug: `tmpl${n}`,
    },
  });
  expect(signup.status()).toBe(201);
  const token = (await signup.json()).authToken as string;
  const company = await page.request.post('/api/companies', {
    data: { name: 'Harbor Bakery', status: 'active' },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(company.ok()).toBe(true);
  return token;
}

test('a project from the "Website project" template has its tasks due from the start date', async ({ page }) => {
  await signUp(page);
  await page.goto('/hub/projects');
  await page.getByRole('button', { name: 'From template' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'New project from template' })).toBeVisible();
  await dialog.getByLabel('Template').selectOption({ label: 'Website project · 12 tasks' });
  // The template's name is the project's until one is typed.
  await expect(dialog.getByLabel('Project name')).toHaveValue('Website project');
  await dialog.getByLabel('Project name').fill('Harbor website');
  await dialog.getByRole('combobox', { name: 'Company' }).fill('Harbor');
  await page.getByRole('option', { name: /Harbor Bakery/ }).click();
  await dialog.getByLabel('Start date').fill('2030-03-04');
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();

  await expect(page).toHaveURL(/\/hub\/projects\/c[a-z0-9]{20,}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Harbor website' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Harbor Bakery' })).toBeVisible();
  await expect(page.getByText('March 4, 2030')).toBeVisible();
  // Launch is 56 days after the start.
  await expect(page.getByText('Launch', { exact: true })).toBeVisible();

  await page.goto('/hub/templates');
  await expect(page.getByRole('heading', { level: 1, name: 'Templates' })).toBeVisible();
  for (const name of ['Website project', 'Monthly retainer', 'Client onboarding'])
    await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
});

test('edits a template’s tasks, then a project made from it has them', async ({ page }) => {
  await signUp(page);
  await page.goto('/hub/templates');
  await page.getByRole('button', { name: 'Edit Monthly retainer' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Edit template: Monthly retainer' })).toBeVisible();
  const rows = dialog.getByTestId('task-row');
  await expect(rows).toHaveCount(7);

  // The first task renamed, the second removed, a new one added last and moved up to be first.
  await dialog.getByLabel('Task title — Task 1').fill('Agree the month’s goals');
  await dialog.getByRole('button', { name: 'Remove task 2' }).click();
  await expect(rows).toHaveCount(6);
  await dialog.getByRole('button', { name: 'Add task' }).click();
  await expect(dialog.getByLabel('Task title — Task 7')).toBeFocused();
  // An empty title and a day past the range are refused under their row, nothing is saved.
  await dialog.getByLabel('Due (days after start) — Task 7').fill('5000');
  await dialog.getByRole('button', { name: 'Save template' }).click();
  await expect(rows.nth(6).getByText('Please enter a task title.')).toBeVisible();
  await expect(rows.nth(6).getByText('Days after the start must be between 0 and 3650.')).toBeVisible();
  await dialog.getByLabel('Task title — Task 7').fill('Strategy workshop');
  await dialog.getByLabel('Due (days after start) — Task 7').fill('2');
  await dialog.getByLabel('Priority — Task 7').selectOption('high');
  for (let n = 7; n > 1; n--) await dialog.getByRole('button', { name: `Move task ${n} up` }).click();
  await expect(dialog.getByLabel('Task title — Task 1')).toHaveValue('Strategy workshop');
  await expect(dialog.getByLabel('Task title — Task 2')).toHaveValue('Agree the month’s goals');
  await dialog.getByRole('button', { name: 'Save template' }).click();
  await expect(page.getByText('Template saved')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/^7 tasks$/)).toBeVisible();

  // Reopened, the order is the saved one.
  await page.getByRole('button', { name: 'Monthly retainer', exact: true }).click();
  await expect(dialog.getByLabel('Task title — Task 1')).toHaveValue('Strategy workshop');
  await expect(dialog.getByLabel('Due (days after start) — Task 1')).toHaveValue('2');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.goto('/hub/projects');
  await page.getByRole('button', { name: 'From template' }).click();
  const create = page.getByRole('dialog');
  await create.getByLabel('Template').selectOption({ label: 'Monthly retainer · 7 tasks' });
  await create.getByLabel('Project name').fill('Harbor, March');
  await create.getByLabel('Start date').fill('2030-03-04');
  await create.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Harbor, March' })).toBeVisible();
  await expect(page.getByText('Strategy workshop', { exact: true })).toBeVisible();
  await expect(page.getByText('Agree the month’s goals', { exact: true })).toBeVisible();
  await expect(page.getByText('Weekly check-in call', { exact: true })).toHaveCount(2);
});

test('an agency without templates adds the starters from the empty state, once', async ({ page }) => {
  const token = await signUp(page);
  const auth = { authorization: `Bearer ${token}` };
  for (const kind of ['project-templates', 'flow-templates']) {
    const list = await (await page.request.get(`/api/${kind}`, { headers: auth })).json();
    for (const t of list as { id: number }[])
      expect((await page.request.delete(`/api/${kind}/${t.id}`, { headers: auth })).ok()).toBe(true);
  }
  await page.goto('/hub/templates');
  await expect(page.getByRole('heading', { name: 'Start with the starter templates' })).toBeVisible();
  await page.getByRole('button', { name: 'Add the starter templates' }).click();
  await expect(page.getByText('Added 4 starter templates')).toBeVisible();
  for (const name of ['Website project', 'Monthly retainer', 'Client onboarding'])
    await expect(page.getByRole('button', { name, exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add the starter templates' })).toHaveCount(0);
});
