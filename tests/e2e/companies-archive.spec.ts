import { expect, test, type Page } from '@playwright/test';

/** A new agency (signed in through the page's own cookies) with two companies; the first has a contact and a project. */
async function agency(page: Page) {
  const n = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const signup = await page.request.post('/auth/signup', {
    data: {
      first_name: 'Ari',
      last_name: 'Vale',
      name: 'Vale Studio',
      email: `ari-${n}@vale.test`,
      phone: '1',
      password: 'Quartz-lantern-meadow-8817',
      slug: `vale${n}`,
    },
  });
  expect(signup.status()).toBe(201);
  const headers = { authorization: `Bearer ${(await signup.json()).authToken}` };
  const ids: number[] = [];
  for (const name of ['Acme Robotics', 'Blue Lagoon Spa']) {
    const res = await page.request.post('/companies/v1', { data: { name, status: 'active' }, headers });
    expect(res.status()).toBe(201);
    ids.push((await res.json()).id);
  }
  const contact = await page.request.post('/contacts/v1', {
    data: { first_name: 'Iris', last_name: 'Acme', email: `iris-${n}@acme.test`, company_id: ids[0] },
    headers,
  });
  expect(contact.status()).toBe(201);
  const project = await page.request.post('/api/projects', {
    data: { name: 'Robot site', companiesId: ids[0], status: 'in-progress' },
    headers,
  });
  expect(project.status()).toBe(201);
  return { acmeId: ids[0] };
}

const companyActions = (page: Page) => page.getByRole('button', { name: 'Company actions' });

test('archives a company, undoes it, finds it in the Archived view, then deletes it with its records', async ({
  page,
}) => {
  const { acmeId } = await agency(page);
  await page.goto(`/hub/companies/${acmeId}`);
  await expect(page.getByRole('heading', { name: 'Acme Robotics', level: 1 })).toBeVisible();

  // Archive, then Undo from the toast.
  await companyActions(page).click();
  await page.getByRole('menuitem', { name: 'Archive' }).click();
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Acme Robotics archived' });
  await expect(toast).toBeVisible();
  await expect(page.getByText(/^Archived .* It is hidden from lists/)).toBeVisible();
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Acme Robotics restored')).toBeVisible();
  await expect(page.getByText(/^Archived .* It is hidden from lists/)).toHaveCount(0);

  // Archive again: gone from the list, back in the Archived view, and its page offers Unarchive.
  await companyActions(page).click();
  await page.getByRole('menuitem', { name: 'Archive' }).click();
  await expect(page.getByText(/^Archived .* It is hidden from lists/)).toBeVisible();
  await page.goto('/hub/companies');
  await expect(page.getByText('Showing 1 of 1 companies')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Acme Robotics' })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Show' }).selectOption('true');
  await expect(page.getByRole('heading', { name: 'Acme Robotics' })).toBeVisible();
  await page.getByRole('link', { name: 'Acme Robotics' }).click();
  await companyActions(page).click();
  await expect(page.getByRole('menuitem', { name: 'Unarchive' })).toBeVisible();

  // Delete: the dialog names what goes, and asks for the name before the destructive button works.
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Acme Robotics?' });
  await expect(dialog.getByText('1 contact', { exact: true })).toBeVisible();
  await expect(dialog.getByText('1 project', { exact: true })).toBeVisible();
  await expect(dialog.getByText('0 portal users (they can no longer sign in)')).toBeVisible();
  const submit = dialog.getByRole('button', { name: 'Delete company and everything listed' });
  await expect(submit).toBeDisabled();
  await dialog.getByLabel('Type Acme Robotics to confirm').fill('Acme Robotics');
  await submit.click();
  await expect(page).toHaveURL(/\/hub\/companies$/);
  await expect(page.getByText('Acme Robotics deleted')).toBeVisible();
  await page.getByRole('combobox', { name: 'Show' }).selectOption('true');
  await expect(page.getByText('No archived companies')).toBeVisible();
  expect((await page.request.get(`/api/companies/${acmeId}`)).status()).toBe(404);
});
