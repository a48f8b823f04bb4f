/**
 * Messages (issue 30, slice 1), with the client in a second browser: staff write to a client company from its page,
 * add an internal note; the client sees the message (not the note) in the portal, which marks it read, and replies;
 * staff see the unread badge, the reply, and "Seen by" the client under their message; then each side's next message
 * appears live in the other's open window, with no reload; the client attaches a file, which staff see arrive live and
 * find in Files with the conversation it was sent in. SHOTS_DIR set: screenshots at 1440 and 390 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { agencyWithClient } from './agency';

const shots = process.env.SHOTS_DIR;
/** focus: at 390 px, the screen around this element (not the whole page, where the fixed bottom bar would cover it). */
async function shoot(page: Page, name: string, focus?: string) {
  if (!shots) return;
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.waitForTimeout(300);
    if (focus && width === 390)
      await page
        .getByTestId(focus)
        .first()
        .evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: width === 390 && !focus });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('staff write, the client reads and replies, staff see the badge and the read receipt; notes stay internal', async ({
  page,
  browser,
}) => {
  // Two browsers, a dozen steps and (with SHOTS_DIR) fourteen screenshots at two widths.
  test.setTimeout(shots ? 180_000 : 120_000);
  const { slug, harbor, client } = await agencyWithClient(page, 'talk');

  // Staff write from the company's Messages tab, then add an internal note.
  await page.goto(`/hub/companies/${harbor}?tab=messages`);
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill('Hello Olive, **welcome** to your portal. The launch plan is attached soon.');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByTestId('message').filter({ hasText: 'Hello Olive' })).toBeVisible();
  await page.getByRole('button', { name: 'Internal note' }).click();
  await expect(page.getByText('Internal note — clients never see this')).toBeVisible();
  await composer.fill('Internal: their budget is tight, keep the scope small');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByTestId('message').filter({ hasText: 'budget is tight' })).toBeVisible();

  // Staff leave the conversation (an open conversation reads what arrives in it, live) for the dashboard.
  await page.goto('/hub');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // The client, in their own browser, sees the message and never the note; opening it marks it read.
  const clientContext = await browser.newContext();
  const portal = await clientContext.newPage();
  await portal.goto(`/portal/${slug}/login`);
  await portal.getByLabel('Email').fill(client.email);
  await portal.getByLabel('Password').fill(client.password);
  await portal.getByRole('button', { name: 'LOGIN' }).click();
  await expect(portal.getByRole('heading', { name: 'Welcome, Olive' })).toBeVisible();
  await expect(portal.getByTestId('portal-messages-badge').first()).toHaveText(/1/);
  await portal.goto(`/portal/${slug}/messages`);
  await expect(portal.getByTestId('message').filter({ hasText: 'Hello Olive' })).toBeVisible();
  await expect(portal.getByText('budget is tight')).toHaveCount(0);
  await expect(portal.getByText('Internal note')).toHaveCount(0);
  await portal.getByRole('textbox', { name: 'Message' }).fill('Thanks! Can we move the launch to Friday?');
  await portal.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(portal.getByTestId('message').filter({ hasText: 'move the launch' })).toBeVisible();
  await expect(portal.getByTestId('portal-messages-badge')).toHaveCount(0);
  await shoot(portal, 'portal-messages');

  // Staff, still on the dashboard, see the unread badge light up live; then the reply in the inbox (waiting for us),
  // and the client's read receipt.
  await expect(page.getByTestId('messages-badge')).toHaveText('1');
  await page.goto('/hub/messages');
  const row = page.getByRole('link', { name: /Harbor Bakery/ }).filter({ hasText: 'move the launch' });
  await expect(row).toBeVisible();
  await expect(row.getByText('Waiting for us')).toBeVisible();
  await shoot(page, 'hub-inbox');
  await row.click();
  await expect(page.getByTestId('message').filter({ hasText: 'move the launch' })).toBeVisible();
  await expect(
    page.getByTestId('message').filter({ hasText: 'Hello Olive' }).getByText('Seen by Olive Harbor'),
  ).toBeVisible();
  await expect(page.getByTestId('messages-badge')).toHaveCount(0);
  await shoot(page, 'hub-thread');

  // Live, both ways, with no reload: the client's page is still open on their messages, staff's on the conversation.
  await page.getByRole('textbox', { name: 'Message' }).fill('Friday works for us.');
  // The client sees that staff are writing before the message arrives.
  await expect(portal.getByText(/ is typing…$/)).toBeVisible();
  await shoot(portal, 'portal-typing');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(portal.getByTestId('message').filter({ hasText: 'Friday works for us.' })).toBeVisible();
  await portal.getByRole('textbox', { name: 'Message' }).fill('Great, see you Friday!');
  await portal.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByTestId('message').filter({ hasText: 'Great, see you Friday!' })).toBeVisible();

  // The client attaches a file (the attach button from the keyboard opens the file chooser): a chip with its name
  // and size, removable; sent with a message, staff see it arrive live with its attachment.
  const attach = portal.getByRole('button', { name: 'Attach file' });
  await attach.focus();
  const chooser = portal.waitForEvent('filechooser');
  await portal.keyboard.press('Enter');
  await (await chooser).setFiles({
    name: 'launch-checklist.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(`%PDF-1.4\n${'checklist '.repeat(200)}\n%%EOF`),
  });
  const chip = portal.getByTestId('composer-attachment').filter({ hasText: 'launch-checklist.pdf' });
  await expect(chip).toContainText('KB');
  await expect(chip.getByRole('progressbar')).toHaveCount(0);
  await expect(chip.getByRole('button', { name: 'Remove the attachment launch-checklist.pdf' })).toBeVisible();
  await portal.getByRole('textbox', { name: 'Message' }).fill('Here is our signed launch checklist.');
  await shoot(portal, 'portal-composer-attachment', 'composer-attachment');
  await portal.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(portal.getByTestId('composer-attachment')).toHaveCount(0);
  const arrived = page.getByTestId('message').filter({ hasText: 'signed launch checklist' });
  await expect(arrived.getByRole('link', { name: /launch-checklist\.pdf/ })).toBeVisible();

  // The file is the company's: in the hub's Files with where it came from, linking back to the conversation.
  await page.goto(`/hub/documents?companyId=${harbor}`);
  const sentIn = page.getByTestId('file-sent-in').first();
  await expect(sentIn).toHaveText('Sent in a message in “Harbor Bakery”');
  await shoot(page, 'hub-file-sent-in');
  await sentIn.click();
  await expect(page.getByTestId('message').filter({ hasText: 'signed launch checklist' })).toBeVisible();
  // And in the portal's Files, with the same way back.
  await portal.goto(`/portal/${slug}/files`);
  await expect(portal.getByTestId('file-sent-in')).toHaveText('Sent in a message in “Stone Studio”');
  await shoot(portal, 'portal-file-sent-in');
  await clientContext.close();
});
