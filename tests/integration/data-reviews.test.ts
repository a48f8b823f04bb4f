/**
 * Approvals and review comments in the export archive (issue 31): an agency's approval requests with every step's
 * decision record (who, when, from which address, the version's SHA-256, the comment) and the comments on its files'
 * versions (pins, resolved state, internal flag, replies) go out with its export and come back with an import: new ids,
 * files, versions, companies and authors linked anew, every status kept (approved, reset by a newer version — the
 * step that asked for changes keeps its decision —, cancelled, pending). The imported agency's client sees exactly what the original client saw, never an
 * internal comment. Bad references and broken rules are refused with their file, line and column, and each of these
 * files of one import is bounded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZipArchive } from 'archiver';
import yauzl from 'yauzl';
import { M } from '../../shared/messages';
import { REVIEW_COMMENTS_PER_VERSION_MAX } from '../../shared/schemas/review-comments';
import { ARCHIVE_LIMITS } from '../../server/data/import-archive';
import { createPortalSession } from '../../server/auth/sessions';
import { createAgency, type Agency } from '../support/agencies';
import { client, signUpAgency, startApp, type TestApp } from '../support/app';
import { trpcClient, type TrpcClient } from '../support/trpc';

const I = M.data.import;
const C = M.reviewComments;

let app: TestApp;
/** The same database, with the ratio limit lifted, so a file of many small rows reaches the row bounds. */
let lenient: TestApp;
let source: Agency;
let staff: TrpcClient;
let portal: TrpcClient;
let zip: Buffer;
/** The scenario's file and its requests, by what happened to them. */
const ids = { file: 0, changes: 0, reset: 0, cancelled: 0, approved: 0, pending: 0 };
const DAY = 24 * 60 * 60 * 1000;

async function send(path: string, form: FormData, token = source.token) {
  const res = await fetch(`${app.baseUrl}${path}`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { id: number };
}

function image(name: string, bytes: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', new Blob([bytes], { type: 'image/png' }), name);
  return form;
}

beforeAll(async () => {
  app = await startApp();
  lenient = await startApp(undefined, { env: { IMPORT_MAX_RATIO: '100000' } });
  source = await createAgency(app, ['Birch Books', 'Cedar Cafe']);
  staff = trpcClient(app.baseUrl, { token: source.token });
  portal = trpcClient(app.baseUrl, { token: source.portal.token });
  const companyId = source.portal.companyId;
  const contactIds = [source.portal.contactId];
  const inTenDays = () => new Date(Date.now() + 10 * DAY);

  // v1, sent for approval to the client, who requests changes.
  const file = await send(
    '/api/documents/upload',
    image('mockup.png', 'mockup v1', { companyId: String(companyId), visibleInPortal: 'true' }),
  );
  ids.file = file.id;
  const first = await staff.approvals.create.mutate({
    documentId: file.id,
    mode: 'one',
    contactIds,
    dueAt: inTenDays(),
    message: 'The homepage, first round.',
  });
  ids.changes = first.id;
  await portal.portalApprovals.decide.mutate({
    requestId: first.id,
    decision: 'request_changes',
    comment: 'The logo is too small.',
    versionNumber: 1,
  });
  // Comments on v1: the client's pin with a staff reply, staff's internal pin with a reply (internal too).
  const pin = await portal.portalReviewComments.post.mutate({
    id: file.id,
    number: 1,
    body: 'Bigger here, please.',
    pin: { x: 0.25, y: 0.75 },
  });
  await staff.reviewComments.post.mutate({ id: file.id, number: 1, body: 'Will do.', parentId: pin.id });
  const note = await staff.reviewComments.post.mutate({
    id: file.id,
    number: 1,
    body: 'INTERNAL-PIN: they asked for this in March too.',
    internal: true,
    pin: { x: 0.5, y: 0.5 },
  });
  await staff.reviewComments.post.mutate({
    id: file.id,
    number: 1,
    body: 'INTERNAL-REPLY: noted.',
    parentId: note.id,
  });
  await staff.reviewComments.resolve.mutate({ commentId: pin.id });
  // The client keeps seeing v1 and its comments: staff share it explicitly.
  // v2 resets the request whose client asked for changes and asks her again, about v2; v3 resets that one in turn.
  type Added = { reaskedApprovalRequestId: number };
  const v2 = (await send(`/api/documents/${file.id}/versions`, image('mockup.png', 'mockup v2'))) as unknown as Added;
  await staff.documents.shareVersion.mutate({ id: file.id, number: 1, sharedWithClient: true });
  ids.reset = v2.reaskedApprovalRequestId;
  const v3 = (await send(`/api/documents/${file.id}/versions`, image('mockup.png', 'mockup v3'))) as unknown as Added;
  // v3: the request asked again about it cancelled, the next approved, and a last one still pending (due ahead).
  ids.cancelled = v3.reaskedApprovalRequestId;
  await staff.approvals.cancel.mutate({ id: ids.cancelled });
  ids.approved = (await staff.approvals.create.mutate({ documentId: file.id, mode: 'one', contactIds })).id;
  await portal.portalApprovals.decide.mutate({ requestId: ids.approved, decision: 'approve', versionNumber: 3 });
  ids.pending = (
    await staff.approvals.create.mutate({ documentId: file.id, mode: 'any', dueAt: inTenDays(), message: 'Last look' })
  ).id;
  const onThree = await portal.portalReviewComments.post.mutate({
    id: file.id,
    number: 3,
    body: 'Perfect now.',
    pin: { x: 1, y: 0 },
  });
  await staff.reviewComments.post.mutate({
    id: file.id,
    number: 3,
    body: 'INTERNAL-V3: invoice them.',
    internal: true,
  });
  await portal.portalReviewComments.resolve.mutate({ commentId: onThree.id });

  const res = await fetch(`${app.baseUrl}/api/export.zip`, { headers: { authorization: `Bearer ${source.token}` } });
  expect(res.status).toBe(200);
  zip = Buffer.from(await res.arrayBuffer());
});
afterAll(async () => {
  await Promise.all([app?.close(), lenient?.close()]);
});

function entriesOf(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, file) => {
      if (error || !file) return reject(error);
      const entries = new Map<string, Buffer>();
      file.on('entry', (entry: yauzl.Entry) =>
        file.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            file.readEntry();
          });
        }),
      );
      file.on('end', () => resolve(entries));
      file.readEntry();
    }),
  );
}

async function zipOf(entries: Map<string, Buffer | string>): Promise<Buffer> {
  const archive = new ZipArchive({ zlib: { level: 9 } });
  const chunks: Buffer[] = [];
  archive.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve) => archive.on('end', resolve));
  for (const [name, content] of entries) archive.append(content, { name });
  await archive.finalize();
  await done;
  return Buffer.concat(chunks);
}

async function importZip(server: TestApp, bytes: Buffer, token: string, commit: boolean) {
  const form = new FormData();
  form.append('kind', 'archive');
  form.append('commit', commit ? 'true' : 'false');
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/zip' }), 'export.zip');
  const res = await fetch(`${server.baseUrl}/api/imports`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.status, body: await res.json() };
}

type Rows = Record<string, unknown>[];
const rowsOf = (entries: Map<string, Buffer>, name: string): Rows =>
  JSON.parse(entries.get(`data/${name}.json`)!.toString());

/** A fresh agency, its id, and the import's answer. */
async function freshAgency() {
  const target = await signUpAgency(client(app.baseUrl));
  const businessId = (await app.database.db.user.findUniqueOrThrow({ where: { email: target.email } })).businessId;
  return { ...target, businessId };
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** An agency's approvals and comments as staff read them: names, e-mails and version numbers instead of ids. */
async function reviewRecord(businessId: number) {
  const documents = await app.database.db.document.findMany({
    where: { businessId },
    orderBy: { id: 'asc' },
    include: {
      company: true,
      approvalRequests: {
        orderBy: { id: 'asc' },
        include: { version: true, company: true, steps: { orderBy: { position: 'asc' }, include: { contact: true } } },
      },
      reviewComments: { orderBy: { id: 'asc' }, include: { version: true, authorContact: true } },
    },
  });
  const contactEmail = new Map(
    (await app.database.db.contact.findMany({ where: { businessId } })).map((c) => [c.id, c.email]),
  );
  return documents.map((d) => ({
    file: d.name,
    company: d.company?.name ?? null,
    approvals: d.approvalRequests.map((r) => ({
      version: r.version.number,
      versionSha256: r.version.sha256,
      company: r.company.name,
      mode: r.mode,
      status: r.status,
      message: r.message,
      dueAt: iso(r.dueAt),
      requestedByName: r.requestedByName,
      remindedAt: iso(r.remindedAt),
      decidedAt: iso(r.decidedAt),
      createdAt: iso(r.createdAt),
      steps: r.steps.map((s) => ({
        position: s.position,
        status: s.status,
        contact: s.contact?.email ?? null,
        decidedBy: s.decidedById === null ? null : (contactEmail.get(s.decidedById) ?? 'gone'),
        decidedByName: s.decidedByName,
        decidedAt: iso(s.decidedAt),
        decidedIp: s.decidedIp,
        versionSha256: s.versionSha256,
        comment: s.comment,
      })),
    })),
    comments: d.reviewComments.map((c) => ({
      version: c.version.number,
      parent: c.parentId === null ? null : (d.reviewComments.find((p) => p.id === c.parentId)?.body ?? 'gone'),
      authorKind: c.authorKind,
      authorName: c.authorName,
      contact: c.authorContact?.email ?? null,
      staffLinked: c.authorUserId !== null,
      body: c.body,
      internal: c.internal,
      pin: [c.pinPage, c.pinX, c.pinY, c.pinNumber],
      resolvedAt: iso(c.resolvedAt),
      resolvedByName: c.resolvedByName,
      editedAt: iso(c.editedAt),
      deletedAt: iso(c.deletedAt),
      createdAt: iso(c.createdAt),
    })),
  }));
}

/** Ids and the paths that name them, out of an answer (the rest compared as it is); thumbnails are made again. */
function anonymous(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(anonymous);
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !/thumb|preview/i.test(key))
        .map(([key, v]) => [key, key === 'id' || key.endsWith('Id') ? (v === null ? null : '#') : anonymous(v)]),
    );
  if (typeof value === 'string') return value.replace(/\/\d+(?=\/|$)/g, '/#');
  return value;
}

/** What one portal client sees of their files' versions, comments and approvals, ids left out. */
async function clientSees(trpc: TrpcClient, businessId: number, companyId: number) {
  const files = (await trpc.portal.files.query({})).items;
  const seen = [];
  for (const file of [...files].sort((x, y) => x.name.localeCompare(y.name))) {
    const versions = (await trpc.portalFiles.versions.query({ id: file.id })).items;
    // The current version, and the older ones staff shared.
    const numbers = [file.version, ...versions.map((v) => v.number)].sort((x, y) => x - y);
    const comments = [];
    for (const number of numbers) {
      const items = (await trpc.portalReviewComments.list.query({ id: file.id, number })).items;
      comments.push({
        number,
        items: items.map(({ parentId, ...c }) => ({
          ...c,
          parent: parentId === null ? null : (items.find((p) => p.id === parentId)?.body ?? 'hidden'),
        })),
      });
    }
    seen.push({ file, versions, comments });
  }
  const requests = await app.database.db.approvalRequest.findMany({
    where: { businessId, companyId },
    orderBy: { id: 'asc' },
    select: { id: true },
  });
  const approvals = [];
  for (const { id } of requests)
    approvals.push(await trpc.portalApprovals.get.query({ requestId: id }).catch(() => 'NOT_FOUND'));
  const reviews = (await trpc.portalApprovals.reviews.query()).items;
  return anonymous({ seen, approvals, reviews });
}

describe('export: approvals and review comments', () => {
  it('writes requests, steps with the whole decision record, and comments with pins and the internal flag', async () => {
    const entries = await entriesOf(zip);
    const manifest = JSON.parse(entries.get('manifest.json')!.toString());
    const counts = Object.fromEntries(manifest.entities.map((e: { name: string; count: number }) => [e.name, e.count]));
    // The scenario's 5 requests and 6 comments, and the fixture's (an approved request and 3 comments per company).
    expect(counts).toMatchObject({ approvalRequests: 5 + 2, approvalSteps: 5 + 2, reviewComments: 6 + 6 });
    const steps = rowsOf(entries, 'approvalSteps');
    const requests = rowsOf(entries, 'approvalRequests');
    expect(requests.find((r) => r.id === ids.changes)).toMatchObject({
      status: 'reset',
      mode: 'one',
      message: 'The homepage, first round.',
      documentId: ids.file,
    });
    expect(requests.filter((r) => r.documentId === ids.file).map((r) => r.status)).toEqual([
      'reset',
      'reset',
      'cancelled',
      'approved',
      'pending',
    ]);
    const decision = steps.find((s) => s.requestId === ids.changes)!;
    expect(decision).toMatchObject({
      status: 'changes_requested',
      contactId: source.portal.contactId,
      decidedById: source.portal.contactId,
      decidedByName: expect.stringContaining(' '),
      decidedAt: expect.any(String),
      decidedIp: expect.any(String),
      versionSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      comment: 'The logo is too small.',
    });
    expect(Object.keys(decision)).toEqual([
      'id',
      'requestId',
      'contactId',
      'position',
      'status',
      'decidedById',
      'decidedByName',
      'decidedAt',
      'decidedIp',
      'versionSha256',
      'comment',
    ]);
    const comments = rowsOf(entries, 'reviewComments');
    const note = comments.find((c) => String(c.body).startsWith('INTERNAL-PIN'))!;
    expect(note).toMatchObject({ internal: true, pinX: 0.5, pinY: 0.5, pinNumber: 1, parentId: null });
    expect(comments.find((c) => c.body === 'INTERNAL-REPLY: noted.')).toMatchObject({
      internal: true,
      parentId: note.id,
    });
    expect(comments.find((c) => c.body === 'Bigger here, please.')).toMatchObject({
      authorKind: 'contact',
      authorContactId: source.portal.contactId,
      resolvedAt: expect.any(String),
      pinNumber: 1,
    });
    expect(entries.get('data/reviewComments.csv')!.toString().split('\r\n')[0]).toBe(
      'id,documentId,versionId,parentId,authorKind,authorUserId,authorContactId,authorName,body,internal,pinPage,pinX,pinY,pinNumber,resolvedAt,resolvedByName,editedAt,deletedAt,createdAt',
    );
  });

  it("a company export holds that client's requests, decisions and comments, and none of another client's", async () => {
    const get = async (companyId: number) => {
      const res = await fetch(`${app.baseUrl}/api/export.zip?companyId=${companyId}`, {
        headers: { authorization: `Bearer ${source.token}` },
      });
      expect(res.status).toBe(200);
      return entriesOf(Buffer.from(await res.arrayBuffer()));
    };
    const [birch, cedar] = source.companies;
    const mine = await get(birch.id);
    expect(rowsOf(mine, 'approvalRequests').map((r) => r.companyId)).toEqual(Array(6).fill(birch.id));
    expect(rowsOf(mine, 'approvalSteps')).toHaveLength(6);
    expect(rowsOf(mine, 'reviewComments')).toHaveLength(9);
    const theirs = await get(cedar.id);
    expect(rowsOf(theirs, 'approvalRequests').map((r) => r.companyId)).toEqual([cedar.id]);
    const text = [...theirs.values()].map((b) => b.toString('latin1')).join('\n');
    for (const body of ['The logo is too small.', 'Bigger here, please.', 'INTERNAL-PIN'])
      expect(text).not.toContain(body);
  });

  it("writes empty the decider of a step whose contact is gone (no foreign key holds it), keeping the decision's name", async () => {
    const db = app.database.db;
    const bid = source.businessId;
    const gone = await db.contact.create({
      data: {
        businessId: bid,
        companyId: source.companies[1].id,
        firstName: 'Gone',
        lastName: 'Away',
        email: 'gone@x.test',
      },
    });
    // A contact made after it stays: the gone one's id is below the export's largest, as a removed client's would be.
    const stays = await db.contact.create({
      data: {
        businessId: bid,
        companyId: source.companies[1].id,
        firstName: 'Still',
        lastName: 'Here',
        email: 'stays@x.test',
      },
    });
    const request = await db.approvalRequest.findFirstOrThrow({
      where: { businessId: bid, companyId: source.companies[1].id },
    });
    const step = await db.approvalStep.findFirstOrThrow({ where: { requestId: request.id } });
    const before = step.decidedById;
    await db.approvalStep.update({ where: { id: step.id }, data: { decidedById: gone.id } });
    await db.contact.delete({ where: { id: gone.id } });
    try {
      const res = await fetch(`${app.baseUrl}/api/export.zip`, {
        headers: { authorization: `Bearer ${source.token}` },
      });
      const entries = await entriesOf(Buffer.from(await res.arrayBuffer()));
      expect(rowsOf(entries, 'approvalSteps').find((s) => s.id === step.id)).toMatchObject({
        decidedById: null,
        decidedByName: step.decidedByName,
        status: 'approved',
      });
      const target = await freshAgency();
      expect((await importZip(app, await zipOf(entries), target.token, false)).body.issueCount).toBe(0);
    } finally {
      await db.approvalStep.update({ where: { id: step.id }, data: { decidedById: before } });
      await db.contact.delete({ where: { id: stays.id } });
    }
  });
});

describe('import: approvals and review comments', () => {
  it('re-creates them in a fresh agency; its client sees exactly what the original client saw, no internal comment', async () => {
    const db = app.database.db;
    const target = await freshAgency();
    const preview = await importZip(app, zip, target.token, false);
    expect(preview.status).toBe(200);
    expect(preview.body.issueCount).toBe(0);
    expect(preview.body.counts).toMatchObject({
      approvalRequests: { new: 7, duplicate: 0, error: 0 },
      approvalSteps: { new: 7, duplicate: 0, error: 0 },
      reviewComments: { new: 12, duplicate: 0, error: 0 },
    });
    const res = await importZip(app, zip, target.token, true);
    expect(res.status).toBe(200);
    expect(res.body.created).toMatchObject({ approvalRequests: 7, approvalSteps: 7, reviewComments: 12 });

    // Staff's record: the same, but for the links to the source's team (its owner is not on the new team).
    const before = await reviewRecord(source.businessId);
    const after = await reviewRecord(target.businessId);
    expect(before.find((d) => d.file === 'mockup.png')!.approvals.map((r) => [r.version, r.status])).toEqual([
      [1, 'reset'],
      [2, 'reset'],
      [3, 'cancelled'],
      [3, 'approved'],
      [3, 'pending'],
    ]);
    expect(after).toEqual(
      before.map((d) => ({ ...d, comments: d.comments.map((c) => ({ ...c, staffLinked: false })) })),
    );
    const sourceComments = before.flatMap((d) => d.comments);
    expect(sourceComments.filter((c) => c.staffLinked)).not.toHaveLength(0);
    expect(sourceComments.filter((c) => c.internal).map((c) => c.body)).toEqual(
      expect.arrayContaining(['INTERNAL-PIN: they asked for this in March too.', 'INTERNAL-REPLY: noted.']),
    );
    // The decision record is whole: the contact who decided is the imported contact.
    const decided = after.find((d) => d.file === 'mockup.png')!.approvals[0].steps[0];
    expect(decided).toMatchObject({
      decidedBy: source.portal.email,
      comment: 'The logo is too small.',
      decidedIp: expect.any(String),
      versionSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });

    // The pending request's reminder is queued again, for its new id.
    const newFile = await db.document.findFirstOrThrow({
      where: { businessId: target.businessId, name: 'mockup.png' },
    });
    const pending = await db.approvalRequest.findFirstOrThrow({
      where: { businessId: target.businessId, documentId: newFile.id, status: 'pending' },
    });
    expect(
      await db.job.count({
        where: {
          businessId: target.businessId,
          kind: 'approval_reminder',
          dedupeKey: `approval-reminder:${pending.id}`,
        },
      }),
    ).toBe(1);

    // The client: the same contact (by e-mail) signed in to the imported agency's portal.
    const contact = await db.contact.findFirstOrThrow({
      where: { businessId: target.businessId, email: source.portal.email },
    });
    const { token } = await createPortalSession(db, target.businessId, contact.id);
    const imported = trpcClient(app.baseUrl, { token });
    const saw = await clientSees(portal, source.businessId, source.portal.companyId);
    const sees = await clientSees(imported, target.businessId, contact.companyId!);
    expect(sees).toEqual(saw);
    // …and what they see is the real thing: the shared v1's comments, the decisions, never an internal comment.
    const text = JSON.stringify(sees);
    for (const shown of ['Bigger here, please.', 'Will do.', 'Perfect now.', 'The logo is too small.'])
      expect(text).toContain(shown);
    for (const hidden of ['INTERNAL-PIN', 'INTERNAL-REPLY', 'INTERNAL-V3', 'INTERNAL-REVIEW-NOTE'])
      expect(text).not.toContain(hidden);
    expect((sees as { approvals: unknown[] }).approvals).toHaveLength(6);
    expect((sees as { reviews: unknown[] }).reviews).toHaveLength(1);
  });
});

describe('import: what the app itself would refuse', () => {
  /** The export with its rows changed; returns the preview's issues and the commit's status. */
  async function withRows(change: (rows: Record<string, Rows>) => void) {
    const entries = await entriesOf(zip);
    const names = ['approvalRequests', 'approvalSteps', 'reviewComments'];
    const rows = Object.fromEntries(names.map((n) => [n, rowsOf(entries, n)]));
    change(rows);
    const broken = new Map<string, Buffer | string>(entries);
    for (const n of names) broken.set(`data/${n}.json`, JSON.stringify(rows[n]));
    const bytes = await zipOf(broken);
    const target = await freshAgency();
    const preview = await importZip(app, bytes, target.token, false);
    expect(preview.status).toBe(200);
    const commit = await importZip(app, bytes, target.token, true);
    const written = await app.database.db.reviewComment.count({ where: { businessId: target.businessId } });
    return { issues: preview.body.issues as Record<string, unknown>[], commit, written, rows };
  }
  const at = (rows: Rows, find: (r: Record<string, unknown>) => boolean) => rows.findIndex(find);

  it('refuses references to rows the export does not hold, with file, line and column; nothing is written', async () => {
    let line = { step: 0, request: 0, comment: 0, decider: 0 };
    const { issues, commit, written } = await withRows((rows) => {
      const step = at(rows.approvalSteps, (s) => s.requestId === ids.approved);
      rows.approvalSteps[step].requestId = 999_999;
      const request = at(rows.approvalRequests, (r) => r.id === ids.reset);
      rows.approvalRequests[request].versionId = 999_998;
      const comment = at(rows.reviewComments, (c) => c.body === 'Will do.');
      rows.reviewComments[comment].parentId = 999_997;
      const decider = at(rows.approvalSteps, (s) => s.requestId === ids.changes);
      rows.approvalSteps[decider].decidedById = 999_996;
      line = { step: step + 2, request: request + 2, comment: comment + 2, decider: decider + 2 };
    });
    expect(issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          entity: 'approvalSteps',
          line: line.step,
          field: 'requestId',
          message: I.danglingRef('requestId', 999_999),
        }),
        expect.objectContaining({
          entity: 'approvalRequests',
          line: line.request,
          field: 'versionId',
          message: I.danglingRef('versionId', 999_998),
        }),
        expect.objectContaining({
          entity: 'reviewComments',
          line: line.comment,
          field: 'parentId',
          message: I.danglingRef('parentId', 999_997),
        }),
        expect.objectContaining({
          entity: 'approvalSteps',
          line: line.decider,
          field: 'decidedById',
          message: I.danglingRef('decidedById', 999_996),
        }),
      ]),
    );
    expect(commit.status).toBe(400);
    expect(written).toBe(0);
  });

  it("refuses what the approvals and comments domains refuse: another file's version, a reply to a reply, a pinned reply, a pin off the page, a page on an image, a half pin, a wrong author, an unknown status, two steps at one position", async () => {
    const lines: Record<string, number> = {};
    const { issues, commit, written } = await withRows((rows) => {
      const comments = rows.reviewComments;
      const find = (body: string) => at(comments, (c) => c.body === body);
      const otherVersion = comments.find((c) => c.documentId !== ids.file)!.versionId;
      lines.otherFile = find('Perfect now.');
      comments[lines.otherFile].versionId = otherVersion;
      const reply = comments[find('Will do.')];
      lines.replyToReply = find('INTERNAL-REPLY: noted.');
      comments[lines.replyToReply].parentId = reply.id;
      lines.pinnedReply = find('Will do.');
      Object.assign(comments[lines.pinnedReply], { pinX: 0.1, pinY: 0.1, pinNumber: 3 });
      lines.offPage = find('Bigger here, please.');
      comments[lines.offPage].pinX = 1.5;
      lines.halfPin = find('INTERNAL-PIN: they asked for this in March too.');
      comments[lines.halfPin].pinY = null;
      comments.push({ ...comments[lines.offPage], id: 999_001, pinX: 0.1, pinPage: 2, pinNumber: 9 });
      lines.imagePage = comments.length - 1;
      lines.author = find('INTERNAL-V3: invoice them.');
      comments[lines.author].authorContactId = source.portal.contactId;
      lines.status = at(rows.approvalRequests, (r) => r.id === ids.pending);
      rows.approvalRequests[lines.status].status = 'maybe';
      lines.position = at(rows.approvalSteps, (s) => s.requestId === ids.approved);
      const twin = { ...rows.approvalSteps[lines.position], id: 999_000 };
      rows.approvalSteps.push(twin);
      lines.twin = rows.approvalSteps.length - 1;
      for (const key of Object.keys(lines)) lines[key] += 2;
    });
    const issue = (entity: string, line: number, field: string, message: unknown) =>
      expect.objectContaining({ entity, line, field, message });
    expect(issues).toEqual(
      expect.arrayContaining([
        issue('reviewComments', lines.otherFile, 'versionId', I.versionOfOtherFile),
        issue('reviewComments', lines.replyToReply, 'parentId', I.replyParent),
        issue('reviewComments', lines.pinnedReply, 'pinNumber', C.pinOnReply),
        issue('reviewComments', lines.offPage, 'pinX', C.pinOutside),
        issue('reviewComments', lines.halfPin, 'pinNumber', I.pinIncomplete),
        issue('reviewComments', lines.imagePage, 'pinPage', C.pinNoPage),
        issue('reviewComments', lines.author, 'authorContactId', I.commentAuthor('staff')),
        issue('approvalRequests', lines.status, 'status', expect.stringContaining('“status” must be one of')),
        issue('approvalSteps', lines.twin, 'position', I.sameStepInExport(lines.position)),
      ]),
    );
    expect(commit.status).toBe(400);
    expect(commit.body.message).toBeTypeOf('string');
    expect(written).toBe(0);
  });

  it(`refuses more than ${REVIEW_COMMENTS_PER_VERSION_MAX} comments on one version, as posting does`, async () => {
    const { issues } = await withRows((rows) => {
      const base = rows.reviewComments.find((c) => c.body === 'Perfect now.')!;
      for (let i = 0; i < REVIEW_COMMENTS_PER_VERSION_MAX; i++)
        rows.reviewComments.push({ ...base, id: 900_000 + i, pinX: null, pinY: null, pinNumber: null });
    });
    expect(issues).toEqual([
      expect.objectContaining({
        entity: 'reviewComments',
        field: 'versionId',
        message: I.tooManyComments(REVIEW_COMMENTS_PER_VERSION_MAX),
      }),
    ]);
  });

  it.each(['approvalRequests', 'approvalSteps', 'reviewComments'] as const)(
    'refuses more %s than one import takes, before reading further; at the bound the file is read',
    async (name) => {
      const entries = await entriesOf(zip);
      const many = new Map<string, Buffer | string>(entries);
      const max = ARCHIVE_LIMITS[name];
      expect(max).toBeLessThan(ARCHIVE_LIMITS.rowsPerFile);
      many.set(`data/${name}.json`, `[${'{},'.repeat(max)}{}]`);
      const target = await freshAgency();
      const over = await importZip(lenient, await zipOf(many), target.token, false);
      expect([over.status, over.body.message]).toEqual([
        400,
        I.tooManyOfKind(max.toLocaleString('en-US'), M.data.page.entities[name]),
      ]);
      many.set(`data/${name}.json`, `[${'{},'.repeat(max - 1)}{}]`);
      const atBound = await importZip(lenient, await zipOf(many), target.token, false);
      expect(atBound.status).toBe(200);
      expect(atBound.body.counts[name].error).toBe(max);
    },
  );
});
