/**
 * Saved views, as a team lives them: the owner filters and sorts the companies list, saves it as a team view, clears
 * it, applies it again from the Views menu, reloads and finds it kept; a colleague who joined the team sees it under
 * Team views, applies it, and cannot change it.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

const rowNames = (page: Page) => page.locator('tbody tr td:first-child').allInnerTexts();
const param = (page: Page, key: string) => new URL(page.url()).searchParams.get(key);

/** No serious, critical or moderate WCAG 2.1 A/AA violation that axe finds, measured after the open animation. */
async function expectAccessible(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(
    results.violations
      .filter((v) => v.impact === 'critical' || v.impact === 'serious' || v.impact === 'moderate')
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

test('a filtered and sorted companies list saved as a team view is applied from the menu, kept over a reload and seen by a colleague', async ({
  page,
  browser,
}) => {
  // Two people's sign-ins and, with SHOTS_DIR, the screenshots at two widths.
  test.setTimeout(process.env.SHOTS_DIR ? 180_000 : 120_000);
  const n = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const signup = await page.request.post('/auth/signup', {
    data: {
      first_name: 'Sam',
      last_name: 'Views',
      name: 'Views Agency',
      email: `sam-${n}@views.test`,
      phone: '1',
      password: 'Quartz-lantern-meadow-8817',
      slug: `views${n}`,
    },
  });
  expect(signup.status()).toBe(201);
  const headers = { authorization: `Bearer ${(await signup.json()).authToken as string}` };
  for (const company of [
    { name: 'Acme Robotics', industry: 'Manufacturing', status: 'active' },
    { name: 'Blue Lagoon Spa', industry: 'Wellness', status: 'prospect' },
    { name: 'Copper Field Farms', industry: 'Agriculture', status: 'active' },
    { name: 'Delta Dental', industry: 'Healthcare', status: 'active' },
  ]) {
    expect((await page.request.post('/api/companies', { data: company, headers })).status()).toBe(201);
  }

  await page.goto('/hub/companies?view=list');
  await expect.poll(() => rowNames(page)).toHaveLength(4);
  const views = page.getByRole('button', { name: /^Views/ });

  // The menu before any view: how to save the first one.
  await views.click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText('No saved views yet')).toBeVisible();
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/menu-empty-1440.png` });
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);

  // Active companies, Z to A.
  await page.getByRole('combobox', { name: 'Filter by status' }).selectOption('active');
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('name.desc');
  await expect.poll(() => rowNames(page)).toEqual(['Delta Dental', 'Copper Field Farms', 'Acme Robotics']);

  // Save view… from the keyboard: the menu opens on Enter and its items are reached with the arrows.
  await views.focus();
  await page.keyboard.press('Enter');
  await menu.getByRole('menuitem', { name: 'Save view…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save view' });
  await expect(dialog.getByRole('heading', { name: 'Save view' })).toBeVisible();
  await dialog.getByLabel(/^Name/).fill('Active, Z to A');
  await dialog.getByRole('switch', { name: 'Share with the team' }).click();
  await dialog.getByRole('button', { name: 'Save view' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('View saved: Active, Z to A')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Views, Active, Z to A applied' })).toBeVisible();

  // All companies clears the view (a history entry: Back brings it again).
  await page.getByRole('button', { name: 'Views, Active, Z to A applied' }).click();
  await menu.getByRole('menuitem', { name: 'All companies' }).click();
  await expect.poll(() => rowNames(page)).toHaveLength(4);
  expect(param(page, 'status')).toBeNull();
  await expect(views).toHaveAccessibleName('Views');
  await page.goBack();
  await expect.poll(() => rowNames(page)).toEqual(['Delta Dental', 'Copper Field Farms', 'Acme Robotics']);
  await page.goForward();
  await expect.poll(() => rowNames(page)).toHaveLength(4);

  // Applied from the menu: the filter, the sort and the list view come back; a reload keeps them.
  await views.click();
  await expect(menu.getByText('Team views')).toBeVisible();
  await menu.getByRole('menuitem', { name: 'Active, Z to A', exact: true }).click();
  await expect.poll(() => rowNames(page)).toEqual(['Delta Dental', 'Copper Field Farms', 'Acme Robotics']);
  expect([param(page, 'status'), param(page, 'sort'), param(page, 'order')]).toEqual(['active', 'name', 'desc']);
  await page.reload();
  await expect.poll(() => rowNames(page)).toEqual(['Delta Dental', 'Copper Field Farms', 'Acme Robotics']);
  await expect(page.getByRole('button', { name: 'Views, Active, Z to A applied' })).toBeVisible();

  // The open menu and the dialog pass axe.
  await page.getByRole('button', { name: /^Views/ }).click();
  await expect(menu.getByRole('menuitem', { name: 'Save view…' })).toBeVisible();
  await expectAccessible(page);
  await menu.getByRole('menuitem', { name: 'Save view…' }).click();
  await expect(dialog.getByRole('heading', { name: 'Save view' })).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);

  const shots = process.env.SHOTS_DIR;
  if (shots) {
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
      await page.getByRole('button', { name: /^Views/ }).click();
      await expect(menu).toBeVisible();
      // Nothing wider than the screen, the menu included.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `${shots}/menu-${width}.png` });
      await menu.getByRole('menuitem', { name: 'Save view…' }).click();
      await expect(dialog.getByRole('heading', { name: 'Save view' })).toBeVisible();
      await dialog.getByLabel(/^Name/).fill('Active clients by name');
      await page.screenshot({ path: `${shots}/dialog-${width}.png` });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toHaveCount(0);
      // A view's Change: name, sharing, and Delete (which asks first).
      await page.getByRole('button', { name: /^Views/ }).click();
      await menu.getByRole('menuitem', { name: 'Change Active, Z to A' }).click();
      const change = page.getByRole('dialog', { name: 'Change view' });
      await expect(change.getByRole('switch', { name: 'Share with the team' })).toBeChecked();
      await page.screenshot({ path: `${shots}/change-${width}.png` });
      await change.getByRole('button', { name: 'Delete' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete Active, Z to A?' });
      await expect(confirm.getByText('Everyone on the team loses this view.', { exact: false })).toBeVisible();
      await page.screenshot({ path: `${shots}/delete-${width}.png` });
      await page.keyboard.press('Escape');
      await expect(confirm).toHaveCount(0);
      await page.goto('/hub/tasks');
      await expect(page.getByRole('button', { name: /^Views/ })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `${shots}/tasks-${width}.png` });
      await page.goBack();
      await expect.poll(() => rowNames(page)).toHaveLength(3);
    }
    await page.setViewportSize({ width: 1280, height: 720 });
  }

  // A colleague joins from an invite link and finds the team view, by its creator, to apply but not to change.
  const invite = await page.request.post('/api/team/invites', {
    data: { email: `theo-${n}@views.test`, role: 'member' },
    headers,
  });
  expect(invite.status(), await invite.text()).toBe(201);
  const colleague = await browser.newContext();
  const hub = await colleague.newPage();
  await hub.goto((await invite.json()).url as string);
  await hub.getByLabel('First Name').fill('Theo');
  await hub.getByLabel('Last Name').fill('Marsh');
  await hub.getByLabel(/^Password/).fill('Copper-kettle-morning-42');
  await hub.getByLabel('Confirm Password').fill('Copper-kettle-morning-42');
  await hub.getByRole('button', { name: 'Join and sign in' }).click();
  await expect(hub).toHaveURL(/\/hub$/);
  await hub.goto('/hub/companies?view=list');
  await expect.poll(() => rowNames(hub)).toHaveLength(4);
  await hub.getByRole('button', { name: /^Views/ }).click();
  const theirMenu = hub.getByRole('menu');
  await expect(theirMenu.getByText('by Sam Views')).toBeVisible();
  await expect(theirMenu.getByRole('menuitem', { name: 'Change Active, Z to A' })).toHaveCount(0);
  await theirMenu.getByRole('menuitem', { name: /Active, Z to A/ }).click();
  await expect.poll(() => rowNames(hub)).toEqual(['Delta Dental', 'Copper Field Farms', 'Acme Robotics']);
  await colleague.close();
});
