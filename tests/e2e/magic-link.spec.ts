/**
 * Portal sign-in by an e-mailed link (issue 32), as an agency and its client live it: the owner turns on "Clients sign
 * in with e-mailed links only" in Account → Security; the client's sign-in page then shows no password, they ask for a
 * link, the e-mail arrives at a real SMTP server, they open it in their own browser and land in the portal; the link
 * works once. The owner's Security tab lists their own sessions, this device first.
 */
import { expect, test } from '@playwright/test';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';
import { agencyWithClient } from './agency';

/** The e2e server sends its mail here (tests/e2e/playwright.config.ts). */
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 3125);

let smtp: TestSmtpServer;
test.beforeAll(async () => {
  smtp = await startSmtpServer(SMTP_PORT);
});
test.afterAll(async () => {
  await smtp.close();
});

test('with links only, a client signs in with the e-mailed link, once', async ({ page, browser }) => {
  // Two browsers, a mail round trip and three portal pages: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  const { slug, client } = await agencyWithClient(page, 'magic');

  // The owner: Account → Security, links only.
  await page.goto('/hub/account?tab=security');
  await expect(page.getByRole('heading', { name: 'Your sessions' })).toBeVisible();
  await expect(page.getByText('This device')).toBeVisible();
  const linksOnly = page.getByRole('switch', { name: 'Clients sign in with e-mailed links only' });
  await expect(linksOnly).not.toBeChecked();
  await linksOnly.click();
  await expect(page.getByText('Clients now sign in with e-mailed links only')).toBeVisible();
  await expect(linksOnly).toBeChecked();

  // The client, in their own browser: no password on the sign-in page.
  const clientContext = await browser.newContext();
  const portal = await clientContext.newPage();
  await portal.goto(`/portal/${slug}/login`);
  await expect(portal.getByRole('heading', { name: 'Welcome to Stone Studio' })).toBeVisible();
  await expect(portal.getByLabel('Password')).toHaveCount(0);
  await portal.getByLabel('Email').fill(client.email);
  await portal.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(portal.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await expect(
    portal.getByText(`If ${client.email} has access to this portal, a sign-in link is on its way.`, { exact: false }),
  ).toBeVisible();

  const mail = await smtp.waitFor(client.email);
  expect(mail.subject).toBe('Your sign-in link for Stone Studio’s client portal');
  const link = new URL(smtp.linkIn(mail, `/portal/${slug}/magic/`));
  await portal.goto(link.pathname);
  await expect(portal.getByRole('heading', { name: 'Sign in to Stone Studio' })).toBeVisible();
  await expect(portal.getByText(`You are signing in as ${client.email}.`)).toBeVisible();
  await portal.getByRole('button', { name: 'Continue to the portal' }).click();
  await expect(portal).toHaveURL(new RegExp(`/portal/${slug}/dashboard$`));
  await expect(portal.getByRole('heading', { name: /Welcome, Olive/ })).toBeVisible();

  // The link worked once: opened again (in another browser), it says so.
  const other = await browser.newContext();
  const again = await other.newPage();
  await again.goto(link.pathname);
  await expect(again.getByRole('heading', { name: 'Sign-in link already used' })).toBeVisible();
  await other.close();
  await clientContext.close();
});
