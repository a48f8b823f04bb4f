/**
 * Internal until shared (issue 27), the whole path with the client in a second browser: staff make a project, a file
 * and a flow, and the client sees none of them and gets no e-mail; staff share the project and the file and publish
 * the flow in the hub, and the client sees all three and is e-mailed once for the file and once for the flow; staff
 * then edit the shared project's description and billing, and the client's Activity shows no diff and no amount.
 * Last, staff preview the portal as the contact: read-only, with a banner.
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
const mailsTo = (address: string) => smtp.received.filter((m) => m.to.includes(address.toLowerCase()));

test('staff share what they choose; the client sees only that, is e-mailed once, and never sees an edit', async ({
  page,
  browser,
}) => {
  const n = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const slug = `share${n}`;
  const owner = { email: `mara-${n}@studio.test`, password: 'Quartz-lantern-meadow-8817' };
  const signup = await page.request.post('/auth/signup', {
    data: {
      first_name: 'Mara',
      last_name: 'Stone',
      name: 'Stone Studio',
      email: owner.email,
      phone: '1',
      password: owner.password,
      slug,
    },
  });
  expect(signup.status()).toBe(201);
  const headers = { authorization: `Bearer ${(await signup.json()).authToken}` };
  const post = async (url: string, data: object) => {
    const res = await page.request.post(url, { data, headers });
    expect(res.status(), await res.text()).toBe(201);
    return res.json();
  };
  const harbor = (await post('/api/companies', { name: 'Harbor Bakery', status: 'active' })).id as number;
  const client = { email: `olive-${n}@harbor.test`, password: 'Copper-kettle-morning-42' };
  await post('/api/contacts', {
    firstName: 'Olive',
    lastName: 'Harbor',
    email: client.email,
    companyId: harbor,
    portalAccess: true,
    portalPassword: client.password,
  });

  // Staff make a project, a file and a flow, as they come: internal.
  const project = await post('/projects/v1', {
    name: 'Website relaunch',
    description: 'Old scope: Zeta Corp budget is $90k',
    status: 'in-progress',
    companies_id: harbor,
  });
  const upload = await page.request.post('/api/documents/upload', {
    headers,
    multipart: {
      companyId: String(harbor),
      file: { name: 'Brand guide.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF brand guide') },
    },
  });
  expect(upload.status()).toBe(201);
  const flow = await post('/flows/v1', {
    name: 'Bakery intake',
    description: 'Tell us about your bakery',
    workflow_type: 'onboard',
    company_id: harbor,
  });
  await post('/flow_step/v1', { flow_id: flow.id, step_title: 'Your brand' });

  // The client, in their own browser, sees none of it.
  const clientContext = await browser.newContext();
  const portal = await clientContext.newPage();
  await portal.goto(`/portal/${slug}/login`);
  await portal.getByLabel('Email').fill(client.email);
  await portal.getByLabel('Password').fill(client.password);
  await portal.getByRole('button', { name: 'LOGIN' }).click();
  await expect(portal.getByRole('heading', { name: 'Welcome, Olive' })).toBeVisible();
  for (const area of ['projects', 'files', 'workflows']) {
    await portal.goto(`/portal/${slug}/${area}`);
    await expect(portal.getByRole('main')).toBeVisible();
    await expect(portal.getByText(/Website relaunch|Brand guide\.pdf|Bakery intake/)).toHaveCount(0);
  }
  expect(mailsTo(client.email)).toHaveLength(0);

  // Staff share the project, the file and publish the flow in the hub, each asked once.
  // The sign-up left the owner signed in in this browser.
  await page.goto('/hub');
  await expect(page.getByRole('heading', { name: /^Good (morning|afternoon|evening), Mara$/ })).toBeVisible();

  await page.goto(`/hub/projects/${project.project_uid ?? project.projectUid}`);
  await page.getByRole('switch', { name: 'Visible to client' }).click();
  await expect(page.getByText('Share with 1 contact of Harbor Bakery?')).toBeVisible();
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(page.getByRole('switch', { name: 'Visible to client' })).toBeChecked();

  await page.goto('/hub/documents');
  await page.getByRole('button', { name: 'Edit Brand guide.pdf' }).first().click();
  await page.getByRole('switch', { name: 'Visible in client portal' }).click();
  await expect(page.getByText('Share with 1 contact of Harbor Bakery and e-mail them?')).toBeVisible();
  await page.getByRole('button', { name: 'Share and e-mail' }).click();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('heading', { name: 'Edit File' })).toHaveCount(0);

  await page.goto(`/hub/flows/${flow.flow_uid ?? flow.flowUid}`);
  await page.getByRole('button', { name: 'Publish', exact: true }).first().click();
  await expect(page.getByText(/1 contact of Harbor Bakery will be asked: Olive/)).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText('Published', { exact: true }).first()).toBeVisible();

  // The client sees all three, and is e-mailed once for the file and once for the flow.
  await portal.goto(`/portal/${slug}/projects`);
  await expect(portal.getByText('Website relaunch').first()).toBeVisible();
  await portal.goto(`/portal/${slug}/files`);
  await expect(portal.getByText('Brand guide.pdf').first()).toBeVisible();
  await portal.goto(`/portal/${slug}/workflows`);
  await expect(portal.getByText('Bakery intake').first()).toBeVisible();
  await expect.poll(() => mailsTo(client.email).length, { timeout: 15_000 }).toBe(2);
  const [first, second] = mailsTo(client.email)
    .map((m) => `${m.subject}\n${m.text}`)
    .sort();
  expect([first, second].join('\n')).toContain('Brand guide.pdf');
  expect([first, second].join('\n')).toContain('Bakery intake');

  // Staff edit the shared project's description and billing: the client's Activity shows neither diff nor amount.
  const patch = await page.request.patch(`/api/projects/${project.id}`, {
    data: { description: 'Please send the copy by Friday.', total_billed: 9876.25, total_hours_worked: 41.5 },
    headers,
  });
  expect(patch.status(), await patch.text()).toBe(200);
  await portal.goto(`/portal/${slug}/activity`);
  await expect(portal.getByText('Stone Studio shared a project: Website relaunch')).toBeVisible();
  await expect(portal.getByText('Stone Studio shared a file: Brand guide.pdf')).toBeVisible();
  const feed = await portal.getByRole('main').innerText();
  for (const leak of ['Zeta', '90k', '9876', '9,876', '41.5', 'Old scope', '→', 'Description', 'Billed'])
    expect(feed).not.toContain(leak);
  // Exactly the two mails: nothing more for the edit.
  await page.waitForTimeout(1500);
  expect(mailsTo(client.email)).toHaveLength(2);

  // Preview as the contact: the portal as Olive sees it, read-only, with a banner.
  await page.goto('/hub/contacts');
  const [preview] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('button', { name: 'Preview portal as Olive Harbor' }).first().click(),
  ]);
  await expect(preview.getByText('Previewing as Olive Harbor (Harbor Bakery) — read-only')).toBeVisible();
  await expect(preview.getByRole('heading', { name: 'Welcome, Olive' })).toBeVisible();
  await expect(preview.getByText('Website relaunch').first()).toBeVisible();
  await preview.getByRole('button', { name: 'Exit preview' }).click();
  await clientContext.close();
});
