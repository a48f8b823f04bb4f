/**
 * Resources as staff use them (/hub/resources, spec §2.7): create a resource with three details through the form
 * (every required message, project after company, the live JSON preview, the duplicate-key refusal), see the
 * details in the dialog, edit it to four details so the card shows exactly three and "+1 more...", delete it
 * behind a confirmation; and the company page's Resources tab.
 */
import { expect, test, type Page } from '@playwright/test';

/** A new agency (signed in through the page's own cookies) with two companies and a project of the first. */
async function agency(page: Page) {
  const n = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const signup = await page.request.post('/auth/signup', {
    data: {
      first_name: 'Rhea',
      last_name: 'Vance',
      name: 'Vance Studio',
      email: `rhea-${n}@studio.test`,
      phone: '1',
      password: 'Quartz-lantern-meadow-8817',
      slug: `res${n}`,
    },
  });
  expect(signup.status()).toBe(201);
  const headers = { authorization: `Bearer ${(await signup.json()).authToken}` };
  const company = async (name: string) =>
    (await (await page.request.post('/api/companies', { data: { name, status: 'active' }, headers })).json())
      .id as number;
  const harbor = await company('Harbor Bakery');
  const north = await company('Northwind Logistics');
  const project = await page.request.post('/projects/v1', {
    data: { name: 'Website relaunch', companies_id: harbor },
    headers,
  });
  expect(project.status()).toBe(201);
  return { harbor, north, headers };
}

const card = (page: Page, title: string) => page.getByTestId('resource-card').filter({ hasText: title });

test('a resource is created with three details, shown, edited to four ("+1 more..."), and deleted after asking', async ({
  page,
}) => {
  await agency(page);
  await page.goto('/hub/resources');
  await expect(page.getByRole('heading', { name: 'Resources', level: 1 })).toBeVisible();
  await expect(page.getByText('No resources yet')).toBeVisible();
  await page.getByRole('link', { name: 'Create Resource' }).first().click();
  await expect(page).toHaveURL(/\/hub\/resources\/create$/);
  await expect(page.getByRole('heading', { name: 'Basic Information' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Assignment' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Add Resource Details' })).toBeVisible();

  // Every required field says so; the last detail row cannot be removed.
  await page.getByRole('button', { name: 'Create Resource' }).click();
  for (const message of [
    'Title is required',
    'Description is required',
    'Type is required',
    'Status is required',
    'Company is required',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('button', { name: 'Remove detail 1' })).toBeDisabled();

  await page.getByLabel('Title').fill('Website hosting');
  await page.getByLabel('Description').fill('Where the site lives and how to get in.');
  await page.getByLabel('Type').selectOption('tool');
  await page.getByLabel('Status').selectOption('live');

  // The project waits for a company, then offers that company's projects; a new company clears it.
  const project = page.getByLabel('Project');
  await expect(project).toBeDisabled();
  const company = page.getByRole('combobox', { name: 'Company' });
  await company.fill('North');
  await page.getByRole('option', { name: /Northwind Logistics/ }).click();
  await expect(project).toBeEnabled();
  await expect(project.locator('option')).toHaveText(['No project']);
  await company.fill('Harbor');
  await page.getByRole('option', { name: /Harbor Bakery/ }).click();
  await project.selectOption({ label: 'Website relaunch' });
  // Showing it to the client asks once who it reaches (resources are not e-mailed: no e-mail in the question).
  await page.getByRole('switch', { name: 'Visible to client' }).click();
  const asking = page.getByRole('dialog', { name: 'Share Website hosting?' });
  await expect(asking.getByText('Share with 0 contacts of Harbor Bakery?')).toBeVisible();
  await asking.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(asking).toHaveCount(0);
  await expect(page.getByRole('switch', { name: 'Visible to client' })).toBeChecked();

  // Three details, with a key typed twice on the way: refused with 'Validation Error'.
  const detail = async (n: number, key: string, value: string) => {
    await page.getByLabel(`Key — Detail ${n}`).fill(key);
    await page.getByLabel(`Value — Detail ${n}`).fill(value);
  };
  await detail(1, 'Login URL', 'https://host.example.test/login');
  await page.getByRole('button', { name: 'Add Detail' }).click();
  await detail(2, 'Account', 'harbor-bakery');
  await page.getByRole('button', { name: 'Add Detail' }).click();
  await detail(3, 'login url', 'https://elsewhere.example.test');
  await expect(page.getByRole('button', { name: 'Remove detail 1' })).toBeEnabled();
  await page.getByRole('button', { name: 'Create Resource' }).click();
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Validation Error' });
  await expect(toast).toBeVisible();
  await expect(toast.getByText('Duplicate keys are not allowed in resource details')).toBeVisible();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Duplicate keys are not allowed in resource details' }),
  ).toBeVisible();
  await detail(3, 'Support', 'help@host.example.test');
  // An empty fourth row is left out of what is saved.
  await page.getByRole('button', { name: 'Add Detail' }).click();
  await expect(page.getByTestId('json-preview')).toHaveText(
    JSON.stringify(
      { 'Login URL': 'https://host.example.test/login', Account: 'harbor-bakery', Support: 'help@host.example.test' },
      null,
      2,
    ),
  );
  await page.getByRole('button', { name: 'Create Resource' }).click();
  await expect(page.getByText('Resource created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/hub\/resources$/);

  // The grid (the default) shows the three entries and no "+N more...".
  const created = card(page, 'Website hosting');
  await expect(created.getByTestId('detail-preview').locator('dt')).toHaveText(['Login URL', 'Account', 'Support']);
  await expect(created.getByText(/more\.\.\./)).toHaveCount(0);
  await expect(page.getByText('Showing 1 of 1 resources')).toBeVisible();

  // The details dialog: every entry, visibility, company and project.
  await created.getByRole('button', { name: 'Open Website hosting' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Website hosting' })).toBeVisible();
  const entries = dialog.getByTestId('resource-details');
  await expect(entries.locator('dt')).toHaveText(['Login URL', 'Account', 'Support']);
  await expect(entries.getByRole('link', { name: /host\.example\.test\/login/ })).toHaveAttribute('target', '_blank');
  await expect(dialog.getByText('Harbor Bakery')).toBeVisible();
  await expect(dialog.getByText('Website relaunch')).toBeVisible();
  await expect(dialog.getByText('Visible', { exact: true }).first()).toBeVisible();

  // Edit with the same form: a fourth detail.
  await dialog.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/hub\/resources\/\d+\/edit$/);
  await expect(page.getByLabel('Title')).toHaveValue('Website hosting');
  await expect(page.getByLabel('Project')).toHaveValue(/\d+/);
  await page.getByRole('button', { name: 'Add Detail' }).click();
  await detail(4, 'Plan', 'Team');
  await page.getByLabel('Title').fill('Website hosting (Netlify)');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Resource updated successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/hub\/resources$/);
  const edited = card(page, 'Website hosting (Netlify)');
  await expect(edited.getByTestId('detail-preview').locator('dt')).toHaveCount(3);
  await expect(edited.getByText('+1 more...', { exact: true })).toBeVisible();

  // The list view, then delete behind its confirmation (Cancel first, then for real).
  await page.getByRole('button', { name: 'List view' }).click();
  const row = page.getByRole('row', { name: /Website hosting \(Netlify\)/ });
  await expect(row.getByText('4 details')).toBeVisible();
  await row.getByRole('button', { name: 'Website hosting (Netlify)' }).click();
  await expect(dialog.getByTestId('resource-details').locator('dt')).toHaveCount(4);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('heading', { name: 'Delete Website hosting (Netlify)?' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog.getByRole('heading', { name: 'Website hosting (Netlify)' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Resource deleted successfully')).toBeVisible();
  await expect(page.getByText('No resources yet')).toBeVisible();
});

test("a detail the server refuses shows its message under that row's field", async ({ page }) => {
  await agency(page);
  await page.goto('/hub/resources/create');
  await page.getByLabel('Title').fill('Brand kit');
  await page.getByLabel('Description').fill('Logos and colours.');
  await page.getByLabel('Type').selectOption('information');
  await page.getByLabel('Status').selectOption('active');
  await page.getByRole('combobox', { name: 'Company' }).fill('Harbor');
  await page.getByRole('option', { name: /Harbor Bakery/ }).click();
  await page.getByLabel('Key — Detail 1').fill('Logo');
  await page.getByLabel('Value — Detail 1').fill('https://files.example.test/logo.svg');
  await page.getByRole('button', { name: 'Add Detail' }).click();
  await page.getByLabel('Key — Detail 2').fill('Primary colour');
  await page.getByLabel('Value — Detail 2').fill('#0f766e');

  // The form checks the same rules first, so the second value is blanked on its way: the refusal is the server's
  // (its issue path details.1.value).
  await page.route('**/trpc/resources.create**', async (route) => {
    const body = route.request().postDataJSON();
    body['0'].json.details[1].value = '';
    await route.continue({ postData: JSON.stringify(body) });
  });
  await page.getByRole('button', { name: 'Create Resource' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Failed to create resource: 400' })).toBeVisible();
  const refused = page.getByLabel('Value — Detail 2');
  await expect(refused).toHaveAttribute('aria-invalid', 'true');
  const describedBy = await refused.getAttribute('aria-describedby');
  await expect(page.locator(`[id="${describedBy}"]`)).toHaveText('Value is required');
  for (const field of ['Key — Detail 1', 'Value — Detail 1', 'Key — Detail 2'])
    await expect(page.getByLabel(field)).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/hub\/resources\/create$/);
});

test("the list filters by the route's type words, and a company's Resources tab lists its resources", async ({
  page,
}) => {
  const { harbor, north, headers } = await agency(page);
  const add = (title: string, type: string, companyId: number, value: Record<string, string>) =>
    page.request.post('/resources/v1', {
      data: {
        title,
        description: `${title} for the client`,
        type,
        status: 'active',
        visible: true,
        company_id: companyId,
        value,
      },
      headers,
    });
  expect(
    (
      await add('Brand guidelines', 'information', harbor, {
        Logo: 'https://cdn.example.test/logo.svg',
        Primary: '#1F4E79',
        Secondary: '#F2A541',
        Font: 'Inter',
        Tone: 'Warm',
      })
    ).status(),
  ).toBe(201);
  expect((await add('KPI dashboard', 'tool', north, { Link: 'https://kpi.example.test' })).status()).toBe(201);

  await page.goto('/hub/resources?type=guideline');
  await expect(page.getByText('Showing 1 of 2 resources')).toBeVisible();
  await expect(card(page, 'Brand guidelines').getByText('+2 more...', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /Remove filter Type: Guideline/ })).toBeVisible();
  await page.goto('/hub/resources?type=tool');
  await expect(card(page, 'KPI dashboard')).toBeVisible();
  await expect(card(page, 'Brand guidelines')).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear', exact: true }).click();
  await expect(page.getByText('Showing 2 of 2 resources')).toBeVisible();

  // The company page: its resources, the visibility switch, and Create Resource with the company chosen.
  await page.goto(`/hub/companies/${harbor}?tab=resources`);
  const panel = page.getByRole('region', { name: 'Resources' });
  await expect(panel.getByRole('button', { name: 'Open Brand guidelines' })).toBeVisible();
  await expect(panel.getByText('+2 more...', { exact: true })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Open KPI dashboard' })).toHaveCount(0);
  const visible = panel.getByRole('switch', { name: 'Visible to client: Brand guidelines' });
  await expect(visible).toBeChecked();
  await visible.click();
  await expect(visible).not.toBeChecked();
  // Showing it again asks first; 'Keep hidden' leaves it hidden, 'Share' shows it.
  await visible.click();
  const asking = page.getByRole('dialog', { name: 'Share Brand guidelines?' });
  await expect(asking.getByText('Share with 0 contacts of Harbor Bakery?')).toBeVisible();
  await asking.getByRole('button', { name: 'Keep hidden' }).click();
  await expect(asking).toHaveCount(0);
  await expect(visible).not.toBeChecked();
  await visible.click();
  await asking.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(page.getByText('Solution Enabled')).toBeVisible();
  await expect(visible).toBeChecked();
  await panel.getByRole('link', { name: 'Create Resource' }).click();
  await expect(page).toHaveURL(new RegExp(`/hub/resources/create\\?companyId=${harbor}$`));
  await expect(page.getByRole('combobox', { name: 'Company' })).toHaveValue('Harbor Bakery');
  await expect(page.getByLabel('Project')).toBeEnabled();
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/hub\/resources$/);
});
