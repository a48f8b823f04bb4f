/**
 * Approvals (issue 31), with the client in a second browser: staff open a shared file, ask its company's contact to
 * approve it (the request dialog); the client sees it under "Needs your review" on the portal's dashboard, opens it
 * and approves with a comment; staff's open panel shows the decision live, and the dashboard counts what still waits.
 * SHOTS_DIR set: screenshots at 1440 and 390 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { agencyWithClient } from './agency';

const shots = process.env.SHOTS_DIR;
async function shoot(page: Page, name: string) {
  if (!shots) return;
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: width === 390 });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('staff request approval, the client approves in the portal, staff see it live', async ({ page, browser }) => {
  const { slug, headers, post, harbor, client } = await agencyWithClient(page, 'ok');
  const upload = await page.request.post('/api/documents/upload', {
    headers,
    multipart: {
      companyId: String(harbor),
      visibleInPortal: 'true',
      name: 'Homepage mock-up v1.pdf',
      file: { name: 'homepage.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 mock-up') },
    },
  });
  expect(upload.status()).toBe(201);
  const fileId = (await upload.json()).id as number;

  // Staff open the file and ask Olive to approve it.
  await page.goto(`/hub/documents?file=${fileId}`);
  const panel = page.getByRole('region', { name: 'Client approval' });
  await expect(panel.getByText('No approval requested yet.')).toBeVisible();
  await panel.getByRole('button', { name: 'Request approval' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request approval' });
  await dialog.getByLabel('Approver').selectOption({ label: `Olive Harbor (${client.email})` });
  await dialog.getByLabel('Message (optional)').fill('Please check the hero section and the prices.');
  await shoot(page, 'request-dialog');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(panel.getByText('Awaiting approval').first()).toBeVisible();
  await shoot(page, 'approval-panel-pending');

  // The client, in their own browser: "Needs your review" first on the dashboard, then the decision page.
  const clientContext = await browser.newContext();
  const portal = await clientContext.newPage();
  await portal.goto(`/portal/${slug}/login`);
  await portal.getByLabel('Email').fill(client.email);
  await portal.getByLabel('Password').fill(client.password);
  await portal.getByRole('button', { name: 'LOGIN' }).click();
  const review = portal.getByRole('region', { name: /Needs your review/ });
  await expect(review.getByText('Homepage mock-up v1.pdf')).toBeVisible();
  await shoot(portal, 'portal-needs-review');
  await review.getByRole('link', { name: /Homepage mock-up v1\.pdf/ }).click();
  await expect(portal.getByRole('heading', { name: 'Homepage mock-up v1.pdf' })).toBeVisible();
  await portal.getByLabel('Comment (optional)').fill('Looks great — **approved**.');
  await shoot(portal, 'portal-decision');
  await portal.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(portal.getByText('Thank you: your decision is recorded.')).toBeVisible();
  await shoot(portal, 'portal-decided');

  // Staff's open panel shows the decision without a reload.
  await expect(panel.getByText('Approved').first()).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Certificate (PDF)' })).toBeVisible();
  await shoot(page, 'approval-panel-approved');

  // The dashboard's card: a second file waiting (any contact may decide), then the files list's filter from it.
  const second = await page.request.post('/api/documents/upload', {
    headers,
    multipart: {
      companyId: String(harbor),
      visibleInPortal: 'true',
      name: 'Brand guide.pdf',
      file: { name: 'brand.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 brand') },
    },
  });
  const secondId = (await second.json()).id as number;
  await post(`/api/documents/${secondId}/approvals`, { mode: 'any' });
  await page.keyboard.press('Escape');
  await page.goto('/hub');
  const card = page.getByRole('link', { name: /Awaiting approval/ });
  await expect(card).toContainText('1');
  await shoot(page, 'dashboard-card');
  await card.click();
  await expect(page).toHaveURL(/approval=pending/);
  await expect(page.getByRole('link', { name: 'Brand guide.pdf' }).first()).toBeVisible();
  await shoot(page, 'files-awaiting');
  await clientContext.close();
});
