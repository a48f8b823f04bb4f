/**
 * The client portal's work areas as a client lives them: staff give a contact of Harbor Bakery portal access and
 * share projects, tasks and files (one file hidden, one company beside it, one project and one task kept internal);
 * the contact, in their own browser, signs in on the agency's branded page, sees their projects, tasks and files,
 * downloads a file, and never sees Northwind's project, the hidden file, the internal project or the internal task. With SHOTS=1 it also photographs every portal page at 1440 and 390 px.
 */
import { expect, test, type Page } from '@playwright/test';

const SHOTS = process.env.SHOTS === '1';
const shot = async (page: Page, name: string) => {
  if (!SHOTS) return;
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.waitForTimeout(250);
    await page.screenshot({ path: `scratch/shots/A-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
};

async function agencyWithClientWork(page: Page) {
  const n = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const slug = `work${n}`;
  const signup = await page.request.post('/auth/signup', {
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
  const headers = { authorization: `Bearer ${(await signup.json()).authToken}` };
  const post = async (url: string, data: object) => {
    const res = await page.request.post(url, { data, headers });
    expect(res.status(), await res.text()).toBe(201);
    return res.json();
  };
  // The agency's branding: a green primary colour.
  expect(
    (
      await page.request.put('/api/business/style', {
        data: {
          primary_color: '#0f766e',
          secondary_color: '#f59e0b',
          button_text_color: '#ffffff',
          login_text: 'Welcome back — your projects with Stone Studio.',
        },
        headers,
      })
    ).status(),
  ).toBe(200);
  const harbor = (await post('/api/companies', { name: 'Harbor Bakery', status: 'active' })).id as number;
  const north = (await post('/api/companies', { name: 'Northwind Logistics', status: 'active' })).id as number;
  const email = `olive-${n}@harbor.test`;
  const password = 'Copper-kettle-morning-42';
  const contact = await post('/api/contacts', {
    firstName: 'Olive',
    lastName: 'Harbor',
    email,
    phone: '(555) 010-2030',
    companyId: harbor,
    portalAccess: true,
    portalPassword: password,
  });
  const site = await post('/projects/v1', {
    name: 'Website relaunch',
    description: 'A faster, friendlier site with online ordering.',
    status: 'in-progress',
    companies_id: harbor,
    project_contact_id: [contact.id],
    project_start_date: '2026-01-05',
    project_completion_date: '2026-04-30',
    visible_to_client: true,
  });
  await post('/projects/v1', {
    name: 'Spring menu photography',
    description: 'Photos of the new seasonal menu.',
    status: 'waiting',
    companies_id: harbor,
    visible_to_client: true,
  });
  await post('/projects/v1', {
    name: 'Northwind fleet portal',
    status: 'in-progress',
    companies_id: north,
    visible_to_client: true,
  });
  // Kept internal (issue 27): a project not shared (the default) and an internal task of a shared one.
  await post('/projects/v1', { name: 'Pricing review 2027', status: 'in-progress', companies_id: harbor });
  await post('/api/tasks', { title: 'Send invoice', status: 'pending', projectId: site.id, internal: true });
  for (const [title, status] of [
    ['Approve homepage design', 'completed'],
    ['Write menu copy', 'in-progress'],
    ['Send product photos', 'pending'],
    ['Legacy shop migration', 'cancelled'],
  ]) {
    await post('/api/tasks', {
      title,
      status,
      priority: status === 'pending' ? 'high' : 'medium',
      projectId: site.id,
      dueDate: '2026-02-20',
    });
  }
  const upload = async (name: string, companyId: number, visible: boolean, projectId?: number) => {
    const res = await page.request.post('/api/documents/upload', {
      headers,
      multipart: {
        companyId: String(companyId),
        ...(projectId ? { projectId: String(projectId) } : {}),
        visibleInPortal: String(visible),
        file: { name, mimeType: 'application/pdf', buffer: Buffer.from(`%PDF ${name}`) },
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  };
  await upload('Sitemap.pdf', harbor, true, site.id);
  await upload('Brand guidelines.pdf', harbor, true);
  await upload('Internal margin notes.pdf', harbor, false, site.id);
  await upload('Northwind contract.pdf', north, true);
  return { slug, email, password, post, harbor, north };
}

test('a client signs in on the branded page and sees only their own projects, tasks and files; downloads a file', async ({
  page,
  browser,
}) => {
  const { slug, email, password } = await agencyWithClientWork(page);

  const client = await browser.newContext({ acceptDownloads: true, viewport: { width: 1440, height: 900 } });
  const portal = await client.newPage();
  await portal.goto(`/portal/${slug}/login`);
  await expect(portal.getByRole('heading', { name: 'Welcome to Stone Studio' })).toBeVisible();
  await shot(portal, 'login');
  await portal.getByLabel('Email').fill(email);
  await portal.getByLabel('Password').fill(password);
  await portal.getByRole('button', { name: 'LOGIN' }).click();
  await expect(portal).toHaveURL(new RegExp(`/portal/${slug}/dashboard$`));

  // Dashboard: counts, recent projects and files.
  await expect(portal.getByRole('heading', { name: 'Welcome, Olive' })).toBeVisible();
  const counts = portal.getByRole('region', { name: 'Dashboard' });
  await expect(counts.getByRole('link', { name: /Active Projects\s*2/ })).toBeVisible();
  await expect(counts.getByRole('link', { name: /Pending Tasks\s*2/ })).toBeVisible();
  await expect(counts.getByRole('link', { name: /Total Files\s*2/ })).toBeVisible();
  await expect(portal.getByRole('link', { name: 'Website relaunch', exact: true })).toBeVisible();
  await expect(portal.getByText('Northwind')).toHaveCount(0);
  await expect(portal.getByText('Internal margin notes.pdf')).toHaveCount(0);
  await expect(portal.getByText('Pricing review 2027')).toHaveCount(0);
  await shot(portal, 'dashboard');

  // Projects.
  const nav = portal.getByRole('navigation', { name: 'Client portal' }).first();
  await nav.getByRole('link', { name: 'Projects' }).click();
  await expect(portal.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
  const card = portal.getByRole('article').filter({ hasText: 'Website relaunch' });
  await expect(card.getByText('In Progress')).toBeVisible();
  await expect(card.getByText('1/4 tasks')).toBeVisible();
  await expect(card.getByText('1 file', { exact: true })).toBeVisible();
  await expect(card.getByText('25%')).toBeVisible();
  await expect(portal.getByText('Northwind fleet portal')).toHaveCount(0);
  await expect(portal.getByText('Pricing review 2027')).toHaveCount(0);
  await shot(portal, 'projects');

  // Project detail: badges, tabs, download.
  await card.getByRole('link', { name: 'View Project: Website relaunch' }).click();
  await expect(portal.getByRole('heading', { name: 'Website relaunch', level: 1 })).toBeVisible();
  await expect(portal.getByText('January 5, 2026')).toBeVisible();
  // A cancelled task reads as the hub says it, in grey: never a red "Blocked".
  await expect(portal.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(portal.getByText('Blocked')).toHaveCount(0);
  await expect(portal.getByText('Send invoice')).toHaveCount(0);
  await shot(portal, 'project');
  await portal.getByRole('tab', { name: /Files/ }).click();
  await expect(portal.getByText('Internal margin notes.pdf')).toHaveCount(0);
  const [download] = await Promise.all([
    portal.waitForEvent('download'),
    portal.getByRole('link', { name: 'Download Sitemap.pdf' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Sitemap.pdf');
  await portal.getByRole('tab', { name: /Contacts/ }).click();
  const contacts = portal.getByRole('tabpanel', { name: /Contacts/ });
  await expect(contacts.getByText('Olive Harbor')).toBeVisible();
  await expect(contacts.getByRole('link', { name: email })).toBeVisible();

  // Tasks: counts per status, filter.
  await nav.getByRole('link', { name: 'Tasks' }).click();
  await expect(portal.getByRole('heading', { name: 'Tasks', level: 1 })).toBeVisible();
  await expect(portal.getByRole('button', { name: /Cancelled\s*1/ })).toBeVisible();
  await expect(portal.getByText('Send invoice')).toHaveCount(0);
  await shot(portal, 'tasks');
  await portal.getByLabel('Status', { exact: true }).selectOption('completed');
  await expect(portal.getByText('Approve homepage design')).toBeVisible();
  await expect(portal.getByText('Write menu copy')).toHaveCount(0);

  // Files: stats, only visible files of the company, Download.
  await nav.getByRole('link', { name: 'Files' }).click();
  await expect(portal.getByRole('heading', { name: 'Files', level: 1 })).toBeVisible();
  await expect(portal.getByText('Brand guidelines.pdf')).toBeVisible();
  await expect(portal.getByText('Sitemap.pdf')).toBeVisible();
  await expect(portal.getByText('Internal margin notes.pdf')).toHaveCount(0);
  await expect(portal.getByText('Northwind contract.pdf')).toHaveCount(0);
  await shot(portal, 'files');
  const [second] = await Promise.all([
    portal.waitForEvent('download'),
    portal.getByRole('link', { name: 'Download Brand guidelines.pdf' }).click(),
  ]);
  expect(second.suggestedFilename()).toBe('Brand guidelines.pdf');

  // The Flows link is there; another company's project answers "Project not found".
  await expect(nav.getByRole('link', { name: 'Flows' })).toHaveAttribute('href', `/portal/${slug}/workflows`);
  await portal.goto(`/portal/${slug}/projects/999999`);
  await expect(portal.getByRole('heading', { name: 'Project not found' })).toBeVisible();
  await expect(portal.getByRole('link', { name: 'Back to Projects' })).toBeVisible();
  await shot(portal, 'project-not-found');
  await client.close();
});

test('a client’s dashboard is in its page before any script runs: their own work, only what staff shared, then the app takes over unchanged', async ({
  page,
  browser,
  baseURL,
}) => {
  const { slug, email, password } = await agencyWithClientWork(page);
  const signIn = await page.request.post('/auth/portal/v1/login', {
    data: { slug, email, password },
    headers: { origin: baseURL! },
  });
  expect(signIn.status()).toBe(200);
  const cookies = (await page.context().cookies()).filter((c) => c.name === 'cf_portal');
  expect(cookies).toHaveLength(1);

  // The page as a phone has it before its scripts arrive: no JavaScript at all.
  const still = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  await still.addCookies(cookies);
  const frame = await still.newPage();
  await frame.goto(`/portal/${slug}/dashboard`);
  await expect(frame.getByRole('heading', { name: 'Welcome, Olive' })).toBeVisible();
  await expect(frame.getByRole('heading', { name: 'Website relaunch', level: 3 })).toBeVisible();
  await expect(frame.getByText('A faster, friendlier site with online ordering.')).toBeVisible();
  const counts = frame.getByRole('region', { name: 'Dashboard' });
  await expect(counts.getByRole('link', { name: /Active Projects\s*2/ })).toBeVisible();
  await expect(counts.getByRole('link', { name: /Total Files\s*2/ })).toBeVisible();
  // Below the fold (drawn when scrolled to: content-visibility).
  await frame.getByText('Brand guidelines.pdf', { exact: true }).scrollIntoViewIfNeeded();
  await expect(frame.getByText('Brand guidelines.pdf', { exact: true })).toBeVisible();
  // Nothing staff kept from the client, anywhere in the page (its markup and the replies it carries).
  const html = await frame.content();
  for (const secret of ['Northwind', 'Internal margin notes', 'Pricing review 2027', 'Send invoice'])
    expect(html).not.toContain(secret);
  // The agency's typed text is text, never markup.
  expect(html).not.toMatch(/<h3[^>]*>[^<]*<script/);
  await still.close();

  // With its scripts, the same dashboard, and nothing asked again on arrival but the live updates.
  const client = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await client.addCookies(cookies);
  const portal = await client.newPage();
  const asked: string[] = [];
  portal.on('request', (req) => {
    if (/\/trpc\//.test(req.url()) && !/portalLive\.events/.test(req.url())) asked.push(req.url());
  });
  await portal.goto(`/portal/${slug}/dashboard`);
  await expect(portal.getByRole('link', { name: 'View Project: Website relaunch' })).toBeVisible();
  await expect(portal.getByRole('button', { name: 'Sign out' })).toBeVisible();
  expect(asked).toEqual([]);
  await client.close();
});

test('Resources has its own page in the portal: shared resources only; no portal page asks for a staff session or answers 401', async ({
  page,
  browser,
}) => {
  test.slow();
  const { slug, email, password, post, harbor, north } = await agencyWithClientWork(page);
  const resource = (title: string, companyId: number, visibleToClient: boolean) =>
    post('/api/resources', {
      title,
      description: `${title}: what it is for.`,
      type: 'tool',
      status: 'active',
      companyId,
      visibleToClient,
    });
  const shared = await resource('Harbor CMS', harbor, true);
  await resource('Harbor pricing sheet', harbor, false);
  const foreign = await resource('Northwind tracker', north, true);

  const client = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const portal = await client.newPage();
  const staffProbes: string[] = [];
  const unauthorized: string[] = [];
  const warnings: string[] = [];
  let signedIn = false;
  portal.on('request', (req) => {
    if (/\/trpc\/(?:[^?]*,)?auth\.me\b/.test(req.url())) staffProbes.push(req.url());
  });
  portal.on('response', (res) => {
    if (res.status() === 401 && (signedIn || /\/trpc\/(?:[^?]*,)?auth\.me\b/.test(res.url())))
      unauthorized.push(res.url());
  });
  portal.on('console', (msg) => {
    if (/leaf route|does not have an element/i.test(msg.text())) warnings.push(msg.text());
  });

  await portal.goto(`/portal/${slug}/login`);
  await portal.getByLabel('Email').fill(email);
  await portal.getByLabel('Password').fill(password);
  await portal.getByRole('button', { name: 'LOGIN' }).click();
  await expect(portal).toHaveURL(new RegExp(`/portal/${slug}/dashboard$`));
  signedIn = true;

  const nav = portal.getByRole('navigation', { name: 'Client portal' }).first();
  await nav.getByRole('link', { name: 'Resources' }).click();
  await expect(portal).toHaveURL(new RegExp(`/portal/${slug}/resources$`));
  await expect(portal.getByRole('heading', { name: 'Resources', level: 1 })).toBeVisible();
  await expect(portal.getByRole('link', { name: 'Harbor CMS' })).toBeVisible();
  await expect(portal.getByText('Harbor pricing sheet')).toHaveCount(0);
  await expect(portal.getByText('Northwind tracker')).toHaveCount(0);
  await portal.getByRole('link', { name: 'Harbor CMS' }).click();
  await expect(portal).toHaveURL(new RegExp(`/portal/${slug}/resources/${shared.id}$`));
  await expect(portal.getByText('Harbor CMS: what it is for.')).toBeVisible();
  // Another company's resource: the designed not-found state.
  await portal.goto(`/portal/${slug}/resources/${foreign.id}`);
  await expect(portal.getByRole('heading', { name: 'Resource not found' })).toBeVisible();
  await expect(portal.getByText('Northwind tracker')).toHaveCount(0);
  await portal.getByRole('link', { name: 'Back to Resources' }).click();
  await expect(portal.getByRole('heading', { name: 'Resources', level: 1 })).toBeVisible();

  // Every page of the portal, and an address inside it that leads nowhere.
  for (const page of ['dashboard', 'projects', 'tasks', 'files', 'workflows', 'resources', 'activity', 'settings']) {
    await portal.goto(`/portal/${slug}/${page}`);
    await expect(portal.getByRole('heading', { level: 1 }).first()).toBeVisible();
  }
  await portal.goto(`/portal/${slug}/nowhere`);
  await expect(portal.getByRole('heading', { name: 'Page not found' })).toBeVisible();

  // Phones: Resources is in the bottom bar.
  await portal.setViewportSize({ width: 390, height: 844 });
  await portal.goto(`/portal/${slug}/dashboard`);
  const bottom = portal.getByRole('navigation', { name: 'Client portal' }).last();
  await expect(bottom.getByRole('link', { name: 'Resources' })).toBeVisible();

  expect(staffProbes).toEqual([]);
  expect(unauthorized).toEqual([]);
  expect(warnings).toEqual([]);
  await client.close();
});

test('the sign-in page of an unknown portal says so; the default LOGIN button has white text', async ({
  browser,
  page,
}) => {
  const visitor = await browser.newContext();
  const portal = await visitor.newPage();
  await portal.goto('/portal/nosuchagency/login');
  await expect(portal.getByRole('heading', { name: 'No client portal at this address' })).toBeVisible();
  await expect(portal.getByLabel('Email')).toHaveCount(0);
  await expect(portal.getByRole('button', { name: 'LOGIN' })).toHaveCount(0);
  await portal.getByRole('link', { name: 'Go to portal sign-in' }).click();
  await expect(portal).toHaveURL(/\/portal\/login$/);

  // An agency with the default colours (#010101 on #276398 as stored): the button reads white.
  const n = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const signup = await page.request.post('/auth/signup', {
    data: {
      first_name: 'Dee',
      last_name: 'Fault',
      name: 'Default Works',
      email: `dee-${n}@default.test`,
      phone: '1',
      password: 'Quartz-lantern-meadow-8817',
      slug: `default${n}`,
    },
  });
  expect(signup.status()).toBe(201);
  await portal.goto(`/portal/default${n}/login`);
  const login = portal.getByRole('button', { name: 'LOGIN' });
  await expect(login).toHaveCSS('color', 'rgb(255, 255, 255)');
  await expect(login).toHaveCSS('background-color', 'rgb(39, 99, 152)');
  await visitor.close();
});
