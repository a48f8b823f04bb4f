import { expect, type Page } from '@playwright/test';

/**
 * A new agency (Mara Stone of Stone Studio, signed up over the API at `/portal/{prefix}…`) with one client company,
 * Harbor Bakery, and its contact Olive Harbor, who may sign in to the portal. `post` creates more as the owner (201).
 */
export async function agencyWithClient(page: Page, prefix: string) {
  const n = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const slug = `${prefix}${n}`;
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
  return { slug, headers, post, harbor, client };
}
