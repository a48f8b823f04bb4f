/**
 * Notifications as an agency lives them: the owner invites a colleague, assigns them a task, and the colleague's
 * bell lights up (the server's job runner fans the change out in the background); opening the notification goes to
 * the task and marks it read. The colleague's Notifications tab opens from ?tab=notifications.
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

test('assigning a task to a colleague lights their bell, and the notification opens the task', async ({
  page,
  browser,
  baseURL,
}) => {
  const n = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const signup = await page.request.post('/auth/signup', {
    data: {
      first_name: 'Nora',
      last_name: 'Bell',
      name: 'Bell Studio',
      email: `nora-${n}@bell.test`,
      phone: '1',
      password: 'Quartz-lantern-meadow-8817',
      slug: `bell${n}`,
    },
  });
  expect(signup.status()).toBe(201);
  const headers = { authorization: `Bearer ${(await signup.json()).authToken}` };

  // The owner invites a colleague (a signed-in session, as the Team tab does) who joins from the link.
  const email = `omar-${n}@bell.test`;
  const invite = await page.request.post('/api/team/invites', {
    data: { email, role: 'member' },
    headers: { origin: baseURL! },
  });
  expect(invite.status()).toBe(201);
  const colleague = await browser.newContext();
  const hub = await colleague.newPage();
  await hub.goto((await invite.json()).url);
  await hub.getByLabel('First Name').fill('Omar');
  await hub.getByLabel('Last Name').fill('Reyes');
  await hub.getByLabel(/^Password/).fill('Copper-kettle-morning-42');
  await hub.getByLabel('Confirm Password').fill('Copper-kettle-morning-42');
  await hub.getByRole('button', { name: 'Join and sign in' }).click();
  await expect(hub).toHaveURL(/\/hub$/);
  const bell = hub.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');

  // The owner assigns them a task.
  const team = (await (await page.request.get('/api/team', { headers })).json()) as { id: number; email: string }[];
  const omar = team.find((m) => m.email === email)!;
  const company = (
    await (
      await page.request.post('/api/companies', { data: { name: 'Juniper Cafe', status: 'active' }, headers })
    ).json()
  ).id as number;
  const project = (
    await (
      await page.request.post('/projects/v1', { data: { name: 'Menu redesign', companies_id: company }, headers })
    ).json()
  ).id as number;
  const task = await page.request.post('/api/tasks', {
    data: { title: 'Draft the seasonal menu', projectId: project, assignedTo: omar.id },
    headers,
  });
  expect(task.status()).toBe(201);
  const taskId = (await task.json()).id as number;

  // The colleague's bell shows it (the bell refetches on focus and every 30 s; a reload is the quick way).
  await expect(async () => {
    await hub.reload();
    await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(hub.getByTestId('bell-count')).toHaveText('1');
  await bell.click();
  const item = hub.getByRole('button', { name: /Nora Bell assigned you “Draft the seasonal menu”/ });
  await expect(item).toBeVisible();
  await expect(item).toContainText(/ago$/);

  // Opening it goes to the task and marks it read.
  await item.click();
  await expect(hub).toHaveURL(/\/hub\/tasks/);
  const dialog = hub.getByRole('dialog', { name: 'Edit Task' });
  await expect(dialog.getByLabel('Title')).toHaveValue('Draft the seasonal menu');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(bell).toHaveAccessibleName('Notifications');
  await expect(hub.getByTestId('bell-count')).toHaveCount(0);

  // The e-mail arrived too, linking to the task, with the preferences link.
  const subject = 'Nora Bell assigned you “Draft the seasonal menu”';
  await expect.poll(() => smtp.received.filter((m) => m.to.includes(email) && m.subject === subject).length).toBe(1);
  const mail = smtp.received.find((m) => m.to.includes(email) && m.subject === subject)!;
  expect(smtp.linkIn(mail, '/hub/tasks')).toContain(`task=${taskId}`);

  // Its preferences link opens the Notifications tab.
  await hub.goto(smtp.linkIn(mail, '/hub/account'));
  await expect(hub.getByRole('tab', { name: 'Notifications', selected: true })).toBeVisible();
  await expect(hub.getByLabel('Task assigned to me')).toHaveValue('email');
  await hub.getByLabel('Task assigned to me').selectOption('in_app');
  await expect(hub.getByText('Notification preferences saved')).toBeVisible();
  await expect(hub.getByRole('region', { name: 'Background jobs' })).toHaveCount(0);
  await colleague.close();
});
