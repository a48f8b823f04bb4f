/**
 * Projects as staff use them: add a project with dates and contacts through the dialog, open its page (header
 * dates in "MMMM d, yyyy", the Contacts tab), filter the list by status, and delete with a confirmation.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

type Agency = { token: string; n: string; api: (method: 'post' | 'get', path: string, data?: object) => Promise<any> };

/** A new agency signed in through the page's own cookies, with a Bearer token for setting up data. */
async function signUp(page: Page): Promise<Agency> {
  const n = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const signup = await page.request.post('/auth/signup', {
    data: {
      first_name: 'Noor',
      last_name: 'Haddad',
      name: 'Haddad Studio',
      email: `noor-${n}@studio.test`,
      phone: '1',
      password: 'Quartz-lantern-meadow-8817',
      slug: `proj${n}`,
    },
  });
  expect(signup.status()).toBe(201);
  const token = (await signup.json()).authToken as string;
  const request: APIRequestContext = page.request;
  const api = async (method: 'post' | 'get', path: string, data?: object) => {
    const res = await request[method](path, { data, headers: { authorization: `Bearer ${token}` } });
    expect(res.ok(), `${method} ${path}: ${res.status()}`).toBe(true);
    return res.json();
  };
  return { token, n, api };
}

test('a project made in the dialog with dates and contacts shows them on its page', async ({ page }) => {
  const { n, api } = await signUp(page);
  const harbor = await api('post', '/api/companies', { name: 'Harbor Bakery', status: 'active' });
  await api('post', '/api/companies', { name: 'Other Co', status: 'active' });
  const people: [string, string, string | null][] = [
    ['Olive', 'Harbor', '+1 555 0142'],
    ['Pia', 'Marsh', null],
    ['Quinn', 'Reed', null],
  ];
  for (const [first, last, phone] of people)
    await api('post', '/api/contacts', {
      companyId: harbor.id,
      firstName: first,
      lastName: last,
      email: `${first.toLowerCase()}-${n}@harbor.test`,
      phone,
      title: 'Owner',
    });

  await page.goto('/hub/projects');
  await expect(page.getByRole('heading', { name: 'No projects yet' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Project' }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Add Project' })).toBeVisible();

  // The spec's required-name message, before anything reaches the server.
  await dialog.getByRole('button', { name: 'Create Project' }).click();
  await expect(dialog.getByText('Project name is required')).toBeVisible();

  await dialog.getByLabel('Project name').fill('Shop relaunch');
  await dialog.getByLabel('Description').fill('New shop front and online orders.');
  // Contacts come from the chosen company.
  await expect(dialog.getByText('Choose a company first')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Company' }).fill('Harbor');
  await page.getByRole('option', { name: /Harbor Bakery/ }).click();
  await dialog.getByRole('checkbox', { name: /Olive Harbor/ }).check();
  await dialog.getByRole('checkbox', { name: /Pia Marsh/ }).check();
  await expect(dialog.getByText('2 selected')).toBeVisible();
  await expect(dialog.getByLabel('Status')).toHaveValue('draft');
  await dialog.getByLabel('Status').selectOption('in-progress');
  const start = dialog.getByLabel('Start date');
  await expect(start).toHaveAttribute('min', '1900-01-01');
  await start.fill('2030-03-01');
  // A due date before the start date is refused in the form (issue 29).
  await dialog.getByLabel('Due date').fill('2030-02-01');
  await dialog.getByRole('button', { name: 'Create Project' }).click();
  await expect(dialog.getByText('The due date can’t be before the start date.')).toBeVisible();
  await dialog.getByLabel('Due date').fill('2030-06-30');
  await expect(dialog.getByLabel('Hours estimated')).toHaveAttribute('step', '0.1');
  await dialog.getByLabel('Hours estimated').fill('120.5');
  await expect(dialog.getByLabel('Total billed')).toHaveAttribute('step', '0.01');
  await dialog.getByLabel('Total billed').fill('1234.56');
  await dialog.getByRole('button', { name: 'Create Project' }).click();

  await expect(page.getByText('Project created', { exact: true })).toBeVisible();
  await expect(page.getByText('The project has been successfully created.')).toBeVisible();
  await expect(page.getByText('1 of 1 projects')).toBeVisible();
  const row = page.getByRole('row', { name: /Shop relaunch/ });
  await expect(row.getByText('Mar 01, 2030')).toBeVisible();
  await expect(row.getByText('Jun 30, 2030')).toBeVisible();
  // Internal until shared (issue 27): the dialog's switch was off, so the new project is internal.
  await expect(row.getByText('Internal', { exact: true })).toBeVisible();

  // The row opens the project's page at its uid.
  await row.getByRole('link', { name: 'Shop relaunch' }).click();
  await expect(page).toHaveURL(/\/hub\/projects\/c[a-z0-9]{20,}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Shop relaunch' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Harbor Bakery' })).toBeVisible();
  await expect(page.getByText('In Progress', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('New shop front and online orders.')).toBeVisible();
  await expect(page.getByText('March 1, 2030')).toBeVisible();
  await expect(page.getByText('June 30, 2030')).toBeVisible();
  // Amounts carry the agency's currency (USD until Account → Business says otherwise).
  await expect(page.getByText('$1,234.56')).toBeVisible();

  // Sharing from the project page asks once, saying who will see it (no contact has portal access yet).
  const share = page.getByRole('switch', { name: 'Visible to client' });
  await expect(share).not.toBeChecked();
  await share.click();
  const ask = page.getByRole('dialog', { name: 'Share “Shop relaunch”?' });
  await expect(ask.getByText('Share with 0 contacts of Harbor Bakery?')).toBeVisible();
  await ask.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(page.getByText('Shop relaunch is shared with the client.')).toBeVisible();
  await expect(share).toBeChecked();

  await expect(page.getByRole('tab', { name: /Tasks\s*0/ })).toBeVisible();
  await expect(page.getByRole('tab', { name: /Files\s*0/ })).toBeVisible();
  const contactsTab = page.getByRole('tab', { name: /Contacts\s*3/ });
  await contactsTab.click();
  const panel = page.getByRole('tabpanel', { name: /Contacts/ });
  const onProject = panel.getByRole('region', { name: 'On this project' });
  await expect(onProject.getByText('Olive Harbor')).toBeVisible();
  await expect(onProject.getByText('Pia Marsh')).toBeVisible();
  await expect(onProject.getByRole('link', { name: 'Email Olive Harbor' })).toHaveAttribute(
    'href',
    `mailto:olive-${n}@harbor.test`,
  );
  await expect(onProject.getByRole('link', { name: 'Call Olive Harbor' })).toHaveAttribute('href', 'tel:+1 555 0142');
  await expect(panel.getByRole('region', { name: 'Also at Harbor Bakery' }).getByText('Quinn Reed')).toBeVisible();

  // Editing keeps the contacts; another company starts with none.
  await page.getByRole('button', { name: 'Edit Project' }).click();
  await expect(dialog.getByRole('checkbox', { name: /Olive Harbor/ })).toBeChecked();
  await expect(dialog.getByLabel('Start date')).toHaveValue('2030-03-01');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});

test('the status filter offers the form’s statuses, and "All active" for every in-flight one', async ({ page }) => {
  const { api } = await signUp(page);
  const made: Record<string, { id: number; project_uid: string }> = {};
  for (const [name, status] of [
    ['Draft idea', 'draft'],
    ['Waiting on client', 'waiting'],
    ['Risky rollout', 'at-risk'],
    ['Finished site', 'complete'],
    ['Paused work', 'on-hold'],
  ])
    made[status] = await api('post', '/projects/v1/', { name, status });

  await page.goto('/hub/projects');
  await expect(page.getByText('5 of 5 projects')).toBeVisible();
  const status = page.getByRole('combobox', { name: 'Filter by status' });
  // One vocabulary (issue 29): the filter names the statuses the form sets, On Hold included.
  await expect(status.locator('option')).toHaveText([
    'All Status',
    'All active',
    'Draft',
    'Waiting',
    'Approval',
    'In Progress',
    'At-risk',
    'On Hold',
    'Complete',
  ]);
  await status.selectOption('active');
  await expect(page.getByText('2 of 5 projects')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Waiting on client' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Risky rollout' })).toBeVisible();
  await expect(page).toHaveURL(/status=active/);
  await status.selectOption('complete');
  await expect(page.getByText('1 of 5 projects')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Finished site' })).toBeVisible();
  await status.selectOption('draft');
  await expect(page.getByRole('link', { name: 'Draft idea' })).toBeVisible();
  await status.selectOption('on-hold');
  await expect(page.getByText('1 of 5 projects')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Paused work' })).toBeVisible();
  await status.selectOption('approval');
  await expect(page.getByRole('heading', { name: 'No projects match your filters' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByText('5 of 5 projects')).toBeVisible();

  // The numeric id still opens the page, and the address becomes the uid.
  await page.goto(`/hub/projects/${made.waiting.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Waiting on client' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/hub/projects/${made.waiting.project_uid}$`));
  await page.goto('/hub/projects/cnosuchproject000000000000');
  await expect(page.getByRole('heading', { name: 'Project not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Projects' }).click();
  await expect(page).toHaveURL(/\/hub\/projects$/);
});

test('deleting a project asks first, then takes its tasks and keeps its files', async ({ page }) => {
  const { api } = await signUp(page);
  const keep = await api('post', '/projects/v1/', { name: 'Keep me' });
  const client = await api('post', '/api/companies', { name: 'Pitch Client', status: 'prospect' });
  const doomed = await api('post', '/projects/v1/', { name: 'Old pitch', companies_id: client.id });
  const tasks = [
    await api('post', '/api/tasks', { title: 'Draft the deck', projectId: doomed.id }),
    await api('post', '/api/tasks', { title: 'Send it', projectId: doomed.id }),
  ];
  const file = await api('post', '/api/documents', {
    name: 'Pitch.pdf',
    type: 'proposal',
    url: 'https://files.example.test/pitch.pdf',
    projectId: doomed.id,
  });

  await page.goto('/hub/projects');
  await expect(page.getByText('2 of 2 projects')).toBeVisible();
  // From the list: Cancel keeps it.
  await page.getByRole('button', { name: 'Delete Keep me' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Delete Keep me?' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('2 of 2 projects')).toBeVisible();

  // From the project's page: confirm, and land back on the list.
  await page.goto(`/hub/projects/${doomed.project_uid}`);
  await expect(page.getByRole('tab', { name: /Tasks\s*2/ })).toBeVisible();
  await expect(page.getByRole('tab', { name: /Files\s*1/ })).toBeVisible();
  await page.getByRole('button', { name: 'Delete Old pitch' }).click();
  await expect(
    dialog.getByText('Its 2 tasks are deleted with it. Its files stay in your files list, without a project.'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete project' }).click();
  await expect(page.getByText('Project deleted', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/hub\/projects$/);
  await expect(page.getByText('1 of 1 projects')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Keep me' })).toBeVisible();
  expect((await page.request.get(`/api/projects/${keep.id}`)).status()).toBe(200);
  expect((await page.request.get(`/api/projects/${doomed.id}`)).status()).toBe(404);
  for (const task of tasks) expect((await page.request.get(`/api/tasks/${task.id}`)).status()).toBe(404);
  const kept = await page.request.get(`/api/documents/${file.id}`);
  expect(kept.status()).toBe(200);
  expect(await kept.json()).toMatchObject({ name: 'Pitch.pdf', projectId: null, companyId: client.id });
});
