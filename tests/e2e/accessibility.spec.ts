import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/** No WCAG 2.1 A/AA violations that axe can detect. */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

test('public pages and the sign-in and sign-up screens are accessible', async ({ page }) => {
  for (const [path, heading] of [
    ['/', 'Complete Client Management System for Service Agencies'],
    ['/features', null],
    ['/pricing', null],
    ['/hub/login', 'Welcome to Clientflow'],
    ['/hub/signup', 'Create Your Account'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    if (heading) await expect(page.getByRole('heading', { level: 1 })).toContainText(heading);
    await expectAccessible(page);
  }
});

test('the companies screen and its dialog are accessible and keyboard-operable', async ({ page }) => {
  const request = page.request;
  const n = Date.now().toString(36);
  const signup = await request.post('/auth/signup', {
    data: {
      first_name: 'Kay',
      last_name: 'Board',
      name: 'Keyboard Agency',
      email: `kay-${n}@a11y.test`,
      phone: '1',
      password: 'a-strong-password-2',
      slug: `kbd${n}`,
    },
  });
  expect(signup.status()).toBe(201);
  // page.request shares the browser's cookies, so the sign-up's session cookie signs the page in.
  const token = (await signup.json()).authToken as string;
  await request.post('/companies/v1', {
    data: { name: 'Accessible Co', industry: 'Testing' },
    headers: { authorization: `Bearer ${token}` },
  });

  await page.goto('/hub/companies');
  await expect(page.getByText('Showing 1 of 1 companies')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'List view' }).click();
  await expect(page.getByRole('columnheader', { name: 'Industry' })).toBeVisible();
  await expectAccessible(page);

  // Keyboard only: open the add dialog, type, submit with Enter, Escape closes.
  await page.getByRole('button', { name: 'Add Company' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Add New Company' })).toBeVisible();
  await expect(page.getByLabel('Company name')).toBeFocused();
  await expectAccessible(page);
  await page.keyboard.type('Typed Without Mouse');
  await page.keyboard.press('Enter');
  await expect(page.getByText('The company has been successfully created.')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Typed Without Mouse', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Edit Typed Without Mouse' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Company' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: 'Edit Company' })).toHaveCount(0);
});
