/**
 * Resources (spec §2.7, §3, §5, §7.3): the key/value resource library over tRPC and REST (GET /api/resources in the
 * spec's snake_case, POST /resources/v1 with `visible`, DELETE /resources/v1/{id}, and the camelCase /api twins);
 * the user's own keys in `value` pass untouched; every validation message of §5, repeated by the server; the list's
 * filters (the route's template / guideline / tool mapped onto stored types) and paging; details replaced in one
 * transaction; the Resources Access switches in step with the resource's flag; and another agency's rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '../../shared/messages';
import { createAgency, type Agency } from '../support/agencies';
import { client, signUpAgency, startApp, type TestApp } from '../support/app';
import { trpcClient, trpcCode, type TrpcClient } from '../support/trpc';

const R = M.resources;

let app: TestApp;
let api: ReturnType<typeof client>;
let trpc: TrpcClient;
let token: string;
let businessId: number;
let acme: { id: number; name: string };
let bluebird: { id: number; name: string };
let website: { id: number; name: string };
let bakery: { id: number; name: string };
let other: Agency;

beforeAll(async () => {
  app = await startApp();
  api = client(app.baseUrl);
  const agency = await signUpAgency(api);
  token = agency.token;
  trpc = trpcClient(app.baseUrl, { token });
  businessId = (await trpc.auth.me.query()).business.id;
  const company = async (name: string) => ({ id: (await trpc.companies.create.mutate({ name })).id, name });
  acme = await company('Acme Studio');
  bluebird = await company('Bluebird Bakery');
  const project = (companyId: number, name: string) =>
    app.database.db.project.create({ data: { businessId, companyId, name }, select: { id: true, name: true } });
  website = await project(acme.id, 'Acme website');
  bakery = await project(bluebird.id, 'Bakery menu');
  other = await createAgency(app, ['Foreign Foundry']);
});
afterAll(() => app?.close());

/** The spec's read of a resource (§3), as GET /api/resources names it. */
const SPEC_FIELDS = [
  'id',
  'title',
  'description',
  'type',
  'status',
  'visible_to_client',
  'company_id',
  'project_id',
  'value',
  'created_at',
];

/** User keys that a snake/camel conversion would rename: they must come back exactly as sent. */
const USER_VALUE = {
  'Login URL': 'https://hosting.example.test/login',
  api_key: 'sk_live_123',
  supportEmail: 'help@example.test',
  'Plan_Tier ID': 'Pro',
};

const create = (fields: Record<string, unknown> = {}) =>
  trpc.resources.create.mutate({
    title: 'Hosting',
    description: 'Where the site lives',
    type: 'tool',
    status: 'active',
    companyId: acme.id,
    ...fields,
  } as never);

const detailRows = (resourceId: number) =>
  app.database.db.resourceDetail.findMany({
    where: { resourceId },
    orderBy: { position: 'asc' },
    select: { key: true, value: true, position: true, businessId: true },
  });

describe('the spec’s calls (§7.3)', () => {
  it('POST /resources/v1 takes {title, description, type, status, visible, company_id, project_id, value} and answers snake_case', async () => {
    const res = await api.post(
      '/resources/v1',
      {
        title: 'Website hosting',
        description: 'Logins for the host',
        type: 'tool',
        status: 'live',
        visible: true,
        company_id: acme.id,
        project_id: website.id,
        value: USER_VALUE,
      },
      { token },
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: 'Website hosting',
      description: 'Logins for the host',
      type: 'tool',
      status: 'live',
      visible_to_client: true,
      company_id: acme.id,
      project_id: website.id,
      company: acme,
      project: website,
      value: USER_VALUE,
    });
    for (const field of SPEC_FIELDS) expect(res.body).toHaveProperty(field);
    expect(Object.keys(res.body.value)).toEqual(Object.keys(USER_VALUE));
    expect(res.body.details).toEqual(Object.entries(USER_VALUE).map(([key, value]) => ({ key, value })));
    expect(await detailRows(res.body.id)).toEqual(
      Object.entries(USER_VALUE).map(([key, value], position) => ({ key, value, position, businessId })),
    );
  });

  it('POST /resources/v1 also takes visible_to_client, and project_id null; hidden is the default', async () => {
    const shown = await api.post(
      '/resources/v1',
      {
        title: 'A',
        description: 'B',
        type: 'information',
        status: 'active',
        visible_to_client: true,
        company_id: acme.id,
        project_id: null,
        value: {},
      },
      { token },
    );
    expect(shown.body).toMatchObject({ visible_to_client: true, project_id: null, project: null, value: {} });
    const hidden = await api.post(
      '/resources/v1',
      { title: 'A', description: 'B', type: 'information', status: 'active', company_id: acme.id },
      { token },
    );
    expect(hidden).toMatchObject({ status: 201, body: { visible_to_client: false, value: {}, details: [] } });
  });

  it('GET /api/resources lists with the spec’s snake_case fields; value keys untouched; X-Total-Count', async () => {
    const created = await api.post(
      '/resources/v1',
      {
        title: 'Listed',
        description: 'In the list',
        type: 'tool',
        status: 'beta',
        visible: false,
        company_id: bluebird.id,
        value: USER_VALUE,
      },
      { token },
    );
    const res = await api.get('/api/resources', { token });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(Number(res.headers.get('x-total-count'))).toBe(res.body.length);
    const row = res.body.find((r: { id: number }) => r.id === created.body.id);
    for (const field of SPEC_FIELDS) expect(row).toHaveProperty(field);
    expect(row).toMatchObject({
      title: 'Listed',
      visible_to_client: false,
      company_id: bluebird.id,
      project_id: null,
      value: USER_VALUE,
    });
    expect(row).not.toHaveProperty('visibleToClient');
    // The snake_case data-service path and the filters in snake_case.
    const v1 = await api.get(`/resources/v1?company_id=${bluebird.id}`, { token });
    expect(v1.body.map((r: { id: number }) => r.id)).toContain(created.body.id);
    expect(v1.body.every((r: { company_id: number }) => r.company_id === bluebird.id)).toBe(true);
    expect(v1.body.find((r: { id: number }) => r.id === created.body.id).value).toEqual(USER_VALUE);
  });

  it('GET, PATCH and DELETE /resources/v1/{id}; PATCH value replaces the details, keys untouched', async () => {
    const { body: made } = await api.post(
      '/resources/v1',
      {
        title: 'Patch me',
        description: 'D',
        type: 'tool',
        status: 'active',
        company_id: acme.id,
        value: { 'Old Key': '1' },
      },
      { token },
    );
    const got = await api.get(`/resources/v1/${made.id}`, { token });
    expect(got).toMatchObject({ status: 200, body: { id: made.id, value: { 'Old Key': '1' } } });
    const patched = await api.patch(
      `/resources/v1/${made.id}`,
      { status: 'deprecated', visible: true, value: { new_key: 'a', 'Another Key': 'b' } },
      { token },
    );
    expect(patched).toMatchObject({
      status: 200,
      body: {
        status: 'deprecated',
        visible_to_client: true,
        value: { new_key: 'a', 'Another Key': 'b' },
        title: 'Patch me',
      },
    });
    expect(Object.keys(patched.body.value)).toEqual(['new_key', 'Another Key']);
    expect((await detailRows(made.id)).map((d) => d.key)).toEqual(['new_key', 'Another Key']);
    const removed = await api.call('DELETE', `/resources/v1/${made.id}`, { token });
    expect(removed).toMatchObject({ status: 200, body: { ok: true } });
    expect(await app.database.db.resource.findUnique({ where: { id: made.id } })).toBeNull();
    expect(await detailRows(made.id)).toEqual([]);
    expect((await api.get(`/resources/v1/${made.id}`, { token })).status).toBe(404);
    expect((await api.call('DELETE', `/resources/v1/${made.id}`, { token })).status).toBe(404);
  });

  it('answers camelCase on /api/resources/{id} and POST /api/resources (details as ordered rows), value keys untouched', async () => {
    const res = await api.post(
      '/api/resources',
      {
        title: 'Camel',
        description: 'D',
        type: 'information',
        status: 'planned',
        companyId: acme.id,
        visibleToClient: true,
        details: [
          { key: 'snake_key', value: 'x' },
          { key: 'Camel Key', value: 'y' },
        ],
      },
      { token },
    );
    expect(res).toMatchObject({
      status: 201,
      body: { visibleToClient: true, companyId: acme.id, value: { snake_key: 'x', 'Camel Key': 'y' } },
    });
    expect((await api.get(`/api/resources/${res.body.id}`, { token })).body).toMatchObject({
      id: res.body.id,
      createdAt: expect.any(String),
      value: { snake_key: 'x' },
    });
    const patched = await api.patch(`/api/resources/${res.body.id}`, { value: { some_key: 'z' } }, { token });
    expect(patched.body.value).toEqual({ some_key: 'z' });
    expect((await api.call('DELETE', `/api/resources/${res.body.id}`, { token })).body).toEqual({ ok: true });
  });

  it('is the same over tRPC: create, get, update, remove', async () => {
    const made = await create({ details: [{ key: 'Registrar', value: 'Namecheap' }], projectId: website.id });
    expect(made).toMatchObject({
      companyId: acme.id,
      projectId: website.id,
      visibleToClient: false,
      details: [{ key: 'Registrar', value: 'Namecheap' }],
    });
    expect(await trpc.resources.get.query({ id: made.id })).toEqual(made);
    const updated = await trpc.resources.update.mutate({ id: made.id, title: 'Renamed' });
    expect(updated).toMatchObject({ title: 'Renamed', details: made.details, projectId: website.id });
    expect(await trpc.resources.remove.mutate({ id: made.id })).toEqual({ ok: true });
    expect(trpcCode(await trpc.resources.get.query({ id: made.id }).catch((e) => e))).toBe('NOT_FOUND');
  });
});

describe('validation (spec §5), repeated by the server', () => {
  const post = (body: object) =>
    api.post(
      '/resources/v1',
      { title: 'T', description: 'D', type: 'tool', status: 'active', company_id: acme.id, ...body },
      { token },
    );
  const messages = (res: { body: { issues?: { message: string }[] } }) => (res.body.issues ?? []).map((i) => i.message);

  it('asks for title, description, type, status and company, each with the spec’s message', async () => {
    const res = await api.post('/resources/v1', {}, { token });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(R.titleRequired);
    expect(messages(res)).toEqual([
      R.titleRequired,
      R.descriptionRequired,
      R.typeRequired,
      R.statusRequired,
      R.companyRequired,
    ]);
  });

  it('counts whitespace and empty choices as missing', async () => {
    expect((await post({ title: '   ' })).body).toMatchObject({ code: 'BAD_REQUEST', message: R.titleRequired });
    expect((await post({ description: '\n ' })).body.message).toBe(R.descriptionRequired);
    expect((await post({ type: '' })).body.message).toBe(R.typeRequired);
    expect((await post({ status: '' })).body.message).toBe(R.statusRequired);
    for (const company_id of ['', null, 0]) expect((await post({ company_id })).body.message).toBe(R.companyRequired);
  });

  it('refuses an unknown type or status (400, never 500)', async () => {
    expect(await post({ type: 'template' })).toMatchObject({ status: 400 });
    expect(await post({ status: 'retired' })).toMatchObject({ status: 400 });
    expect(await post({ value: 'not a map' })).toMatchObject({ status: 400 });
  });

  it("refuses a half-filled detail row: 'Key is required', 'Value is required', under the row", async () => {
    const noKey = await create({ details: [{ key: '', value: 'orphan' }] }).catch((e) => e);
    expect(noKey.message).toBe(R.keyRequired);
    expect(noKey.data.issues).toEqual([{ path: 'details.0.key', message: R.keyRequired }]);
    const noValue = await api.post(
      '/api/resources',
      {
        title: 'T',
        description: 'D',
        type: 'tool',
        status: 'active',
        companyId: acme.id,
        details: [
          { key: 'A', value: 'a' },
          { key: 'Lonely', value: '  ' },
        ],
      },
      { token },
    );
    expect(noValue).toMatchObject({
      status: 400,
      body: { message: R.valueRequired, issues: [{ path: 'details.1.value', message: R.valueRequired }] },
    });
  });

  it("refuses duplicate keys with 'Duplicate keys are not allowed in resource details' (trimmed, any case), in rows and in the map", async () => {
    const rows = await api.post(
      '/api/resources',
      {
        title: 'T',
        description: 'D',
        type: 'tool',
        status: 'active',
        companyId: acme.id,
        details: [
          { key: 'Login URL', value: 'a' },
          { key: ' login url ', value: 'b' },
        ],
      },
      { token },
    );
    expect(rows).toMatchObject({
      status: 400,
      body: { message: R.duplicateKeys, issues: [{ path: 'details.1.key', message: R.duplicateKeys }] },
    });
    // JSON keeps only the last of two identical keys; trimmed or differently cased ones are the same key.
    const map = await post({ value: { 'Login URL': 'a', 'Login URL ': 'b' } });
    expect(map).toMatchObject({ status: 400, body: { message: R.duplicateKeys } });
    expect((await post({ value: { API_KEY: 'a', api_key: 'b' } })).body.message).toBe(R.duplicateKeys);
    const before = await app.database.db.resource.count({ where: { businessId } });
    expect(
      await create({
        details: [
          { key: 'X', value: '1' },
          { key: 'x', value: '2' },
        ],
      }).catch((e) => e.message),
    ).toBe(R.duplicateKeys);
    expect(await app.database.db.resource.count({ where: { businessId } })).toBe(before);
  });

  it('drops blank rows and map entries with an empty key or value; keeps the order; trims', async () => {
    const made = await create({
      details: [
        { key: '', value: '' },
        { key: ' Registrar ', value: ' Namecheap ' },
        { key: '  ', value: '   ' },
        { key: 'DNS', value: 'Cloudflare' },
      ],
    });
    expect(made.details).toEqual([
      { key: 'Registrar', value: 'Namecheap' },
      { key: 'DNS', value: 'Cloudflare' },
    ]);
    const res = await post({ value: { Kept: 'yes', 'Empty value': '', '': 'no key', Number: 8080, Null: null } });
    expect(res.status).toBe(201);
    expect(res.body.value).toEqual({ Kept: 'yes', Number: '8080' });
  });

  it('joins details sent both as rows and as a map (a key in both is a duplicate); refuses too many, over-long keys and values', async () => {
    expect((await post({ value: { a: '1' }, details: [{ key: 'b', value: '2' }] })).body.value).toEqual({
      b: '2',
      a: '1',
    });
    expect(await post({ value: { A: '1' }, details: [{ key: 'a', value: '2' }] })).toMatchObject({
      status: 400,
      body: { message: R.duplicateKeys },
    });
    expect(
      await post({ value: { x: '1' }, details: Array.from({ length: 50 }, (_, i) => ({ key: `k${i}`, value: 'v' })) }),
    ).toMatchObject({ status: 400 });
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v']));
    expect(await post({ value: many })).toMatchObject({ status: 400 });
    expect(await post({ value: { ['k'.repeat(101)]: 'v' } })).toMatchObject({
      status: 400,
      body: { message: M.validation.tooLong(R.fields.key, 100) },
    });
    expect(await post({ value: { k: 'v'.repeat(2001) } })).toMatchObject({
      status: 400,
      body: { message: M.validation.tooLong(R.fields.value, 2000) },
    });
    expect(await post({ title: 't'.repeat(201) })).toMatchObject({ status: 400 });
  });

  it('repeats the rules on update: blank title, empty company, half rows and duplicates are refused and nothing changes', async () => {
    const made = await create({ details: [{ key: 'Keep', value: 'me' }] });
    const patch = (body: object) => api.patch(`/resources/v1/${made.id}`, body, { token });
    expect((await patch({ title: ' ' })).body.message).toBe(R.titleRequired);
    expect((await patch({ company_id: '' })).body.message).toBe(R.companyRequired);
    expect((await patch({ type: '' })).body.message).toBe(R.typeRequired);
    expect((await patch({ details: [{ key: 'A', value: '' }] })).body.message).toBe(R.valueRequired);
    expect((await patch({ value: { a: '1', ' A': '2' } })).body.message).toBe(R.duplicateKeys);
    expect(await trpc.resources.get.query({ id: made.id })).toEqual(made);
  });
});

describe('the company and the project', () => {
  it("refuses another agency's company, or a project of another agency or of another company (404)", async () => {
    const foreignCompany = await api.post(
      '/resources/v1',
      { title: 'T', description: 'D', type: 'tool', status: 'active', company_id: other.companies[0].id },
      { token },
    );
    expect(foreignCompany).toMatchObject({ status: 404, body: { message: R.companyNotFound } });
    const foreignProject = await api.post(
      '/resources/v1',
      {
        title: 'T',
        description: 'D',
        type: 'tool',
        status: 'active',
        company_id: acme.id,
        project_id: other.rows.project[0],
      },
      { token },
    );
    expect(foreignProject).toMatchObject({ status: 404, body: { message: R.projectNotFound } });
    const wrongCompany = await api.post(
      '/resources/v1',
      { title: 'T', description: 'D', type: 'tool', status: 'active', company_id: acme.id, project_id: bakery.id },
      { token },
    );
    expect(wrongCompany).toMatchObject({ status: 404, body: { message: R.projectNotFound } });
    expect(await app.database.db.resource.count({ where: { businessId: other.businessId, title: 'T' } })).toBe(0);
  });

  it('moves a resource: a new company takes it out of its project unless one of that company’s is given; null clears it', async () => {
    const made = await create({ projectId: website.id });
    expect(await trpc.resources.update.mutate({ id: made.id, companyId: bluebird.id })).toMatchObject({
      companyId: bluebird.id,
      projectId: null,
      company: bluebird,
    });
    expect(
      await trpc.resources.update.mutate({ id: made.id, companyId: acme.id, projectId: website.id }),
    ).toMatchObject({ companyId: acme.id, projectId: website.id });
    expect(await trpc.resources.update.mutate({ id: made.id, projectId: null })).toMatchObject({
      projectId: null,
      project: null,
    });
    expect(trpcCode(await trpc.resources.update.mutate({ id: made.id, projectId: bakery.id }).catch((e) => e))).toBe(
      'NOT_FOUND',
    );
    expect(
      trpcCode(await trpc.resources.update.mutate({ id: made.id, companyId: other.companies[0].id }).catch((e) => e)),
    ).toBe('NOT_FOUND');
    expect((await trpc.resources.get.query({ id: made.id })).companyId).toBe(acme.id);
  });
});

describe("another agency's resources", () => {
  it('are NOT_FOUND on get, update and remove (tRPC and REST), and stay exactly as they were', async () => {
    const foreignId = other.rows.resource[0];
    const before = await app.database.db.resource.findUniqueOrThrow({
      where: { id: foreignId },
      include: { details: true },
    });
    expect(trpcCode(await trpc.resources.get.query({ id: foreignId }).catch((e) => e))).toBe('NOT_FOUND');
    expect(
      trpcCode(
        await trpc.resources.update
          .mutate({ id: foreignId, title: 'Mine now', details: [{ key: 'a', value: 'b' }] })
          .catch((e) => e),
      ),
    ).toBe('NOT_FOUND');
    expect(trpcCode(await trpc.resources.remove.mutate({ id: foreignId }).catch((e) => e))).toBe('NOT_FOUND');
    expect(
      trpcCode(await trpc.resources.setVisibility.mutate({ id: foreignId, visibleToClient: true }).catch((e) => e)),
    ).toBe('NOT_FOUND');
    expect(await api.get(`/resources/v1/${foreignId}`, { token })).toMatchObject({
      status: 404,
      body: { message: R.notFound },
    });
    expect((await api.patch(`/resources/v1/${foreignId}`, { value: { a: 'b' } }, { token })).status).toBe(404);
    expect((await api.call('DELETE', `/resources/v1/${foreignId}`, { token })).status).toBe(404);
    expect(
      await app.database.db.resource.findUniqueOrThrow({ where: { id: foreignId }, include: { details: true } }),
    ).toEqual(before);
  });

  it("never appear in the list; another agency's company as a filter is NOT_FOUND", async () => {
    const page = await trpc.resources.list.query({ limit: 100 });
    expect(page.items.some((r) => other.rows.resource.includes(r.id))).toBe(false);
    expect(trpcCode(await trpc.resources.list.query({ companyId: other.companies[0].id }).catch((e) => e))).toBe(
      'NOT_FOUND',
    );
    expect((await api.get(`/api/resources?company_id=${other.companies[0].id}`, { token })).status).toBe(404);
  });

  it('need a staff session (401 without one)', async () => {
    expect((await api.get('/api/resources')).status).toBe(401);
    expect((await api.post('/resources/v1', { title: 'T' })).status).toBe(401);
  });
});

describe('the list (GET /api/resources, resources.list)', () => {
  let list: TrpcClient;
  let listToken: string;
  let north: number;
  let south: number;
  let ids: Record<string, number>;

  beforeAll(async () => {
    const agency = await signUpAgency(api);
    listToken = agency.token;
    list = trpcClient(app.baseUrl, { token: listToken });
    north = (await list.companies.create.mutate({ name: 'North' })).id;
    south = (await list.companies.create.mutate({ name: 'South' })).id;
    ids = {};
    const add = async (
      title: string,
      type: 'information' | 'tool',
      status: 'active' | 'beta' | 'deprecated',
      companyId: number,
      description = 'Plain',
      details = 0,
    ) => {
      const made = await list.resources.create.mutate({
        title,
        description,
        type,
        status,
        companyId,
        details: Array.from({ length: details }, (_, i) => ({ key: `Key ${i + 1}`, value: `Value ${i + 1}` })),
      });
      ids[title] = made.id;
    };
    await add('Brand guide', 'information', 'active', north, 'Logos 100%_final', 4);
    await add('Analytics', 'tool', 'beta', north, 'Dashboards', 2);
    await add('Style notes', 'information', 'deprecated', south);
    await add('CRM', 'tool', 'active', south, 'Contacts and deals', 1);
  });

  const titles = (page: { items: { title: string }[] }) => page.items.map((r) => r.title);

  it('lists newest first, each row with its details in order, company and project names, and the counts', async () => {
    const page = await list.resources.list.query({ withOverall: true });
    expect(titles(page)).toEqual(['CRM', 'Style notes', 'Analytics', 'Brand guide']);
    expect(page).toMatchObject({ total: 4, overall: 4, nextCursor: null });
    expect(page.items[3]).toMatchObject({ company: { id: north, name: 'North' }, project: null });
    expect(page.items[3].details.map((d) => d.key)).toEqual(['Key 1', 'Key 2', 'Key 3', 'Key 4']);
    expect(page.items[1].details).toEqual([]);
  });

  it('searches title and description (% and _ literally); filters by type, status and company', async () => {
    expect(titles(await list.resources.list.query({ search: 'brand' }))).toEqual(['Brand guide']);
    expect(titles(await list.resources.list.query({ search: 'DEALS' }))).toEqual(['CRM']);
    expect(titles(await list.resources.list.query({ search: '100%_' }))).toEqual(['Brand guide']);
    expect(titles(await list.resources.list.query({ type: 'tool' }))).toEqual(['CRM', 'Analytics']);
    expect(titles(await list.resources.list.query({ type: 'information' }))).toEqual(['Style notes', 'Brand guide']);
    expect(titles(await list.resources.list.query({ status: 'active' }))).toEqual(['CRM', 'Brand guide']);
    expect(titles(await list.resources.list.query({ companyId: south }))).toEqual(['CRM', 'Style notes']);
    const combined = await list.resources.list.query({ companyId: north, type: 'tool', withOverall: true });
    expect(titles(combined)).toEqual(['Analytics']);
    expect(combined).toMatchObject({ total: 1, overall: 4 });
  });

  it("maps the route's type filter onto stored types: template and guideline → information, tool → tool", async () => {
    const information = titles(await list.resources.list.query({ type: 'information' }));
    expect(titles(await list.resources.list.query({ type: 'template' }))).toEqual(information);
    expect(titles(await list.resources.list.query({ type: 'guideline' }))).toEqual(information);
    const rest = await api.get('/api/resources?type=guideline&status=deprecated', { token: listToken });
    expect(rest.body.map((r: { title: string }) => r.title)).toEqual(['Style notes']);
    expect((await api.get('/api/resources?type=tools', { token: listToken })).status).toBe(400);
  });

  it('pages by cursor (X-Total-Count on the first page, X-Next-Cursor while more follow)', async () => {
    const first = await api.get('/api/resources?limit=3', { token: listToken });
    expect(first.headers.get('x-total-count')).toBe('4');
    expect(first.body.map((r: { title: string }) => r.title)).toEqual(['CRM', 'Style notes', 'Analytics']);
    const cursor = first.headers.get('x-next-cursor');
    expect(cursor).toMatch(/^[\w-]+$/);
    const second = await api.get(`/api/resources?limit=3&cursor=${cursor}`, { token: listToken });
    expect(second.body.map((r: { title: string }) => r.title)).toEqual(['Brand guide']);
    expect(second.body[0].value).toEqual({
      'Key 1': 'Value 1',
      'Key 2': 'Value 2',
      'Key 3': 'Value 3',
      'Key 4': 'Value 4',
    });
    expect(second.headers.get('x-next-cursor')).toBeNull();
  });
});

describe('details are replaced in one transaction', () => {
  it('concurrent edits leave exactly one of the sets, never a mix, never empty, never an error', async () => {
    const made = await create({ details: [{ key: 'Start', value: '0' }] });
    const sets = Array.from({ length: 8 }, (_, n) =>
      Array.from({ length: 3 + (n % 3) }, (_, i) => ({ key: `Set ${n} key ${i}`, value: `v${n}.${i}` })),
    );
    const results = await Promise.allSettled(
      sets.map((details) => trpc.resources.update.mutate({ id: made.id, details })),
    );
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const stored = (await detailRows(made.id)).map(({ key, value }) => ({ key, value }));
    expect(sets).toContainEqual(stored);
    expect((await detailRows(made.id)).map((d) => d.position)).toEqual(stored.map((_, i) => i));
  });

  it('an update that is refused leaves the old details', async () => {
    const made = await create({ details: [{ key: 'Old', value: 'kept' }] });
    await expect(
      trpc.resources.update.mutate({ id: made.id, projectId: bakery.id, details: [{ key: 'New', value: 'lost' }] }),
    ).rejects.toSatisfy((e) => trpcCode(e) === 'NOT_FOUND');
    expect((await detailRows(made.id)).map((d) => d.key)).toEqual(['Old']);
  });
});

describe("the company dialog's Resources Access switches", () => {
  it("are the resource's own visibility flag, both ways", async () => {
    const made = await create({ visibleToClient: false });
    await trpc.resources.setVisibility.mutate({ id: made.id, visibleToClient: true });
    expect((await trpc.resources.get.query({ id: made.id })).visibleToClient).toBe(true);
    await api.patch(`/resources/v1/${made.id}`, { visible: false }, { token });
    const row = (await trpc.resources.forCompany.query({ companyId: acme.id })).find((r) => r.id === made.id);
    expect(row?.visibleToClient).toBe(false);
  });
});
