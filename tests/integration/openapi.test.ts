import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { compileErrors, dereference, validate } from '@readme/openapi-parser';
import { fileOperations, liveOperations } from '../../server/rest/openapi';
import { restRoutes } from '../../server/rest/routes';
import { client, signUpAgency, startApp, type Reply, type TestApp } from '../support/app';

type Operation = {
  operationId: string;
  security?: object[];
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: any;
  responses: Record<string, any>;
};
type Doc = { openapi: string; paths: Record<string, Record<string, Operation>>; components: any };

let app: TestApp;
let api: ReturnType<typeof client>;
let doc: Doc;
let resolved: Doc;
let token: string;

beforeAll(async () => {
  app = await startApp();
  api = client(app.baseUrl);
  const res = await api.get('/api/openapi.json');
  expect(res.status).toBe(200);
  doc = res.body;
  resolved = (await dereference(structuredClone(doc) as never)) as unknown as Doc;
  token = (await signUpAgency(api)).token;
});
afterAll(() => app.close());

const ajv = addFormats(new Ajv2020({ allErrors: true }));
/** Checks a REST reply against the schema the document declares for that path, method and status. */
function expectMatchesDocument(path: string, method: string, reply: Reply) {
  const response = resolved.paths[path]?.[method]?.responses[String(reply.status)];
  expect(response, `${method.toUpperCase()} ${path} documents ${reply.status}`).toBeDefined();
  const check = ajv.compile(response.content['application/json'].schema);
  expect(check(reply.body) ? [] : check.errors, `${method.toUpperCase()} ${path} ${reply.status}`).toEqual([]);
}

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document that a validator accepts', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid ? '' : compileErrors(result)).toBe('');
  });

  it('has every REST row with its method, and no operation that is not in the table', () => {
    for (const route of restRoutes) {
      expect(doc.paths[route.path]?.[route.method.toLowerCase()], `${route.method} ${route.path}`).toBeDefined();
    }
    const operations = Object.values(doc.paths).flatMap((item) => Object.keys(item));
    // …besides the two routes that carry file bytes (upload, download), documented by hand.
    const fileRoutes = Object.values(fileOperations()).flatMap((item) => Object.keys(item));
    // …the live streams (tRPC subscriptions over server-sent events), documented by hand…
    const liveRoutes = Object.values(liveOperations()).flatMap((item) => Object.keys(item));
    // …and rows answering only with a query parameter, described on their path's other row.
    expect(operations).toHaveLength(restRoutes.filter((r) => !r.when).length + fileRoutes.length + liveRoutes.length);
  });

  it('lists every messages call, the inbox like every list (its rows, the count and an opaque cursor in headers)', () => {
    const staff = Object.entries(doc.paths).filter(([path]) => path.startsWith('/api/messages'));
    const portal = Object.entries(doc.paths).filter(([path]) => path.startsWith('/api/portal/messages'));
    const ids = (items: typeof staff) => items.flatMap(([, item]) => Object.values(item).map((o) => o.operationId));
    expect(ids(staff).sort()).toEqual(
      [
        'messages.assign',
        'messages.companyThread',
        'messages.delete',
        'messages.edit',
        'messages.inbox',
        'messages.markRead',
        'messages.messages',
        'messages.post',
        'messages.projectThread',
        'messages.startTopic',
        'messages.thread',
        'messages.unread',
      ].sort(),
    );
    expect(ids(portal).sort()).toEqual(
      [
        'portalMessages.delete',
        'portalMessages.edit',
        'portalMessages.markRead',
        'portalMessages.messages',
        'portalMessages.open',
        'portalMessages.post',
        'portalMessages.thread',
        'portalMessages.threads',
        'portalMessages.unread',
      ].sort(),
    );
    const inbox = resolved.paths['/api/messages/threads'].get;
    expect(inbox.parameters!.map((p) => p.name)).toEqual(
      expect.arrayContaining(['limit', 'cursor', 'search', 'companyId', 'projectId', 'unread', 'waiting', 'mine']),
    );
    expect(inbox.responses['200'].headers['X-Next-Cursor'].schema).toEqual({ type: 'string' });
    expect(inbox.responses['200'].content['application/json'].schema.type).toBe('array');
    expect(doc.paths['/api/portal/messages/threads'].get.security).toEqual([{ bearer: [] }, { portalCookie: [] }]);
    // A client's message has no `internal` (only staff ever see internal notes).
    const portalMessage =
      resolved.paths['/api/portal/messages/threads/{threadId}/messages'].get.responses['200'].content[
        'application/json'
      ].schema.items;
    expect(Object.keys(portalMessage.properties)).not.toContain('internal');
  });

  it('describes the live streams: the SSE paths, an API token, the event, and resuming from the last event', () => {
    const staff = resolved.paths['/trpc/live.events'].get as Operation & { description: string };
    expect(staff.security).toEqual([{ bearer: [] }, { staffCookie: [] }]);
    expect(staff.description).toMatch(/API token/);
    expect(staff.description).toMatch(/Last-Event-ID/);
    expect(staff.parameters!.map((p) => [p.name, p.in])).toEqual([
      ['input', 'query'],
      ['Last-Event-ID', 'header'],
    ]);
    expect(Object.keys(staff.responses['200'].content)).toEqual(['text/event-stream']);
    expect(Object.keys(staff.responses).sort()).toEqual(['200', '401', '429']);
    expect(doc.components.schemas.LiveEvent.required).toEqual(['id', 'topic', 'companyId', 'data', 'at']);
    const portal = resolved.paths['/trpc/portalLive.events'].get as Operation & { description: string };
    expect(portal.security).toEqual([{ bearer: [] }, { portalCookie: [] }]);
    expect(portal.description).toMatch(/an API token or a staff session is refused/);
  });

  it('names properties in snake_case on /auth and /<name>/v1 paths and camelCase on /api paths', () => {
    const item = (path: string) =>
      resolved.paths[path].get.responses['200'].content['application/json'].schema.items.properties;
    expect(Object.keys(item('/api/companies'))).toEqual(expect.arrayContaining(['createdAt', 'contactCount']));
    expect(Object.keys(item('/companies/v1'))).toEqual(expect.arrayContaining(['created_at', 'contact_count']));
    expect(Object.keys(item('/companies/v1'))).not.toContain('createdAt');
    const signup = doc.paths['/auth/signup'].post.requestBody.content['application/json'].schema;
    expect(signup.required).toEqual(expect.arrayContaining(['first_name', 'last_name', 'slug']));
    // A session's token, or (two-factor sign-in on) the challenge for the code step.
    const login = doc.paths['/auth/v1/login'].post.responses['200'].content['application/json'].schema.anyOf;
    expect(login.map((branch: { properties: object }) => Object.keys(branch.properties))).toEqual([
      ['authToken'],
      ['two_factor_required', 'challenge'],
    ]);
  });

  it('describes parameters, bodies, list headers, error replies and how to authenticate', () => {
    const get = doc.paths['/api/companies/{id}'].get;
    expect(get.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
    expect(get.security).toEqual([{ bearer: [] }, { staffCookie: [] }]);
    expect(Object.keys(get.responses)).toEqual(['200', '400', '401', '404']);

    const list = doc.paths['/api/companies'].get;
    expect(list.parameters!.filter((p) => p.in === 'query').map((p) => p.name)).toEqual(
      expect.arrayContaining(['limit', 'cursor', 'search', 'industry', 'status']),
    );
    expect(Object.keys(list.responses['200'].headers)).toEqual(['X-Total-Count', 'X-Overall-Count', 'X-Next-Cursor']);

    const patch = doc.paths['/companies/v1/{id}'].patch;
    expect(patch.requestBody.content['application/json'].schema.properties).toHaveProperty('status');
    expect(patch.requestBody.content['application/json'].schema.properties).not.toHaveProperty('id');
    expect(Object.keys(patch.responses)).toEqual(['200', '400', '401', '403', '404']);

    expect(doc.paths['/companies/v1'].post.responses).toHaveProperty('201');
    expect(doc.paths['/auth/signup'].post.responses).toHaveProperty('409');
    expect(doc.paths['/auth/signup'].post.security).toBeUndefined();
    expect(doc.paths['/auth/v1/login'].post.responses['429'].headers).toHaveProperty('Retry-After');
    expect(doc.components.schemas.Error.required).toEqual(['message', 'code']);
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.staffCookie).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: 'cf_session',
    });
  });
});

describe('REST replies match the document', () => {
  it('companies: create, list, get and update, on both prefixes', async () => {
    const created = await api.post('/companies/v1', { name: 'Schema Studio', industry: 'Design' }, { token });
    expectMatchesDocument('/companies/v1', 'post', created);
    expectMatchesDocument('/api/companies', 'get', await api.get('/api/companies', { token }));
    expectMatchesDocument('/companies/v1', 'get', await api.get('/companies/v1', { token }));
    expectMatchesDocument('/api/companies/{id}', 'get', await api.get(`/api/companies/${created.body.id}`, { token }));
    expectMatchesDocument('/companies/v1/{id}', 'get', await api.get(`/companies/v1/${created.body.id}`, { token }));
    expectMatchesDocument(
      '/api/companies/{id}',
      'patch',
      await api.patch(`/api/companies/${created.body.id}`, { phone: '555-0199' }, { token }),
    );
    expectMatchesDocument('/api/companies/industries', 'get', await api.get('/api/companies/industries', { token }));
  });

  it('templates: project and flow templates listed, created, read, changed, used and deleted, on both prefixes', async () => {
    for (const base of ['/api/project-templates', '/project_templates/v1', '/api/flow-templates', '/flow_templates/v1'])
      for (const method of ['get', 'post']) expect(doc.paths[base]?.[method], `${method} ${base}`).toBeDefined();
    expect(doc.paths['/api/project-templates/{id}/projects'].post.responses).toHaveProperty('201');
    expect(doc.paths['/project_templates/v1/starters'].post).toBeDefined();

    const flow = await api.post(
      '/flow_templates/v1',
      { name: 'Schema intake', workflow_type: 'collect', steps: [{ step_title: 'Hello', content: 'Hi', fields: [] }] },
      { token },
    );
    expectMatchesDocument('/flow_templates/v1', 'post', flow);
    const created = await api.post(
      '/api/project-templates',
      { name: 'Schema launch', tasks: [{ title: 'Kick-off', dueOffsetDays: 2 }], flowTemplateIds: [flow.body.id] },
      { token },
    );
    expectMatchesDocument('/api/project-templates', 'post', created);
    const id = created.body.id;
    expectMatchesDocument('/api/project-templates', 'get', await api.get('/api/project-templates', { token }));
    expectMatchesDocument('/project_templates/v1', 'get', await api.get('/project_templates/v1', { token }));
    expectMatchesDocument('/api/flow-templates', 'get', await api.get('/api/flow-templates', { token }));
    expectMatchesDocument(
      '/flow_templates/v1/{id}',
      'get',
      await api.get(`/flow_templates/v1/${flow.body.id}`, { token }),
    );
    const read = await api.get(`/project_templates/v1/${id}`, { token });
    expectMatchesDocument('/project_templates/v1/{id}', 'get', read);
    expect(read.body.tasks).toEqual([expect.objectContaining({ title: 'Kick-off', due_offset_days: 2 })]);
    expectMatchesDocument(
      '/api/project-templates/{id}',
      'patch',
      await api.patch(`/api/project-templates/${id}`, { tasks: [{ title: 'Brief', dueOffsetDays: 0 }] }, { token }),
    );
    const project = await api.post(
      `/project_templates/v1/${id}/projects`,
      { name: 'From the schema', start_date: '2026-05-01' },
      { token },
    );
    expectMatchesDocument('/project_templates/v1/{id}/projects', 'post', project);
    expect(project.body).toMatchObject({ name: 'From the schema', task_count: 1, flow_ids: [expect.any(Number)] });
    expectMatchesDocument(
      '/api/project-templates/starters',
      'post',
      await api.post('/api/project-templates/starters', {}, { token }),
    );
    expectMatchesDocument(
      '/project_templates/v1/{id}',
      'delete',
      await api.call('DELETE', `/project_templates/v1/${id}`, { token }),
    );
    expectMatchesDocument(
      '/api/flow-templates/{id}',
      'delete',
      await api.call('DELETE', `/api/flow-templates/${flow.body.id}`, { token }),
    );
    const gone = await api.get(`/api/project-templates/${id}`, { token });
    expect(gone.status).toBe(404);
    expectMatchesDocument('/api/project-templates/{id}', 'get', gone);
  });

  it('auth: me and login, and the error replies', async () => {
    expectMatchesDocument('/auth/v1/me', 'get', await api.get('/auth/v1/me', { token }));
    const agency = await signUpAgency(api);
    expectMatchesDocument(
      '/auth/v1/login',
      'post',
      await api.post('/auth/v1/login', { email: agency.email, password: agency.password }),
    );
    expectMatchesDocument('/auth/v1/me', 'get', await api.get('/auth/v1/me'));
    expectMatchesDocument('/companies/v1', 'post', await api.post('/companies/v1', { name: '' }, { token }));
    expectMatchesDocument('/api/companies/{id}', 'get', await api.get('/api/companies/999999', { token }));
  });

  it('would catch a reply that leaks a field the document does not declare', async () => {
    const reply = await api.get('/auth/v1/me', { token });
    const schema = resolved.paths['/auth/v1/me'].get.responses['200'].content['application/json'].schema;
    expect(ajv.validate(schema, reply.body)).toBe(true);
    expect(ajv.validate(schema, { ...reply.body, password_hash: 'x' })).toBe(false);
    expect(ajv.validate(schema, { ...reply.body, firstName: reply.body.first_name, first_name: undefined })).toBe(
      false,
    );
  });
});

describe('unknown paths under every documented prefix answer JSON 404', () => {
  it.each([
    ['GET', '/api/nothing-here'],
    ['POST', '/api/openapi.json'],
    ['GET', '/api/docs/assets/index.html'],
    ['GET', '/auth/nothing-here'],
    ['GET', '/auth/v1/nothing-here'],
    ['GET', '/trpc/nothing.here'],
    ['GET', '/contacts/v1/1/deeper'],
    ['GET', '/contacts/v2/5'],
    ['GET', '/companies/v2'],
    ['GET', '/companies/v1/1/deeper'],
    ['PUT', '/companies/v1/1'],
    ['POST', '/flow_field/v1/1/deeper'],
    ['PATCH', '/flow_field/v12/3'],
  ])('%s %s', async (method, path) => {
    const res = await api.call(method, path);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    if (!path.startsWith('/trpc'))
      expect(res.body).toEqual({ message: 'No such API path.', code: 'NOT_FOUND', requestId: expect.any(String) });
  });

  it('leaves the client pages /portal/{slug}/… and /hub/… to the client, even for a brand URL like "v12"', async () => {
    for (const path of ['/portal/v12', '/portal/v12/projects', '/hub/v2']) {
      const res = await api.get(path);
      expect(res.headers.get('content-type') ?? '', path).not.toMatch(/application\/json/);
    }
  });
});

describe('GET /api/docs', () => {
  it('serves the reference page, with every script from this server and none inline', async () => {
    const page = await fetch(`${app.baseUrl}/api/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(body.trim()).toBe('');
      const src = /src="([^"]+)"/.exec(attributes)?.[1];
      expect(src).toMatch(/^\/api\/docs\//);
      const asset = await fetch(app.baseUrl + src);
      expect(asset.status, src).toBe(200);
      expect(asset.headers.get('content-type'), src).toMatch(/javascript/);
    }
    const css = await fetch(`${app.baseUrl}/api/docs/assets/swagger-ui.css`);
    expect(css.headers.get('content-type')).toMatch(/text\/css/);
  });
});
