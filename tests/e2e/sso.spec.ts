import { expect, test } from '@playwright/test';
import { M } from '../../shared/messages';
import { CLIENT, startOidcProvider, type TestProvider } from '../support/oidc-provider';
import { agencyWithClient } from './agency';

/**
 * Single sign-on in Chromium through a real OpenID provider (`oidc-provider`, started here, with its own sign-in
 * page): a client signs in to the portal, and a teammate is created on their first sign-in to the hub.
 */
let provider: TestProvider | undefined;
test.afterAll(async () => provider?.close());

test('clients and staff sign in through the provider’s own page', async ({ page, baseURL }) => {
  const { slug, headers, client } = await agencyWithClient(page, 'sso');
  provider = await startOidcProvider(baseURL as string, [slug]);
  const staffDomain = `${slug}.test`;
  provider.accounts.set('olive', { email: client.email, email_verified: true, given_name: 'Olive' });
  provider.accounts.set('nia', {
    email: `nia@${staffDomain}`,
    email_verified: true,
    given_name: 'Nia',
    family_name: 'Doe',
  });
  const connection = { issuer: provider.issuer, clientId: CLIENT.id, clientSecret: CLIENT.secret, enabled: true };
  for (const [audience, allowedDomains] of [
    ['client', ''],
    ['staff', staffDomain],
  ] as const) {
    const res = await page.request.put(`/api/sso/${audience}`, { headers, data: { ...connection, allowedDomains } });
    expect(res.status(), await res.text()).toBe(200);
  }

  // The client: the portal's sign-in page, the provider's page, the portal.
  await page.goto(`/portal/${slug}/login`);
  await page.getByRole('button', { name: M.sso.signInWith(M.sso.providerFallback) }).click();
  await page.locator('input[name=login]').fill('olive');
  await page.locator('input[name=password]').fill('anything');
  await page.locator('button[type=submit]').click();
  await expect(page).toHaveURL(new RegExp(`/portal/${slug}/dashboard`));

  // A new teammate: the hub's sign-in page with their work e-mail, the provider, the hub.
  await page.context().clearCookies();
  await page.goto('/hub/login');
  await page.getByLabel(M.shell.email).fill(`nia@${staffDomain}`);
  await page.getByRole('button', { name: M.sso.signInWith(M.sso.providerFallback) }).click();
  await page.locator('input[name=login]').fill('nia');
  await page.locator('input[name=password]').fill('anything');
  await page.locator('button[type=submit]').click();
  await expect(page).toHaveURL(/\/hub\/?$/);
  const team = await page.request.get('/api/team', { headers });
  expect(JSON.stringify(await team.json())).toContain(`nia@${staffDomain}`);
});
