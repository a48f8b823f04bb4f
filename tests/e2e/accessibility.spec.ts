import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ENTITIES } from '../../shared/entities';
import { account } from '../../shared/messages/account';

const WIDTHS = [1440, 390] as const;

/** No WCAG 2.1 A/AA violations that axe can detect. */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

/** No serious (or critical) and no moderate violation on the page as it stands, named by its address. */
async function expectNoSeriousOrModerate(page: Page, label: string) {
  // Measured at final colours, not mid-fade.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const found = results.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious' || v.impact === 'moderate')
    .map((v) => `${label}: ${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect.soft(found).toEqual([]);
}

// ---- The pages to check, read from the route table (client/src/app/routes.tsx), so a new page cannot be missed.
const routerSource = fs.readFileSync(path.resolve(import.meta.dirname, '../../client/src/app/routes.tsx'), 'utf8');

/** The `path:` values of one block of the route table, from its opening marker to the end of its children. */
function routesIn(startMarker: string, endMarker: string): string[] {
  const start = routerSource.indexOf(startMarker);
  const end = routerSource.indexOf(endMarker, start);
  expect(start, `route table block ${startMarker}`).toBeGreaterThan(-1);
  const block = routerSource.slice(start, end);
  const paths = [...block.matchAll(/path: '([^']+)'/g)].map((m) => m[1]);
  return block.includes('index: true') ? ['', ...paths] : paths;
}

// `:area` serves a registry area that has no route of its own (none today): every area's page is checked by its path.
const hubRoutes = routesIn("path: 'hub',", "{ path: '*'").filter((p) => p !== 'hub' && p !== ':area');
const portalRoutes = routesIn("import('../features/portal/PortalLayout')", '],');

type Fixture = {
  slug: string;
  companyId: number;
  projectId: number;
  projectUid: string;
  resourceId: number;
  flowUid: string;
  portalFlowUid: string;
  threadId: number;
  email: string;
  password: string;
};

/** A concrete address for each route pattern of the table; a pattern nobody knows fails the test. */
function hubAddress(route: string, f: Fixture): string {
  const filled = route
    .replace(':companyId', String(f.companyId))
    .replace(':projectUid', f.projectUid)
    .replace(':id', String(f.resourceId))
    .replace(':flowUid', f.flowUid)
    .replace(':threadId', String(f.threadId));
  expect(filled, `hub route ${route} has a value for each parameter`).not.toContain(':');
  return `/hub${filled ? `/${filled}` : ''}`;
}

function portalAddress(route: string, f: Fixture): string {
  const filled = route
    .replace(/^resources\/:id$/, `resources/${f.resourceId}`)
    .replace(':threadId', String(f.threadId))
    .replace(':id', String(f.projectId))
    .replace(':flowUid', f.portalFlowUid);
  expect(filled, `portal route ${route} has a value for each parameter`).not.toContain(':');
  return `/portal/${f.slug}/${filled}`;
}

/** An agency with at least one of everything, and a client contact with portal access who sees shared work. */
async function agencyWithEverything(request: APIRequestContext): Promise<Fixture> {
  const n = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const slug = `ally${n}`;
  const signup = await request.post('/auth/signup', {
    data: {
      first_name: 'Ada',
      last_name: 'Access',
      name: 'Access Agency',
      email: `ada-${n}@a11y.test`,
      phone: '1',
      password: 'a-strong-password-2',
      slug,
    },
  });
  expect(signup.status()).toBe(201);
  const headers = { authorization: `Bearer ${(await signup.json()).authToken}` };
  const post = async (url: string, data: object) => {
    const res = await request.post(url, { data, headers });
    expect(res.status(), await res.text()).toBe(201);
    return res.json();
  };
  // A company with no website, industry or address: the record page shows its "Not set" facts.
  const companyId = (await post('/api/companies', { name: 'Harbor Bakery', status: 'active' })).id as number;
  const email = `olive-${n}@harbor.test`;
  const password = 'Copper-kettle-morning-42';
  const contact = await post('/api/contacts', {
    firstName: 'Olive',
    lastName: 'Harbor',
    email,
    companyId,
    portalAccess: true,
    portalPassword: password,
  });
  const project = await post('/projects/v1', {
    name: 'Website relaunch',
    description: 'A faster site.',
    status: 'in-progress',
    companies_id: companyId,
    project_contact_id: [contact.id],
    visible_to_client: true,
  });
  // A project with no dates: "Not set" on its page.
  await post('/projects/v1', { name: 'Undated audit', status: 'waiting', companies_id: companyId });
  await post('/api/tasks', {
    title: 'Approve homepage',
    status: 'pending',
    projectId: project.id,
    dueDate: '2027-03-01',
  });
  await post('/api/tasks', { title: 'Write copy', status: 'in-progress', priority: 'high', projectId: project.id });
  const upload = await request.post('/api/documents/upload', {
    headers,
    multipart: {
      companyId: String(companyId),
      projectId: String(project.id),
      visibleInPortal: 'true',
      file: { name: 'Sitemap.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF sitemap') },
    },
  });
  expect(upload.status()).toBe(201);
  const resource = await post('/resources/v1', {
    title: 'Brand guidelines',
    description: 'Logos and colours',
    type: 'information',
    status: 'active',
    visible: true,
    company_id: companyId,
    value: { Logo: 'https://cdn.example.test/logo.svg' },
  });
  const flow = await post('/flows/v1', {
    name: 'Brand intake',
    description: 'Tell us about your brand.',
    workflow_type: 'collect',
    company_id: companyId,
    is_active: true,
  });
  const step = await post('/flow_step/v1', { flow_id: flow.id, step_title: 'About you' });
  await post('/flow_field/v1', { flow_step: step.id, field_label: 'Launch date', field_type: 'date', order: 0 });
  // The company's conversation, with a message from the agency.
  const thread = await request.post(`/api/messages/companies/${companyId}/thread`, { headers });
  expect(thread.status(), await thread.text()).toBe(200);
  const threadId = (await thread.json()).thread.id as number;
  await post(`/api/messages/threads/${threadId}/messages`, { body: 'Welcome! **Ask us anything** here.' });
  return {
    slug,
    companyId,
    threadId,
    projectId: project.id,
    projectUid: project.project_uid ?? project.projectUid,
    resourceId: resource.id,
    flowUid: flow.flow_uid,
    portalFlowUid: flow.flow_uid,
    email,
    password,
  };
}

/** Opens a page and waits until its first screen is drawn (its h1, and no skeleton or spinner in the main area). */
async function open(page: Page, address: string) {
  await page.goto(address);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('main [aria-busy="true"], main [role="status"][aria-label="Loading"]')).toHaveCount(0);
}

test('public pages and the sign-in and sign-up screens are accessible', async ({ page }) => {
  for (const [address, heading] of [
    ['/', 'Complete Client Management System for Service Agencies'],
    ['/features', null],
    ['/pricing', null],
    ['/hub/login', 'Welcome to Clientflow'],
    ['/hub/signup', 'Create Your Account'],
  ] as const) {
    await page.goto(address);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    if (heading) await expect(page.getByRole('heading', { level: 1 })).toContainText(heading);
    await expectAccessible(page);
  }
});

for (const width of WIDTHS) {
  test(`every hub page, record page and account tab has no serious or moderate violation at ${width} px`, async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const f = await agencyWithEverything(page.request);
    // Every list page of the registry is a route of the table (the registry's links point at real pages).
    for (const entity of Object.values(ENTITIES)) expect(hubRoutes).toContain(entity.path.replace('/hub/', ''));

    const addresses = hubRoutes.filter((r) => r !== '*').map((r) => hubAddress(r, f));
    // The other views of the lists, every account tab, and the hub's 404 page.
    addresses.push('/hub/tasks?view=board', '/hub/tasks?view=grid', '/hub/companies?view=list');
    for (const tab of Object.keys(account.tabs)) addresses.push(`/hub/account?tab=${tab}`);
    addresses.push('/hub/no-such-page');

    await page.setViewportSize({ width, height: 900 });
    for (const address of addresses) {
      await open(page, address);
      await expectNoSeriousOrModerate(page, `${width}px ${address}`);
    }
  });
}

test('every portal page, signed in as a client, has no serious or moderate violation at 1440 and 390 px', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const f = await agencyWithEverything(page.request);
  const context = await browser.newContext();
  const portal = await context.newPage();
  await portal.goto(`/portal/${f.slug}/login`);
  await portal.getByLabel('Email').fill(f.email);
  await portal.getByLabel('Password').fill(f.password);
  await portal.getByRole('button', { name: 'LOGIN' }).click();
  await expect(portal).toHaveURL(/\/dashboard$/);

  for (const width of WIDTHS) {
    await portal.setViewportSize({ width, height: 900 });
    for (const route of portalRoutes) {
      const address = portalAddress(route, f);
      await open(portal, address);
      await expectNoSeriousOrModerate(portal, `${width}px ${address}`);
    }
  }
  await context.close();
});

test('the companies screen and its dialog are accessible and keyboard-operable', async ({ page }) => {
  const request = page.request;
  const n = Date.now().toString(36);
  const signup = await request.post('/auth/signup', {
    data: {
      first_name: 'Kay',
      last_name: 'Board',
      name: 'Keyboard Agency',
      email: `kay-${n}@a11y.test`,
      phone: '1',
      password: 'a-strong-password-2',
      slug: `kbd${n}`,
    },
  });
  expect(signup.status()).toBe(201);
  // page.request shares the browser's cookies, so the sign-up's session cookie signs the page in.
  const token = (await signup.json()).authToken as string;
  await request.post('/companies/v1', {
    data: { name: 'Accessible Co', industry: 'Testing' },
    headers: { authorization: `Bearer ${token}` },
  });

  await page.goto('/hub/companies');
  await expect(page.getByText('Showing 1 of 1 companies')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'List view' }).click();
  await expect(page.getByRole('columnheader', { name: 'Industry' })).toBeVisible();
  await expectAccessible(page);

  // Keyboard only: open the add dialog, type, submit with Enter, Escape closes.
  await page.getByRole('button', { name: 'Add Company' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Add New Company' })).toBeVisible();
  await expect(page.getByLabel('Company name')).toBeFocused();
  await expectAccessible(page);
  await page.keyboard.type('Typed Without Mouse');
  await page.keyboard.press('Enter');
  await expect(page.getByText('The company has been successfully created.')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Typed Without Mouse', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Edit Typed Without Mouse' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Company' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: 'Edit Company' })).toHaveCount(0);
});

test('back from a record returns focus to the card or row that opened it', async ({ page }) => {
  const f = await agencyWithEverything(page.request);

  // A company card, opened by keyboard; the browser's Back.
  await page.goto('/hub/companies');
  const card = page.getByRole('link', { name: 'Harbor Bakery', exact: true });
  await card.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/hub/companies/${f.companyId}$`));
  await page.goBack();
  await expect(page.getByRole('link', { name: 'Harbor Bakery', exact: true })).toBeFocused();

  // A project's row in the list view, opened by a click on the row; the page's back link.
  await page.goto('/hub/projects?view=list');
  // In the first cell's padding: the row itself, not its link.
  await page
    .getByRole('row', { name: /Undated audit/ })
    .getByRole('cell')
    .first()
    .click({ position: { x: 4, y: 4 } });
  await expect(page.getByRole('heading', { level: 1, name: 'Undated audit' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Projects', exact: true }).click();
  await expect(
    page
      .getByRole('row', { name: /Undated audit/ })
      .getByRole('link')
      .first(),
  ).toBeFocused();
});

test('on a phone the filters fold behind "Filters (N)", operable by keyboard, with the active ones as chips', async ({
  page,
}) => {
  await agencyWithEverything(page.request);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/hub/resources');
  const toggle = page.getByRole('button', { name: 'Filters (0)' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByLabel('Filter by status')).toBeHidden();
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.getByLabel('Filter by status').selectOption('active');
  await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();
  await page.getByRole('button', { name: 'Filters (1)' }).press('Space');
  await expect(page.getByLabel('Filter by status')).toBeHidden();
  // Folded, the active filter still shows, with its own remove button.
  await expect(page.getByRole('button', { name: /^Remove filter Status:/ })).toBeVisible();
  await expectNoSeriousOrModerate(page, '390px /hub/resources?status=active');

  // On a wide screen there is no button: the filters sit in the toolbar.
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(page.getByRole('button', { name: /^Filters \(/ })).toBeHidden();
  await expect(page.getByLabel('Filter by status')).toBeVisible();
});
