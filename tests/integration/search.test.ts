/**
 * Global search (issue 12): search.query over tRPC and GET /api/search. The index (SearchEntry, SQLite FTS5 /
 * PostgreSQL GIN over to_tsvector) is kept in step by database triggers; these tests go through the app's own
 * writes, so they check the triggers too: ranking (a title match above a body match), prefix matching, accents
 * folded both ways, several words ANDed, tenancy and company scoping, create / update / delete, a task following
 * its project to another company, and search text full of query syntax that never errors.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '../../shared/messages';
import type { SearchQueryOutput } from '../../shared/schemas/search';
import { createAgency, type Agency } from '../support/agencies';
import { client, signUpAgency, startApp, type TestApp } from '../support/app';
import { trpcClient, trpcCode, type TrpcClient } from '../support/trpc';

let app: TestApp;
let api: ReturnType<typeof client>;
let trpc: TrpcClient;
let token: string;
let acme: number;
let bluebird: number;
let acmeSite: number;
let bakeryMenu: number;
let other: Agency;
let otherTrpc: TrpcClient;

beforeAll(async () => {
  app = await startApp();
  api = client(app.baseUrl);
  token = (await signUpAgency(api)).token;
  trpc = trpcClient(app.baseUrl, { token });
  acme = (await trpc.companies.create.mutate({ name: 'Acme Studio', industry: 'Design agency' } as never)).id;
  bluebird = (await trpc.companies.create.mutate({ name: 'Bluebird Bakery' } as never)).id;
  acmeSite = (await trpc.projects.create.mutate({ name: 'Acme website', companiesId: acme } as never)).id;
  bakeryMenu = (await trpc.projects.create.mutate({ name: 'Bakery menu', companiesId: bluebird } as never)).id;
  other = await createAgency(app, ['Foreign Foundry']);
  otherTrpc = trpcClient(app.baseUrl, { token: other.token });
});
afterAll(() => app?.close());

const search = (q: string, extra: Record<string, unknown> = {}, client: TrpcClient = trpc) =>
  client.search.query.query({ q, ...extra } as never) as Promise<SearchQueryOutput>;
const all = (reply: SearchQueryOutput) => reply.groups.flatMap((g) => g.results);
const titles = async (q: string, extra: Record<string, unknown> = {}, client: TrpcClient = trpc) =>
  all(await search(q, extra, client)).map((r) => r.title);

let counter = 0;
/** A word nobody else in the test uses, so each test sees only its own rows. */
const word = (stem: string) => `${stem}${(counter++).toString(36)}q`;

const task = (title: string, description: string | null = null, projectId = acmeSite) =>
  trpc.tasks.create.mutate({ title, description, projectId } as never);

describe('search.query', () => {
  it('answers an empty result, not an error, for empty or blank text', async () => {
    expect(await search('')).toEqual({ q: '', terms: [], groups: [] });
    expect((await search('   ')).groups).toEqual([]);
    expect((await search('-- "" ()')).groups).toEqual([]);
  });

  it('ranks a title match above a body match', async () => {
    const w = word('orchid');
    await task(`Write about tulips`, `Mention the ${w} too`);
    await task(`The ${w} page`, 'Nothing else');
    const results = all(await search(w));
    expect(results.map((r) => r.title)).toEqual([`The ${w} page`, 'Write about tulips']);
    expect(results[1].snippet).toContain(w);
  });

  it('matches words by their start ("desi" finds "design")', async () => {
    const w = word('zephyr');
    await task(`${w} design review`);
    expect(await titles(`${w} desi`)).toEqual([`${w} design review`]);
    expect(await titles(`${w} esign`)).toEqual([]);
  });

  it('folds accents and case both ways ("cafe" finds "Café", "café" finds "Cafe")', async () => {
    const w = word('kiosk');
    await task(`Café ${w} menu`);
    await task(`CAFE ${w} sign`);
    expect((await titles(`cafe ${w}`)).sort()).toEqual([`CAFE ${w} sign`, `Café ${w} menu`]);
    expect((await titles(`CAFÉ ${w}`)).sort()).toEqual([`CAFE ${w} sign`, `Café ${w} menu`]);
    expect(await titles(`Ménu ${w}`)).toEqual([`Café ${w} menu`]);
  });

  it('finds a contact by a part of their e-mail address ("nordlicht" finds jane@nordlicht.test)', async () => {
    const w = word('nordlicht');
    const contact = await trpc.contacts.create.mutate({
      firstName: 'Jane',
      lastName: 'Doe',
      email: `jane@${w}.test`,
    } as never);
    expect(all(await search(w)).map((r) => r.id)).toEqual([contact.id]);
    expect(all(await search(`jane ${w}`)).map((r) => r.id)).toEqual([contact.id]);
  });

  it('ANDs several words (each may be in the title or the body)', async () => {
    const w = word('quartz');
    await task(`${w} alpha`, 'beta gamma');
    await task(`${w} alpha delta`);
    expect((await titles(`${w} alpha`)).sort()).toEqual([`${w} alpha`, `${w} alpha delta`]);
    expect(await titles(`${w} alpha gamma`)).toEqual([`${w} alpha`]);
    expect(await titles(`${w} gamma delta`)).toEqual([]);
  });

  it('finds every kind, grouped by kind, each result with its link and company', async () => {
    const w = word('nimbus');
    const company = await trpc.companies.create.mutate({ name: `${w} Corp` } as never);
    const contact = await trpc.contacts.create.mutate({
      firstName: w,
      lastName: 'Jones',
      email: `${w}@client.test`,
      companyId: company.id,
    } as never);
    const project = await trpc.projects.create.mutate({ name: `${w} launch`, companiesId: company.id } as never);
    const t = await task(`${w} copy`, null, project.id);
    const resource = await trpc.resources.create.mutate({
      title: `${w} hosting`,
      description: 'Logins',
      type: 'tool',
      status: 'active',
      companyId: company.id,
    } as never);
    const file = await trpc.documents.create.mutate({
      name: `${w} brief`,
      url: 'https://files.example.test/brief.pdf',
      companyId: company.id,
    } as never);
    const flow = await trpc.flows.create.mutate({
      name: `${w} onboarding`,
      description: 'Welcome',
      workflowType: 'onboard',
      companyId: company.id,
    } as never);
    const reply = await search(w);
    const byKind = Object.fromEntries(reply.groups.map((g) => [g.kind, g.results]));
    expect(byKind.company).toEqual([
      {
        kind: 'company',
        id: company.id,
        title: `${w} Corp`,
        snippet: expect.any(String),
        link: `/hub/companies/${company.id}`,
        companyId: company.id,
        companyName: null,
        internal: false,
      },
    ]);
    expect(byKind.contact).toEqual([
      expect.objectContaining({
        id: contact.id,
        title: `${w} Jones`,
        link: `/hub/contacts?contact=${contact.id}`,
        companyId: company.id,
        companyName: `${w} Corp`,
      }),
    ]);
    expect(byKind.project).toEqual([
      expect.objectContaining({
        id: project.id,
        link: `/hub/projects/${project.projectUid}`,
        companyName: `${w} Corp`,
      }),
    ]);
    expect(byKind.task).toEqual([
      expect.objectContaining({ id: t.id, link: `/hub/tasks?task=${t.id}`, companyId: company.id }),
    ]);
    expect(byKind.resource).toEqual([
      expect.objectContaining({ id: resource.id, link: `/hub/resources?resource=${resource.id}` }),
    ]);
    expect(byKind.file).toEqual([expect.objectContaining({ id: file.id, link: `/hub/documents?file=${file.id}` })]);
    expect(byKind.flow).toEqual([expect.objectContaining({ id: flow.id, link: `/hub/flows/${flow.flowUid}` })]);
    // kinds narrows; limit caps each kind.
    expect((await search(w, { kinds: ['task', 'resource'] })).groups.map((g) => g.kind).sort()).toEqual([
      'resource',
      'task',
    ]);
  });

  it('shows a few results of each kind (limit per kind), so a crowded kind does not hide the others', async () => {
    const w = word('lumen');
    for (let i = 0; i < 4; i++) await task(`${w} task ${i}`);
    await trpc.companies.create.mutate({ name: `${w} Labs` } as never);
    const reply = await search(w, { limit: 2 });
    expect(reply.groups.find((g) => g.kind === 'task')?.results).toHaveLength(2);
    expect(reply.groups.find((g) => g.kind === 'company')?.results).toHaveLength(1);
  });

  it("never shows another agency's rows", async () => {
    const w = word('saffron');
    await task(`${w} ours`);
    const theirProject = other.rows.project[0];
    await otherTrpc.tasks.create.mutate({ title: `${w} theirs`, projectId: theirProject } as never);
    expect(await titles(w)).toEqual([`${w} ours`]);
    expect(await titles(w, {}, otherTrpc)).toEqual([`${w} theirs`]);
    // Their company name is not found either.
    expect(await titles('Foreign Foundry')).toEqual([]);
  });

  it('ranks the exact name first, then names that start with the text, then the rest ("aspen": the company Aspen above files)', async () => {
    const w = word('aspen');
    // Files that mention the word often (bm25 would put them first), a company that starts with it, the exact one.
    const bodyOnly = await trpc.documents.create.mutate({
      name: `Notes on ${w} ${w} ${w}`,
      url: 'https://files.example.test/notes.pdf',
      companyId: bluebird,
    } as never);
    const prefixFile = await trpc.documents.create.mutate({
      name: `${w} ${w} brief`,
      url: 'https://files.example.test/brief.pdf',
      companyId: bluebird,
    } as never);
    const prefixCompany = await trpc.companies.create.mutate({ name: `${w} Holdings International Group` } as never);
    const exact = await trpc.companies.create.mutate({ name: w.toUpperCase() } as never);
    const reply = await search(w);
    expect(reply.groups.map((g) => g.kind)).toEqual(['company', 'file']);
    expect(all(reply).map((r) => `${r.kind}-${r.id}`)).toEqual([
      `company-${exact.id}`,
      `company-${prefixCompany.id}`,
      `file-${prefixFile.id}`,
      `file-${bodyOnly.id}`,
    ]);
    // Surrounding spaces and case do not matter; a longer text is no exact match.
    expect(all(await search(`  ${w} `))[0]).toMatchObject({ kind: 'company', id: exact.id });
    expect(all(await search(`${w} holdings`)).map((r) => r.id)).toEqual([prefixCompany.id]);
  });

  it("shows a contact's title and labelled role in the subtitle, never the stored value", async () => {
    const w = word('tamarack');
    await trpc.contacts.create.mutate({
      firstName: w,
      lastName: 'Reyes',
      email: `${w}@client.test`,
      role: 'executive',
      title: 'Founder',
    } as never);
    const [result] = all(await search(w));
    expect(result.snippet).toBe(`Founder · Executive · ${w}@client.test`);
    const file = await trpc.documents.create.mutate({
      name: `${w} terms`,
      url: 'https://files.example.test/terms.pdf',
      type: 'agreement',
      companyId: bluebird,
    } as never);
    const fileResult = all(await search(w, { kinds: ['file'] })).find((r) => r.id === file.id);
    expect(fileResult?.snippet).toMatch(/Agreement$/);
    expect(fileResult?.snippet).not.toMatch(/agreement/);
  });

  it('narrows to one client company; a company of another agency answers 404', async () => {
    const w = word('harbor');
    await task(`${w} for acme`);
    await task(`${w} for bluebird`, null, bakeryMenu);
    expect(await titles(w, { companyId: bluebird })).toEqual([`${w} for bluebird`]);
    expect((await titles(w)).sort()).toEqual([`${w} for acme`, `${w} for bluebird`]);
    const refused = await search(w, { companyId: other.companies[0].id }).catch((e) => e);
    expect(trpcCode(refused)).toBe('NOT_FOUND');
    expect(refused.message).toBe(M.search.companyNotFound);
  });

  it('keeps the index in step: a new word is found and the old one gone after an update, nothing after a delete', async () => {
    const before = word('amber');
    const after = word('cobalt');
    const t = await task(`${before} title`, 'plain body');
    expect(await titles(before)).toEqual([`${before} title`]);
    await trpc.tasks.update.mutate({ id: t.id, title: `${after} title` } as never);
    expect(await titles(before)).toEqual([]);
    expect(await titles(after)).toEqual([`${after} title`]);
    await trpc.tasks.update.mutate({ id: t.id, description: `now with ${before}` } as never);
    expect(await titles(before)).toEqual([`${after} title`]);
    await trpc.tasks.remove.mutate({ id: t.id } as never);
    expect(await titles(after)).toEqual([]);
    expect(await titles(before)).toEqual([]);
  });

  it("moves a task's entry with its project to another company", async () => {
    const w = word('meadow');
    const project = await trpc.projects.create.mutate({ name: `Moving ${w}`, companiesId: acme } as never);
    await task(`${w} follows`, null, project.id);
    expect(await titles(w, { companyId: acme, kinds: ['task'] })).toEqual([`${w} follows`]);
    await trpc.projects.update.mutate({ id: project.id, companiesId: bluebird } as never);
    expect(await titles(w, { companyId: acme, kinds: ['task'] })).toEqual([]);
    const moved = all(await search(w, { companyId: bluebird, kinds: ['task'] }));
    expect(moved.map((r) => [r.title, r.companyName])).toEqual([[`${w} follows`, 'Bluebird Bakery']]);
  });

  it('never errors on quotes, stars, operators or other query syntax', async () => {
    const w = word('syntax');
    await task(`${w} AND friends`);
    const inputs = [
      '"',
      '*',
      'AND',
      'OR',
      'NOT',
      'NEAR',
      ':',
      "'",
      '-',
      '(',
      ')',
      '^',
      '&',
      '|',
      '!',
      '\\',
      '%',
      '_',
      '{title}',
      'tenant : b1',
      `"${w}`,
      `${w}*`,
      `${w}:*`,
      `(${w}`,
      `${w} -friends`,
      `${w}'s`,
      `'${w}' & !x`,
      'ÿ',
      '😀',
      'a'.repeat(200),
    ];
    for (const q of inputs) {
      const reply = await search(q);
      expect(reply.q).toBe(q);
    }
    expect(await titles(`"${w}" AND (friends)`)).toEqual([`${w} AND friends`]);
    expect(await titles(`${w}*:`)).toEqual([`${w} AND friends`]);
  });

  it('refuses very long text with a sentence (400)', async () => {
    const refused = await search('x'.repeat(201)).catch((e) => e);
    expect(trpcCode(refused)).toBe('BAD_REQUEST');
    expect(refused.message).toContain(M.search.queryTooLong(200));
  });
});

describe('an archived company', () => {
  it('hides the company and its contacts, projects, tasks, files, resources and flows; unarchive finds them again', async () => {
    const w = word('juniper');
    const company = await trpc.companies.create.mutate({ name: `${w} Holdings` } as never);
    const placed = { companyId: company.id };
    await trpc.contacts.create.mutate({ firstName: w, lastName: 'Reyes', email: `${w}@gone.test`, ...placed } as never);
    const project = await trpc.projects.create.mutate({ name: `${w} rebrand`, companiesId: company.id } as never);
    await task(`${w} logo files`, null, project.id);
    await trpc.documents.create.mutate({
      name: `${w} contract`,
      url: 'https://files.example.test/c.pdf',
      ...placed,
    } as never);
    await trpc.resources.create.mutate({
      title: `${w} hosting`,
      description: 'Logins',
      type: 'tool',
      status: 'active',
      ...placed,
    } as never);
    await trpc.flows.create.mutate({
      name: `${w} intake`,
      description: 'Hi',
      workflowType: 'onboard',
      ...placed,
    } as never);
    // What is not that company's stays: a live client's contact, an internal project, a flow for all companies.
    await trpc.contacts.create.mutate({
      firstName: w,
      lastName: 'Live',
      email: `${w}@live.test`,
      companyId: acme,
    } as never);
    await trpc.projects.create.mutate({ name: `${w} internal`, companiesId: null } as never);
    await trpc.flows.create.mutate({
      name: `${w} survey`,
      description: 'All',
      workflowType: 'collect',
      companyId: null,
    } as never);
    const everything = [
      `${w} Holdings`,
      `${w} Reyes`,
      `${w} rebrand`,
      `${w} logo files`,
      `${w} contract`,
      `${w} hosting`,
      `${w} intake`,
    ];
    const kept = [`${w} Live`, `${w} internal`, `${w} survey`];
    expect((await titles(w)).sort()).toEqual([...everything, ...kept].sort());

    await trpc.companies.archive.mutate({ id: company.id });
    expect((await titles(w)).sort()).toEqual([...kept].sort());
    expect(await titles(`${w} reyes`, { kinds: ['contact'] })).toEqual([]);
    // Asked by its own company (its page's search), as much as by kind: nothing.
    expect(await titles(w, { companyId: company.id })).toEqual([]);
    const rest = await api.get(`/api/search?q=${encodeURIComponent(`${w} reyes`)}`, { token });
    expect([rest.status, rest.body.groups]).toEqual([200, []]);

    await trpc.companies.unarchive.mutate({ id: company.id });
    expect((await titles(w)).sort()).toEqual([...everything, ...kept].sort());
    expect(await titles(`${w} reyes`, { kinds: ['contact'] })).toEqual([`${w} Reyes`]);
  });
});

describe('GET /api/search', () => {
  it('answers the same groups as search.query', async () => {
    const w = word('granite');
    const t = await task(`${w} rest`, 'a body for the snippet');
    const res = await api.get(`/api/search?q=${encodeURIComponent(w)}`, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      q: w,
      terms: [w],
      groups: [
        {
          kind: 'task',
          results: [expect.objectContaining({ id: t.id, title: `${w} rest`, snippet: 'a body for the snippet' })],
        },
      ],
    });
  });

  it('takes companyId and kinds=task,file; answers 404 for a foreign company and 400 for very long text', async () => {
    const w = word('basalt');
    await task(`${w} scoped`);
    const ok = await api.get(`/api/search?q=${w}&companyId=${acme}&kinds=task,file`, { token });
    expect(ok.status).toBe(200);
    expect(ok.body.groups.map((g: { kind: string }) => g.kind)).toEqual(['task']);
    expect((await api.get(`/api/search?q=${w}&companyId=${other.companies[0].id}`, { token })).status).toBe(404);
    const long = await api.get(`/api/search?q=${'y'.repeat(201)}`, { token });
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body)).toContain(M.search.queryTooLong(200));
    expect((await api.get('/api/search?q=', { token })).body).toEqual({ q: '', terms: [], groups: [] });
    expect((await api.get('/api/search?q=x')).status).toBe(401);
  });
});
