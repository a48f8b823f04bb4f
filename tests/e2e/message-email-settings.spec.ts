import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

/** Account → Business → Message e-mails: the delay and the text choice save, axe finds nothing, 390 px fits. */
test('message e-mail settings save and fit at 1440 and 390 px', async ({ page }) => {
  const n = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
  const signup = await page.request.post('/auth/signup', {
    data: {
      first_name: 'Hana',
      last_name: 'Berg',
      name: 'Harbor Lights Studio',
      email: `hana-${n}@harbor.test`,
      phone: '555 0101',
      password: 'a-strong-password-2',
      slug: `harbor${n}`,
    },
  });
  expect(signup.status()).toBe(201);
  await page.setViewportSize({ width: 1440, height: 1100 });
  await page.goto('/hub/account');
  const delay = page.getByRole('spinbutton', { name: /Delay \(minutes\)/ });
  await expect(delay).toHaveValue('5');
  const includes = page.getByRole('switch', { name: 'Include the message text' });
  await expect(includes).toHaveAttribute('aria-checked', 'false');
  await delay.fill('0');
  await page.getByRole('region', { name: 'Message e-mails' }).getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Enter a whole number of minutes from 1 to 1,440.').first()).toBeVisible();
  await delay.fill('15');
  await includes.click();
  await page.getByRole('region', { name: 'Message e-mails' }).getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Message e-mail settings saved')).toBeVisible();
  const card = page.getByRole('heading', { name: 'Message e-mails' });
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/work/wt/shots/mail-bridge/account-message-email-1440.png', fullPage: true });
  // The toast's enter animation is mid-fade for axe: checked once it is gone.
  await expect(page.getByText('Message e-mail settings saved')).toBeHidden({ timeout: 15_000 });
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((x) => x.target.join(' ')).join(', ')}`)).toEqual([]);
  await page.reload();
  await expect(page.getByRole('spinbutton', { name: /Delay \(minutes\)/ })).toHaveValue('15');
  await expect(page.getByRole('switch', { name: 'Include the message text' })).toHaveAttribute('aria-checked', 'true');
  await page.setViewportSize({ width: 390, height: 900 });
  await page.screenshot({ path: '/work/wt/shots/mail-bridge/account-message-email-390.png', fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(overflow).toBe(false);
});
