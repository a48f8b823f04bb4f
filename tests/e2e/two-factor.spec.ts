import { expect, test } from '@playwright/test';
import { generateHOTP } from '@oslojs/otp';
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';

/** The e2e server sends its mail here (tests/e2e/playwright.config.ts). */
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 3125);
let smtp: TestSmtpServer;
test.beforeAll(async () => {
  smtp = await startSmtpServer(SMTP_PORT);
});
test.afterAll(async () => {
  await smtp.close();
});

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const strongPassword = 'violet-harbor-spoon-42';

/** The code an authenticator app shows for the secret, `ahead` steps (30 s each) from now. */
const codeFor = (secret: string, ahead = 0) =>
  generateHOTP(decodeBase32IgnorePadding(secret), BigInt(Math.floor(Date.now() / 30_000) + ahead), 6);

test('turn on two-factor in the profile, save the recovery codes, sign out, and sign in with a generated code', async ({
  page,
}) => {
  const n = unique();
  const email = `tess-${n}@twofactor.test`;
  const signup = await page.request.post('/auth/signup', {
    data: {
      first_name: 'Tess',
      last_name: 'Totp',
      name: `Two Factor ${n}`,
      email,
      phone: '1',
      password: strongPassword,
      slug: `tf${n}`,
    },
  });
  expect(signup.status()).toBe(201);

  await page.goto('/hub/account?tab=profile');
  const card = page.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(card.getByText('Off', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Turn on two-factor' }).click();
  await expect(card.getByRole('img', { name: 'Scan the QR code' }).locator('svg')).toBeVisible();
  const secret = (await card.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  const codeField = card.getByLabel('Authentication code');
  await expect(codeField).toBeFocused();
  await codeField.fill('000000');
  await card.getByRole('button', { name: 'Confirm and turn on' }).click();
  await expect(card.getByText(/not right/)).toBeVisible();
  await codeField.fill(codeFor(secret));
  await card.getByRole('button', { name: 'Confirm and turn on' }).click();

  const codes = card.getByTestId('recovery-codes').getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const download = page.waitForEvent('download');
  await card.getByRole('link', { name: 'Download .txt' }).click();
  expect((await download).suggestedFilename()).toBe('clientflow-recovery-codes.txt');
  await card.getByRole('button', { name: 'I have saved them' }).click();
  await expect(card.getByText('10 recovery codes left')).toBeVisible();
  await expect(card.getByText('On', { exact: true })).toBeVisible();

  // Signed out (the session cookie gone), then sign in again: the password, then a code.
  await page.context().clearCookies();
  await page.goto('/hub/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(strongPassword);
  await page.getByRole('button', { name: /^sign in$/i }).click();
  await expect(page.getByText('Enter the 6-digit code from your authenticator app')).toBeVisible();
  const code = page.getByLabel('Authentication code');
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  // The set-up's step was spent: the app's next code (accepted a step ahead for clock drift).
  await code.fill(codeFor(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/hub$/);
  await expect(page.getByRole('heading', { name: /^Good (morning|afternoon|evening), Tess$/ })).toBeVisible();
});

test('a password reset with two-factor on asks for the code before signing in', async ({ page, browser, request }) => {
  const n = unique();
  const email = `rene-${n}@twofactor.test`;
  const signup = await page.request.post('/auth/signup', {
    data: {
      first_name: 'Rene',
      last_name: 'Reset',
      name: `Reset Factor ${n}`,
      email,
      phone: '1',
      password: strongPassword,
      slug: `rf${n}`,
    },
  });
  expect(signup.status()).toBe(201);
  const headers = { authorization: `Bearer ${(await signup.json()).authToken as string}` };
  // Two-factor on, through the procedures the profile's card calls.
  const setup = await page.request.post('/trpc/twoFactor.beginSetup', { headers, data: {} });
  const secret = (await setup.json()).result.data.json.secret as string;
  expect(
    (
      await page.request.post('/trpc/twoFactor.enable', { headers, data: { json: { code: codeFor(secret) } } })
    ).status(),
  ).toBe(200);

  // Asked by someone without the session the sign-up left in this page's cookies (a cookie POST needs an Origin).
  expect((await request.post('/auth/v1/password-reset', { data: { email } })).status()).toBe(200);
  const link = smtp.linkIn(await smtp.waitFor(email), '/hub/reset-password/');
  const other = await browser.newContext();
  const tab = await other.newPage();
  await tab.goto(link);
  await tab.getByLabel('Password', { exact: true }).fill('Granite-harbor-sunrise-77');
  await tab.getByLabel('Confirm Password').fill('Granite-harbor-sunrise-77');
  await tab.getByRole('button', { name: 'Save password and sign in' }).click();

  // The password is saved, but the mailbox alone does not sign in: the sign-in screen's code step.
  await expect(tab.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  await expect(tab.getByText('Your new password is saved.', { exact: false })).toBeVisible();
  const code = tab.getByLabel('Authentication code');
  await expect(code).toBeFocused();
  await code.fill('000000');
  await tab.getByRole('button', { name: 'Verify' }).click();
  await expect(tab.getByRole('alert')).toBeVisible();
  await expect(tab).toHaveURL(/\/hub\/reset-password\//);
  // The set-up's step was spent: the app's next code (accepted a step ahead for clock drift).
  await code.fill(codeFor(secret, 1));
  await tab.getByRole('button', { name: 'Verify' }).click();
  await expect(tab).toHaveURL(/\/hub$/);
  await expect(tab.getByText('Your password was changed.')).toBeVisible();
  await other.close();
});
