import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, signUpAgency, startApp, type TestApp } from '../support/app';

let app: TestApp;
let api: ReturnType<typeof client>;
let first: { token: string };
let second: { token: string };
let firstCompanyId: number;

beforeAll(async () => {
  app = await startApp();
  api = client(app.baseUrl);
  first = await signUpAgency(api);
  second = await signUpAgency(api);
  const res = await api.post('/companies/v1', { name: 'First Agency Client', industry: 'Secret' }, { token: first.token });
  firstCompanyId = res.body.id;
  await api.post('/companies/v1', { name: 'Second Agency Client' }, { token: second.token });
});
afterAll(() => app.close());

describe("a second agency cannot reach the first agency's companies", () => {
  it('does not list them, nor their industries', async () => {
    const res = await api.get('/api/companies?limit=100', { token: second.token });
    expect(res.body.map((c: { name: string }) => c.name)).toEqual(['Second Agency Client']);
    expect(res.headers.get('x-total-count')).toBe('1');
    const found = await api.get('/api/companies?search=First', { token: second.token });
    expect(found.body).toEqual([]);
    const industries = await api.get('/api/companies/industries', { token: second.token });
    expect(industries.body).not.toContain('Secret');
  });

  it("reveals nothing when another agency's company id is used as a list cursor", async () => {
    const res = await api.get(`/api/companies?cursor=${firstCompanyId}`, { token: second.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('answers 404 when reading one by id', async () => {
    const res = await api.get(`/api/companies/${firstCompanyId}`, { token: second.token });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Company not found');
    expect(JSON.stringify(res.body)).not.toContain('First Agency Client');
    expect((await api.get(`/api/companies/${firstCompanyId}`, { token: first.token })).status).toBe(200);
  });

  it('answers 404 when changing one, and the row stays as it was', async () => {
    const res = await api.patch(`/api/companies/${firstCompanyId}`, { name: 'Hijacked', status: 'canceled' }, { token: second.token });
    expect(res.status).toBe(404);
    const row = await app.database.db.company.findUniqueOrThrow({ where: { id: firstCompanyId } });
    expect(row).toMatchObject({ name: 'First Agency Client', status: 'prospect' });
  });

  it('ignores a business id smuggled into the input', async () => {
    const firstBusiness = await app.database.db.company.findUniqueOrThrow({ where: { id: firstCompanyId } });
    const res = await api.post('/companies/v1', { name: 'Smuggled', business_id: firstBusiness.businessId }, { token: second.token });
    expect(res.status).toBe(201);
    const row = await app.database.db.company.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row.businessId).not.toBe(firstBusiness.businessId);
    const firstList = await api.get('/api/companies?search=Smuggled', { token: first.token });
    expect(firstList.body).toEqual([]);
  });
});
