/**
 * Review comments and pins (issue 31): staff and the file's client comment on a version, reply (one level), pin a
 * top-level comment to a point of an image or a PDF's page (outside: 400 with a sentence), resolve and reopen. Staff's
 * internal comments (and replies to them) never reach any portal answer. A portal client reaches only versions the
 * portal shows them (another company's file, an unshared file or older version: 404), another agency nothing (404).
 * Posting is throttled per person; a version holds at most 500 comments; a client's comment rings the staff's bell.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_COMMENTS_LIVE_TOPIC } from '../../shared/live';
import { M } from '../../shared/messages';
import { REVIEW_COMMENTS_PER_VERSION_MAX } from '../../shared/schemas/review-comments';
import { createPortalSession } from '../../server/auth/sessions';
import { createJobRunner } from '../../server/jobs';
import { twoAgencies, type Agency } from '../support/agencies';
import { startApp, type TestApp } from '../support/app';
import { openLiveStream } from '../support/live';
import { trpcClient, type TrpcClient } from '../support/trpc';

const C = M.reviewComments;
let app: TestApp;
let tight: TestApp;
let a: Agency;
let b: Agency;
let staff: TrpcClient;
let portal: TrpcClient;
let staffB: TrpcClient;

beforeAll(async () => {
  app = await startApp();
  tight = await startApp({ messagesPerPerson: 3 });
  ({ a, b } = await twoAgencies(app));
  staff = trpcClient(app.baseUrl, { token: a.token });
  portal = trpcClient(app.baseUrl, { token: a.portal.token });
  staffB = trpcClient(app.baseUrl, { token: b.token });
});
afterAll(async () => {
  await tight?.close();
  await app?.close();
});

const db = () => app.database.db;
const refused = (promise: Promise<unknown>) =>
  promise.then(
    () => ({ code: 'OK', message: '' }),
    (error: { data?: { code?: string; httpStatus?: number }; message: string }) => ({
      code: error.data?.code,
      message: error.message,
    }),
  );

/** A file of agency A's portal client's company (shared unless said), with the given type. */
async function upload(type: string, name: string, options: { shared?: boolean; companyId?: number } = {}) {
  const body = new FormData();
  body.append('companyId', String(options.companyId ?? a.portal.companyId));
  body.append('visibleInPortal', String(options.shared ?? true));
  body.append('file', new Blob(['bytes of ', name], { type }), name);
  const res = await fetch(`${app.baseUrl}/api/documents/upload`, {
    method: 'POST',
    body,
    headers: { authorization: `Bearer ${a.token}` },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

async function rest(method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(`${app.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text, body: text ? JSON.parse(text) : null };
}

describe('comments on a version', () => {
  it('posts, replies, pins (numbered per version), resolves and reopens, for staff and the client', async () => {
    const id = await upload('image/png', 'mockup.png');
    const first = await staff.reviewComments.post.mutate({
      id,
      number: 1,
      body: 'Is the **logo** big enough?',
      pin: { x: 0.2, y: 0.8 },
    });
    expect(first).toMatchObject({ pin: { number: 1, page: null, x: 0.2, y: 0.8 }, internal: false, mine: true });
    const second = await portal.portalReviewComments.post.mutate({
      id,
      number: 1,
      body: 'Bigger',
      pin: { x: 1, y: 0 },
    });
    expect(second.pin?.number).toBe(2);
    expect(second).not.toHaveProperty('internal');
    const reply = await portal.portalReviewComments.post.mutate({ id, number: 1, body: 'Agreed', parentId: first.id });
    expect(reply).toMatchObject({ parentId: first.id, pin: null, author: { kind: 'contact' } });
    // One level only.
    expect(
      await refused(staff.reviewComments.post.mutate({ id, number: 1, body: 'Deeper', parentId: reply.id })),
    ).toMatchObject({ code: 'BAD_REQUEST', message: C.replyToReply });
    expect(
      await refused(
        staff.reviewComments.post.mutate({ id, number: 1, body: 'x', parentId: first.id, pin: { x: 0, y: 0 } }),
      ),
    ).toMatchObject({ code: 'BAD_REQUEST', message: C.pinOnReply });

    const resolved = await portal.portalReviewComments.resolve.mutate({ commentId: first.id });
    expect(resolved.resolvedAt).not.toBeNull();
    expect(resolved.resolvedByName).toContain(' ');
    const reopened = await staff.reviewComments.reopen.mutate({ commentId: first.id });
    expect(reopened).toMatchObject({ resolvedAt: null, resolvedByName: null });
    await staff.reviewComments.resolve.mutate({ commentId: second.id });

    const list = await staff.reviewComments.list.query({ id, number: 1 });
    expect(list.items.map((c) => [c.id, c.parentId, c.pin?.number ?? null, c.resolvedAt !== null])).toEqual([
      [first.id, null, 1, false],
      [second.id, null, 2, true],
      [reply.id, first.id, null, false],
    ]);
    // The same through REST, for the portal.
    const viaRest = await rest('GET', `/api/portal/files/${id}/versions/1/comments`, a.portal.token);
    expect(viaRest.status).toBe(200);
    expect((viaRest.body as { items: { id: number }[] }).items.map((c) => c.id)).toEqual([
      first.id,
      second.id,
      reply.id,
    ]);
    const posted = await rest('POST', `/api/documents/${id}/versions/1/comments`, a.token, { body: 'Via REST' });
    expect(posted.status).toBe(201);
  });

  it('refuses empty and too long comments, and pins outside the file, with a sentence', async () => {
    const png = await upload('image/png', 'pins.png');
    const pdf = await upload('application/pdf', 'pins.pdf');
    const text = await upload('text/plain', 'notes.txt');
    const version = await db().documentVersion.findFirstOrThrow({ where: { documentId: pdf, number: 1 } });
    await db().documentVersion.update({ where: { id: version.id }, data: { pageCount: 3 } });
    const cases: [Parameters<typeof staff.reviewComments.post.mutate>[0], string][] = [
      [{ id: png, number: 1, body: '   ' }, C.emptyBody],
      [{ id: png, number: 1, body: 'x'.repeat(5_001) }, C.tooLong(5_000)],
      [{ id: png, number: 1, body: 'Off', pin: { x: 1.01, y: 0.5 } }, C.pinOutside],
      [{ id: png, number: 1, body: 'Off', pin: { x: 0.5, y: -0.1 } }, C.pinOutside],
      [{ id: png, number: 1, body: 'Page', pin: { page: 1, x: 0.5, y: 0.5 } }, C.pinNoPage],
      [{ id: pdf, number: 1, body: 'No page', pin: { x: 0.5, y: 0.5 } }, C.pinPageOutside(3)],
      [{ id: pdf, number: 1, body: 'Page 4', pin: { page: 4, x: 0.5, y: 0.5 } }, C.pinPageOutside(3)],
      [{ id: text, number: 1, body: 'Text', pin: { x: 0.5, y: 0.5 } }, C.pinNotPreviewable],
    ];
    for (const [input, message] of cases) {
      const answer = await refused(staff.reviewComments.post.mutate(input));
      expect(answer.code).toBe('BAD_REQUEST');
      expect(answer.message).toContain(message);
    }
    // The REST answer is a 400 with the sentence, never a 500.
    const viaRest = await rest('POST', `/api/documents/${png}/versions/1/comments`, a.token, {
      body: 'Off',
      pin: { x: 2, y: 0.5 },
    });
    expect(viaRest.status).toBe(400);
    expect(viaRest.text).toContain(C.pinOutside);
    const onPage = await staff.reviewComments.post.mutate({
      id: pdf,
      number: 1,
      body: 'P3',
      pin: { page: 3, x: 0, y: 1 },
    });
    expect(onPage.pin).toEqual({ number: 1, page: 3, x: 0, y: 1 });
    expect(await db().reviewComment.count({ where: { documentId: { in: [png, text] } } })).toBe(0);
  });

  it('holds at most 500 comments per version', async () => {
    const id = await upload('image/png', 'full.png');
    const version = await db().documentVersion.findFirstOrThrow({ where: { documentId: id, number: 1 } });
    await db().reviewComment.createMany({
      data: Array.from({ length: REVIEW_COMMENTS_PER_VERSION_MAX }, (_, i) => ({
        businessId: a.businessId,
        documentId: id,
        versionId: version.id,
        authorKind: 'staff',
        authorName: 'Owner',
        body: `Comment ${i}`,
      })),
    });
    expect(await refused(staff.reviewComments.post.mutate({ id, number: 1, body: 'One more' }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: C.tooMany(REVIEW_COMMENTS_PER_VERSION_MAX),
    });
    expect((await staff.reviewComments.list.query({ id, number: 1 })).items).toHaveLength(
      REVIEW_COMMENTS_PER_VERSION_MAX,
    );
  });

  it('throttles posting per person (429)', async () => {
    // A person of their own (the throttle counts in the database, across both apps).
    const contact = await db().contact.create({
      data: {
        businessId: a.businessId,
        companyId: a.portal.companyId,
        firstName: 'Quick',
        lastName: 'Commenter',
        email: `quick-${Date.now()}@client.test`,
        portalAccess: true,
      },
    });
    const { token } = await createPortalSession(db(), a.businessId, contact.id);
    const quick = trpcClient(tight.baseUrl, { token });
    const id = await upload('image/png', 'throttle.png');
    for (let i = 0; i < 3; i++) await quick.portalReviewComments.post.mutate({ id, number: 1, body: `Quick ${i}` });
    expect(await refused(quick.portalReviewComments.post.mutate({ id, number: 1, body: 'Too quick' }))).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: C.throttled,
    });
  });

  it("rings the staff's bell for a client's comment", async () => {
    const id = await upload('image/png', 'bell.png');
    await portal.portalReviewComments.post.mutate({ id, number: 1, body: 'A client remark' });
    const jobs = createJobRunner(
      { database: app.database, mailer: app.mailer, env: app.env, storage: app.storage },
      { pollMs: 0, log: () => {}, businessIds: [a.businessId] },
    );
    await jobs.drain();
    await jobs.stop();
    const notices = await db().notification.findMany({ where: { userId: a.userId, kind: 'review_comment' } });
    expect(notices.some((n) => n.title.includes('bell.png'))).toBe(true);
  });
});

describe('internal comments', () => {
  it('never reach any portal answer: the list, a reply, a resolve, REST', async () => {
    const id = await upload('image/png', 'internal.png');
    const pub = await staff.reviewComments.post.mutate({ id, number: 1, body: 'For the client' });
    const note = await staff.reviewComments.post.mutate({
      id,
      number: 1,
      body: 'SECRET-NOTE about the client',
      internal: true,
      pin: { x: 0.5, y: 0.5 },
    });
    expect(note.internal).toBe(true);
    // A reply to an internal comment is internal, even when not asked.
    const reply = await staff.reviewComments.post.mutate({ id, number: 1, body: 'SECRET-REPLY', parentId: note.id });
    expect(reply.internal).toBe(true);
    // A staff reply marked internal under a public comment: staff only too.
    await staff.reviewComments.post.mutate({ id, number: 1, body: 'SECRET-ASIDE', parentId: pub.id, internal: true });
    expect((await staff.reviewComments.list.query({ id, number: 1 })).items).toHaveLength(4);

    const list = await portal.portalReviewComments.list.query({ id, number: 1 });
    expect(list.items.map((c) => c.id)).toEqual([pub.id]);
    expect(JSON.stringify(list)).not.toContain('SECRET');
    const viaRest = await rest('GET', `/api/portal/files/${id}/versions/1/comments`, a.portal.token);
    expect(viaRest.text).not.toContain('SECRET');
    // The client's own answers after posting or resolving list nothing internal either.
    const mine = await portal.portalReviewComments.post.mutate({ id, number: 1, body: 'Client', pin: { x: 0, y: 0 } });
    expect(JSON.stringify(mine)).not.toContain('SECRET');
    // Internal pins are numbered apart: the client's first pin is 1, with no gap that tells of the internal one.
    expect(mine.pin?.number).toBe(1);
    // Neither reachable by id.
    for (const commentId of [note.id, reply.id]) {
      expect((await refused(portal.portalReviewComments.resolve.mutate({ commentId }))).code).toBe('NOT_FOUND');
      expect(
        (await refused(portal.portalReviewComments.post.mutate({ id, number: 1, body: 'x', parentId: commentId })))
          .code,
      ).toBe('NOT_FOUND');
    }
    // The fixture's internal comments (one per company tree) never show either.
    const fixtureDoc = await db().reviewComment.findFirstOrThrow({
      where: { businessId: a.businessId, internal: true, document: { companyId: a.portal.companyId } },
      select: { documentId: true, version: { select: { number: true } } },
    });
    const fixtureList = await portal.portalReviewComments.list.query({
      id: fixtureDoc.documentId,
      number: fixtureDoc.version.number,
    });
    expect(fixtureList.items.length).toBeGreaterThan(0);
    expect(JSON.stringify(fixtureList)).not.toContain('INTERNAL-REVIEW-NOTE');
  });
});

describe('live', () => {
  it("announces a comment to the client's open stream and staff's, but an internal one to staff's only", async () => {
    const id = await upload('image/png', 'live.png');
    const clientStream = await openLiveStream(app.baseUrl, 'portalLive.events', { token: a.portal.token });
    const staffStream = await openLiveStream(app.baseUrl, 'live.events', { token: a.token });
    const isComment = (commentId: number) => (m: { topic: string; data: unknown }) =>
      m.topic === REVIEW_COMMENTS_LIVE_TOPIC && (m.data as { commentId?: number }).commentId === commentId;
    const note = await staff.reviewComments.post.mutate({ id, number: 1, body: 'LIVE-SECRET', internal: true });
    const shared = await staff.reviewComments.post.mutate({ id, number: 1, body: 'For the client' });
    await staffStream.next(isComment(note.id));
    await staffStream.next(isComment(shared.id));
    const heard = await clientStream.next(isComment(shared.id));
    expect(heard.data).toMatchObject({ documentId: id, number: 1, internal: false });
    expect(clientStream.messages.some(isComment(note.id))).toBe(false);
    expect(JSON.stringify(staffStream.messages)).not.toContain('LIVE-SECRET');
    clientStream.close();
    staffStream.close();
  });
});

describe('edit and delete', () => {
  it("lets the author edit their comment, with a new comment's rules; anyone else is refused (403)", async () => {
    const id = await upload('image/png', 'edit.png');
    const mine = await staff.reviewComments.post.mutate({ id, number: 1, body: 'First take' });
    const theirs = await portal.portalReviewComments.post.mutate({ id, number: 1, body: 'Client take' });
    const edited = await staff.reviewComments.edit.mutate({ commentId: mine.id, body: '  Second **take**  ' });
    expect(edited).toMatchObject({ id: mine.id, body: 'Second **take**', mine: true });
    expect(edited.editedAt).toBeInstanceOf(Date);
    const viaRest = await rest('PATCH', `/api/portal/review-comments/${theirs.id}`, a.portal.token, {
      body: 'Client, edited',
    });
    expect(viaRest.status).toBe(200);
    expect(viaRest.body).toMatchObject({ id: theirs.id, body: 'Client, edited' });
    expect(viaRest.body).not.toHaveProperty('internal');

    const cases: [() => Promise<unknown>, string, string][] = [
      [
        () => staff.reviewComments.edit.mutate({ commentId: theirs.id, body: 'Not mine' }),
        'FORBIDDEN',
        C.notAuthorEdit,
      ],
      [
        () => portal.portalReviewComments.edit.mutate({ commentId: mine.id, body: 'Nope' }),
        'FORBIDDEN',
        C.notAuthorEdit,
      ],
      [() => staff.reviewComments.edit.mutate({ commentId: mine.id, body: '   ' }), 'BAD_REQUEST', C.emptyBody],
      [
        () => staff.reviewComments.edit.mutate({ commentId: mine.id, body: 'x'.repeat(5_001) }),
        'BAD_REQUEST',
        C.tooLong(5_000),
      ],
      [
        () => staff.reviewComments.edit.mutate({ commentId: mine.id, body: 'NUL\u0000' }),
        'BAD_REQUEST',
        M.common.nulCharacter,
      ],
      [() => staffB.reviewComments.edit.mutate({ commentId: mine.id, body: 'Other agency' }), 'NOT_FOUND', C.notFound],
    ];
    for (const [call, code, message] of cases) {
      const answer = await refused(call());
      expect(answer.code).toBe(code);
      expect(answer.message).toContain(message);
    }
    // The bound holds on an edit as on a new comment: exactly 5,000 is taken.
    const full = await staff.reviewComments.edit.mutate({ commentId: mine.id, body: 'y'.repeat(5_000) });
    expect(full.body).toHaveLength(5_000);
    const tooLong = await rest('PATCH', `/api/review-comments/${mine.id}`, a.token, { body: 'z'.repeat(5_001) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.text).toContain(C.tooLong(5_000));
    const forbidden = await rest('PATCH', `/api/portal/review-comments/${mine.id}`, a.portal.token, { body: 'No' });
    expect(forbidden.status).toBe(403);
    const rows = await db().reviewComment.findMany({
      where: { id: { in: [mine.id, theirs.id] } },
      orderBy: { id: 'asc' },
    });
    expect(rows.map((r) => r.body)).toEqual(['y'.repeat(5_000), 'Client, edited']);
  });

  it('lets staff delete any comment and a client only their own; a top-level comment takes its replies', async () => {
    const id = await upload('image/png', 'delete.png');
    const client = await portal.portalReviewComments.post.mutate({ id, number: 1, body: 'Client thread' });
    const reply = await staff.reviewComments.post.mutate({ id, number: 1, body: 'Staff reply', parentId: client.id });
    const staffTop = await staff.reviewComments.post.mutate({ id, number: 1, body: 'Staff thread' });
    const note = await staff.reviewComments.post.mutate({ id, number: 1, body: 'Staff note', internal: true });
    const cases: [() => Promise<unknown>, string][] = [
      [() => portal.portalReviewComments.delete.mutate({ commentId: reply.id }), 'FORBIDDEN'],
      [() => portal.portalReviewComments.delete.mutate({ commentId: staffTop.id }), 'FORBIDDEN'],
      // An internal comment does not exist for the client.
      [() => portal.portalReviewComments.delete.mutate({ commentId: note.id }), 'NOT_FOUND'],
      [() => staffB.reviewComments.delete.mutate({ commentId: client.id }), 'NOT_FOUND'],
    ];
    for (const [call, code] of cases) expect((await refused(call())).code).toBe(code);
    expect(await db().reviewComment.count({ where: { documentId: id, deletedAt: { not: null } } })).toBe(0);

    const viaRest = await rest('DELETE', `/api/portal/review-comments/${client.id}`, a.portal.token);
    expect(viaRest.status).toBe(200);
    expect(viaRest.body).toEqual({ deletedIds: [client.id, reply.id] });
    // Staff delete a comment that is not theirs, and an internal one.
    const other = await portal.portalReviewComments.post.mutate({ id, number: 1, body: 'Second client comment' });
    expect(await staff.reviewComments.delete.mutate({ commentId: other.id })).toEqual({ deletedIds: [other.id] });
    expect(await staff.reviewComments.delete.mutate({ commentId: note.id })).toEqual({ deletedIds: [note.id] });
    const staffList = await staff.reviewComments.list.query({ id, number: 1 });
    expect(staffList.items.map((c) => c.id)).toEqual([staffTop.id]);
    const portalList = await portal.portalReviewComments.list.query({ id, number: 1 });
    expect(portalList.items.map((c) => c.id)).toEqual([staffTop.id]);
    // Gone is gone: a second delete, an edit, a resolve or a reply answers 404.
    expect((await refused(staff.reviewComments.delete.mutate({ commentId: client.id }))).code).toBe('NOT_FOUND');
    expect((await refused(staff.reviewComments.edit.mutate({ commentId: reply.id, body: 'Again' }))).code).toBe(
      'NOT_FOUND',
    );
    expect(
      (await refused(staff.reviewComments.post.mutate({ id, number: 1, body: 'Late', parentId: client.id }))).code,
    ).toBe('NOT_FOUND');
    expect((await rest('DELETE', `/api/review-comments/${staffTop.id}`, a.token)).status).toBe(200);
  });

  it('announces an edit and a delete live; an internal comment’s to staff only', async () => {
    const id = await upload('image/png', 'edit-live.png');
    const shared = await staff.reviewComments.post.mutate({ id, number: 1, body: 'Shared' });
    const note = await staff.reviewComments.post.mutate({ id, number: 1, body: 'Note', internal: true });
    const clientStream = await openLiveStream(app.baseUrl, 'portalLive.events', { token: a.portal.token });
    const staffStream = await openLiveStream(app.baseUrl, 'live.events', { token: a.token });
    const isComment = (commentId: number) => (m: { topic: string; data: unknown }) =>
      m.topic === REVIEW_COMMENTS_LIVE_TOPIC && (m.data as { commentId?: number }).commentId === commentId;
    await staff.reviewComments.edit.mutate({ commentId: note.id, body: 'EDITED-SECRET' });
    await staff.reviewComments.edit.mutate({ commentId: shared.id, body: 'Shared, edited' });
    await clientStream.next(isComment(shared.id));
    await staff.reviewComments.delete.mutate({ commentId: note.id });
    await staff.reviewComments.delete.mutate({ commentId: shared.id });
    await clientStream.next(isComment(shared.id), { from: clientStream.messages.findIndex(isComment(shared.id)) + 1 });
    await staffStream.next(isComment(note.id));
    expect(clientStream.messages.some(isComment(note.id))).toBe(false);
    expect(JSON.stringify(clientStream.messages)).not.toContain('EDITED-SECRET');
    clientStream.close();
    staffStream.close();
  });
});

describe('who reaches what', () => {
  it("answers 404 to a client for another company's file, an unshared file or an unshared older version", async () => {
    const other = await upload('image/png', 'other.png', { companyId: a.companies[1].id });
    const unshared = await upload('image/png', 'unshared.png', { shared: false });
    for (const id of [other, unshared]) {
      await staff.reviewComments.post.mutate({ id, number: 1, body: 'Staff only' });
      expect((await refused(portal.portalReviewComments.list.query({ id, number: 1 }))).code).toBe('NOT_FOUND');
      expect((await refused(portal.portalReviewComments.post.mutate({ id, number: 1, body: 'x' }))).code).toBe(
        'NOT_FOUND',
      );
      const [comment] = (await staff.reviewComments.list.query({ id, number: 1 })).items;
      expect((await refused(portal.portalReviewComments.resolve.mutate({ commentId: comment.id }))).code).toBe(
        'NOT_FOUND',
      );
      const viaRest = await rest('GET', `/api/portal/files/${id}/versions/1/comments`, a.portal.token);
      expect(viaRest.status).toBe(404);
    }
    // An older version: reachable once shared explicitly.
    const id = await upload('image/png', 'history.png');
    const body = new FormData();
    body.append('file', new Blob(['v2'], { type: 'image/png' }), 'history-v2.png');
    const added = await fetch(`${app.baseUrl}/api/documents/${id}/versions`, {
      method: 'POST',
      body,
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(added.status).toBe(201);
    expect((await refused(portal.portalReviewComments.list.query({ id, number: 1 }))).code).toBe('NOT_FOUND');
    expect((await portal.portalReviewComments.list.query({ id, number: 2 })).items).toEqual([]);
    await staff.documents.shareVersion.mutate({ id, number: 1, sharedWithClient: true });
    expect((await portal.portalReviewComments.list.query({ id, number: 1 })).items).toEqual([]);
    // A version that does not exist.
    expect((await refused(staff.reviewComments.list.query({ id, number: 9 }))).code).toBe('NOT_FOUND');
  });

  it("answers 404 to another agency's staff and clients", async () => {
    const id = await upload('image/png', 'agency-a.png');
    const comment = await staff.reviewComments.post.mutate({ id, number: 1, body: 'Ours' });
    const portalB = trpcClient(app.baseUrl, { token: b.portal.token });
    expect((await refused(staffB.reviewComments.list.query({ id, number: 1 }))).code).toBe('NOT_FOUND');
    expect((await refused(staffB.reviewComments.post.mutate({ id, number: 1, body: 'Theirs' }))).code).toBe(
      'NOT_FOUND',
    );
    expect((await refused(staffB.reviewComments.resolve.mutate({ commentId: comment.id }))).code).toBe('NOT_FOUND');
    expect((await refused(portalB.portalReviewComments.list.query({ id, number: 1 }))).code).toBe('NOT_FOUND');
    expect((await refused(portalB.portalReviewComments.reopen.mutate({ commentId: comment.id }))).code).toBe(
      'NOT_FOUND',
    );
    const viaRest = await rest('POST', `/api/review-comments/${comment.id}/resolve`, b.token);
    expect(viaRest.status).toBe(404);
    expect(await db().reviewComment.count({ where: { documentId: id } })).toBe(1);
  });
});
