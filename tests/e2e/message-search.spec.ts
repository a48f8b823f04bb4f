/**
 * Messages in search: the hub's palette (Ctrl-K) finds a message by a word of its text and an internal note, marked
 * "Internal note", and Enter opens the conversation; the client's search on the portal's messages page finds the
 * agency's message and never the note, and a result opens the conversation. SHOTS_DIR set: screenshots at 1440 and
 * 390 px.
 */
import { expect, test, type Page } from '@playwright/test';

const shots = process.env.SHOTS_DIR;
async function shoot(page: Page, name: string) {
  if (!shots) return;
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${shots}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('staff find a message and an internal note; the client finds the message, never the note', async ({
  page,
  browser,
}) => {
  const n = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const slug = `find${n}`;
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
  const post = async (url: string, data: object, status = 201) => {
    const res = await page.request.post(url, { data, headers });
    expect(res.status(), await res.text()).toBe(status);
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
  const thread = await post(`/api/messages/companies/${harbor}/thread`, {}, 200);
  const threadId = thread.thread.id as number;
  await post(`/api/messages/threads/${threadId}/messages`, {
    body: 'The sourdough labels are printed; the launch window opens on Friday.',
  });
  await post(`/api/messages/threads/${threadId}/messages`, {
    body: 'Sourdough margin is thin: keep the label budget small.',
    internal: true,
  });

  // Staff: Ctrl-K, a word of both messages; the note is marked.
  await page.goto('/hub');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The first frame already shows the greeting: the shortcut works once the hub's own header (its search) is in.
  await expect(page.locator('button[aria-keyshortcuts~="Control+K"]')).toBeVisible();
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox', { name: 'Search' }).fill('sourdough');
  const messages = page.getByRole('group', { name: 'Messages' });
  await expect(messages.getByRole('option')).toHaveCount(2);
  await expect(messages.getByRole('option', { name: /margin is thin/ })).toContainText('Internal note');
  await expect(messages.getByRole('option', { name: /labels are printed/ })).not.toContainText('Internal note');
  await shoot(page, 'hub-search-messages');
  await messages.getByRole('option', { name: /labels are printed/ }).click();
  await expect(page).toHaveURL(new RegExp(`/hub/messages/${threadId}$`));
  await expect(page.getByTestId('message').filter({ hasText: 'labels are printed' })).toBeVisible();

  // The client: the portal's search finds the agency's message, never the note.
  const clientContext = await browser.newContext();
  const portal = await clientContext.newPage();
  await portal.goto(`/portal/${slug}/login`);
  await portal.getByLabel('Email').fill(client.email);
  await portal.getByLabel('Password').fill(client.password);
  await portal.getByRole('button', { name: 'LOGIN' }).click();
  await expect(portal.getByRole('heading', { name: 'Welcome, Olive' })).toBeVisible();
  await portal.goto(`/portal/${slug}/messages`);
  await portal.getByRole('searchbox', { name: 'Search your messages' }).fill('sourdough');
  const results = portal.getByRole('list', { name: 'Messages matching “sourdough”' });
  await expect(results.getByRole('link')).toHaveCount(1);
  await expect(results).toContainText('labels are printed');
  await expect(portal.getByText('margin is thin')).toHaveCount(0);
  await shoot(portal, 'portal-search-messages');
  await results.getByRole('link').click();
  await expect(portal).toHaveURL(new RegExp(`/portal/${slug}/messages/${threadId}$`));
  await expect(portal.getByTestId('message').filter({ hasText: 'labels are printed' })).toBeVisible();
  await clientContext.close();
});
