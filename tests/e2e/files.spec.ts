/**
 * Files as staff use them (/hub/documents): upload a real file through 'Add New File' (sharing it asks once) and watch
 * its progress bar, download it and get the same bytes, filter the list, edit the file, delete it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';

/** A new agency (signed in through the page's own cookies) with two companies and a project, and one linked invoice. */
async function agencyWithFiles(page: Page) {
  const n = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const signup = await page.request.post('/auth/signup', {
    data: {
      first_name: 'Mara',
      last_name: 'Stone',
      name: 'Stone Studio',
      email: `mara-${n}@studio.test`,
      phone: '1',
      password: 'Quartz-lantern-meadow-8817',
      slug: `files${n}`,
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
  const invoice = await page.request.post('/api/documents', {
    data: {
      name: 'Invoice INV-1042',
      type: 'invoice',
      url: 'https://files.example.test/inv-1042.pdf',
      size: 84221,
      companyId: north,
    },
    headers,
  });
  expect(invoice.status()).toBe(201);
  return { harbor, north };
}

test('a file is uploaded with a progress bar, downloads with the same bytes, filters, edits and deletes', async ({
  page,
  context,
}) => {
  await agencyWithFiles(page);
  await page.goto('/hub/documents');
  await expect(page.getByRole('heading', { name: 'Files', level: 1 })).toBeVisible();
  await expect(page.getByText('Showing 1 of 1 files')).toBeVisible();

  // Upload: the name comes from the file, the company is chosen, and the bytes leave slowly enough to watch.
  const bytes = crypto.randomBytes(3 * 1024 * 1024);
  await page.getByRole('button', { name: 'Add New File' }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Add New File' })).toBeVisible();
  // Sent without a file: that is the one thing it says (not that the empty name is required), and it stays open.
  await dialog.getByRole('button', { name: 'Upload File' }).click();
  await expect(dialog.getByText('Choose a file first', { exact: true })).toBeVisible();
  await expect(dialog.getByText('File name is required', { exact: true })).toHaveCount(0);
  await expect(dialog.getByRole('heading', { name: 'Add New File' })).toBeVisible();
  await dialog
    .getByLabel('File', { exact: true })
    .setInputFiles({ name: 'Signed proposal.pdf', mimeType: 'application/pdf', buffer: bytes });
  await expect(dialog.getByText('Choose a file first', { exact: true })).toHaveCount(0);
  await expect(dialog.getByLabel('File name')).toHaveValue('Signed proposal.pdf');
  await expect(dialog.getByText('3 MB', { exact: true })).toBeVisible();
  await dialog.getByLabel('Type').selectOption('proposal');
  await dialog.getByRole('combobox', { name: 'Company' }).fill('Harbor');
  await page.getByRole('option', { name: /Harbor Bakery/ }).click();
  await expect(dialog.getByLabel('Project')).toBeEnabled();
  await dialog.getByLabel('Project').selectOption({ label: 'Website relaunch' });
  // Internal until shared: the switch starts off, and turning it on asks once who the file reaches (nobody has portal
  // access yet; the new project is internal, so the client would not see the file before the project is shared).
  const share = dialog.getByRole('switch', { name: 'Visible in client portal' });
  await expect(share).not.toBeChecked();
  await share.click();
  const asking = page.getByRole('dialog', { name: 'Share Signed proposal.pdf?' });
  await expect(asking.getByText('Share with 0 contacts of Harbor Bakery and e-mail them?')).toBeVisible();
  await expect(asking.getByText('its project Website relaunch is not shared yet', { exact: false })).toBeVisible();
  await asking.getByRole('button', { name: 'Share and e-mail' }).click();
  await expect(asking).toHaveCount(0);
  await expect(share).toBeChecked();

  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 10,
    downloadThroughput: -1,
    uploadThroughput: 1024 * 1024,
  });
  await dialog.getByRole('button', { name: 'Upload File' }).click();
  const progress = dialog.getByRole('progressbar', { name: 'Upload progress' });
  await expect(progress).toBeVisible();
  await expect.poll(async () => Number(await progress.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
  await expect(dialog.getByText(/\d+% uploaded/)).toBeVisible();
  await expect(page.getByText('File created successfully!')).toBeVisible({ timeout: 30_000 });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await expect(page.getByText('Showing 2 of 2 files')).toBeVisible();
  const row = page.getByRole('row', { name: /Signed proposal\.pdf/ });
  await expect(row.getByText('Proposal', { exact: true })).toBeVisible();
  await expect(row.getByText('Harbor Bakery', { exact: true })).toBeVisible();
  await expect(row.getByText('Website relaunch', { exact: true })).toBeVisible();
  await expect(row.getByText('3 MB', { exact: true })).toBeVisible();
  await expect(page.getByText('Recent files').locator('..').getByText('2', { exact: true })).toBeVisible();

  // Download: the same bytes, under the file's own name.
  const downloading = page.waitForEvent('download');
  await row.getByRole('link', { name: 'Download Signed proposal.pdf' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Signed proposal.pdf');
  expect(fs.readFileSync(await download.path()).equals(bytes)).toBe(true);
  // The name opens the file in a new tab.
  const opening = context.waitForEvent('page');
  await row.getByRole('link', { name: 'Open Signed proposal.pdf in a new tab' }).click();
  const tab = await opening;
  expect(new URL(tab.url()).pathname).toMatch(/^\/api\/documents\/\d+\/download$/);
  await tab.close();

  // Filters: type (in the address, as the route's type filter), project including 'No Project', and Clear.
  await page.getByRole('combobox', { name: 'Filter by type' }).selectOption('invoice');
  await expect(page).toHaveURL(/type=invoice/);
  await expect(page.getByText('Showing 1 of 2 files')).toBeVisible();
  await expect(page.getByRole('row', { name: /Invoice INV-1042/ })).toBeVisible();
  await page.getByRole('button', { name: 'Clear', exact: true }).click();
  await expect(page.getByText('Showing 2 of 2 files')).toBeVisible();
  await page.getByRole('combobox', { name: 'Filter by project' }).selectOption('none');
  await expect(page.getByText('Showing 1 of 2 files')).toBeVisible();
  await expect(page.getByRole('row', { name: /Invoice INV-1042/ })).toBeVisible();
  await page.getByRole('combobox', { name: 'Filter by project' }).selectOption({ label: 'Website relaunch' });
  await expect(page.getByText('Showing 1 of 2 files')).toBeVisible();
  await expect(page.getByRole('row', { name: /Signed proposal/ })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search files' }).fill('nothing like this');
  await expect(page.getByRole('heading', { name: 'No files match your filters' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear', exact: true }).click();
  await expect(page.getByText('Showing 2 of 2 files')).toBeVisible();
  await page.goto('/hub/documents?type=proposal');
  await expect(page.getByText('Showing 1 of 2 files')).toBeVisible();
  await page.goto('/hub/documents');

  // Edit: rename, re-type, keep it out of the portal.
  await page
    .getByRole('row', { name: /Signed proposal/ })
    .getByRole('button', { name: 'Edit Signed proposal.pdf' })
    .click();
  await expect(dialog.getByRole('heading', { name: 'Edit File' })).toBeVisible();
  await dialog.getByLabel('File name').fill('Website proposal (signed)');
  await dialog.getByLabel('Type').selectOption('contract');
  await dialog.getByRole('switch', { name: 'Visible in client portal' }).click();
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('File updated', { exact: true })).toBeVisible();
  const edited = page.getByRole('row', { name: /Website proposal \(signed\)/ });
  await expect(edited.getByText('Contract', { exact: true })).toBeVisible();
  await expect(edited.getByText('Internal')).toBeVisible();
  await expect(edited.getByText('Signed proposal.pdf', { exact: true })).toBeVisible();

  // Delete, after a confirmation.
  await edited.getByRole('button', { name: 'Delete Website proposal (signed)' }).click();
  await expect(dialog.getByRole('heading', { name: 'Delete Website proposal (signed)?' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('File deleted', { exact: true })).toBeVisible();
  await expect(page.getByText('Showing 1 of 1 files')).toBeVisible();
  await expect(page.getByRole('row', { name: /Website proposal/ })).toHaveCount(0);
});

test('the company page has a Files tab with its count, an Upload File button and "No files yet"', async ({ page }) => {
  const { harbor } = await agencyWithFiles(page);
  await page.goto(`/hub/companies/${harbor}?tab=files`);
  await expect(page.getByRole('tab', { name: /Files\s*0/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No files yet' })).toBeVisible();
  await page.getByRole('button', { name: 'Upload File' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Add New File' })).toBeVisible();
  // The company is this page's: only the project is asked.
  await expect(dialog.getByRole('combobox', { name: 'Company' })).toHaveCount(0);
  await dialog
    .getByLabel('File', { exact: true })
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('kick-off notes') });
  await dialog.getByRole('button', { name: 'Upload File' }).click();
  await expect(page.getByText('File created successfully!')).toBeVisible();
  await expect(page.getByRole('tab', { name: /Files\s*1/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open notes.txt in a new tab' })).toBeVisible();
  // Not shared in the dialog: internal.
  await expect(page.getByRole('region', { name: 'Files' }).getByText('Internal')).toBeVisible();
});
