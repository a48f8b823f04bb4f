/**
 * Reports: an agency with two client companies and three projects (hours, billing, start dates this month) opens
 * Reports from the navigation, reads its figures in the tables, narrows to one company, and downloads a report as CSV.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';

async function newAgency(page: Page) {
  const n = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const signup = await page.request.post('/auth/signup', {
    data: {
      first_name: 'Rae',
      last_name: 'Lindqvist',
      name: 'Lindqvist Studio',
      email: `rae-${n}@lindqvist.test`,
      phone: '1',
      password: 'Quartz-lantern-meadow-8817',
      slug: `reports${n}`,
    },
  });
  expect(signup.status()).toBe(201);
  const headers = { authorization: `Bearer ${(await signup.json()).authToken}` };
  const company = async (name: string) =>
    (await (await page.request.post('/api/companies', { data: { name, status: 'active' }, headers })).json())
      .id as number;
  const juniper = await company('Juniper Cafe');
  const orchid = await company('Orchid Labs');
  const today = new Date().toISOString().slice(0, 10);
  const project = async (data: Record<string, unknown>) => {
    const res = await page.request.post('/api/projects', {
      data: { status: 'in-progress', projectStartDate: today, ...data },
      headers,
    });
    expect(res.status()).toBe(201);
  };
  await project({
    name: 'Menu redesign',
    companiesId: juniper,
    totalHoursEstimated: 12.5,
    totalHoursWorked: 7,
    totalBilled: 1500,
  });
  await project({
    name: 'Loyalty cards',
    companiesId: juniper,
    totalHoursEstimated: 4,
    totalHoursWorked: 3,
    totalBilled: 200,
  });
  await project({
    name: 'Lab website',
    companiesId: orchid,
    totalHoursEstimated: 40,
    totalHoursWorked: 33,
    totalBilled: 9000,
  });
  return { juniper, orchid };
}

test('Reports shows the agency’s figures, narrows to a company and downloads a CSV', async ({ page }) => {
  await newAgency(page);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.goto('/hub');
  await page.getByRole('link', { name: 'Reports', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();

  const byCompany = page.getByRole('region', { name: 'Hours and billing by company' });
  await expect(byCompany.getByRole('row', { name: /Orchid Labs/ })).toContainText('33');
  const juniperRow = byCompany.getByRole('row', { name: /Juniper Cafe/ });
  await expect(juniperRow.getByRole('cell')).toHaveText(['2', '16.5', '10', '$1,700.00']);
  const byStatus = page.getByRole('region', { name: 'Projects by status' });
  await expect(byStatus.getByRole('row', { name: /In Progress/ }).getByRole('cell')).toHaveText(['3']);

  // One company: the chip says which, the URL keeps it, the numbers are that company's only.
  const picker = page.getByRole('combobox', { name: 'Company' });
  await picker.click();
  await picker.fill('Orchid');
  await page.getByRole('option', { name: 'Orchid Labs' }).click();
  await expect(page.getByText('Company: Orchid Labs')).toBeVisible();
  await expect(page).toHaveURL(/companyId=\d+/);
  await expect(byStatus.getByRole('row', { name: /In Progress/ }).getByRole('cell')).toHaveText(['1']);
  await expect(byCompany.getByRole('row', { name: /Juniper Cafe/ })).toHaveCount(0);

  const byProject = page.getByRole('region', { name: 'Hours and billing by project' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    byProject.getByRole('button', { name: /Download CSV/ }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('hours-by-project.csv');
  const text = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
  expect(text).toBe('Project,Company,Hours estimated,Hours worked,Billed\r\nLab website,Orchid Labs,40,33,9000\r\n');

  // Presets set the range; Clear takes every filter away.
  await page.getByRole('button', { name: 'Last 30 days' }).click();
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}/);
  await expect(page.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: /Clear/ }).first().click();
  await expect(page).not.toHaveURL(/companyId=/);
  await expect(byCompany.getByRole('row', { name: /Juniper Cafe/ })).toBeVisible();
});
