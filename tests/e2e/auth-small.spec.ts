import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { slugSchema } from '../../shared/schemas/auth';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
// Long and unrelated words: well above the strength the server requires.
const strongPassword = 'violet-harbor-spoon-42';

// One agency for every signed-in check here: sign-ups are throttled per client address.
let signedIn: Awaited<ReturnType<BrowserContext['storageState']>>;
test.beforeAll(async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  const n = unique();
  const response = await context.request.post('/auth/signup', {
    data: {
      first_name: 'Ada',
      last_name: 'Small',
      name: `Small Things ${n}`,
      email: `ada-${n}@small.test`,
      phone: '1',
      password: strongPassword,
      slug: `small${n}`,
    },
  });
  expect(response.status()).toBe(201);
  // The request context shares the browser's cookies: the sign-up's session cookie is in this state.
  signedIn = await context.storageState();
  await context.close();
});

/** The page's browser context, signed in as the agency created above. */
async function signIn(page: Page) {
  await page.context().addCookies(signedIn.cookies);
}

test('a signed-in user who opens /hub/signup or /hub/login lands in the hub', async ({ page }) => {
  await signIn(page);
  for (const path of ['/hub/signup', '/hub/login']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/hub$/);
    await expect(page.getByRole('heading', { name: /^Good (morning|afternoon|evening), Ada$/ })).toBeVisible();
  }
});

test('a failed sign-up puts the focus on the first invalid field, in screen order', async ({ page }) => {
  await page.goto('/hub/signup');
  const submit = page.getByRole('button', { name: 'Create Account' });

  // Everything empty: the first field of the form.
  await page.getByLabel('Phone Number').focus();
  await submit.click();
  await expect(page.getByLabel('Business Name')).toBeFocused();

  // The first two fields filled: the next invalid one, not the last one touched.
  await page.getByLabel('Business Name').fill('Focus Agency');
  await page.getByLabel('First Name').fill('Flo');
  await page.getByLabel('Confirm Password').fill('x');
  await submit.click();
  await expect(page.getByLabel('Last Name')).toBeFocused();

  // Only the server can tell (a guessable password of a valid length): the field it names gets the focus.
  const n = unique();
  await page.getByLabel('Last Name').fill('Cus');
  await page.getByLabel('Email Address').fill(`flo-${n}@focus.test`);
  await page.getByLabel('Phone Number').fill('+1 555 0100');
  await page.getByLabel('Brand URL').fill(`focus${n}`);
  await page.getByLabel('Password', { exact: true }).fill('password1234');
  await page.getByLabel('Confirm Password').fill('password1234');
  await submit.focus();
  await submit.click();
  await expect(page.getByText('This password is too easy to guess. Add more words or characters.')).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
});

test('the empty Brand URL preview shows an example the Brand URL rules accept', async ({ page }) => {
  await page.goto('/hub/signup');
  const preview = page.getByText(/\/portal\//);
  await expect(preview).toHaveText(/\/portal\/yourbrand$/);
  const example = (await preview.textContent())!.split('/portal/')[1];
  expect(slugSchema.safeParse(example).success).toBe(true);

  // Typing replaces the example with the cleaned slug; clearing brings the example back.
  await page.getByLabel('Brand URL').fill('My Brand');
  await expect(preview).toHaveText(/\/portal\/mybrand$/);
  await page.getByLabel('Brand URL').fill('');
  await expect(preview).toHaveText(/\/portal\/yourbrand$/);
});

test('the password field shows a strength meter that agrees with the server threshold', async ({ page }) => {
  await page.goto('/hub/signup');
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('password1234');
  await expect(page.getByText(/^Password strength: (Very weak|Weak|Fair)$/)).toBeVisible({ timeout: 30_000 });
  // The meter's hint is the field's description, so screen readers hear it with the field.
  await expect(password).toHaveAccessibleDescription(/Password strength: (Very weak|Weak|Fair)/);
  await password.fill(strongPassword);
  await expect(page.getByText(/^Password strength: (Strong|Very strong)$/)).toBeVisible();
});

test('an unknown address has a title and, signed out, the marketing header', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page).toHaveTitle('Page not found — Clientflow');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Features' })).toBeVisible();
  await expect(header.getByRole('link', { name: /Open Hub|Hub/ })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);

  // Signed in, the same address is framed by the hub and leads back to the dashboard.
  await signIn(page);
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the dashboard' })).toBeVisible();
});
