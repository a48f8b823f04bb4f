import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/** A new agency with three companies (and `extra` more), signed in through the page's own cookies. */
async function agencyWithCompanies(page: Page, extra = 0) {
  const n = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const signup = await page.request.post('/auth/signup', {
    data: {
      first_name: 'Lia',
      last_name: 'Kit',
      name: 'Kit Agency',
      email: `lia-${n}@kit.test`,
      phone: '1',
      password: 'Quartz-lantern-meadow-8817',
      slug: `kit${n}`,
    },
  });
  expect(signup.status()).toBe(201);
  const token = (await signup.json()).authToken as string;
  for (const company of [
    {
      name: 'Acme Robotics',
      industry: 'Manufacturing',
      status: 'onboarding',
      website: 'https://acme-robotics-international-holdings.example',
    },
    { name: 'Blue Lagoon Spa', industry: 'Wellness', status: 'active' },
    { name: 'Copper Field Farms', industry: 'Agriculture', status: 'prospect' },
    ...Array.from({ length: extra }, (_, i) => ({
      name: `Zeta Client ${String(i + 1).padStart(2, '0')}`,
      industry: 'Retail',
    })),
  ]) {
    const created = await page.request.post('/companies/v1', {
      data: company,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(created.status()).toBe(201);
  }
}

const searchParam = (page: Page, key: string) => new URL(page.url()).searchParams.get(key);

test.beforeEach(async ({ page }, testInfo) => {
  await agencyWithCompanies(page, testInfo.title.includes('next page') ? 27 : 0);
});

test('fast typing in the search box keeps every letter and the caret', async ({ page }) => {
  await page.goto('/hub/companies');
  await expect(page.getByText('Showing 3 of 3 companies')).toBeVisible();
  const box = page.getByRole('searchbox', { name: 'Search companies' });
  await box.click();
  await page.keyboard.type('copper field', { delay: 15 });
  await expect(box).toHaveValue('copper field');
  await expect.poll(() => searchParam(page, 'search')).toBe('copper field');
  await expect(page.getByText('Showing 1 of 3 companies')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Copper Field Farms' })).toBeVisible();
  await expect(box).toHaveValue('copper field');

  // Typing in the middle: the caret stays where the user typed, also when the URL catches up.
  await box.press('Home');
  for (let i = 0; i < 'copper'.length; i++) await box.press('ArrowRight');
  await page.keyboard.type('ed', { delay: 15 });
  await expect.poll(() => searchParam(page, 'search')).toBe('coppered field');
  await page.keyboard.type('X');
  await expect(box).toHaveValue('copperedX field');
  expect(await box.evaluate((el: HTMLInputElement) => el.selectionStart)).toBe('copperedX'.length);
  await expect.poll(() => searchParam(page, 'search')).toBe('copperedX field');
  await expect(page.getByText('No companies match your filters')).toBeVisible();

  // One burst of typing is one history entry: Back leaves the search, not one letter.
  await box.blur();
  await page.goBack();
  await expect.poll(() => searchParam(page, 'search')).toBeNull();
  await expect(box).toHaveValue('');
  await expect(page.getByText('Showing 3 of 3 companies')).toBeVisible();
});

test('an unknown filter value in the URL shows the list instead of an error', async ({ page }) => {
  await page.goto('/hub/companies?status=bogus&view=sideways&industry=Wellness');
  await expect(page.getByText('Showing 1 of 3 companies')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Filter by status' })).toHaveValue('');
  await expect(page.getByRole('combobox', { name: 'Filter by industry' })).toHaveValue('Wellness');
  await expect(page.getByRole('heading', { name: 'Blue Lagoon Spa' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('filter changes are history entries, shown as chips that clear one by one', async ({ page }) => {
  await page.goto('/hub/companies');
  await expect(page.getByText('Showing 3 of 3 companies')).toBeVisible();
  const status = page.getByRole('combobox', { name: 'Filter by status' });
  const industry = page.getByRole('combobox', { name: 'Filter by industry' });

  await status.selectOption('onboarding');
  await expect(page.getByText('Showing 1 of 3 companies')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Status: Onboarding' })).toBeVisible();
  await industry.selectOption('Wellness');
  await expect(page.getByText('No companies match your filters')).toBeVisible();
  await expect(page.getByText('Showing 0 of 3 companies')).toBeVisible();

  await page.goBack();
  await expect(status).toHaveValue('onboarding');
  await expect(industry).toHaveValue('');
  await expect(page.getByText('Showing 1 of 3 companies')).toBeVisible();
  await page.goBack();
  await expect(status).toHaveValue('');
  await expect(page.getByText('Showing 3 of 3 companies')).toBeVisible();
  await page.goForward();
  await expect(status).toHaveValue('onboarding');

  // Each chip clears its own filter; Clear all clears the rest.
  await industry.selectOption('Manufacturing');
  await page.getByRole('searchbox', { name: 'Search companies' }).fill('acme');
  await expect(page.getByRole('button', { name: 'Remove filter Search: acme' })).toBeVisible();
  await page.getByRole('button', { name: 'Remove filter Status: Onboarding' }).click();
  await expect(status).toHaveValue('');
  await expect(industry).toHaveValue('Manufacturing');
  await expect(page.getByText('Showing 1 of 3 companies')).toBeVisible();
  await page.getByRole('button', { name: 'Clear all' }).click();
  await expect(page.getByRole('searchbox', { name: 'Search companies' })).toHaveValue('');
  await expect(industry).toHaveValue('');
  await expect(page.getByText('Showing 3 of 3 companies')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Clear all' })).toHaveCount(0);
});

test('a refetch dims the list, shows a spinner by the count and marks the results busy', async ({ page }) => {
  await page.goto('/hub/companies');
  await expect(page.getByText('Showing 3 of 3 companies')).toBeVisible();
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/trpc/companies.list**', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('combobox', { name: 'Filter by status' }).selectOption('active');
  const results = page.getByRole('region', { name: 'Companies' });
  await expect(results).toHaveAttribute('aria-busy', 'true');
  await expect(results.getByRole('status')).toHaveText('Updating results');
  await expect(page.getByText('Showing 3 of 3 companies')).toBeVisible();
  release();
  await expect(page.getByText('Showing 1 of 3 companies')).toBeVisible();
  await expect(results).toHaveAttribute('aria-busy', 'false');
});

test('at 390 px the page never scrolls sideways; the table scrolls in its own box', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const view of ['list', 'grid']) {
    await page.goto(`/hub/companies?view=${view}`);
    await expect(page.getByText('Showing 3 of 3 companies')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  }
  await page.goto('/hub/companies?view=list');
  const box = page.getByRole('table', { name: 'Companies' }).locator('..');
  expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
});

test('a company opens its page from its card or row, by mouse and keyboard; Edit opens a dialog that keeps its size', async ({
  page,
}) => {
  await page.goto('/hub/companies');
  // Anywhere on the card: its middle is the industry line, not the name or a control.
  await page.getByRole('listitem').filter({ hasText: 'Blue Lagoon Spa' }).click();
  await expect(page).toHaveURL(/\/hub\/companies\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Blue Lagoon Spa' })).toBeVisible();
  await page.goBack();

  await page.getByRole('button', { name: 'Edit Blue Lagoon Spa' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Company' })).toBeVisible();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Company name')).toHaveValue('Blue Lagoon Spa');
  // The required field says so; the close button comes first in the tab order.
  await expect(dialog.getByRole('textbox', { name: 'Company name (required)' })).toBeVisible();
  await expect(dialog.locator('button, input, select, textarea, a[href], [tabindex="0"]').first()).toHaveAccessibleName(
    'Close',
  );

  const panel = dialog.locator('form');
  // Measured once the dialog's opening transition (a scale) has finished.
  const settled = () => page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
  await settled();
  const detailsHeight = (await panel.boundingBox())!.height;
  await dialog.getByRole('tab', { name: 'Resources Access' }).click();
  await expect(dialog.getByText('No resources for this company yet.')).toBeVisible();
  await settled();
  expect((await panel.boundingBox())!.height).toBe(detailsHeight);
  await dialog.getByRole('tab', { name: 'Company Details' }).click();

  // A rule the spec gives no text for reads as a sentence.
  await dialog.getByLabel('Company name').fill('x'.repeat(201));
  await dialog.getByRole('button', { name: 'Update Company' }).click();
  await expect(dialog.getByText('Name must be 200 characters or fewer')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: 'Edit Company' })).toHaveCount(0);

  await page.getByRole('button', { name: 'List view' }).click();
  await page.getByRole('cell', { name: 'Manufacturing' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Acme Robotics' })).toBeVisible();
  await page.goBack();
  await page.getByRole('link', { name: 'Copper Field Farms', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Copper Field Farms' })).toBeVisible();
});

test("a proxy's HTML error shows '{status}: {body text}', never a JSON parse error", async ({ page }) => {
  await page.goto('/hub/companies');
  await page.getByRole('button', { name: 'Edit Acme Robotics' }).click();
  await page.route('**/trpc/companies.update**', (route) =>
    route.fulfill({
      status: 502,
      contentType: 'text/html',
      body: '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>',
    }),
  );
  await page.getByRole('dialog').getByRole('button', { name: 'Update Company' }).click();
  await expect(page.getByText('502: 502 Bad Gateway')).toBeVisible();
  await expect(page.getByText(/not valid JSON|Unexpected token/)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Edit Company' })).toBeVisible();
});

test('the next page loads at the end of the grid and at the end of the table box', async ({ page }) => {
  await page.goto('/hub/companies');
  await expect(page.getByText('Showing 30 of 30 companies')).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Zeta Client/ })).toHaveCount(21);
  await page.getByRole('button', { name: 'Load more' }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('heading', { name: 'Zeta Client 27' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);

  await page.goto('/hub/companies?view=list');
  await expect(page.getByRole('row')).toHaveCount(25);
  const box = page.getByRole('table', { name: 'Companies' }).locator('..');
  // The header stays in view while the rows scroll under it.
  const headerTop = async () => (await page.getByRole('columnheader', { name: 'Company' }).boundingBox())!.y;
  const before = await headerTop();
  await box.evaluate((el) => (el.scrollTop = el.scrollHeight));
  await expect(page.getByRole('cell', { name: 'Zeta Client 27', exact: true })).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(31);
  expect(await headerTop()).toBe(before);
});

test('the filtered list, its chips and the no-match state are accessible', async ({ page }) => {
  await page.goto('/hub/companies?status=onboarding&search=ac');
  await expect(page.getByText('Showing 1 of 3 companies')).toBeVisible();
  const axe = () => new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect((await axe()).violations.map((v) => v.id)).toEqual([]);
  await page.getByRole('combobox', { name: 'Filter by industry' }).selectOption('Wellness');
  await expect(page.getByText('No companies match your filters')).toBeVisible();
  expect((await axe()).violations.map((v) => v.id)).toEqual([]);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByText('Showing 3 of 3 companies')).toBeVisible();
});
