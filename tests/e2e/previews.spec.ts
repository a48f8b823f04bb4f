/**
 * Previews (issue 31): staff upload an image and a 200-page PDF; the preview job makes their thumbnails; the Files
 * list shows them; the image opens in the viewer and zooms with the keys; the PDF opens at its first page (timed) and
 * draws the others as they scroll near; the client, in a second browser context, sees the thumbnails in the portal's
 * Files and opens the same viewers.
 */
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import sharp from 'sharp';
import { expect, test, type Page } from '@playwright/test';
import { pdfDocument } from '../support/preview-files';
import { agencyWithClient } from './agency';

const DATABASE = path.resolve(import.meta.dirname, '../../data/e2e/app.db');
const stored = (date: Date) => date.toISOString().replace('Z', '+00:00');

const shots = process.env.SHOTS_DIR;
async function shoot(page: Page, name: string, sizes: number[] = [1440, 390]) {
  if (!shots) return;
  for (const width of sizes) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${shots}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** A picture worth zooming into: a few shapes and a line of text, 2400 × 1600. */
const artwork = () =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="2400" height="1600">
      <rect width="2400" height="1600" fill="#0f3d5e"/>
      <circle cx="800" cy="800" r="520" fill="#f5b400"/>
      <rect x="1400" y="380" width="700" height="840" rx="60" fill="#e8eef5"/>
      <text x="1450" y="560" font-family="sans-serif" font-size="110" fill="#0f3d5e">Logo</text>
      <text x="1450" y="700" font-family="sans-serif" font-size="110" fill="#0f3d5e">round 1</text>
    </svg>`),
  )
    .png()
    .toBuffer();

/**
 * Each uploaded file's current version with a pending preview, and the agency's preview job queued (the upload adds
 * the version row itself once versions land; then this only queues the job).
 */
function queuePreviews(slug: string) {
  const db = new BetterSqlite3(DATABASE);
  try {
    const { id: businessId } = db.prepare('SELECT id FROM Business WHERE slug = ?').get(slug) as { id: number };
    const now = stored(new Date());
    db.prepare(
      `INSERT INTO DocumentVersion (businessId, documentId, number, storageKey, url, mimeType, originalName, size, previewStatus, createdAt)
       SELECT d.businessId, d.id, d.version, d.storageKey, d.url, d.mimeType, d.originalName, d.size, 'pending', ?
       FROM Document d WHERE d.businessId = ? AND d.storageKey IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM DocumentVersion v WHERE v.documentId = d.id AND v.number = d.version)`,
    ).run(now, businessId);
    db.prepare(
      `INSERT INTO Job (businessId, kind, payload, status, attempts, maxAttempts, runAt, dedupeKey, createdAt)
       VALUES (?, 'preview', '{}', 'pending', 0, 5, ?, ?, ?)
       ON CONFLICT (dedupeKey) DO UPDATE SET status = 'pending', runAt = excluded.runAt, attempts = 0, lockedAt = NULL`,
    ).run(businessId, now, `preview:${businessId}`, now);
  } finally {
    db.close();
  }
}

test('thumbnails in the Files lists, an image zoomed, a 200-page PDF opened at its first page, hub and portal', async ({
  page,
  browser,
}) => {
  const { slug, headers, harbor, client } = await agencyWithClient(page, 'look');
  const upload = async (name: string, mimeType: string, buffer: Buffer, type = 'other') => {
    const res = await page.request.post('/api/documents/upload', {
      headers,
      multipart: {
        companyId: String(harbor),
        type,
        visibleInPortal: 'true',
        file: { name, mimeType, buffer },
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()).id as number;
  };
  await upload('Logo round 1.png', 'image/png', await artwork(), 'proposal');
  await upload('Brand guidelines.pdf', 'application/pdf', pdfDocument(200), 'report');
  await upload('Budget.csv', 'text/csv', Buffer.from('item,cost\nlogo,1200\n'), 'invoice');
  queuePreviews(slug);
  await expect
    .poll(
      async () => {
        const res = await page.request.get('/api/documents?limit=10', { headers });
        const body = await res.json();
        const items = (Array.isArray(body) ? body : (body.items ?? body.data ?? [])) as { thumbUrl: string | null }[];
        return items.filter((d) => d.thumbUrl).length;
      },
      { timeout: 30_000 },
    )
    .toBe(2);

  // The hub's Files list: two thumbnails, the CSV keeps its icon.
  await page.goto('/hub/documents');
  await expect(page.getByText('Showing 3 of 3 files')).toBeVisible();
  const thumbs = page.locator('main img[src*="/thumb/"]');
  await expect(thumbs).toHaveCount(2);
  await expect.poll(() => thumbs.evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete))).toBe(true);
  await shoot(page, 'hub-files-list');

  // The image viewer: + zooms in (twice), 0 fits, Escape closes.
  await page.getByRole('button', { name: 'Preview Logo round 1.png' }).first().click();
  const viewer = page.getByRole('dialog');
  await expect(viewer.getByRole('img', { name: 'Logo round 1.png' })).toBeVisible();
  await expect(viewer.getByTestId('zoom-level')).toHaveText('100%');
  await page.keyboard.press('+');
  await page.keyboard.press('+');
  await expect(viewer.getByTestId('zoom-level')).toHaveText('156%');
  await shoot(page, 'hub-image-viewer-zoomed');
  await page.keyboard.press('0');
  await expect(viewer.getByTestId('zoom-level')).toHaveText('100%');
  await viewer.getByRole('button', { name: 'Zoom in' }).click();
  await expect(viewer.getByTestId('zoom-level')).toHaveText('125%');
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);

  // The PDF viewer on the desktop preset: the first page drawn, timed from the click; far pages are not drawn yet.
  await page.setViewportSize({ width: 1280, height: 720 });
  const started = Date.now();
  await page.getByRole('button', { name: 'Preview Brand guidelines.pdf' }).first().click();
  await expect(page.locator('[data-page="1"][data-drawn]')).toBeVisible();
  const firstPageMs = Date.now() - started;
  console.log(`[preview] 200-page PDF: first page drawn ${firstPageMs} ms after the click (1280 × 720)`);
  expect(firstPageMs).toBeLessThan(3000);
  await expect(page.getByTestId('pdf-viewer')).toHaveAttribute('data-pages', '200');
  await expect(page.locator('[data-page="150"][data-drawn]')).toHaveCount(0);
  await expect(page.getByText('Page 1 of 200')).toBeVisible();
  await shoot(page, 'hub-pdf-viewer');
  await page.locator('[data-page="5"]').scrollIntoViewIfNeeded();
  await expect(page.locator('[data-page="5"][data-drawn]')).toBeVisible();
  await page.keyboard.press('Escape');
  // Opened again: the viewer's code is loaded, the document is read anew (its first range requests, its first page).
  const again = Date.now();
  await page.getByRole('button', { name: 'Preview Brand guidelines.pdf' }).first().click();
  await expect(page.locator('[data-page="1"][data-drawn]')).toBeVisible();
  console.log(`[preview] 200-page PDF opened again: first page drawn ${Date.now() - again} ms after the click`);
  await page.keyboard.press('Escape');

  // The grid view shows the thumbnails large.
  await page.goto('/hub/documents?view=grid');
  await expect(page.locator('main img[src*="/thumb/"]')).toHaveCount(2);
  await shoot(page, 'hub-files-grid', [1440]);

  // The client, in their own browser context: the same thumbnails in the portal's Files, and the viewers.
  const clientContext = await browser.newContext();
  const portal = await clientContext.newPage();
  await portal.goto(`/portal/${slug}/login`);
  await portal.getByLabel('Email').fill(client.email);
  await portal.getByLabel('Password').fill(client.password);
  await portal.getByRole('button', { name: 'LOGIN' }).click();
  await expect(portal.getByRole('heading', { name: 'Welcome, Olive' })).toBeVisible();
  await portal.goto(`/portal/${slug}/files`);
  const portalThumbs = portal.locator('main img[src*="/thumb/"]');
  await expect(portalThumbs).toHaveCount(2);
  await expect
    .poll(() => portalThumbs.evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).naturalWidth > 0)))
    .toBe(true);
  await shoot(portal, 'portal-files-list');
  await portal.getByRole('button', { name: 'Preview Logo round 1.png' }).click();
  await expect(portal.getByRole('dialog').getByRole('img', { name: 'Logo round 1.png' })).toBeVisible();
  await portal.keyboard.press('+');
  await shoot(portal, 'portal-image-viewer-zoomed');
  await portal.keyboard.press('Escape');
  await portal.getByRole('button', { name: 'Preview Brand guidelines.pdf' }).click();
  await expect(portal.locator('[data-page="1"][data-drawn]')).toBeVisible();
  await shoot(portal, 'portal-pdf-viewer');
  await clientContext.close();
});
