/**
 * Flows in the client portal, end to end: staff build a collect flow (text, select, file) for a client company;
 * the client signs in to the branded portal in their own browser, walks the flow — a required field refused, the
 * answers kept when going back, a file uploaded — and finishes it; back in the hub, staff see the submission with
 * the answers and the file. Staff also build one step holding welcome text above a form (issue 29), which the client
 * reads and answers in their own browser.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';

/** An agency with a client company, a contact with portal access, and a two-step collect flow. */
// biome-ignore lint/suspicious/noExportsInTest: the portal flows' agency is shared with the accessibility spec
export async function portalFlowAgency(request: APIRequestContext) {
  const n = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const slug = `flows${n}`;
  const signup = await request.post('/auth/signup', {
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
  const headers = { authorization: `Bearer ${(await signup.json()).authToken as string}` };
  const post = async (url: string, data: object) => {
    const res = await request.post(url, { data, headers });
    expect(res.status(), `${url}: ${await res.text()}`).toBe(201);
    return res.json();
  };
  const company = await post('/companies/v1', { name: 'Harbor Bakery', status: 'active' });
  const email = `olive-${n}@harbor.test`;
  const password = 'Copper-kettle-morning-42';
  await post('/contacts/v1', {
    first_name: 'Olive',
    last_name: 'Harbor',
    email,
    company_id: company.id,
    portal_access: true,
    portal_password: password,
  });
  // Published at once, as the spec's client sends it (issue 27: clients see it once it has a step).
  const flow = await post('/flows/v1', {
    name: 'Brand intake',
    description: 'Tell us about your brand so we can start.',
    workflow_type: 'collect',
    company_id: company.id,
    is_active: true,
  });
  const about = await post('/flow_step/v1', { flow_id: flow.id, step_title: 'About your bakery' });
  await post('/flow_field/v1', {
    flow_step: about.id,
    field_label: 'Bakery name',
    field_type: 'text',
    is_required: true,
    order: 0,
    help_text: 'As it appears on your shop front.',
  });
  await post('/flow_field/v1', {
    flow_step: about.id,
    field_label: 'Team size',
    field_type: 'select',
    is_required: true,
    order: 1,
    choices: ['1-10', '11-50', '51+'],
  });
  const assets = await post('/flow_step/v1', { flow_id: flow.id, step_title: 'Your logo' });
  await post('/flow_field/v1', {
    flow_step: assets.id,
    field_label: 'Logo file',
    field_type: 'file',
    is_required: true,
    order: 0,
  });
  return { slug, email, password, flowUid: flow.flow_uid as string, headers, post, companyId: company.id as number };
}

test('a client completes a collect flow with a file upload, and staff see the submission', async ({
  page,
  browser,
}) => {
  // Two browsers, a whole flow, the client's files and a not-found page: more than the default minute on a busy machine.
  test.slow();
  const { slug, email, password, flowUid } = await portalFlowAgency(page.request);

  // The client, in their own browser: sign in on the branded page and open Flows. Portal pages never ask for a
  // staff session (auth.me), nothing answers 401 once signed in, and no route lacks an element.
  const context = await browser.newContext();
  const portal = await context.newPage();
  const staffProbes: string[] = [];
  const unauthorized: string[] = [];
  const warnings: string[] = [];
  let signedIn = false;
  portal.on('request', (req) => {
    if (/\/trpc\/(?:[^?]*,)?auth\.me\b/.test(req.url())) staffProbes.push(req.url());
  });
  portal.on('response', (res) => {
    if (signedIn && res.status() === 401) unauthorized.push(res.url());
  });
  portal.on('console', (msg) => {
    if (/leaf route|does not have an element/i.test(msg.text())) warnings.push(msg.text());
  });
  await portal.goto(`/portal/${slug}`);
  await expect(portal).toHaveURL(new RegExp(`/portal/${slug}/login$`));
  await portal.goto(`/portal/${slug}/login`);
  await portal.getByLabel('Email').fill(email);
  await portal.getByLabel('Password').fill(password);
  await portal.getByRole('button', { name: 'LOGIN' }).click();
  await expect(portal).toHaveURL(new RegExp(`/portal/${slug}/dashboard$`));
  signedIn = true;
  await portal.goto(`/portal/${slug}/workflows`);
  await expect(portal.getByRole('heading', { name: 'Brand intake' })).toBeVisible();
  await expect(portal.getByText('Not started')).toBeVisible();
  await expect(portal.getByRole('link', { name: 'Start: Brand intake' })).toBeVisible();
  // The card's title opens the flow too.
  await portal.getByRole('heading', { name: 'Brand intake' }).getByRole('link').click();
  await expect(portal).toHaveURL(new RegExp(`/portal/${slug}/workflows/${flowUid}$`));

  // Step 1: required fields are checked before anything is sent.
  await expect(portal.getByRole('heading', { name: 'About your bakery' })).toBeVisible();
  await portal.getByRole('button', { name: 'Next' }).click();
  await expect(portal.getByText('Please fill in “Bakery name”.')).toBeVisible();
  await portal.getByLabel('Bakery name').fill('Harbor Bakery Ltd');
  await portal.getByLabel('Team size').selectOption('11-50');
  await portal.getByRole('button', { name: 'Next' }).click();

  // Step 2: going back shows the saved answers; then the file.
  await expect(portal.getByRole('heading', { name: 'Your logo' })).toBeVisible();
  await portal.getByRole('button', { name: 'Back' }).click();
  await expect(portal.getByLabel('Bakery name')).toHaveValue('Harbor Bakery Ltd');
  await expect(portal.getByLabel('Team size')).toHaveValue('11-50');
  await portal.getByRole('button', { name: 'Next' }).click();
  await expect(portal.getByRole('heading', { name: 'Your logo' })).toBeVisible();
  await portal.getByRole('button', { name: 'Finish' }).click();
  await expect(portal.getByText('Please upload a file for “Logo file”.')).toBeVisible();
  await portal
    .getByLabel('Logo file')
    .setInputFiles({ name: 'harbor-logo.png', mimeType: 'image/png', buffer: Buffer.from('fake png bytes') });
  await expect(portal.getByText('harbor-logo.png')).toBeVisible();
  await portal.getByRole('button', { name: 'Finish' }).click();

  // The completed view, and the list says so.
  await expect(portal.getByRole('heading', { name: 'Flow completed' })).toBeVisible();
  await expect(portal.getByText('Harbor Bakery Ltd')).toBeVisible();
  await portal.getByRole('link', { name: 'Back to Flows' }).first().click();
  await expect(portal.getByText('Completed', { exact: true })).toBeVisible();

  // The uploaded logo is among the client's files, "Uploaded by you".
  await portal.getByRole('link', { name: 'Files' }).first().click();
  await expect(portal.getByRole('listitem').filter({ hasText: 'harbor-logo.png' })).toContainText('Uploaded by you');

  // A flow that does not exist (or is not shared): the designed not-found state, with a way back.
  await portal.goto(`/portal/${slug}/workflows/nosuchflow`);
  await expect(portal.getByRole('heading', { name: 'Flow not found' })).toBeVisible();
  await expect(portal.getByText('This flow does not exist or is not shared with you.')).toBeVisible();
  await portal.getByRole('link', { name: 'Back to Flows' }).click();
  await expect(portal).toHaveURL(new RegExp(`/portal/${slug}/workflows$`));

  expect(staffProbes).toEqual([]);
  expect(unauthorized).toEqual([]);
  expect(warnings).toEqual([]);
  await context.close();

  // Staff: the flow's Submissions tab shows the answers and the file.
  await page.goto(`/hub/flows/${flowUid}`);
  const tab = page.getByRole('tab', { name: /Submissions/ });
  await expect(tab).toContainText('1');
  await tab.click();
  const submissions = page.locator('[data-flow-submissions]');
  await expect(submissions.getByText('Olive Harbor')).toBeVisible();
  await expect(submissions.getByText('Completed')).toBeVisible();
  await expect(submissions.getByText('Harbor Bakery Ltd')).toBeVisible();
  await expect(submissions.getByText('11-50')).toBeVisible();
  const fileLink = submissions.getByRole('link', { name: /harbor-logo\.png/ });
  await expect(fileLink).toBeVisible();
  const download = await page.request.get((await fileLink.getAttribute('href'))!);
  expect(download.status()).toBe(200);
  expect(await download.text()).toBe('fake png bytes');

  // The file is one of the company's files too.
  await page.goto('/hub/documents');
  await expect(page.getByText('harbor-logo.png').first()).toBeVisible();
});

test('staff build "Welcome + form" in one step; the client reads the text above the form and completes it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { slug, email, password, post, companyId } = await portalFlowAgency(page.request);
  const flow = await post('/flows/v1', {
    name: 'Getting started',
    description: 'Hello first, then one question.',
    workflow_type: 'collect',
    company_id: companyId,
  });

  // Staff: one form step with welcome text above its field, then a text-only step; then publish.
  await page.goto(`/hub/flows/${flow.flow_uid}`);
  await page.getByRole('button', { name: 'Add Form Step' }).click();
  const first = page.locator('[data-step-card]').first();
  await page.getByLabel('Title of step 1').fill('Welcome + form');
  await first.getByRole('button', { name: 'Add text' }).click();
  await first.getByLabel('Content of step 1').fill('## Welcome aboard\n\nWe are glad you are here.');
  await first.getByRole('button', { name: 'Add Field' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Label').fill('Your website');
  await dialog.getByRole('checkbox', { name: /Required/ }).check();
  await dialog.getByRole('button', { name: 'Create Field' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Add Content Step' }).click();
  await page.getByLabel('Title of step 2').fill('All set');
  await page.getByLabel('Content of step 2').fill('Thanks! We will be in touch.');
  await expect(page.locator('[data-save-state]')).toHaveText('Saved');
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText('Flow published')).toBeVisible();

  // The client, in their own browser.
  const context = await browser.newContext();
  const portal = await context.newPage();
  await portal.goto(`/portal/${slug}/login`);
  await portal.getByLabel('Email').fill(email);
  await portal.getByLabel('Password').fill(password);
  await portal.getByRole('button', { name: 'LOGIN' }).click();
  await expect(portal).toHaveURL(new RegExp(`/portal/${slug}/dashboard$`));
  await portal.goto(`/portal/${slug}/workflows`);
  await portal.getByRole('link', { name: 'Start: Getting started' }).click();

  // Step 1: the text, then the form of the same step; its required field is enforced.
  await expect(portal.getByRole('heading', { name: 'Welcome + form' })).toBeVisible();
  const welcome = portal.getByRole('heading', { name: 'Welcome aboard' });
  await expect(welcome).toBeVisible();
  await expect(portal.getByText('We are glad you are here.')).toBeVisible();
  const field = portal.getByLabel('Your website');
  await expect(field).toBeVisible();
  expect((await welcome.boundingBox())!.y).toBeLessThan((await field.boundingBox())!.y);
  await portal.getByRole('button', { name: 'Next' }).click();
  await expect(portal.getByText('Please fill in “Your website”.')).toBeVisible();
  await field.fill('harbor.example');
  await portal.getByRole('button', { name: 'Next' }).click();

  // Step 2: text only, read and finish.
  await expect(portal.getByRole('heading', { name: 'All set' })).toBeVisible();
  await expect(portal.getByText('Thanks! We will be in touch.')).toBeVisible();
  await expect(portal.getByRole('textbox')).toHaveCount(0);
  await portal.getByRole('button', { name: 'Finish' }).click();
  await expect(portal.getByRole('heading', { name: 'Flow completed' })).toBeVisible();
  await expect(portal.getByText('harbor.example')).toBeVisible();
  await context.close();

  // Staff see the answer under its step.
  await page.reload();
  await page.getByRole('tab', { name: /Submissions/ }).click();
  await expect(page.locator('[data-flow-submissions]').getByText('harbor.example')).toBeVisible();
});
