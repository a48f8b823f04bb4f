/**
 * Several companies per client login (issue 32). One contact of agency A (their own company A0, plus A1 added by
 * staff) signs in once:
 * - the portal asks which company before anything else (412 on every other procedure), the choice sets the session's
 *   company, and only a company the contact belongs to can be chosen (404 otherwise);
 * - each company stays fully isolated: in A0 every read of A0's projects, tasks, files, versions, downloads,
 *   resources, flows, conversations, messages, approvals, search and activity works; switched to A1, none of A0's
 *   records is reachable by id (404) or listed, and the other way round;
 * - a removed membership or an archived company ends access to it at the next request (the session moves to the only
 *   company left, asks again, or ends with none);
 * - staff add and remove companies (contactCompanies.*), at most LIMITS.companiesPerContact per login;
 * - e-mail replies and mailed links follow the company; "Preview as contact" opens one chosen company.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../shared/constants';
import { M } from '../../shared/messages';
import { hashToken } from '../../server/auth/tokens';
import { twoAgencies, type Agency } from '../support/agencies';
import { startApp, type TestApp } from '../support/app';
import { refusal, trpcClient, untypedTrpcClient } from '../support/trpc';

let app: TestApp;
let a: Agency;
let b: Agency;

beforeAll(async () => {
  app = await startApp();
  ({ a, b } = await twoAgencies(app));
});
afterAll(() => app.close());

const staff = () => trpcClient(app.baseUrl, { token: a.token });

async function signIn(agency: Agency = a) {
  const { authToken } = await trpcClient(app.baseUrl).portalAuth.login.mutate({
    slug: agency.slug,
    email: agency.portal.email,
    password: agency.portal.password,
  });
  return authToken;
}

/** A call's result, or its refusal's code. */
async function call(token: string, path: string, input?: unknown, type: 'query' | 'mutation' = 'query') {
  const trpc = untypedTrpcClient(app.baseUrl, { token });
  try {
    return { result: (await (type === 'query' ? trpc.query(path, input) : trpc.mutation(path, input))) as unknown };
  } catch (error) {
    return { code: refusal(error).code ?? String(error), message: (error as Error).message };
  }
}

/** Every record of company `index` of the fixture (each company's tree adds its rows in company order). */
async function recordsOf(agency: Agency, index: number) {
  const db = app.database.db;
  const companyId = agency.companies[index].id;
  const flow = await db.flow.findFirstOrThrow({ where: { businessId: agency.businessId, companyId } });
  const request = await db.approvalRequest.findFirstOrThrow({ where: { businessId: agency.businessId, companyId } });
  return {
    companyId,
    name: agency.companies[index].name,
    projectId: agency.rows.project[index],
    documentId: agency.rows.document[index],
    // The second resource of each tree is the one shown to the client.
    resourceId: agency.rows.resource[2 * index + 1],
    threadId: agency.rows.messageThread[index],
    flowUid: flow.flowUid,
    requestId: request.id,
  };
}

type Records = Awaited<ReturnType<typeof recordsOf>>;

/** Reads of one record each by id, as the portal's pages make them. */
const byId = (slug: string, r: Records): [string, unknown][] => [
  ['portal.project', { id: r.projectId, slug }],
  ['portalFiles.versions', { id: r.documentId, slug }],
  ['portal.resource', { resourceId: r.resourceId, slug }],
  ['portalFlows.get', { flowUid: r.flowUid }],
  ['portalMessages.thread', { threadId: r.threadId, slug }],
  ['portalMessages.messages', { threadId: r.threadId, slug }],
  ['portalApprovals.get', { requestId: r.requestId, slug }],
];

/** The portal's lists and searches, each with the company's name as the search where there is one. */
const lists = (slug: string, name: string): [string, unknown][] => [
  ['portal.dashboard', { slug }],
  ['portal.projects', { slug }],
  ['portal.tasks', { slug }],
  ['portal.files', { slug }],
  ['portal.resources', { slug }],
  ['portalFlows.list', undefined],
  ['portalMessages.threads', { slug }],
  ['portalMessages.search', { slug, q: name.split(' ')[0] }],
  ['portalMessages.search', { slug, q: 'Welcome' }],
  ['portalApprovals.reviews', { slug }],
  ['portalActivity.list', {}],
];

const recordNames = (name: string) => [
  `${name} website`,
  `Kick-off for ${name}`,
  `${name} contract.pdf`,
  `${name} brand guide`,
  `${name} onboarding`,
  `Welcome aboard, ${name}`,
];

const download = (token: string, documentId: number) =>
  fetch(`${app.baseUrl}/api/documents/${documentId}/download`, {
    headers: { authorization: `Bearer ${token}` },
    redirect: 'manual',
  }).then((res) => res.status);

/** Signed in to company `mine`: everything of it is read, nothing of `other` is reachable or listed. */
async function expectIsolated(token: string, mine: Records, other: Records) {
  for (const [path, input] of byId(a.slug, mine)) {
    const got = await call(token, path, input);
    expect(got, `${path} of its own company`).toHaveProperty('result');
  }
  expect(await download(token, mine.documentId)).toBe(302);
  for (const [path, input] of byId(a.slug, other)) {
    const got = await call(token, path, input);
    expect(got, `${path} of the other company`).toMatchObject({ code: 'NOT_FOUND' });
  }
  expect(await download(token, other.documentId)).toBe(404);
  for (const [path, input] of [...lists(a.slug, mine.name), ...lists(a.slug, other.name)]) {
    const got = await call(token, path, input);
    expect(got, path).toHaveProperty('result');
    const text = JSON.stringify(got.result);
    // The other company's tree names every record after the company (the contact's own name carries their own
    // company's: "Casey Alder Architects").
    for (const record of recordNames(other.name))
      expect(text, `${path} lists nothing of ${other.name}`).not.toContain(record);
  }
  const search = await call(token, 'portalMessages.search', { slug: a.slug, q: 'Welcome' });
  expect(JSON.stringify(search.result)).toContain(mine.name);
}

describe('a contact of two companies', () => {
  let own: Records;
  let second: Records;
  let token: string;

  beforeAll(async () => {
    own = await recordsOf(a, 0);
    second = await recordsOf(a, 1);
    await staff().contactCompanies.add.mutate({ contactId: a.portal.contactId, companyId: second.companyId });
    token = await signIn();
  });

  it('is asked to choose a company before anything else', async () => {
    const me = await trpcClient(app.baseUrl, { token }).portalAuth.me.query();
    expect(me).toMatchObject({ companyId: null, companyName: null, companyCount: 2 });
    const { companies } = await trpcClient(app.baseUrl, { token }).portalCompanies.list.query();
    expect(companies.map((c) => c.id).sort()).toEqual([own.companyId, second.companyId].sort());
    expect(companies.every((c) => !c.current)).toBe(true);
    for (const [path, input] of [...lists(a.slug, own.name), ...byId(a.slug, own)]) {
      expect(await call(token, path, input), path).toMatchObject({
        code: 'PRECONDITION_FAILED',
        message: M.portalCompanies.chooseFirst,
      });
    }
    // The app's own routes too.
    const res = await fetch(`${app.baseUrl}/api/documents/${own.documentId}/download`, {
      headers: { authorization: `Bearer ${token}` },
      redirect: 'manual',
    });
    expect(res.status).toBe(412);
  });

  it('cannot choose a company it does not belong to (another of the agency, another agency’s): 404', async () => {
    for (const companyId of [a.companies[2].id, b.companies[0].id, 999_999]) {
      expect(await call(token, 'portalCompanies.choose', { companyId }, 'mutation')).toMatchObject({
        code: 'NOT_FOUND',
      });
    }
    const session = await app.database.db.portalSession.findUniqueOrThrow({ where: { id: hashToken(token) } });
    expect(session.companyId).toBe(0);
  });

  it('reads only the chosen company, then only the other after switching, and back', async () => {
    const portal = trpcClient(app.baseUrl, { token });
    expect(await portal.portalCompanies.choose.mutate({ companyId: own.companyId })).toEqual({
      companyId: own.companyId,
      name: own.name,
    });
    expect(await portal.portalAuth.me.query()).toMatchObject({ companyId: own.companyId, companyName: own.name });
    await expectIsolated(token, own, second);

    await portal.portalCompanies.choose.mutate({ companyId: second.companyId });
    const { companies } = await portal.portalCompanies.list.query();
    expect(companies.find((c) => c.current)?.id).toBe(second.companyId);
    await expectIsolated(token, second, own);

    await portal.portalCompanies.choose.mutate({ companyId: own.companyId });
    await expectIsolated(token, own, second);
  });

  it('loses a company at once when staff remove the membership, and falls back to the one left', async () => {
    const portal = trpcClient(app.baseUrl, { token });
    await portal.portalCompanies.choose.mutate({ companyId: second.companyId });
    expect(await call(token, 'portal.project', { id: second.projectId, slug: a.slug })).toHaveProperty('result');
    await staff().contactCompanies.remove.mutate({ contactId: a.portal.contactId, companyId: second.companyId });
    expect(await call(token, 'portal.project', { id: second.projectId, slug: a.slug })).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await portal.portalAuth.me.query()).toMatchObject({ companyId: own.companyId, companyCount: 1 });
    expect(await call(token, 'portalCompanies.choose', { companyId: second.companyId }, 'mutation')).toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('with three companies, a removed one makes the portal ask again; an archived one is left too', async () => {
    const third = await recordsOf(a, 2);
    for (const companyId of [second.companyId, third.companyId])
      await staff().contactCompanies.add.mutate({ contactId: a.portal.contactId, companyId });
    const portal = trpcClient(app.baseUrl, { token });
    await portal.portalCompanies.choose.mutate({ companyId: third.companyId });
    await staff().contactCompanies.remove.mutate({ contactId: a.portal.contactId, companyId: third.companyId });
    expect(await portal.portalAuth.me.query()).toMatchObject({ companyId: null, companyCount: 2 });
    expect(await call(token, 'portal.projects', { slug: a.slug })).toMatchObject({ code: 'PRECONDITION_FAILED' });

    // Archiving the chosen company: the contact keeps their sign-in and moves to the one left.
    await portal.portalCompanies.choose.mutate({ companyId: second.companyId });
    await staff().companies.archive.mutate({ id: second.companyId });
    expect(await call(token, 'portal.project', { id: second.projectId, slug: a.slug })).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await portal.portalAuth.me.query()).toMatchObject({ companyId: own.companyId, companyCount: 1 });
    const fresh = await signIn();
    expect(await trpcClient(app.baseUrl, { token: fresh }).portalAuth.me.query()).toMatchObject({
      companyId: own.companyId,
    });
    await staff().companies.unarchive.mutate({ id: second.companyId });
  });

  it('signs in while its own company is archived if another is live; with none left the session ends (401)', async () => {
    const portal = () => trpcClient(app.baseUrl, { token });
    await staff().companies.archive.mutate({ id: own.companyId });
    const fresh = await signIn();
    expect(await trpcClient(app.baseUrl, { token: fresh }).portalAuth.me.query()).toMatchObject({
      companyId: second.companyId,
    });
    expect(await portal().portalAuth.me.query()).toMatchObject({ companyId: second.companyId });
    await staff().contactCompanies.remove.mutate({ contactId: a.portal.contactId, companyId: second.companyId });
    expect(await call(token, 'portalAuth.me')).toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(signIn()).rejects.toMatchObject({ message: M.portalAuth.companyArchived });
    await staff().companies.unarchive.mutate({ id: own.companyId });
  });
});

describe('staff manage the companies of a contact (contactCompanies)', () => {
  it('lists the own company first, refuses the own one, a duplicate and a foreign company, and removes', async () => {
    const contactId = a.rows.contact[3];
    const s = staff();
    const listed = await s.contactCompanies.list.query({ contactId });
    expect(listed).toEqual({
      companies: [{ companyId: a.companies[3].id, name: a.companies[3].name, own: true, archived: false }],
      max: LIMITS.companiesPerContact,
    });
    const added = await s.contactCompanies.add.mutate({ contactId, companyId: a.companies[1].id });
    expect(added.companies.map((c) => [c.companyId, c.own])).toEqual([
      [a.companies[3].id, true],
      [a.companies[1].id, false],
    ]);
    const guests = await s.contactCompanies.ofCompany.query({ companyId: a.companies[1].id });
    expect(guests.contacts.map((c) => c.id)).toContain(contactId);
    expect(guests.contacts.find((c) => c.id === contactId)?.ownCompany?.id).toBe(a.companies[3].id);

    const refusedWith = (input: { contactId: number; companyId: number }) =>
      call(a.token, 'contactCompanies.add', input, 'mutation');
    expect(await refusedWith({ contactId, companyId: a.companies[3].id })).toMatchObject({
      code: 'BAD_REQUEST',
      message: M.portalCompanies.hub.ownCompany,
    });
    expect(await refusedWith({ contactId, companyId: a.companies[1].id })).toMatchObject({
      code: 'BAD_REQUEST',
      message: M.portalCompanies.hub.already,
    });
    expect(await refusedWith({ contactId, companyId: b.companies[0].id })).toMatchObject({ code: 'NOT_FOUND' });
    expect(await refusedWith({ contactId: b.rows.contact[0], companyId: a.companies[1].id })).toMatchObject({
      code: 'NOT_FOUND',
    });
    // Another agency's staff reach none of it.
    for (const [path, input, type] of [
      ['contactCompanies.list', { contactId }, 'query'],
      ['contactCompanies.add', { contactId, companyId: a.companies[2].id }, 'mutation'],
      ['contactCompanies.remove', { contactId, companyId: a.companies[1].id }, 'mutation'],
      ['contactCompanies.ofCompany', { companyId: a.companies[1].id }, 'query'],
    ] as const) {
      const trpc = untypedTrpcClient(app.baseUrl, { token: b.token });
      const got = await (type === 'query' ? trpc.query(path, input) : trpc.mutation(path, input)).catch(refusal);
      expect(got, path).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect(await app.database.db.contactCompany.count({ where: { contactId } })).toBe(1);

    const removed = await s.contactCompanies.remove.mutate({ contactId, companyId: a.companies[1].id });
    expect(removed.companies).toHaveLength(1);
    expect(
      await call(a.token, 'contactCompanies.remove', { contactId, companyId: a.companies[1].id }, 'mutation'),
    ).toMatchObject({ code: 'NOT_FOUND' });
  });

  it(`holds at most ${LIMITS.companiesPerContact} companies per login (own included), refusing the next with a sentence`, async () => {
    const db = app.database.db;
    const contactId = a.rows.contact[2];
    const extra = [];
    for (let i = 0; i < LIMITS.companiesPerContact; i++)
      extra.push(await db.company.create({ data: { businessId: a.businessId, name: `Bound ${i}` } }));
    for (const company of extra.slice(0, LIMITS.companiesPerContact - 1))
      await staff().contactCompanies.add.mutate({ contactId, companyId: company.id });
    const full = await staff().contactCompanies.list.query({ contactId });
    expect(full.companies).toHaveLength(LIMITS.companiesPerContact);
    expect(
      await call(a.token, 'contactCompanies.add', { contactId, companyId: extra.at(-1)!.id }, 'mutation'),
    ).toMatchObject({ code: 'BAD_REQUEST', message: M.portalCompanies.hub.tooMany(LIMITS.companiesPerContact) });
    expect(await db.contactCompany.count({ where: { contactId } })).toBe(LIMITS.companiesPerContact - 1);
    await db.contactCompany.deleteMany({ where: { contactId } });
    await db.company.deleteMany({ where: { id: { in: extra.map((c) => c.id) } } });
  });

  it('holds the bound when additions arrive at once: one slot left, five requests, one added', async () => {
    const db = app.database.db;
    const contactId = a.rows.contact[2];
    const extra = [];
    for (let i = 0; i < LIMITS.companiesPerContact + 3; i++)
      extra.push(await db.company.create({ data: { businessId: a.businessId, name: `Race ${i}` } }));
    await db.contactCompany.createMany({
      data: extra
        .slice(0, LIMITS.companiesPerContact - 2)
        .map((c) => ({ businessId: a.businessId, contactId, companyId: c.id })),
    });
    const rest = extra.slice(LIMITS.companiesPerContact - 2);
    const outcomes = await Promise.all(
      rest.map((c) => call(a.token, 'contactCompanies.add', { contactId, companyId: c.id }, 'mutation')),
    );
    expect(outcomes.filter((o) => 'result' in o)).toHaveLength(1);
    expect(outcomes.filter((o) => 'code' in o)).toEqual(
      Array(rest.length - 1).fill(
        expect.objectContaining({
          code: 'BAD_REQUEST',
          message: M.portalCompanies.hub.tooMany(LIMITS.companiesPerContact),
        }),
      ),
    );
    expect(await db.contactCompany.count({ where: { contactId } })).toBe(LIMITS.companiesPerContact - 1);
    await db.contactCompany.deleteMany({ where: { contactId } });
    await db.company.deleteMany({ where: { id: { in: extra.map((c) => c.id) } } });
  });

  it('previews the portal as the contact in a company of theirs, and no other (404)', async () => {
    const contactId = a.portal.contactId;
    await staff().contactCompanies.add.mutate({ contactId, companyId: a.companies[1].id });
    const started = await call(a.token, 'portalPreview.start', { contactId, companyId: a.companies[1].id }, 'mutation');
    expect(started).toHaveProperty('result');
    const session = await app.database.db.portalSession.findFirstOrThrow({
      where: { contactId, previewUserId: a.userId },
      orderBy: { createdAt: 'desc' },
    });
    expect(session.companyId).toBe(a.companies[1].id);
    expect(
      await call(a.token, 'portalPreview.start', { contactId, companyId: a.companies[2].id }, 'mutation'),
    ).toMatchObject({ code: 'NOT_FOUND' });
    await staff().contactCompanies.remove.mutate({ contactId, companyId: a.companies[1].id });
  });
});
