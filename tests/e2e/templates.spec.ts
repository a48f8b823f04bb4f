/**
 * Templates (issue 29): a new agency has the starter templates; "From template" on the projects page makes a project
 * from "Website project" with its tasks due from the chosen start date and opens it; the templates page lists it.
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
