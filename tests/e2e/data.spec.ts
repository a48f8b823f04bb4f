/**
 * Account → Data as an owner uses it: agency A (a company, its contact and an uploaded file) exports everything and
 * the zip downloads; agency B, in a browser of its own, imports that zip (the preview counts what is new, Import,
 * the summary) and finds the company and the contact. And a contacts CSV: the mapping step maps an unguessed column,
 * the preview marks a duplicate (by e-mail) and an error row and refuses to import; the corrected file keeps the
 * mapping and imports, with the summary. Signs up its agencies through the API.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/** The Data tab's own part of the page (the header's pieces have their own specs). */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page })
    .include('[role="tabpanel"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

async function newAgency(page: Page, name: string) {
  const n = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const signup = await page.request.post('/auth/signup', {
    data: {
      first_name: 'Noor',
      last_name: 'Haddad',
      name,
      email: `noor-${n}@haddad.test`,
      phone: '1',
      password: 'Quartz-lantern-meadow-8817',
      slug: `data${n}`,
    },
  });
  expect(signup.status()).toBe(201);
  const headers = { authorization: `Bearer ${(await signup.json()).authToken}` };
  const post = async (url: string, data: object) => {
    const res = await page.request.post(url, { data, headers });
    expect(res.status(), await res.text()).toBe(201);
    return res.json();
  };
  return { headers, post };
}

test('the owner exports everything and another agency imports the zip', async ({ page, browser }) => {
  const a = await newAgency(page, 'Haddad Export Co');
  const company = await a.post('/api/companies', { name: 'Juniper Cafe', status: 'active', industry: 'Hospitality' });
  await a.post('/api/contacts', {
    firstName: 'Olive',
    lastName: 'Marsh',
    email: `olive-${Date.now()}@juniper.test`,
    companyId: company.id,
  });
  const upload = await page.request.post('/api/documents/upload', {
    headers: a.headers,
    multipart: {
      companyId: String(company.id),
      visibleInPortal: 'true',
      file: { name: 'Menu.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF the spring menu') },
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);

  await page.goto('/hub/account?tab=data');
  await expect(page.getByRole('tab', { name: 'Data' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('No exports yet')).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export everything' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  const zip = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'clientflow-e2e-')), download.suggestedFilename());
  await download.saveAs(zip);
  expect((await fs.readFile(zip)).subarray(0, 2).toString('latin1')).toBe('PK');

  // Agency B, in a browser of its own.
  const other = await browser.newContext();
  const pageB = await other.newPage();
  await newAgency(pageB, 'Haddad Import Co');
  await pageB.goto('/hub/account?tab=data');
  const card = pageB.getByRole('region', { name: 'Import' });
  await card.getByText('Clientflow export', { exact: true }).click();
  await expect(card.getByRole('radio', { name: /Clientflow export/ })).toBeChecked();
  await card.getByLabel('File to import').setInputFiles(zip);
  await card.getByRole('button', { name: 'Continue' }).click();
  await expect(card.getByText('Exported from Haddad Export Co')).toBeVisible();
  const counts = card.getByRole('list', { name: 'Check before importing' });
  await expect(counts.getByRole('listitem').filter({ hasText: 'Companies' })).toContainText('1 new');
  await expect(counts.getByRole('listitem').filter({ hasText: 'Contacts' })).toContainText('1 new');
  await expect(counts.getByRole('listitem').filter({ hasText: 'Files' })).toContainText('1 new');
  await expectAccessible(pageB);
  await card.getByRole('button', { name: 'Import everything' }).click();
  await expect(card.getByRole('heading', { name: 'Import complete' })).toBeVisible();
  const summary = card.getByRole('definition');
  await expect(card.getByText('1 file stored')).toBeVisible();
  await expect(summary.first()).toBeVisible();

  await card.getByRole('link', { name: 'Go to Companies' }).click();
  await expect(pageB.getByRole('link', { name: 'Juniper Cafe' }).first()).toBeVisible();
  await pageB.goto('/hub/contacts');
  await expect(pageB.getByText('Olive Marsh').first()).toBeVisible();
  await other.close();
});

test('a contacts CSV: map a column, see the duplicate and the error, fix the file and import', async ({ page }) => {
  const agency = await newAgency(page, 'Haddad CSV Co');
  const n = Date.now().toString(36);
  const harbor = await agency.post('/api/companies', { name: 'Harbor Dental', status: 'active' });
  await agency.post('/api/contacts', {
    firstName: 'Ben',
    lastName: 'Okafor',
    email: `ben-${n}@harbor.test`,
    companyId: harbor.id,
  });
  const csv = (cleoEmail: string) =>
    [
      'First,Last,Email,Client',
      `Ana,Silva,ana-${n}@harbor.test,Harbor Dental`,
      `Ben,Okafor,ben-${n}@harbor.test,Harbor Dental`,
      `Cleo,Park,${cleoEmail},Lumen Labs`,
    ].join('\n');

  await page.goto('/hub/account?tab=data');
  const card = page.getByRole('region', { name: 'Import' });
  await expect(card.getByRole('radio', { name: /^Contacts/ })).toBeChecked();
  await card
    .getByLabel('File to import')
    .setInputFiles({ name: 'contacts.csv', mimeType: 'text/csv', buffer: Buffer.from(csv('not-an-email')) });
  await card.getByRole('button', { name: 'Continue' }).click();

  // "Client" is not a name the server knows for a company: map it by hand.
  await expect(card.getByText('Match the columns')).toBeVisible();
  await expect(card.getByLabel('E-mail')).toHaveValue('Email');
  await expect(card.getByLabel('Company')).toHaveValue('');
  await card.getByLabel('Company').selectOption('Client');
  await expect(card.getByText('e.g. “Harbor Dental”')).toBeVisible();
  await expect(card.getByRole('list', { name: 'Check before importing' })).toContainText('1 error');
  await expectAccessible(page);
  await card.getByRole('button', { name: 'Show preview' }).click();

  const table = card.getByRole('table', { name: 'Rows of the file' });
  await expect(table.getByRole('row').filter({ hasText: 'Okafor' })).toContainText('Duplicate');
  await expect(table.getByRole('row').filter({ hasText: 'Park' })).toContainText('Error');
  await expect(table.getByRole('row').filter({ hasText: 'Park' }).getByRole('cell').first()).toHaveText('4');
  await expect(card.getByText('Lumen Labs')).toBeVisible();
  await expect(card.getByText('Fix these lines in the file and upload it again.')).toBeVisible();
  await expect(card.getByRole('button', { name: /^Import/ })).toBeDisabled();
  await expectAccessible(page);
  await card.getByRole('button', { name: /^Errors/ }).click();
  await expect(table.getByRole('row')).toHaveCount(2);

  // The corrected file keeps the mapping.
  await card.getByRole('button', { name: 'Choose a file' }).click();
  await card.getByLabel('File to import').setInputFiles({
    name: 'contacts-fixed.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv(`cleo-${n}@lumen.test`)),
  });
  await card.getByRole('button', { name: 'Continue' }).click();
  await expect(card.getByLabel('Company')).toHaveValue('Client');
  await card.getByRole('button', { name: 'Show preview' }).click();
  await expect(card.getByText('Fix these lines')).toHaveCount(0);
  await card.getByRole('button', { name: 'Import 2 rows' }).click();
  await expect(card.getByRole('heading', { name: 'Import complete' })).toBeVisible();
  await expect(card.getByText('2 added')).toBeVisible();
  await expect(card.getByText('1 skipped (already here)')).toBeVisible();

  await card.getByRole('link', { name: 'Go to Contacts' }).click();
  await expect(page.getByText('Cleo Park').first()).toBeVisible();
});
