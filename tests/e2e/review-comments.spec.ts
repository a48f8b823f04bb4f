/**
 * Review comments and pins (issue 31): staff pin comments on an image in the viewer (one internal, in the internal
 * notes' yellow); the client, in a second browser context, sees the public pin only, pins a comment of their own and
 * replies; the hub's open viewer shows the client's comment live; staff resolve it; the hub's search finds the internal
 * comment and opens the viewer on it. Screens at 1440 and 390 px.
 */
import sharp from 'sharp';
import { expect, test, type Page } from '@playwright/test';
import { agencyWithClient } from './agency';

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

const artwork = () =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1000">
      <rect width="1600" height="1000" fill="#0f3d5e"/>
      <circle cx="520" cy="500" r="330" fill="#f5b400"/>
      <rect x="950" y="260" width="480" height="480" rx="40" fill="#e8eef5"/>
      <text x="990" y="420" font-family="sans-serif" font-size="80" fill="#0f3d5e">Logo</text>
    </svg>`),
  )
    .png()
    .toBuffer();

/** Clicks the shown image at fractions x, y of its box. */
async function clickAt(page: Page, x: number, y: number) {
  const box = await page.getByRole('dialog').getByRole('img', { name: 'Logo round 1.png' }).boundingBox();
  if (!box) throw new Error('no image');
  await page.mouse.click(box.x + box.width * x, box.y + box.height * y);
}

test('pins and comments on an image, hub and portal, internal kept from the client, live', async ({
  page,
  browser,
}) => {
  const { slug, headers, harbor, client } = await agencyWithClient(page, 'pins');
  const res = await page.request.post('/api/documents/upload', {
    headers,
    multipart: {
      companyId: String(harbor),
      type: 'proposal',
      visibleInPortal: 'true',
      file: { name: 'Logo round 1.png', mimeType: 'image/png', buffer: await artwork() },
    },
  });
  expect(res.status(), await res.text()).toBe(201);

  // The sign-up's session cookie is the page's: staff are signed in.
  await page.goto('/hub/documents');
  await page.getByRole('button', { name: 'Preview Logo round 1.png' }).first().click();
  const viewer = page.getByRole('dialog');
  await expect(viewer.getByRole('img', { name: 'Logo round 1.png' })).toBeVisible();
  await expect(viewer.getByText('No comments on this version yet.')).toBeVisible();

  await viewer.getByRole('button', { name: 'Add pin' }).click();
  await clickAt(page, 0.3, 0.45);
  await expect(viewer.getByText('Pin 1 placed. Write its comment.')).toBeVisible();
  await page.keyboard.type('Can the sun be **a little warmer**?');
  await viewer.getByRole('button', { name: 'Add comment' }).click();
  await expect(viewer.getByTestId('review-pin')).toHaveCount(1);

  await viewer.getByRole('button', { name: 'Add pin' }).click();
  await clickAt(page, 0.75, 0.3);
  await viewer.getByLabel('Write a comment…').fill('Between us: they asked for this twice.');
  await viewer.getByRole('button', { name: 'Internal', pressed: false }).click();
  await viewer.getByRole('button', { name: 'Add comment' }).click();
  await expect(viewer.getByTestId('review-pin')).toHaveCount(2);
  await expect(viewer.getByTestId('review-comment')).toHaveCount(2);

  // The client, in their own browser context: the public pin only; their own pin and a reply.
  const clientContext = await browser.newContext();
  const portal = await clientContext.newPage();
  await portal.goto(`/portal/${slug}/login`);
  await portal.getByLabel('Email').fill(client.email);
  await portal.getByLabel('Password').fill(client.password);
  await portal.getByRole('button', { name: 'LOGIN' }).click();
  await expect(portal.getByRole('heading', { name: 'Welcome, Olive' })).toBeVisible();
  await portal.goto(`/portal/${slug}/files`);
  await portal.getByRole('button', { name: 'Preview Logo round 1.png' }).click();
  const portalViewer = portal.getByRole('dialog');
  await expect(portalViewer.getByTestId('review-pin')).toHaveCount(1);
  await expect(portalViewer.getByText('they asked for this twice')).toHaveCount(0);
  await expect(portalViewer.getByRole('button', { name: 'Internal' })).toHaveCount(0);
  await portalViewer.getByRole('button', { name: 'Reply' }).click();
  await portal.keyboard.type('Yes please, more orange.');
  await portalViewer.getByRole('button', { name: 'Reply' }).last().click();
  await expect(portalViewer.getByText('Yes please, more orange.')).toBeVisible();
  await portalViewer.getByRole('button', { name: 'Add pin' }).click();
  await clickAt(portal, 0.62, 0.7);
  await portal.keyboard.type('The box could be rounder.');
  await portalViewer.getByRole('button', { name: 'Add comment' }).click();
  await expect(portalViewer.getByTestId('review-pin')).toHaveCount(2);
  // Internal pins are numbered apart: the client's pin is 2, after the one public pin, with no gap.
  await expect(portalViewer.getByTestId('review-pin').filter({ hasText: '2' })).toHaveCount(1);
  await shoot(portal, 'portal-viewer-pins');

  // The hub's open viewer hears of it: the client's pin and reply appear without a reload.
  await expect(viewer.getByTestId('review-pin')).toHaveCount(3);
  await expect(viewer.getByText('Yes please, more orange.')).toBeVisible();
  // A pin is a button: it brings its comment into view (the list is the keyboard's path).
  await viewer.getByRole('button', { name: /^Pin 2: comment by Olive/ }).click();
  await expect(viewer.getByText('The box could be rounder.')).toBeVisible();
  const clientComment = viewer.getByTestId('review-comment').filter({ hasText: 'The box could be rounder.' });
  await clientComment.getByRole('button', { name: 'Resolve' }).click();
  await expect(clientComment.getByText('Resolved by Mara Stone')).toBeVisible();
  await shoot(page, 'hub-viewer-pins');

  // The client's search (on the portal's Messages page) finds her comment, and the result opens the viewer on its
  // version with the comment focused; staff's internal one is never found.
  await portal.keyboard.press('Escape');
  await portal.goto(`/portal/${slug}/messages`);
  const portalSearch = portal.getByRole('searchbox', { name: 'Search your messages' });
  await portalSearch.fill('asked twice');
  await expect(portal.getByText('No message matches “asked twice”.')).toBeVisible();
  await portalSearch.fill('rounder');
  await portal.getByRole('link', { name: /Logo round 1\.png/ }).click();
  const fromSearch = portal.getByRole('dialog');
  await expect(fromSearch.getByRole('img', { name: 'Logo round 1.png' })).toBeVisible();
  await expect(fromSearch.getByTestId('review-comment').filter({ hasText: 'The box could be rounder.' })).toBeFocused();
  await expect(portal).toHaveURL(new RegExp(`/portal/${slug}/files$`));
  await clientContext.close();

  // Search (Ctrl-K) finds a comment by its text, an internal one marked, titled with its file, and opens the viewer on
  // its version with the comment in view and focused.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox', { name: 'Search' }).fill('asked twice');
  const result = page.getByRole('option', { name: /Logo round 1\.png/ });
  await expect(result).toContainText('Internal note');
  await expect(result).toContainText('Mara Stone: Between us');
  await shoot(page, 'hub-search-comment');
  await page.keyboard.press('Enter');
  const opened = page.getByRole('dialog');
  await expect(opened.getByRole('img', { name: 'Logo round 1.png' })).toBeVisible();
  await expect(opened.getByTestId('review-comment').filter({ hasText: 'they asked for this twice' })).toBeFocused();
  await expect(page).toHaveURL(/\/hub\/documents$/);
  await shoot(page, 'hub-viewer-from-search');
});
