/**
 * Client teams (issue 32), with the client in their own browser: staff make Olive a client admin; Olive invites a
 * colleague from the portal's settings (Team); staff approve it on the company's page; the colleague opens the real
 * invite e-mail in a third browser, chooses a password and lands in the portal; Olive then sees them in her team.
 * SHOTS_DIR set: screenshots at 1440 and 390 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';
import { agencyWithClient } from './agency';

const shots = process.env.SHOTS_DIR;
/** The e2e server sends its mail here (tests/e2e/playwright.config.ts). */
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 3125);

let smtp: TestSmtpServer;
test.beforeAll(async () => {
  smtp = await startSmtpServer(SMTP_PORT);
});
test.afterAll(async () => {
  await smtp.close();
});

async function shoot(page: Page, name: string) {
  if (!shots) return;
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: width === 390 });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('a client admin invites a colleague, staff approve, the colleague signs in from the e-mail', async ({
  page,
  browser,
}) => {
  // Three browsers and, with SHOTS_DIR, eight screenshots on a shared 2-core machine.
  test.setTimeout(shots ? 240_000 : 150_000);
  const { slug, headers, harbor, client } = await agencyWithClient(page, 'team');
  const ben = `ben-${Date.now().toString(36)}@harbor.test`;

  // Staff: Olive becomes a client admin (the contact dialog's switch).
  await page.goto(`/hub/companies/${harbor}`);
  await page.getByRole('button', { name: 'Edit Olive Harbor' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('switch', { name: 'Client admin' }).click();
  await dialog.getByRole('button', { name: 'Update Contact' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Client admin', { exact: true })).toBeVisible();

  // Olive, in her own browser: Settings → Team → invite Ben.
  const oliveContext = await browser.newContext();
  const portal = await oliveContext.newPage();
  await portal.goto(`/portal/${slug}/login`);
  await portal.getByLabel('Email').fill(client.email);
  await portal.getByLabel('Password').fill(client.password);
  await portal.getByRole('button', { name: 'LOGIN' }).click();
  await expect(portal).toHaveURL(new RegExp(`/portal/${slug}/dashboard$`));
  await portal.goto(`/portal/${slug}/settings`);
  const team = portal.getByRole('region', { name: 'Team' });
  await expect(team.getByText('Olive Harbor')).toBeVisible();
  await team.getByLabel('First name').fill('Ben');
  await team.getByLabel('Last name').fill('Lee');
  await team.getByLabel('Email').fill(ben);
  await team.getByRole('button', { name: 'Send invitation' }).click();
  await expect(portal.getByText('Invitation for Ben Lee sent to the agency for approval')).toBeVisible();
  await expect(team.getByText('Waiting for approval')).toBeVisible();
  await shoot(portal, 'portal-team-pending');

  // Staff: the company's contacts tab lists the request; approve it.
  await page.goto(`/hub/companies/${harbor}`);
  const requests = page.getByRole('region', { name: /Invitation requests/ });
  await expect(requests.getByText('Requested by Olive Harbor', { exact: false })).toBeVisible();
  await shoot(page, 'hub-invitation-requests');
  await requests.getByRole('button', { name: 'Approve the invitation of Ben Lee' }).click();
  await expect(page.getByText('Ben Lee now has portal access and was sent an invite')).toBeVisible();
  await expect(requests).toBeHidden();
  // Who invited whom, on the contact.
  await page.getByRole('button', { name: 'Edit Ben Lee' }).click();
  await expect(page.getByRole('dialog').getByText('Invited by Olive Harbor')).toBeVisible();
  await page.keyboard.press('Escape');

  // Ben, in a third browser, from the real e-mail.
  const mail = await smtp.waitFor(ben);
  expect(mail.subject).toBe('Stone Studio invited you to their client portal');
  const link = smtp.linkIn(mail, `/portal/${slug}/invite/`);
  const benContext = await browser.newContext();
  const benPage = await benContext.newPage();
  await benPage.goto(link);
  await benPage.getByLabel('Password', { exact: true }).fill('Violet-harbour-quartz-4817');
  await benPage.getByLabel('Confirm Password').fill('Violet-harbour-quartz-4817');
  await benPage.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(benPage).toHaveURL(new RegExp(`/portal/${slug}/dashboard$`));
  await expect(benPage.getByRole('heading', { name: 'Welcome, Ben' })).toBeVisible();
  // Not an admin: no Team section in his settings.
  await benPage.goto(`/portal/${slug}/settings`);
  await expect(benPage.getByRole('heading', { name: 'E-mail notifications' })).toBeVisible();
  await expect(benPage.getByRole('region', { name: 'Team' })).toHaveCount(0);

  // Olive sees Ben in her team, with his e-mail switch and Remove.
  await portal.reload();
  await expect(team.getByText('Ben Lee')).toBeVisible();
  await expect(team.getByRole('button', { name: 'Remove Ben Lee from the portal' })).toBeVisible();
  await shoot(portal, 'portal-team');
  expect((await page.request.get('/api/colleague-invitations', { headers })).status()).toBe(200);

  await oliveContext.close();
  await benContext.close();
});
