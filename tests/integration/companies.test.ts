import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { M } from '../../shared/messages';
import { client, signUpAgency, startApp, type TestApp } from '../support/app';
import { trpcClient } from '../support/trpc';

let app: TestApp;
let api: ReturnType<typeof client>;
let token: string;
let businessId: number;

beforeAll(async () => {
  app = await startApp();
  api = client(app.baseUrl);
  const agency = await signUpAgency(api);
  token = agency.token;
  businessId = (await app.database.db.business.findUniqueOrThrow({ where: { slug: agency.slug } })).id;
  const seed = [
    { name: 'Acme Studio', industry: 'Marketing', status: 'active' },
    { name: 'Bluebird Bakery', industry: 'Food', status: 'onboarding' },
    { name: 'Copperleaf Legal', industry: 'Legal', status: 'active' },
    { name: 'Delta Dental', industry: 'Healthcare', status: 'paused' },
    { name: 'Evergreen Landscaping', industry: null, status: 'at-risk' },
  ];
  for (const company of seed) {
    const res = await api.post('/companies/v1', company, { token });
    expect(res.status).toBe(201);
  }
});
afterAll(() => app.close());

const list = (query = '') => api.get(`/api/companies${query}`, { token });

describe('POST /companies/v1', () => {
  it('creates a company with the spec fields, defaulting the status to prospect', async () => {
    const res = await api.post(
      '/companies/v1',
      {
        name: '  Foxglove Films ',
        industry: 'Media',
        website: 'https://foxglove.example',
        address: '1 Main St',
        phone: '555-0101',
      },
      { token },
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Foxglove Films',
      industry: 'Media',
      status: 'prospect',
      website: 'https://foxglove.example',
    });
    expect(res.body.business_id).toBeUndefined();
  });

  it("answers 400 'Company name is required' and writes nothing", async () => {
    const before = (await list()).headers.get('x-total-count');
    const res = await api.post('/companies/v1', { name: '   ', industry: 'Nothing' }, { token });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Company name is required');
    expect(res.body.issues).toEqual([{ path: 'name', message: 'Company name is required' }]);
    expect((await list()).headers.get('x-total-count')).toBe(before);
  });

  it('refuses an unknown status and a website that is not a URL', async () => {
    expect((await api.post('/companies/v1', { name: 'X', status: 'bogus' }, { token })).status).toBe(400);
    const res = await api.post('/companies/v1', { name: 'X', website: 'not a url' }, { token });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(M.companies.invalidWebsite);
  });

  it('accepts a bare domain as the website and stores it with https:// (issue 29)', async () => {
    for (const [typed, stored] of [
      ['acmedental.com', 'https://acmedental.com'],
      ['www.acmedental.com', 'https://www.acmedental.com'],
      ['  acmedental.com/about  ', 'https://acmedental.com/about'],
      ['http://acmedental.com', 'http://acmedental.com'],
    ]) {
      const res = await api.post('/companies/v1', { name: `Web ${typed}`, website: typed }, { token });
      expect(res.status, typed).toBe(201);
      expect(res.body.website).toBe(stored);
      const changed = await api.patch(`/api/companies/${res.body.id}`, { website: typed }, { token });
      expect(changed.body.website).toBe(stored);
    }
    for (const bad of ['acmedental', 'ftp://acmedental.com', 'javascript:alert(1)', 'acme dental.com']) {
      const res = await api.post('/companies/v1', { name: 'Bad web', website: bad }, { token });
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toBe(M.companies.invalidWebsite);
    }
  });

  it('answers 401 without a session', async () => {
    const res = await api.post('/companies/v1', { name: 'Anonymous' });
    expect(res.status).toBe(401);
  });
});

describe('GET /api/companies', () => {
  it('lists the companies sorted by name, with the total in X-Total-Count', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.headers.get('x-total-count')).toBe(String(res.body.length));
    const names = res.body.map((c: { name: string }) => c.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
    expect(names).toContain('Acme Studio');
  });

  it('searches name or industry, case-insensitively', async () => {
    const byName = await list('?search=BLUEBIRD');
    expect(byName.body.map((c: { name: string }) => c.name)).toEqual(['Bluebird Bakery']);
    const byIndustry = await list('?search=legal');
    expect(byIndustry.body.map((c: { name: string }) => c.name)).toEqual(['Copperleaf Legal']);
    expect((await list('?search=zzz-nothing')).body).toEqual([]);
  });

  it.skipIf(inject('databaseUrl').startsWith('file:'))(
    'treats % and _ in a search as plain characters (PostgreSQL)',
    async () => {
      await api.post('/companies/v1', { name: '100% Juice_Bar' }, { token });
      expect((await list('?search=%25')).body.map((c: { name: string }) => c.name)).toEqual(['100% Juice_Bar']);
      expect((await list('?search=e_B')).body.map((c: { name: string }) => c.name)).toEqual(['100% Juice_Bar']);
      expect((await list('?search=a_p')).body).toEqual([]);
    },
  );

  it('filters by industry and by status', async () => {
    expect((await list('?industry=Healthcare')).body.map((c: { name: string }) => c.name)).toEqual(['Delta Dental']);
    const active = await list('?status=active');
    expect(active.body.map((c: { name: string }) => c.name)).toEqual(['Acme Studio', 'Copperleaf Legal']);
    expect(active.headers.get('x-total-count')).toBe('2');
    expect((await list('?status=nonsense')).status).toBe(400);
  });

  it('answers withOverall=true with every company of the agency in X-Overall-Count (first page only)', async () => {
    const all = Number((await list('')).headers.get('x-total-count'));
    const active = await list('?status=active&withOverall=true');
    expect(active.headers.get('x-total-count')).toBe('2');
    expect(active.headers.get('x-overall-count')).toBe(String(all));
    expect((await list('?status=active')).headers.get('x-overall-count')).toBeNull();
    const second = await list(`?limit=1&withOverall=true&cursor=${active.body[0].id}`);
    expect(second.headers.get('x-overall-count')).toBeNull();
    expect((await list('?withOverall=maybe')).status).toBe(400);
  });

  it('matches paths as Express did: any case, a trailing slash, percent-escapes decoded, a broken one a 400', async () => {
    const id = (await list('?limit=1')).body[0].id;
    expect((await api.get(`/API/Companies/${id}`, { token })).status).toBe(200);
    expect((await api.get(`/api/companies/${id}/`, { token })).status).toBe(200);
    expect((await api.get(`/api/companies/%zz${id}`, { token })).status).toBe(400);
    expect((await api.get('/api/companies/1/nothing-here', { token })).status).toBe(404);
  });

  it('paginates with limit and cursor, without gaps or repeats', async () => {
    const all = (await list('?limit=100')).body.map((c: { id: number }) => c.id);
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page = await list(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.body.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.map((c: { id: number }) => c.id));
      cursor = page.headers.get('x-next-cursor');
    } while (cursor);
    expect(seen).toEqual(all);
  });

  it('counts contacts and projects per company from the database', async () => {
    const acme = (await list('?search=Acme')).body[0];
    expect(acme).toMatchObject({ contactCount: 0, projectCount: 0 });
    const db = app.database.db;
    await db.contact.createMany({
      data: [1, 2, 3].map((i) => ({
        businessId,
        companyId: acme.id,
        firstName: 'C',
        lastName: `${i}`,
        email: `c${i}-${acme.id}@acme.test`,
      })),
    });
    await db.project.create({ data: { businessId, companyId: acme.id, name: 'Website relaunch' } });
    const after = (await list('?search=Acme')).body[0];
    expect(after).toMatchObject({ contactCount: 3, projectCount: 1 });
  });

  it('lists the distinct industries for the filter', async () => {
    const res = await api.get('/api/companies/industries', { token });
    expect(res.body).toEqual(expect.arrayContaining(['Food', 'Healthcare', 'Legal', 'Marketing']));
    expect(res.body).not.toContain(null);
    expect(new Set(res.body).size).toBe(res.body.length);
  });
});

describe('PATCH /api/companies/{id}', () => {
  it('changes the given fields and keeps the others', async () => {
    const delta = (await list('?search=Delta')).body[0];
    const res = await api.patch(
      `/api/companies/${delta.id}`,
      { status: 'active', website: 'https://delta.example' },
      { token },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Delta Dental',
      industry: 'Healthcare',
      status: 'active',
      website: 'https://delta.example',
    });
    const cleared = await api.patch(`/api/companies/${delta.id}`, { website: '' }, { token });
    expect(cleared.body.website).toBeNull();
  });

  it('answers 404 for an unknown id and 400 for an empty name', async () => {
    expect((await api.patch('/api/companies/999999', { name: 'Ghost' }, { token })).status).toBe(404);
    const delta = (await list('?search=Delta')).body[0];
    const res = await api.patch(`/api/companies/${delta.id}`, { name: '' }, { token });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Company name is required');
  });
});

describe('the data-service paths answer in snake_case', () => {
  it('GET /companies/v1, GET and PATCH /companies/v1/{id}', async () => {
    const all = await api.get('/companies/v1?limit=1', { token });
    expect(all.status).toBe(200);
    expect(all.body[0]).toHaveProperty('created_at');
    expect(all.body[0]).toHaveProperty('contact_count');
    const id = all.body[0].id;
    const one = await api.get(`/companies/v1/${id}`, { token });
    expect(one.body).toMatchObject({ id, name: all.body[0].name });
    const patched = await api.patch(`/companies/v1/${id}`, { phone: '555-0142' }, { token });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ id, phone: '555-0142' });
    expect(patched.body).toHaveProperty('updated_at');
    expect((await api.get('/companies/v1/abc', { token })).status).toBe(400);
  });
});

describe('the same procedures over tRPC', () => {
  it('creates and lists through /trpc with the session token', async () => {
    const trpc = trpcClient(app.baseUrl, { token });
    // Another agency's companies (one matching the search too) count in neither number.
    const other = await signUpAgency(api);
    await api.post('/companies/v1', { name: 'Gamma Elsewhere' }, { token: other.token });
    const created = await trpc.companies.create.mutate({ name: 'Gamma Games', industry: 'Gaming' });
    expect(created.createdAt).toBeInstanceOf(Date);
    const page = await trpc.companies.list.query({ search: 'gamma', withOverall: true });
    expect(page.items.map((c) => c.id)).toEqual([created.id]);
    expect(page.total).toBe(1);
    expect(page.overall).toBe(await app.database.db.company.count({ where: { businessId } }));
    await expect(trpc.companies.create.mutate({ name: '' })).rejects.toMatchObject({
      message: 'Company name is required',
    });
  });
});
