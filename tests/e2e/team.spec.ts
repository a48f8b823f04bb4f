/**
 * The team, as an agency lives it: the owner invites a colleague from Account → Team, the e-mail arrives at a real
 * SMTP server, the colleague opens the link in their own browser, chooses their name and password and lands in the
 * hub signed in as a member — who can read the settings but not change branding, create API tokens or manage the team.
 */
import { expect, test } from '@playwright/test';
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

test('an invited colleague joins the team from the e-mailed link and has member rights', async ({ page, browser }) => {
  const n = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const signup = await page.request.post('/auth/signup', {
    data: {
      first_name: 'Iris',
      last_name: 'Vale',
      name: 'Vale Creative',
      email: `iris-${n}@vale.test`,
      phone: '1',
      password: 'Quartz-lantern-meadow-8817',
      slug: `vale${n}`,
    },
  });
  expect(signup.status()).toBe(201);
  const email = `theo-${n}@vale.test`;

  // The owner invites a member from the Team tab.
  await page.goto('/hub/account?tab=team');
  await expect(page.getByRole('heading', { name: 'Team', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Team' }).getByText('Iris Vale')).toBeVisible();
  await page.getByRole('button', { name: 'Invite member' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Invite a team member' })).toBeVisible();
  await dialog.getByLabel('Email').fill(email);
  await expect(dialog.getByLabel('Role')).toHaveValue('member');
  await dialog.getByRole('button', { name: 'Send invite' }).click();
  await expect(dialog.getByText(`The link is on its way to ${email}.`)).toBeVisible();
  const shownLink = await dialog.getByLabel('Invite link').inputValue();
  expect(shownLink).toMatch(/\/hub\/invite\/[a-z2-7]{32}$/);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('region', { name: 'Pending invites' }).getByText(email)).toBeVisible();

  // The e-mail arrived over SMTP with the same link.
  const mail = await smtp.waitFor(email);
  expect(mail.subject).toBe('Vale Creative invited you to Clientflow');
  const link = smtp.linkIn(mail, '/hub/invite/');
  expect(link).toBe(shownLink);

  // The colleague, in their own browser: name and password, then the hub, signed in.
  const colleague = await browser.newContext();
  const hub = await colleague.newPage();
  await hub.goto(link);
  await expect(hub.getByRole('heading', { name: 'Join Vale Creative' })).toBeVisible();
  await expect(hub.getByText('Iris Vale invited you as member.')).toBeVisible();
  await expect(hub.getByLabel('Email Address')).toHaveValue(email);
  await hub.getByLabel('First Name').fill('Theo');
  await hub.getByLabel('Last Name').fill('Marsh');
  await hub.getByLabel(/^Password/).fill('Copper-kettle-morning-42');
  await hub.getByLabel('Confirm Password').fill('Copper-kettle-morning-42');
  await hub.getByRole('button', { name: 'Join and sign in' }).click();
  await expect(hub).toHaveURL(/\/hub$/);
  await expect(hub.getByRole('heading', { level: 1, name: /Theo$/ })).toBeVisible();

  // As a member: branding is read-only, no API tokens, and the team is a read-only list.
  await hub.goto('/hub/account?tab=branding');
  await expect(
    hub
      .getByRole('region', { name: 'Brand Style Settings' })
      .getByText('Only the agency’s owner or an admin can change these settings.'),
  ).toBeVisible();
  await expect(hub.getByRole('button', { name: 'Save settings' })).toHaveCount(0);
  await hub.goto('/hub/account?tab=integrations');
  await expect(hub.getByText('Only the agency’s owner or an admin can manage integrations.')).toBeVisible();
  await expect(hub.getByRole('button', { name: 'Create token' })).toHaveCount(0);
  await hub.goto('/hub/account?tab=team');
  await expect(
    hub.getByText('Only the agency’s owner or an admin can invite people, change roles or remove members.'),
  ).toBeVisible();
  await expect(hub.getByRole('button', { name: 'Invite member' })).toHaveCount(0);
  await expect(hub.getByRole('region', { name: 'Team' }).getByText('Theo Marsh')).toBeVisible();
  await expect(hub.getByRole('combobox', { name: 'Role of Iris Vale' })).toHaveCount(0);

  // The link worked once.
  await hub.goto(link);
  await expect(hub.getByRole('heading', { name: 'Invite link already used' })).toBeVisible();
  await colleague.close();

  // The owner sees the new member and makes them an admin.
  await page.reload();
  const role = page.getByRole('combobox', { name: 'Role of Theo Marsh' });
  await expect(role).toHaveValue('member');
  await expect(page.getByRole('region', { name: 'Pending invites' })).toHaveCount(0);
  await role.selectOption('admin');
  await expect(page.getByText('Theo Marsh is now Admin.')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Role of Iris Vale' })).toBeDisabled();
});

test('an owner creates an API token, sees it once, and revokes it', async ({ page }) => {
  const n = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const signup = await page.request.post('/auth/signup', {
    data: {
      first_name: 'Ada',
      last_name: 'Stone',
      name: 'Stone Works',
      email: `ada-${n}@stone.test`,
      phone: '1',
      password: 'Quartz-lantern-meadow-8817',
      slug: `stone${n}`,
    },
  });
  expect(signup.status()).toBe(201);
  await page.goto('/hub/account?tab=integrations');
  await expect(page.getByRole('heading', { name: 'No API tokens yet' })).toBeVisible();
  await expect(page.getByText('Configured', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Create token' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill('Reporting script');
  await dialog.getByRole('button', { name: 'Create token' }).click();
  await expect(dialog.getByText('Copy it now: it is shown only this once.', { exact: false })).toBeVisible();
  const token = await dialog.getByLabel('Token: Reporting script').inputValue();
  expect(token).toMatch(/^cf_pat_[a-z2-7]{32}$/);
  await dialog.getByRole('button', { name: 'I have copied it' }).click();

  // The token works on the REST API, with no cookie.
  const me = await page.request.get('/auth/v1/me', { headers: { authorization: `Bearer ${token}`, cookie: '' } });
  expect(me.status()).toBe(200);
  await expect(page.getByRole('cell', { name: 'Reporting script', exact: true })).toBeVisible();
  await expect(page.getByText(token)).toHaveCount(0);

  await page.getByRole('button', { name: 'Revoke Reporting script' }).click();
  await expect(dialog.getByRole('heading', { name: 'Revoke Reporting script?' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('Token revoked')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No API tokens yet' })).toBeVisible();
  const after = await page.request.get('/auth/v1/me', { headers: { authorization: `Bearer ${token}`, cookie: '' } });
  expect(after.status()).toBe(401);

  // The test e-mail reaches the owner's own inbox.
  await page.getByRole('button', { name: 'Send test e-mail' }).click();
  await expect(page.getByText(`Check the inbox of ada-${n}@stone.test.`).first()).toBeVisible();
  expect((await smtp.waitFor(`ada-${n}@stone.test`)).subject).toBe('Clientflow test e-mail');
});
