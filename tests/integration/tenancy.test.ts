import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENCY_B_COMPANIES, twoAgencies, type Agency } from '../support/agencies';
import { client, startApp, type Reply, type TestApp } from '../support/app';
import { refusal, trpcClient } from '../support/trpc';

let app: TestApp;
let api: ReturnType<typeof client>;
let a: Agency;
let b: Agency;

beforeAll(async () => {
  app = await startApp();
  api = client(app.baseUrl);
  ({ a, b } = await twoAgencies(app));
});
afterAll(() => app.close());

const sorted = (names: string[]) => [...names].sort((x, y) => x.localeCompare(y));
const names = (rows: { name: string }[]) => rows.map((c) => c.name);

describe("agency B cannot reach agency A's companies", () => {
  it('lists exactly its own companies, and finds none of the other agency by search', async () => {
    const res = await api.get('/api/companies?limit=100', { token: b.token });
    expect(names(res.body)).toEqual(sorted(AGENCY_B_COMPANIES));
    expect(res.headers.get('x-total-count')).toBe(String(AGENCY_B_COMPANIES.length));
    expect((await api.get('/api/companies?search=Maple', { token: b.token })).body).toEqual([]);
    // "Showing 1 of 4" with a search: neither number counts the other agency's companies.
    const page = await trpcClient(app.baseUrl, { token: b.token }).companies.list.query({
      search: 'Birch',
      withOverall: true,
    });
    expect(page.total).toBe(1);
    expect(page.overall).toBe(AGENCY_B_COMPANIES.length);
  });

  it('offers only its own industries in the filter', async () => {
    const industries = await api.get('/api/companies/industries', { token: b.token });
    expect(industries.body).toEqual(sorted(AGENCY_B_COMPANIES.map((name) => `Industry of ${name}`)));
  });

  it("reveals nothing when another agency's company ids are used as list cursors", async () => {
    // The names interleave, so a cursor positioned on A's row would return (some of) B's rows after it.
    for (const company of a.companies) {
      for (const limit of [2, 100]) {
        const res = await api.get(`/api/companies?limit=${limit}&cursor=${company.id}`, { token: b.token });
        if (res.status === 200) expect(res.body).toEqual([]);
        else expect([400, 404]).toContain(res.status);
        expect(JSON.stringify(res.body)).not.toMatch(/Architects|Media|Studio|Zoology|Bakery|Nursery|Quarry|Yachts/);
      }
      const trpcPage = await trpcClient(app.baseUrl, { token: b.token })
        .companies.list.query({ cursor: String(company.id), limit: 2 })
        .then((page) => page.items, refusal);
      expect(trpcPage).toSatisfy((r) =>
        Array.isArray(r) ? r.length === 0 : ['BAD_REQUEST', 'NOT_FOUND'].includes(r.code ?? ''),
      );
    }
  });

  it('pages through exactly its own companies with its own cursors', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Reply = await api.get(`/api/companies?limit=1${cursor ? `&cursor=${cursor}` : ''}`, {
        token: b.token,
      });
      expect(page.status).toBe(200);
      seen.push(...names(page.body));
      cursor = page.headers.get('x-next-cursor');
    } while (cursor);
    expect(seen).toEqual(sorted(AGENCY_B_COMPANIES));
  });

  it('answers 404 when reading one by id', async () => {
    const maple = a.companies[1];
    const res = await api.get(`/api/companies/${maple.id}`, { token: b.token });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Company not found');
    expect(JSON.stringify(res.body)).not.toContain(maple.name);
    expect((await api.get(`/api/companies/${maple.id}`, { token: a.token })).status).toBe(200);
  });

  it('answers 404 when changing one, and the row stays as it was', async () => {
    const maple = a.companies[1];
    const before = await app.database.db.company.findUniqueOrThrow({ where: { id: maple.id } });
    const res = await api.patch(
      `/api/companies/${maple.id}`,
      { name: 'Hijacked', status: 'canceled' },
      { token: b.token },
    );
    expect(res.status).toBe(404);
    expect(await app.database.db.company.findUniqueOrThrow({ where: { id: maple.id } })).toEqual(before);
  });

  it('ignores a business id smuggled into the input', async () => {
    const res = await api.post('/companies/v1', { name: 'Smuggled', business_id: a.businessId }, { token: b.token });
    expect(res.status).toBe(201);
    const row = await app.database.db.company.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row.businessId).toBe(b.businessId);
    expect((await api.get('/api/companies?search=Smuggled', { token: a.token })).body).toEqual([]);
  });
});
