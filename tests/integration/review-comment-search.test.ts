/**
 * Review comments in search (issue 31, "Search finds comments"): staff search finds a comment by its text, titled
 * with its file's name and opening the viewer on its version and comment, and an internal one marked; the portal's
 * search finds only what clientVisible.reviewComment allows (a public comment on a version of a file shared with the
 * client's company: never an internal comment or a reply to one, never a comment on an unshared file, on an older
 * version not shared explicitly, or of another company or agency). A deleted comment, version or file leaves the
 * index; a file moved to another company takes its comments' entries along.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchQueryOutput } from '../../shared/schemas/search';
import { twoAgencies, type Agency } from '../support/agencies';
import { startApp, type TestApp } from '../support/app';
import { trpcClient, type TrpcClient } from '../support/trpc';

let app: TestApp;
let a: Agency;
let b: Agency;
let staff: TrpcClient;
let client: TrpcClient;
let staffB: TrpcClient;
let clientB: TrpcClient;

let counter = 0;
/** A word nobody else in the test uses, so each test sees only its own rows. */
const word = (stem: string) => `${stem}${(counter++).toString(36)}q`;

beforeAll(async () => {
  app = await startApp({ signupsPerAddress: 100_000, messagesPerPerson: 1000 });
  ({ a, b } = await twoAgencies(app));
  staff = trpcClient(app.baseUrl, { token: a.token });
  client = trpcClient(app.baseUrl, { token: a.portal.token });
  staffB = trpcClient(app.baseUrl, { token: b.token });
  clientB = trpcClient(app.baseUrl, { token: b.portal.token });
});
afterAll(() => app?.close());

const hubResults = async (q: string, as: TrpcClient = staff, extra: Record<string, unknown> = {}) =>
  ((await as.search.query.query({ q, ...extra } as never)) as SearchQueryOutput).groups.flatMap((g) => g.results);
const portalResults = async (q: string, as: TrpcClient = client) =>
  (await as.portalMessages.search.query({ q })).results;

function form(name: string, fields: Record<string, string> = {}) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  body.append('file', new Blob(['bytes of ', name], { type: 'image/png' }), name);
  return body;
}

async function send(path: string, body: FormData, token = a.token) {
  const res = await fetch(`${app.baseUrl}${path}`, {
    method: 'POST',
    body,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: number };
}

/** A file of agency A's client's company (or the given one), shared with them unless said. */
const upload = async (name: string, options: { shared?: boolean; companyId?: number } = {}) =>
  (
    await send(
      '/api/documents/upload',
      form(name, {
        companyId: String(options.companyId ?? a.portal.companyId),
        visibleInPortal: String(options.shared ?? true),
      }),
    )
  ).id;

const comment = (id: number, body: string, extra: { number?: number; internal?: boolean; parentId?: number } = {}) =>
  staff.reviewComments.post.mutate({
    id,
    number: extra.number ?? 1,
    body,
    internal: extra.internal ?? false,
    parentId: extra.parentId ?? null,
    pin: null,
  });

const indexed = (commentId: number) =>
  app.database.db.searchEntry.count({ where: { kind: 'reviewComment', entityId: commentId } });

describe('hub search', () => {
  it("finds a comment by its text, titled with its file's name, opening the viewer on its version and comment", async () => {
    const text = word('marigold');
    const id = await upload('homepage-mockup.png');
    const posted = await comment(id, `The ${text} header is too tall`);
    const [found] = await hubResults(text);
    expect(found).toMatchObject({
      kind: 'reviewComment',
      id: posted.id,
      title: 'homepage-mockup.png',
      link: `/hub/documents?view=${id}&version=1&comment=${posted.id}`,
      internal: false,
      companyId: a.portal.companyId,
      companyName: a.companies[0].name,
    });
    expect(found.snippet).toContain(text);
    // The client's own comment too, named by its author.
    const mine = await client.portalReviewComments.post.mutate({
      id,
      number: 1,
      body: `Love the ${text} colours`,
      parentId: null,
      pin: null,
    });
    const results = await hubResults(text);
    expect(results.map((r) => r.id).sort()).toEqual([posted.id, mine.id].sort());
    expect(results.find((r) => r.id === mine.id)?.snippet).toMatch(/^.+: Love the/);
    // The company filter and the kinds filter.
    expect(await hubResults(text, staff, { companyId: a.companies[1].id })).toEqual([]);
    expect((await hubResults(text, staff, { kinds: ['reviewComment'] })).length).toBe(2);
  });

  it('finds an internal comment, marked, and a reply to it', async () => {
    const text = word('quince');
    const id = await upload('contract-draft.png');
    const note = await comment(id, `Our ${text} margin`, { internal: true });
    const reply = await comment(id, `Agreed on ${text}`, { parentId: note.id });
    const results = await hubResults(text);
    expect(results.map((r) => [r.id, r.internal]).sort()).toEqual(
      [
        [note.id, true],
        [reply.id, true],
      ].sort(),
    );
  });

  it("never finds another agency's comment", async () => {
    const text = word('tamarind');
    const id = await upload('agency-a.png');
    await comment(id, `The ${text} shade`);
    expect(await hubResults(text, staffB)).toEqual([]);
    expect(await portalResults(text, clientB)).toEqual([]);
  });

  it("a file moved to another company takes its comments' entries along", async () => {
    const text = word('juniper');
    const id = await upload('moving.png');
    const posted = await comment(id, `The ${text} draft`);
    await staff.documents.update.mutate({ id, companyId: a.companies[1].id });
    expect((await hubResults(text, staff, { companyId: a.companies[1].id })).map((r) => r.id)).toEqual([posted.id]);
    expect(await hubResults(text, staff, { companyId: a.portal.companyId })).toEqual([]);
    // And the client of the first company no longer finds it.
    expect(await portalResults(text)).toEqual([]);
  });
});

describe('portal search', () => {
  it('finds a public comment on a shared file, opening its viewer', async () => {
    const text = word('saffron');
    const id = await upload('logo-round-2.png');
    const posted = await comment(id, `The ${text} logo works`);
    const [found] = await portalResults(text);
    expect(found).toEqual({
      kind: 'reviewComment',
      id: posted.id,
      threadId: null,
      title: 'logo-round-2.png',
      author: expect.any(String),
      snippet: expect.stringContaining(text),
      path: `files?view=${id}&version=1&comment=${posted.id}`,
    });
  });

  it('never finds an internal comment, a reply to one, or a comment on a file not shared with the client', async () => {
    const text = word('cardamom');
    const shared = await upload('shared.png');
    const unshared = await upload('unshared.png', { shared: false });
    const other = await upload('other-company.png', { companyId: a.companies[1].id });
    const visible = await comment(shared, `Public ${text}`);
    const note = await comment(shared, `Internal ${text}`, { internal: true });
    await comment(shared, `Reply ${text}`, { parentId: note.id });
    await comment(unshared, `Unshared ${text}`);
    await comment(other, `Other company ${text}`);
    // Staff find all five.
    expect((await hubResults(text)).length).toBe(5);
    expect((await portalResults(text)).map((r) => r.id)).toEqual([visible.id]);
    // Sharing the file shows its comment; hiding it again hides it.
    await staff.documents.update.mutate({ id: unshared, visibleInPortal: true });
    expect((await portalResults(text)).length).toBe(2);
    await staff.documents.update.mutate({ id: unshared, visibleInPortal: false });
    expect((await portalResults(text)).map((r) => r.id)).toEqual([visible.id]);
  });

  it('finds a comment on an older version only once staff share that version', async () => {
    const text = word('nutmeg');
    const id = await upload('poster-v1.png');
    const old = await comment(id, `First ${text} round`);
    await send(`/api/documents/${id}/versions`, form('poster-v2.png'));
    expect(await portalResults(text)).toEqual([]);
    await staff.documents.shareVersion.mutate({ id, number: 1, sharedWithClient: true });
    expect((await portalResults(text)).map((r) => r.id)).toEqual([old.id]);
    // The hub finds it all along, opening version 1.
    expect((await hubResults(text))[0].link).toBe(`/hub/documents?view=${id}&version=1&comment=${old.id}`);
  });

  it('the rule sits in the index query: many staff-only matches never crowd the client out of its few results', async () => {
    const text = word('paprika');
    const id = await upload('crowded.png');
    const visible = await comment(id, `Public ${text}`);
    for (let i = 0; i < 25; i++) await comment(id, `Internal ${text} ${i}`, { internal: true });
    const found = await client.portalMessages.search.query({ q: text, limit: 2 });
    expect(found.results.map((r) => r.id)).toEqual([visible.id]);
  });
});

describe('the index', () => {
  it('a deleted comment, version or file leaves it', async () => {
    const text = word('fennel');
    const id = await upload('to-delete.png');
    const first = await comment(id, `One ${text}`);
    const second = await comment(id, `Two ${text}`);
    expect(await indexed(first.id)).toBe(1);
    // A comment marked deleted.
    await app.database.db.reviewComment.update({ where: { id: first.id }, data: { deletedAt: new Date() } });
    expect(await indexed(first.id)).toBe(0);
    expect((await hubResults(text)).map((r) => r.id)).toEqual([second.id]);
    // A version removed (its comments go by cascade).
    await send(`/api/documents/${id}/versions`, form('to-delete-v2.png'));
    const onTwo = await comment(id, `Three ${text}`, { number: 2 });
    await app.database.db.documentVersion.deleteMany({ where: { documentId: id, number: 1 } });
    expect(await indexed(second.id)).toBe(0);
    expect((await hubResults(text)).map((r) => r.id)).toEqual([onTwo.id]);
    // The file deleted.
    await staff.documents.remove.mutate({ id });
    expect(await indexed(onTwo.id)).toBe(0);
    expect(await hubResults(text)).toEqual([]);
  });

  it('an edited comment is found by its new text only', async () => {
    const before = word('sorrel');
    const after = word('chervil');
    const id = await upload('edited.png');
    const posted = await comment(id, `The ${before} tone`);
    await app.database.db.reviewComment.update({ where: { id: posted.id }, data: { body: `The ${after} tone` } });
    expect(await hubResults(before)).toEqual([]);
    expect((await hubResults(after)).map((r) => r.id)).toEqual([posted.id]);
  });
});
