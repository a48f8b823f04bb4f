/**
 * Global search: Ctrl-K opens the command palette anywhere in the hub, typing a word of a task's description finds
 * the task (the word highlighted), Enter opens it (the task's dialog on the tasks page), Esc closes the palette;
 * the header's search button and the quick actions open the same way.
 */
import { expect, test, type Page } from '@playwright/test';

async function newAgency(page: Page) {
  const n = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const signup = await page.request.post('/auth/signup', {
    data: {
      first_name: 'Sam',
      last_name: 'Reyes',
      name: 'Reyes Studio',
      email: `sam-${n}@reyes.test`,
      phone: '1',
      password: 'Quartz-lantern-meadow-8817',
      slug: `search${n}`,
    },
  });
  expect(signup.status()).toBe(201);
  const headers = { authorization: `Bearer ${(await signup.json()).authToken}` };
  const company = await (
    await page.request.post('/api/companies', { data: { name: 'Café Olé', status: 'active' }, headers })
  ).json();
  const project = await (
    await page.request.post('/api/projects', {
      data: { name: 'Menu redesign', companyId: company.id, status: 'in-progress' },
      headers,
    })
  ).json();
  return { headers, company, project };
}

test('Ctrl-K finds a task by a word of its description and Enter opens it', async ({ page }) => {
  const { headers, project } = await newAgency(page);
  const task = await page.request.post('/api/tasks', {
    data: {
      projectId: project.id,
      title: 'Print the new menus',
      description: 'Ask the printer about recycled paper and a matte finish.',
    },
    headers,
  });
  expect(task.status()).toBe(201);
  await page.request.post('/api/tasks', { data: { projectId: project.id, title: 'Photograph the dishes' }, headers });

  await page.goto('/hub');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The first frame already shows the greeting: the shortcut works once the hub's own header (its search) is in.
  await expect(page.locator('button[aria-keyshortcuts~="Control+K"]')).toBeVisible();
  await page.keyboard.press('Control+k');
  const input = page.getByRole('combobox', { name: 'Search' });
  await expect(input).toBeFocused();
  // Empty: the quick actions.
  await expect(page.getByRole('option', { name: /Add task/ })).toBeVisible();

  await input.fill('recyc');
  const option = page.getByRole('option', { name: /Print the new menus/ });
  await expect(option).toBeVisible();
  await expect(option.locator('mark')).toHaveText('recyc');
  await expect(page.getByRole('option', { name: /Photograph the dishes/ })).toHaveCount(0);
  await input.press('Enter');

  await expect(page).toHaveURL(/\/hub\/tasks$/);
  const dialog = page.getByRole('dialog', { name: 'Edit Task' });
  await expect(dialog.getByRole('heading', { name: 'Edit Task' })).toBeVisible();
  await expect(dialog.getByLabel(/Title/)).toHaveValue('Print the new menus');
});

test('the header button opens the palette; arrows move, Esc closes; no results and accents folded', async ({
  page,
}) => {
  await newAgency(page);
  await page.goto('/hub/tasks');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const input = page.getByRole('combobox', { name: 'Search' });
  await input.fill('cafe');
  const company = page.getByRole('option', { name: /Café Olé/ });
  await expect(company).toBeVisible();
  await expect(company.locator('mark').first()).toHaveText('Café');
  await input.fill('zzzqx');
  await expect(page.getByText('No results for “zzzqx”')).toBeVisible();
  await input.press('Escape');
  await expect(input).toBeHidden();

  // A quick action opens its page's create dialog.
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox', { name: 'Search' }).fill('add proj');
  await page.getByRole('combobox', { name: 'Search' }).press('Enter');
  await expect(page).toHaveURL(/\/hub\/projects$/);
  await expect(page.getByRole('heading', { name: 'Add Project' })).toBeVisible();
});

test('the exact company comes first, above files that mention it; a contact reads their title and role, not stored values', async ({
  page,
}) => {
  const { headers, company } = await newAgency(page);
  const post = async (url: string, data: object) => {
    const res = await page.request.post(url, { data, headers });
    expect(res.status(), await res.text()).toBe(201);
    return res.json();
  };
  for (const name of ['Aspen Aspen site map.pdf', 'Notes for Aspen Aspen.pdf'])
    await post('/api/documents', { name, url: 'https://files.example.test/a.pdf', companyId: company.id });
  await post('/api/companies', { name: 'Aspen', status: 'active' });
  await post('/api/contacts', {
    firstName: 'Ada',
    lastName: 'Aspen',
    email: 'ada@aspen.test',
    role: 'executive',
    title: 'Founder',
  });

  await page.goto('/hub');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The first frame already shows the greeting: the shortcut works once the hub's own header (its search) is in.
  await expect(page.locator('button[aria-keyshortcuts~="Control+K"]')).toBeVisible();
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox', { name: 'Search' }).fill('aspen');
  const options = page.getByRole('option');
  await expect(options.first()).toContainText('Aspen');
  await expect(options.first()).not.toContainText('.pdf');
  const contact = page.getByRole('option', { name: /Ada Aspen/ });
  await expect(contact).toContainText('Founder · Executive');
  await expect(contact).not.toContainText('executive Founder');
});

test("an archived company's contact is not found in the palette, and is again once the company is unarchived", async ({
  page,
}) => {
  const { headers, company } = await newAgency(page);
  const contact = await page.request.post('/api/contacts', {
    data: { firstName: 'Inez', lastName: 'Quillfeather', email: 'inez@cafe-ole.test', companyId: company.id },
    headers,
  });
  expect(contact.status(), await contact.text()).toBe(201);
  const input = page.getByRole('combobox', { name: 'Search' });
  const inez = page.getByRole('option', { name: /Inez Quillfeather/ });
  const searchFor = async (text: string) => {
    await page.keyboard.press('Control+k');
    await input.fill(text);
  };
  const companyMenu = async (action: 'Archive' | 'Unarchive') => {
    await page.getByRole('button', { name: 'Company actions' }).click();
    await page.getByRole('menuitem', { name: action }).click();
  };

  await page.goto(`/hub/companies/${company.id}`);
  await expect(page.getByRole('heading', { name: 'Café Olé', level: 1 })).toBeVisible();
  await searchFor('quillfeather');
  await expect(inez).toBeVisible();
  await input.press('Escape');

  // Archived from its page: the palette, asked the same again, finds nothing.
  await companyMenu('Archive');
  await expect(page.getByText('Café Olé archived', { exact: false })).toBeVisible();
  await searchFor('quillfeather');
  await expect(page.getByText('No results for “quillfeather”')).toBeVisible();
  await expect(inez).toHaveCount(0);
  await input.press('Escape');

  await companyMenu('Unarchive');
  await searchFor('quillfeather');
  await expect(inez).toBeVisible();
});
