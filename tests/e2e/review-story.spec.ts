/**
 * The deliverable review story of issue 31, staff in one browser context and the client in another, each window
 * left open while the other acts (no reload where the story says "live"):
 * staff upload v1 (an image) and ask Olive to approve it → her open dashboard shows "Needs your review" → she opens
 * it, pins a comment on the image and requests changes (a comment is required) → staff's open panel shows the
 * decision → staff upload v2 from the file's dialog (its header follows): the request resets and she is asked again
 * about v2, her open viewer and page say so → she approves v2 from her dashboard → staff download the certificate, a
 * PDF naming v2's SHA-256 and the decision.
 * SHOTS_DIR set: the key screens at 1440 and 390 px.
 */
import { createHash } from 'node:crypto';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from 'pdf-lib';
import sharp from 'sharp';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { agencyWithClient } from './agency';

const shots = process.env.SHOTS_DIR;
async function shoot(page: Page, name: string) {
  if (!shots) return;
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    // Layout settles after the resize (no assertion waits on it).
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${shots}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** A logo round: the same artwork, the sun in another colour each round. */
const logo = (sun: string) =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1000">
      <rect width="1600" height="1000" fill="#0f3d5e"/>
      <circle cx="520" cy="500" r="330" fill="${sun}"/>
      <rect x="950" y="260" width="480" height="480" rx="40" fill="#e8eef5"/>
      <text x="990" y="420" font-family="sans-serif" font-size="80" fill="#0f3d5e">Logo</text>
    </svg>`),
  )
    .png()
    .toBuffer();

/** The text a PDF's pages draw (pdf-lib writes each run as a hex string before Tj). */
async function pdfText(bytes: Uint8Array) {
  const pdf = await PDFDocument.load(bytes);
  let text = '';
  for (const page of pdf.getPages()) {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((r) => pdf.context.lookup(r)) : [contents];
    for (const stream of streams) {
      if (!(stream instanceof PDFRawStream)) continue;
      const decoded = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
      for (const match of decoded.matchAll(/<([0-9A-Fa-f]*)> Tj/g))
        text += `${Buffer.from(match[1], 'hex').toString('latin1')}\n`;
    }
  }
  return text;
}

/** Staff ask Olive to approve the file's current version, from the file's approval panel. */
async function requestApproval(page: Page, panel: Locator, email: string) {
  await panel.getByRole('button', { name: 'Request approval' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request approval' });
  await dialog.getByLabel('Approver').selectOption({ label: `Olive Harbor (${email})` });
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.getByText('Awaiting approval').first()).toBeVisible();
}

test('the review story: v1 live to the client, a pinned change request, v2 and a reset, approval, certificate', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const { slug, headers, harbor, client } = await agencyWithClient(page, 'story');

  // The client signs in and leaves the portal's dashboard open: nothing waits for her yet.
  const clientContext = await browser.newContext();
  const portal = await clientContext.newPage();
  await portal.goto(`/portal/${slug}/login`);
  await portal.getByLabel('Email').fill(client.email);
  await portal.getByLabel('Password').fill(client.password);
  await portal.getByRole('button', { name: 'LOGIN' }).click();
  await expect(portal.getByRole('heading', { name: 'Welcome, Olive' })).toBeVisible();
  const needsReview = portal.getByRole('region', { name: /Needs your review/ });
  await expect(needsReview).toHaveCount(0);

  // Staff upload v1, an image shared with Harbor Bakery, and ask Olive to approve it.
  const v1 = await logo('#f5b400');
  const upload = await page.request.post('/api/documents/upload', {
    headers,
    multipart: {
      companyId: String(harbor),
      visibleInPortal: 'true',
      name: 'Bakery logo',
      file: { name: 'logo-round-1.png', mimeType: 'image/png', buffer: v1 },
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const fileId = (await upload.json()).id as number;
  await page.goto(`/hub/documents?file=${fileId}`);
  const fileDialog = page.getByRole('dialog', { name: 'Edit File' });
  // The hub's first load on a busy machine: a longer wait, no assertion on time.
  await expect(fileDialog.getByText(/logo-round-1\.png/).first()).toBeVisible({ timeout: 30_000 });
  const panel = page.getByRole('region', { name: 'Client approval' });
  await requestApproval(page, panel, client.email);

  // Her open dashboard shows it, without a reload.
  await expect(needsReview.getByText('Bakery logo')).toBeVisible();
  await shoot(portal, 'story-portal-needs-review');
  await needsReview.getByRole('link', { name: /Bakery logo/ }).click();
  await expect(portal.getByRole('heading', { name: 'Bakery logo' })).toBeVisible();

  // She pins a comment on the image.
  await portal.getByRole('button', { name: 'Preview and comment' }).click();
  const viewer = portal.getByRole('dialog', { name: 'Bakery logo' });
  const image = viewer.getByRole('img', { name: 'Bakery logo' });
  await expect(image).toBeVisible();
  await viewer.getByRole('button', { name: 'Add pin' }).click();
  const box = await image.boundingBox();
  if (!box) throw new Error('no image box');
  await portal.mouse.click(box.x + box.width * 0.33, box.y + box.height * 0.5);
  await expect(viewer.getByText('Pin 1 placed. Write its comment.')).toBeVisible();
  await portal.keyboard.type('The sun should be **warmer**, more orange.');
  await viewer.getByRole('button', { name: 'Add comment' }).click();
  await expect(viewer.getByTestId('review-pin')).toHaveCount(1);
  await shoot(portal, 'story-portal-pin');
  await portal.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  // Requesting changes needs a comment; with one, the decision is recorded.
  await portal.getByRole('button', { name: 'Request changes' }).click();
  await expect(
    portal.getByText('Say what should change: a comment is required when you request changes.'),
  ).toBeVisible();
  await portal.getByLabel('Comment (optional)').fill('See pin 1: a warmer sun, please.');
  await portal.getByRole('button', { name: 'Request changes' }).click();
  await expect(portal.getByText('Thank you: your decision is recorded.')).toBeVisible();

  // Staff's open panel shows the decision live, and the client's pin is in the hub's viewer.
  await expect(panel.getByText('Changes requested').first()).toBeVisible();
  await expect(panel.getByText('See pin 1: a warmer sun, please.')).toBeVisible();
  await shoot(page, 'story-hub-changes-requested');

  // She keeps the file open; staff upload v2 from the file's dialog.
  await portal.getByRole('button', { name: 'Preview and comment' }).click();
  await expect(viewer.getByTestId('review-pin')).toHaveCount(1);
  const v2 = await logo('#ff7a00');
  await fileDialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'logo-round-2.png', mimeType: 'image/png', buffer: v2 });
  // The request resets, and she is asked again about v2 (Atrium's "a new version resets client responses").
  await expect(
    page.getByText('Version 2 uploaded. The approval request was reset and the client asked again about version 2.'),
  ).toBeVisible();
  // The dialog's header follows the file (it kept round 1's name and size before).
  await expect(fileDialog.getByText(/logo-round-2\.png/).first()).toBeVisible();
  await expect(fileDialog.locator('[data-version="2"]')).toContainText('Current');
  // The panel's current request is the one about v2; the reset one is in the history, its decision kept.
  await expect(panel.getByText('Version 2').first()).toBeVisible();
  await panel.getByText('Earlier requests (1)').click();
  await expect(panel.getByText('Reset by a new version').first()).toBeVisible();
  await shoot(page, 'story-hub-reset');
  // Her open viewer says so, and shows v2 (no pins on it yet) when she asks.
  await expect(viewer.getByText('Version 2 of this file was just uploaded.')).toBeVisible();
  await shoot(portal, 'story-portal-new-version');
  await viewer.getByRole('button', { name: 'Show version 2' }).click();
  await expect(viewer.getByText('No comments on this version yet.')).toBeVisible();
  await portal.keyboard.press('Escape');
  await expect(portal.getByText('Reset by a new version').first()).toBeVisible();
  await shoot(portal, 'story-portal-reset');

  // Her dashboard asks about version 2; she approves it.
  await portal.getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(portal.getByRole('heading', { name: 'Welcome, Olive' })).toBeVisible();
  await expect(needsReview.getByText('Version 2')).toBeVisible();
  await needsReview.getByRole('link', { name: /Bakery logo/ }).click();
  await expect(portal.getByText('Version 2').first()).toBeVisible();
  await portal.getByLabel('Comment (optional)').fill('Perfect, approved.');
  await portal.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(portal.getByText('Thank you: your decision is recorded.')).toBeVisible();
  await shoot(portal, 'story-portal-approved');

  // Staff see the approval live and download the certificate: a PDF naming v2's SHA-256 and the decision.
  await expect(panel.getByText('Approved').first()).toBeVisible();
  const certificate = panel.getByRole('link', { name: 'Certificate (PDF)' }).first();
  await expect(certificate).toBeVisible();
  await shoot(page, 'story-hub-approved');
  const href = await certificate.getAttribute('href');
  expect(href).toMatch(/^\/api\/approvals\/\d+\/certificate\.pdf$/);
  const pdf = await page.request.get(href!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const bytes = await pdf.body();
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = await pdfText(new Uint8Array(bytes));
  expect(text).toContain(createHash('sha256').update(v2).digest('hex'));
  expect(text).toContain('Approved');
  expect(text).toContain('Perfect, approved.');
  expect(text).not.toContain(createHash('sha256').update(v1).digest('hex'));
  await clientContext.close();
});
