import { expect, test } from '@playwright/test';
import { generateHOTP } from '@oslojs/otp';
import { decodeBase32IgnorePadding } from '@oslojs/encoding';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const strongPassword = 'violet-harbor-spoon-42';

/** The code an authenticator app shows for the secret, `ahead` steps (30 s each) from now. */
const codeFor = (secret: string, ahead = 0) => generateHOTP(decodeBase32IgnorePadding(secret), BigInt(Math.floor(Date.now() / 30_000) + ahead), 6);

test('turn on two-factor in the profile, save the recovery codes, sign out, and sign in with a generated code', async ({ page }) => {
  const n = unique();
  const email = `tess-${n}@twofactor.test`;
  const signup = await page.request.post('/auth/signup', {
    data: { first_name: 'Tess', last_name: 'Totp', name: `Two Factor ${n}`, email, phone: '1', password: strongPassword, slug: `tf${n}` },
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
