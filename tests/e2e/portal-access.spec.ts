/**
 * Client portal access, as an agency and its client live it: staff add a contact, press 'Send invite', the e-mail
 * arrives at a real SMTP server, the client opens the link in their own browser, chooses a password and lands in
 * the portal signed in; staff then turn access off and the client's session ends at once.
 */
import { expect, test, type Page } from '@playwright/test';
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

/** A new agency with one client company, signed in through the page's own cookies. */
async function agencyWithCompany(page: Page) {
  const n = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const slug = `portal${n}`;
  const signup = await page.request.post('/auth/signup', {
    data: { first_name: 'Mara', last_name: 'Stone', name: 'Stone Studio', email: `mara-${n}@studio.test`, phone: '1', password: 'Quartz-lantern-meadow-8817', slug },
  });
  expect(signup.status()).toBe(201);
  const token = (await signup.json()).authToken as string;
  const company = await page.request.post('/companies/v1', { data: { name: 'Harbor Bakery', status: 'active' }, headers: { authorization: `Bearer ${token}` } });
  expect(company.status()).toBe(201);
  return { slug, n };
}

test('a contact invited by e-mail sets a password, lands in the portal, and is signed out when access is turned off', async ({ page, browser }) => {
  const { slug, n } = await agencyWithCompany(page);
  const email = `olive-${n}@harbor.test`;

  // Staff: add the contact with portal access.
  await page.goto('/hub/contacts');
  await expect(page.getByRole('heading', { name: 'No contacts yet' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Contact' }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Add New Contact' })).toBeVisible();
  await dialog.getByLabel('First name').fill('Olive');
  await dialog.getByLabel('Last name').fill('Harbor');
  await dialog.getByLabel('Email').fill(email);
  const portalSwitch = dialog.getByRole('switch', { name: 'Allow this contact to access the client portal' });
  await expect(portalSwitch).toBeDisabled();
  await dialog.getByRole('combobox', { name: 'Company' }).fill('Harbor');
  await page.getByRole('option', { name: /Harbor Bakery/ }).click();
  await portalSwitch.click();
  await expect(portalSwitch).toBeChecked();
  await dialog.getByRole('button', { name: 'Create Contact' }).click();
  await expect(page.getByText('Contact created', { exact: true })).toBeVisible();
  await expect(page.getByText('Showing 1 of 1 contacts')).toBeVisible();

  // Staff: open the contact and send the invite.
  await page.getByRole('button', { name: /Olive Harbor/ }).first().click();
  await expect(dialog.getByRole('heading', { name: 'Edit Contact' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Send invite' }).click();
  await expect(page.getByText('Invite sent', { exact: true })).toBeVisible();
  const shownLink = await dialog.getByLabel('Invite link').inputValue();
  expect(shownLink).toMatch(new RegExp(`/portal/${slug}/invite/[a-z0-9]+$`));

  // The e-mail arrived over SMTP with the same link.
  const mail = await smtp.waitFor(email);
  expect(mail.subject).toBe('Stone Studio invited you to their client portal');
  const link = smtp.linkIn(mail, `/portal/${slug}/invite/`);
  expect(link).toBe(shownLink);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The client, in their own browser: choose a password and land in the portal, signed in.
  const client = await browser.newContext();
  const portal = await client.newPage();
  await portal.goto(link);
  await expect(portal.getByRole('heading', { name: 'Join Stone Studio’s client portal' })).toBeVisible();
  await portal.getByLabel('Password', { exact: true }).fill('Copper-kettle-morning-42');
  await portal.getByLabel('Confirm Password').fill('Copper-kettle-morning-42');
  await portal.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(portal).toHaveURL(new RegExp(`/portal/${slug}/dashboard$`));
  await expect(portal.getByRole('heading', { name: 'Welcome, Olive' })).toBeVisible();

  // The link works once.
  const again = await client.newPage();
  await again.goto(link);
  await expect(again.getByText('This invite link has already been used.', { exact: false })).toBeVisible();
  await again.close();

  // Staff turn access off: the client's next portal call is refused.
  await page.getByRole('button', { name: /Olive Harbor/ }).first().click();
  await expect(dialog.getByRole('heading', { name: 'Edit Contact' })).toBeVisible();
  await expect(portalSwitch).toBeChecked();
  await portalSwitch.click();
  await dialog.getByRole('button', { name: 'Update Contact' }).click();
  await expect(page.getByText('Contact updated', { exact: true })).toBeVisible();

  await portal.reload();
  await expect(portal.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(portal.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', `/portal/${slug}/login`);
  await client.close();
});

test("'Forgot your password?' sends a one-time link that sets a new password and signs in", async ({ page, browser }) => {
  const { n } = await agencyWithCompany(page);
  const email = `mara-${n}@studio.test`;
  await page.context().clearCookies();

  await page.goto('/hub/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();

  const mail = await smtp.waitFor(email);
  const link = smtp.linkIn(mail, '/hub/reset-password/');
  const other = await browser.newContext();
  const tab = await other.newPage();
  await tab.goto(link);
  await expect(tab.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await tab.getByLabel('Password', { exact: true }).fill('Granite-harbor-sunrise-77');
  await tab.getByLabel('Confirm Password').fill('Granite-harbor-sunrise-77');
  await tab.getByRole('button', { name: 'Save password and sign in' }).click();
  await expect(tab).toHaveURL(/\/hub$/);
  await expect(tab.getByText('Your password was changed.')).toBeVisible();

  // Used once: the same link now says so.
  await tab.goto(link);
  await expect(tab.getByText('This reset link has already been used.', { exact: false })).toBeVisible();
  await other.close();
});
