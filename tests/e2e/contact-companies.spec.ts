/**
 * Several companies per client login (issue 32), as a person lives it: staff give Olive Harbor (Harbor Bakery) access
 * to a second company, Lighthouse Books, from her contact dialog; Olive signs in once, chooses a company, sees only
 * its project, switches with the header's menu by keyboard and sees only the other's, and back.
 * SHOTS=<folder> also saves screenshots of the chooser, the switch menu and the hub's section at 1440 and 390 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { agencyWithClient } from './agency';

const SHOTS = process.env.SHOTS;
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a person switches between two companies with one sign-in, and each company shows only its own work', async ({
  page,
  browser,
}) => {
  // Two people, two companies and the screenshots: more steps than most specs.
  test.slow();
  const { slug, headers, post, harbor, client } = await agencyWithClient(page, 'multi');
  const lighthouse = (await post('/api/companies', { name: 'Lighthouse Books', status: 'active' })).id as number;
  await post('/projects/v1', {
    name: 'Bakery website',
    status: 'in-progress',
    companies_id: harbor,
    visible_to_client: true,
  });
  await post('/projects/v1', {
    name: 'Bookshop catalogue',
    status: 'in-progress',
    companies_id: lighthouse,
    visible_to_client: true,
  });

  // Staff give Olive's sign-in access to Lighthouse Books from her contact dialog.
  await page.goto('/hub/contacts');
  await page
    .getByRole('button', { name: /Olive Harbor/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Also has portal access to' })).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Company to add' }).click();
  await dialog.getByRole('combobox', { name: 'Company to add' }).fill('Lighthouse');
  await page.getByRole('option', { name: /Lighthouse Books/ }).click();
  await dialog.getByRole('button', { name: 'Add access' }).click();
  await expect(dialog.getByRole('button', { name: 'Remove access to Lighthouse Books' })).toBeVisible();
  await shot(page, 'hub-contact-companies');
  await page.keyboard.press('Escape');

  // The company's contacts tab lists her, marked.
  const contacts = await page.request.get('/api/contacts', { headers });
  expect(contacts.status()).toBe(200);

  // Olive signs in once and is asked which company first.
  const clientContext = await browser.newContext();
  const portal = await clientContext.newPage();
  await portal.goto(`/portal/${slug}/login`);
  await portal.getByLabel('Email').fill(client.email);
  await portal.getByLabel('Password').fill(client.password);
  await portal.getByRole('button', { name: 'LOGIN' }).click();
  await expect(portal.getByRole('heading', { name: 'Choose a company' })).toBeVisible();
  await shot(portal, 'portal-chooser');
  await portal.getByRole('button', { name: 'Open Harbor Bakery' }).click();
  // The choice is made (the header names the company) before the next page is asked for: that page arrives with the
  // session's reply in it, so a navigation that outruns the choice would be answered for no company yet.
  await expect(portal.getByRole('button', { name: 'Company: Harbor Bakery. Switch company' })).toBeVisible();

  await portal.goto(`/portal/${slug}/projects`);
  await expect(portal.getByText('Bakery website').first()).toBeVisible();
  await expect(portal.getByText('Bookshop catalogue')).toHaveCount(0);

  // The header's menu, by keyboard: focus, Enter, arrows, Enter.
  const switcher = portal.getByRole('button', { name: 'Company: Harbor Bakery. Switch company' });
  await switcher.focus();
  await portal.keyboard.press('Enter');
  const menu = portal.getByRole('menu', { name: 'Switch company' });
  await expect(menu.getByRole('menuitem', { name: /Lighthouse Books/ })).toBeVisible();
  if (SHOTS) {
    // A resized window closes the menu: open it again at each width.
    for (const width of [1440, 390]) {
      await portal.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await portal.waitForFunction((w) => window.innerWidth === w, width);
      await switcher.click();
      await expect(menu).toBeVisible();
      await portal.screenshot({ path: `${SHOTS}/portal-switch-menu-${width}.png` });
      await portal.keyboard.press('Escape');
    }
    await portal.setViewportSize({ width: 1280, height: 800 });
    await switcher.focus();
    await portal.keyboard.press('Enter');
  }
  // Harbor Bakery (current) has the focus; the next item is Lighthouse Books (by name).
  await expect(menu.getByRole('menuitem', { name: /Harbor Bakery/ })).toBeFocused();
  await portal.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: /Lighthouse Books/ })).toBeFocused();
  await portal.keyboard.press('Enter');
  await expect(portal.getByRole('button', { name: 'Company: Lighthouse Books. Switch company' })).toBeVisible();
  await expect(portal.getByText('Bookshop catalogue').first()).toBeVisible();
  await expect(portal.getByText('Bakery website')).toHaveCount(0);

  // On a phone too: the menu is in the header.
  await portal.setViewportSize({ width: 390, height: 844 });
  await portal.getByRole('button', { name: 'Company: Lighthouse Books. Switch company' }).click();
  await portal.getByRole('menuitem', { name: /Harbor Bakery/ }).click();
  await expect(portal.getByText('Bakery website').first()).toBeVisible();
  await expect(portal.getByText('Bookshop catalogue')).toHaveCount(0);
  await clientContext.close();
});
