/**
 * Client portal access, as an agency and its client live it: staff add a contact with portal access and "Send invite
 * now" (one step), the e-mail arrives at a real SMTP server, the client opens the link in their own browser, chooses
 * a password and lands in the portal signed in (Invited, then Active); staff then turn access off and the client's
 * session ends at once. And: "Set up access" on the company page with "Set a password", then the client's "Forgot
 * password?" and "Change password".
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
    data: {
      first_name: 'Mara',
      last_name: 'Stone',
      name: 'Stone Studio',
      email: `mara-${n}@studio.test`,
      phone: '1',
      password: 'Quartz-lantern-meadow-8817',
      slug,
    },
  });
  expect(signup.status()).toBe(201);
  const token = (await signup.json()).authToken as string;
  const company = await page.request.post('/companies/v1', {
    data: { name: 'Harbor Bakery', status: 'active' },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(company.status()).toBe(201);
  return { slug, n, token, companyId: (await company.json()).id as number };
}

test('a contact invited by e-mail sets a password, lands in the portal, and is signed out when access is turned off', async ({
  page,
  browser,
}) => {
  const { slug, n, token } = await agencyWithCompany(page);
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
  // Switching access on asks how they get in: "Send invite now" is the default.
  await expect(dialog.getByRole('radio', { name: /Send invite now/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Create Contact' }).click();
  // One toast for the one save (toasts show one at a time): created, and the invite e-mailed.
  await expect(page.getByText('Contact created', { exact: true })).toBeVisible();
  await expect(
    page.getByText(`The contact has been successfully created. An invite link was e-mailed to ${email}.`),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Showing 1 of 1 contacts')).toBeVisible();
  await expect(page.getByText('Invited', { exact: true }).first()).toBeVisible();

  // The e-mail arrived over SMTP, once.
  const mail = await smtp.waitFor(email);
  expect(mail.subject).toBe('Stone Studio invited you to their client portal');
  const link = smtp.linkIn(mail, `/portal/${slug}/invite/`);
  expect(link).toMatch(new RegExp(`/portal/${slug}/invite/[a-z0-9]+$`));
  expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(1);

  // The agency's login text greets returning clients; the invite page greets a new one with its own words.
  expect(
    (
      await page.request.put('/api/business/style', {
        data: {
          primary_color: '#276398',
          secondary_color: '#5b5b5b',
          button_text_color: '#010101',
          login_text: 'Welcome back!',
        },
        headers: { authorization: `Bearer ${token}` },
      })
    ).status(),
  ).toBe(200);

  // The client, in their own browser: choose a password and land in the portal, signed in.
  const client = await browser.newContext();
  const portal = await client.newPage();
  await portal.goto(`/portal/${slug}/login`);
  await expect(portal.getByText('Welcome back!', { exact: true })).toBeVisible();
  await portal.goto(link);
  await expect(portal.getByRole('heading', { name: 'Join Stone Studio’s client portal' })).toBeVisible();
  await expect(
    portal.getByText('Welcome! Stone Studio has invited you to follow your projects, tasks and files here.', {
      exact: true,
    }),
  ).toBeVisible();
  await expect(portal.getByText('Welcome back!')).toHaveCount(0);
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

  // Staff see them Active.
  await page.reload();
  await expect(page.getByText('Active', { exact: true }).first()).toBeVisible();

  // Staff turn access off: the client's next portal call is refused.
  await page
    .getByRole('button', { name: /Olive Harbor/ })
    .first()
    .click();
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

test("'Forgot your password?' sends a one-time link that sets a new password and signs in", async ({
  page,
  browser,
}) => {
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

test("'Set up access' with a password lets the client in at once; the client resets a forgotten password and changes it", async ({
  page,
  browser,
}) => {
  const { slug, n, token, companyId } = await agencyWithCompany(page);
  const email = `pia-${n}@harbor.test`;
  const contact = await page.request.post('/api/contacts', {
    data: { firstName: 'Pia', lastName: 'Baker', email, companyId },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(contact.status()).toBe(201);
  const company = { id: companyId };

  // Staff: the company page's "Set up access" opens the focused panel, not the whole edit dialog.
  await page.goto(`/hub/companies/${company.id}`);
  await page.getByRole('button', { name: 'Set up access' }).click();
  const panel = page.getByRole('dialog');
  await expect(panel.getByRole('heading', { name: 'Portal access for Pia Baker' })).toBeVisible();
  await expect(panel.getByLabel('First name')).toHaveCount(0);
  await panel.getByRole('radio', { name: /Set a password/ }).check();
  await panel.getByLabel('Portal password').fill('Lantern-orchard-velvet-93');
  await panel.getByRole('button', { name: 'Give access' }).click();
  await expect(page.getByText('Password set', { exact: true })).toBeVisible();
  await expect(panel.getByText('Active', { exact: true })).toBeVisible();
  await panel.getByRole('button', { name: 'Close' }).first().click();
  expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(0);

  // The client forgot it: "Forgot password?" on the portal's sign-in page.
  const client = await browser.newContext();
  const portal = await client.newPage();
  await portal.goto(`/portal/${slug}/login`);
  await portal.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(portal.getByRole('heading', { name: 'Reset your portal password' })).toBeVisible();
  await portal.getByLabel('Email').fill(email);
  await portal.getByRole('button', { name: 'Send reset link' }).click();
  await expect(portal.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  const link = smtp.linkIn(await smtp.waitFor(email), `/portal/${slug}/reset-password/`);
  await portal.goto(link);
  await expect(portal.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await portal.getByLabel('Password', { exact: true }).fill('Copper-kettle-morning-42');
  await portal.getByLabel('Confirm Password').fill('Copper-kettle-morning-42');
  await portal.getByRole('button', { name: 'Save password and sign in' }).click();
  await expect(portal).toHaveURL(new RegExp(`/portal/${slug}/dashboard$`));

  // Used once.
  const again = await client.newPage();
  await again.goto(link);
  await expect(again.getByText('This reset link has already been used.', { exact: false })).toBeVisible();
  await again.close();

  // Change password in the portal's settings: the current one first.
  await portal.goto(`/portal/${slug}/settings`);
  await portal.getByLabel('Current password').fill('not my password');
  await portal.getByLabel('New password', { exact: true }).fill('Meadow-quartz-harbor-61');
  await portal.getByLabel('Confirm new password').fill('Meadow-quartz-harbor-61');
  await portal.getByRole('button', { name: 'Change password' }).click();
  await expect(portal.getByText('The current password is not right.')).toBeVisible();
  await portal.getByLabel('Current password').fill('Copper-kettle-morning-42');
  await portal.getByRole('button', { name: 'Change password' }).click();
  await expect(portal.getByText('Password changed', { exact: true })).toBeVisible();
  await client.close();
});
