/**
 * Saved views (the list toolbar's Views menu): a list's query saved under a name, personal or for the team. The query
 * keeps only what the list reads; names, queries and the number of views are bounded; a personal view is its
 * creator's alone, a team view everyone's to read and its creator's, an owner's or an admin's to change.
 */
import { TRPCClientError } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '../../shared/messages';
import { SAVED_VIEW_LIMITS } from '../../shared/saved-views';
import { sanitiseListQuery } from '../../server/domain/savedViews';
import { twoAgencies, type Agency } from '../support/agencies';
import { client, startApp, type TestApp } from '../support/app';
import { addStaff, type StaffUser } from '../support/staff';
import { trpcClient } from '../support/trpc';

let app: TestApp;
let a: Agency;
let b: Agency;
let admin: StaffUser;
let member: StaffUser;
let otherMember: StaffUser;

beforeAll(async () => {
  app = await startApp();
  ({ a, b } = await twoAgencies(app));
  admin = await addStaff(app, a, 'admin', 'Avery');
  member = await addStaff(app, a, 'member', 'Morgan');
  otherMember = await addStaff(app, a, 'member', 'Quinn');
});
afterAll(() => app.close());

const as = (token: string) => trpcClient(app.baseUrl, { token }).savedViews;
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => ({}),
    (error: unknown) => {
      if (!(error instanceof TRPCClientError)) throw error;
      return { code: error.data?.code, httpStatus: error.data?.httpStatus, message: error.message };
    },
  );
const badRequest = (message: string) => ({ code: 'BAD_REQUEST', httpStatus: 400, message });
let n = 0;
const unique = (name: string) => `${name} ${n++}`;

describe('saving a view', () => {
  it('keeps the list’s search, filters, sort and view mode, and answers it in the caller’s list', async () => {
    const name = unique('Active by status');
    const saved = await as(member.token).create.mutate({
      list: 'company',
      name: `  ${name}  `,
      query: '?status=active&search=ac&sort=status&order=desc&view=list',
      shared: false,
    });
    expect(saved).toMatchObject({
      list: 'company',
      name,
      query: 'search=ac&status=active&sort=status&order=desc&view=list',
      shared: false,
      mine: true,
      canEdit: true,
      creatorName: 'Morgan Staff',
    });
    const mine = await as(member.token).list.query({ list: 'company' });
    expect(mine.find((v) => v.id === saved.id)).toEqual(saved);
    // Another list's views are not this one's.
    expect((await as(member.token).list.query({ list: 'task' })).map((v) => v.id)).not.toContain(saved.id);
  });

  it('drops unknown keys and values the list would ignore, never storing them', async () => {
    const saved = await as(member.token).create.mutate({
      list: 'task',
      name: unique('Sanitised'),
      query:
        'status=bogus&priority=high&evil=%3Cscript%3E&task=12&sort=nope&order=sideways&view=board&assigneeId=abc&projectId=7',
      shared: false,
    });
    expect(saved.query).toBe('projectId=7&priority=high&view=board');
    const row = await app.database.db.savedView.findUniqueOrThrow({ where: { id: saved.id } });
    expect(row.query).toBe('projectId=7&priority=high&view=board');
    // The board is the tasks list's own view mode: the companies list has none.
    expect(sanitiseListQuery('company', 'view=board&archived=true&industry=Retail')).toBe(
      'industry=Retail&archived=true',
    );
    expect(sanitiseListQuery('file', 'type=nonsense&companyId=-4&sort=size&order=asc')).toBe('sort=size&order=asc');
  });

  it('refuses an empty name, a name over 80 characters and a query over 2,000 with a sentence', async () => {
    const L = SAVED_VIEW_LIMITS;
    const create = (name: string, query = '') =>
      failure(as(member.token).create.mutate({ list: 'company', name, query, shared: false }));
    expect(await create('   ')).toMatchObject(badRequest(M.savedViews.nameRequired));
    expect(await create('x'.repeat(L.nameMax + 1))).toMatchObject(badRequest(M.savedViews.nameTooLong(L.nameMax)));
    expect(await create('Long query', `search=${'a'.repeat(L.queryMax)}`)).toMatchObject(
      badRequest(M.savedViews.queryTooLong(L.queryMax)),
    );
    expect(await create('x'.repeat(L.nameMax))).toEqual({});
  });

  it('refuses a second view of the same name in the same scope, and allows it in the other', async () => {
    const name = unique('Retail');
    await as(member.token).create.mutate({ list: 'company', name, query: 'industry=Retail', shared: false });
    expect(
      await failure(as(member.token).create.mutate({ list: 'company', name, query: '', shared: false })),
    ).toMatchObject(badRequest(M.savedViews.nameTaken(name, false)));
    // A teammate's personal view of that name, and a team view of it, are other scopes.
    expect(
      await failure(as(otherMember.token).create.mutate({ list: 'company', name, query: '', shared: false })),
    ).toEqual({});
    const team = await as(member.token).create.mutate({ list: 'company', name, query: '', shared: true });
    expect(
      await failure(as(otherMember.token).create.mutate({ list: 'company', name, query: '', shared: true })),
    ).toMatchObject(badRequest(M.savedViews.nameTaken(name, true)));
    // Renaming into a taken name is refused the same way.
    const other = await as(member.token).create.mutate({
      list: 'company',
      name: unique('Other'),
      query: '',
      shared: true,
    });
    expect(await failure(as(member.token).update.mutate({ id: other.id, name: team.name }))).toMatchObject(
      badRequest(M.savedViews.nameTaken(name, true)),
    );
  });

  it('refuses the 51st view of a list with a sentence, and writes nothing', async () => {
    const user = await addStaff(app, a, 'member', 'Fifty');
    const max = SAVED_VIEW_LIMITS.perUserPerList;
    await app.database.db.savedView.createMany({
      data: Array.from({ length: max }, (_, i) => ({
        businessId: a.businessId,
        userId: user.id,
        list: 'contact',
        name: `View ${i}`,
        query: '',
        shared: i % 2 === 0,
      })),
    });
    expect(
      await failure(as(user.token).create.mutate({ list: 'contact', name: 'One more', query: '', shared: false })),
    ).toMatchObject(badRequest(M.savedViews.tooMany(max)));
    expect(await app.database.db.savedView.count({ where: { userId: user.id } })).toBe(max);
    // Another list has its own 50.
    expect(
      await failure(as(user.token).create.mutate({ list: 'project', name: 'One more', query: '', shared: false })),
    ).toEqual({});
  });
});

describe('who sees and changes a view', () => {
  it('shows a personal view to its creator only, and a team view to everyone with its creator’s name', async () => {
    const personal = await as(member.token).create.mutate({
      list: 'resource',
      name: unique('Mine'),
      query: 'status=active',
      shared: false,
    });
    const team = await as(member.token).create.mutate({
      list: 'resource',
      name: unique('Ours'),
      query: 'type=template',
      shared: true,
    });
    const seen = await as(otherMember.token).list.query({ list: 'resource' });
    expect(seen.map((v) => v.id)).not.toContain(personal.id);
    expect(seen.find((v) => v.id === team.id)).toMatchObject({
      mine: false,
      canEdit: false,
      creatorName: 'Morgan Staff',
      query: 'type=template',
    });
    // Owners and admins read the team view too, and may change it.
    expect((await as(a.token).list.query({ list: 'resource' })).find((v) => v.id === team.id)?.canEdit).toBe(true);
    expect((await as(admin.token).list.query({ list: 'resource' })).map((v) => v.id)).not.toContain(personal.id);
    // Nobody else reaches a personal view by id: NOT_FOUND, as for a view that does not exist.
    for (const token of [otherMember.token, admin.token, a.token]) {
      expect(await failure(as(token).update.mutate({ id: personal.id, name: 'Taken over' }))).toMatchObject({
        code: 'NOT_FOUND',
        message: M.savedViews.notFound,
      });
      expect(await failure(as(token).delete.mutate({ id: personal.id }))).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect(await app.database.db.savedView.findUnique({ where: { id: personal.id } })).toMatchObject({
      name: personal.name,
    });
  });

  it('lets a teammate neither rename nor delete another’s team view, but an admin or owner may', async () => {
    const team = await as(member.token).create.mutate({
      list: 'project',
      name: unique('Team board'),
      query: 'status=active',
      shared: true,
    });
    const forbidden = { code: 'FORBIDDEN', httpStatus: 403, message: M.savedViews.notYours };
    expect(await failure(as(otherMember.token).update.mutate({ id: team.id, name: 'Hijacked' }))).toEqual(forbidden);
    expect(await failure(as(otherMember.token).update.mutate({ id: team.id, shared: false }))).toEqual(forbidden);
    expect(await failure(as(otherMember.token).delete.mutate({ id: team.id }))).toEqual(forbidden);
    expect(await app.database.db.savedView.findUniqueOrThrow({ where: { id: team.id } })).toMatchObject({
      name: team.name,
      shared: true,
    });

    const renamed = await as(admin.token).update.mutate({ id: team.id, name: `${team.name} (admin)` });
    expect(renamed).toMatchObject({ name: `${team.name} (admin)`, shared: true, mine: false, canEdit: true });
    // The creator makes it personal again: the team no longer sees it.
    expect(await as(member.token).update.mutate({ id: team.id, shared: false })).toMatchObject({ shared: false });
    expect((await as(otherMember.token).list.query({ list: 'project' })).map((v) => v.id)).not.toContain(team.id);
    await as(member.token).update.mutate({ id: team.id, shared: true });
    expect(await as(a.token).delete.mutate({ id: team.id })).toEqual({ ok: true });
    expect(await app.database.db.savedView.findUnique({ where: { id: team.id } })).toBeNull();
  });

  it("answers NOT_FOUND for another agency's view, team view or not, and leaves it unchanged", async () => {
    const theirs = await as(b.token).create.mutate({
      list: 'company',
      name: unique('Agency B team'),
      query: 'status=active',
      shared: true,
    });
    expect((await as(a.token).list.query({ list: 'company' })).map((v) => v.id)).not.toContain(theirs.id);
    for (const call of [
      () => as(a.token).update.mutate({ id: theirs.id, name: 'Mine now' }),
      () => as(a.token).update.mutate({ id: theirs.id, shared: false }),
      () => as(a.token).delete.mutate({ id: theirs.id }),
    ])
      expect(await failure(call())).toMatchObject({ code: 'NOT_FOUND', httpStatus: 404 });
    expect(await app.database.db.savedView.findUniqueOrThrow({ where: { id: theirs.id } })).toMatchObject({
      businessId: b.businessId,
      name: theirs.name,
      shared: true,
    });
  });

  it('answers the same over REST', async () => {
    const api = client(app.baseUrl);
    const created = await api.post(
      '/api/saved-views',
      { list: 'contact', name: unique('REST'), query: 'companyId=none&x=1', shared: true },
      { token: member.token },
    );
    expect(created).toMatchObject({ status: 201, body: { query: 'companyId=none', shared: true } });
    const listed = await api.get('/api/saved-views?list=contact', { token: otherMember.token });
    expect(listed.body.map((v: { id: number }) => v.id)).toContain(created.body.id);
    expect((await api.call('DELETE', `/api/saved-views/${created.body.id}`, { token: otherMember.token })).status).toBe(
      403,
    );
    expect((await api.call('DELETE', `/api/saved-views/${created.body.id}`, { token: b.token })).status).toBe(404);
  });
});
