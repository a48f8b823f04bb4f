import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/** No WCAG 2.1 A/AA violations that axe can detect (as tests/e2e/accessibility.spec.ts checks). */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

// A 1×1 PNG (the server checks the bytes, not the name).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A fresh agency, signed in in this page's browser context (sign-up sets the session cookie). */
async function agency(page: Page, name = 'Harbor Lights Studio') {
  const n = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
  const slug = `harbor${n}`;
  const signup = await page.request.post('/auth/signup', {
    data: {
      first_name: 'Hana',
      last_name: 'Berg',
      name,
      email: `hana-${n}@harbor.test`,
      phone: '555 0101',
      password: 'a-strong-password-2',
      slug,
    },
  });
  expect(signup.status()).toBe(201);
  return { slug, name };
}

const hex = (label: string, page: Page) => page.getByRole('textbox', { name: label, exact: true });

test('brand style: the preview follows every change before it is saved, then the settings save', async ({ page }) => {
  await agency(page);
  await page.goto('/hub/account?tab=branding');
  await expect(page.getByRole('heading', { name: 'Brand Style Settings' })).toBeVisible();
  const preview = page.getByTestId('brand-preview');
  const login = preview.locator('button[type=submit]');
  await expect(login).toHaveCSS('background-color', 'rgb(39, 99, 152)');
  await expectAccessible(page);

  await hex('Primary color', page).fill('#0f766e');
  await expect(login).toHaveCSS('background-color', 'rgb(15, 118, 110)');
  await hex('Button text color', page).fill('#ffffff');
  await expect(login).toHaveCSS('color', 'rgb(255, 255, 255)');
  // The colour picker and the hex value are one value.
  await expect(page.getByLabel('Primary color: color picker')).toHaveValue('#0f766e');
  await page.getByLabel('Secondary color: color picker').fill('#f59e0b');
  await expect(hex('Secondary color', page)).toHaveValue('#f59e0b');

  const loginText = page.getByRole('textbox', { name: 'Login page text' });
  await loginText.fill('Good to see you again. Your projects are one click away.');
  await expect(preview.getByText('Good to see you again. Your projects are one click away.')).toBeVisible();
  await expect(page.getByText('56/200')).toBeVisible();

  // The spec's messages: on save, then as the fields change; nothing is saved.
  await hex('Button text color', page).fill('#12');
  await loginText.fill('');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Must be a valid hex color')).toBeVisible();
  await expect(page.getByText('Login text is required')).toBeVisible();
  await loginText.fill('x'.repeat(201));
  await expect(page.getByText('Login text must be less than 200 characters')).toBeVisible();
  await expect(page.getByText('201/200')).toBeVisible();
  await expect(page.getByText('Settings updated')).toHaveCount(0);

  await hex('Button text color', page).fill('#ffffff');
  await loginText.fill('Good to see you again. Your projects are one click away.');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings updated', { exact: true })).toBeVisible();
  await expect(page.getByText('Your branding settings have been saved successfully.')).toBeVisible();

  // Show/hide preview.
  await page.getByRole('button', { name: 'Hide preview' }).click();
  await expect(preview).toHaveCount(0);
  await page.getByRole('button', { name: 'Show preview' }).click();
  await expect(login).toHaveCSS('background-color', 'rgb(15, 118, 110)');

  // Saved: a reload shows the same values.
  await page.reload();
  await expect(hex('Primary color', page)).toHaveValue('#0f766e');
  await expect(page.getByRole('textbox', { name: 'Login page text' })).toHaveValue(
    'Good to see you again. Your projects are one click away.',
  );
});

test('logo: refused types are named, an image is uploaded and shown in the preview and on the portal login page', async ({
  page,
  browser,
  baseURL,
}) => {
  const { slug, name } = await agency(page, 'Cedar & Pine Co');
  const style = await page.request.put('/api/business/style', {
    data: {
      primary_color: '#7c2d12',
      secondary_color: '#fbbf24',
      button_text_color: '#fefce8',
      login_text: 'Cedar & Pine clients: sign in for your projects.',
    },
    headers: { origin: baseURL! },
  });
  expect(style.status()).toBe(200);
  await page.goto('/hub/account?tab=branding');
  const input = page.locator('input[type=file][accept*="image/"]');

  await input.setInputFiles({
    name: 'logo.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
  });
  await expect(page.getByText('Invalid file type', { exact: true })).toBeVisible();
  await expect(page.getByText('Please upload a JPEG, PNG, or GIF image.')).toBeVisible();

  // Named like an image, but not one: the server reads the bytes and says so.
  await input.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
  await expect(page.getByText('Upload failed', { exact: true })).toBeVisible();
  await expect(page.getByText('Invalid file type: Please upload a JPEG, PNG, or GIF image.')).toBeVisible();

  await input.setInputFiles({ name: 'cedar.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Logo uploaded', { exact: true })).toBeVisible();
  await expect(page.getByText('cedar.png')).toBeVisible();
  const previewLogo = page.getByTestId('brand-preview').locator('img');
  await expect(previewLogo).toHaveAttribute('src', /^\/api\/business\/logo\/\d+\/[0-9a-f-]{36}$/);
  const src = await previewLogo.getAttribute('src');

  // A client, signed out, on the portal's login page: the agency's logo, name, login text and colours.
  const context = await browser.newContext();
  const portal = await context.newPage();
  await portal.goto(`/portal/${slug}/login`);
  await expect(portal.getByRole('heading', { name: `Welcome to ${name}` })).toBeVisible();
  const logo = portal.getByRole('img', { name: `${name} logo` });
  await expect(logo).toHaveAttribute('src', src!);
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  await expect(portal.getByText('Cedar & Pine clients: sign in for your projects.')).toBeVisible();
  const button = portal.getByRole('button', { name: 'LOGIN' });
  await expect(button).toHaveCSS('background-color', 'rgb(124, 45, 18)');
  await expect(button).toHaveCSS('color', 'rgb(254, 252, 232)');
  await expect(portal).toHaveTitle(`Welcome to ${name} — Clientflow`);
  await expectAccessible(portal);

  // The branding is cached in the browser: a reload shows it before the server answers.
  await portal.route('**/trpc/business.branding**', (route) => route.abort());
  await portal.reload();
  await expect(portal.getByRole('heading', { name: `Welcome to ${name}` })).toBeVisible();
  await context.close();

  // Removing it goes back to the name.
  await page.getByRole('button', { name: 'Remove logo' }).click();
  await expect(page.getByText('Logo removed', { exact: true })).toBeVisible();
  await expect(page.getByTestId('brand-preview').locator('img')).toHaveCount(0);
});

test('business information: the spec’s validation messages, save, and the portal URL', async ({
  page,
  context,
  baseURL,
}) => {
  const { slug } = await agency(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/hub/account');
  await expect(page.getByRole('heading', { name: 'Business Information' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Business slug' })).toHaveValue(slug);
  await expect(page.getByRole('textbox', { name: 'Business slug' })).toBeDisabled();
  await expectAccessible(page);

  // The client portal URL: copy and open.
  await expect(page.getByRole('textbox', { name: 'Client portal URL' })).toHaveValue(`${baseURL}/portal/${slug}`);
  await page.getByRole('button', { name: 'Copy client portal URL' }).click();
  await expect(page.getByText('Copied to clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/portal/${slug}`);
  await expect(page.getByRole('link', { name: 'Open client portal in a new tab' })).toHaveAttribute(
    'href',
    `${baseURL}/portal/${slug}`,
  );

  const field = (name: string) => page.getByRole('textbox', { name, exact: false }).first();
  await field('Business name').fill('');
  await field('Email').fill('not-an-email');
  await page
    .getByRole('region', { name: 'Business Information' })
    .getByRole('button', { name: 'Save changes' })
    .click();
  for (const message of ['Business name is required', 'Must be a valid email address']) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  // The address is optional as a whole (issue 29): empty, it asks for nothing; partly filled, it needs the rest.
  await expect(page.getByText('Street address is required', { exact: true })).toHaveCount(0);
  await field('City').fill('Halifax');
  await page
    .getByRole('region', { name: 'Business Information' })
    .getByRole('button', { name: 'Save changes' })
    .click();
  for (const message of ['Street address is required', 'Zip code is required', 'Country is required']) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page.getByText('City is required', { exact: true })).toHaveCount(0);
  await expect(page.getByText('State is required', { exact: true })).toHaveCount(0);
  await field('Business name').fill('n'.repeat(101));
  await expect(page.getByText('Business name must be less than 100 characters')).toBeVisible();

  await field('Business name').fill('Harbor Lights Creative');
  await field('Email').fill('hello@harbor.test');
  await page.getByRole('textbox', { name: 'Street address', exact: false }).first().fill('8 Pier Road');
  await field('City').fill('Halifax');
  await field('Zip code').fill('B3H 1A1');
  await field('Country').fill('Canada');
  // Amounts are shown in the agency's currency.
  await page.getByRole('combobox', { name: 'Currency' }).selectOption('CAD');
  await page
    .getByRole('region', { name: 'Business Information' })
    .getByRole('button', { name: 'Save changes' })
    .click();
  await expect(page.getByText('Business information updated', { exact: true })).toBeVisible();
  // The hub's header shows the new name.
  await expect(page.getByRole('banner').getByText('Harbor Lights Creative')).toBeVisible();

  await page.reload();
  await expect(field('City')).toHaveValue('Halifax');
  await expect(field('State')).toHaveValue('');
  await expect(page.getByRole('combobox', { name: 'Currency' })).toHaveValue('CAD');
  await expect(field('Business name')).toHaveValue('Harbor Lights Creative');
});

test("the user menu's Profile opens the account page's profile tab", async ({ page }) => {
  await agency(page);
  await page.goto('/hub/account?tab=profile');
  await expect(page.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Branding' }).click();
  await expect(page).toHaveURL(/\?tab=branding$/);
  await expect(page.getByRole('heading', { name: 'Brand Style Settings' })).toBeVisible();
});
