/**
 * Saved views: a hub list's search, filters, sort and view mode under a name, for the user alone or the whole team.
 * A personal view is its creator's only (anyone else, another agency included, gets NOT_FOUND); a team view is read
 * by all staff and changed by its creator, or an owner or admin (views.manageTeam). The stored query keeps only the
 * parameters the list reads, each checked by the list procedure's own schema, so nothing else is ever stored.
 * Preferences, not records: no activity entry, and not in the export (server/data/format.ts says why).
 */
import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import { M } from '../../../shared/messages';
import { can } from '../../../shared/permissions';
import {
  LIST_PARAMS,
  listParamKeys,
  parseListParam,
  SAVED_VIEW_LIMITS,
  type SavedViewList,
} from '../../../shared/saved-views';
import { companyListInput } from '../../../shared/schemas/companies';
import { contactListInput } from '../../../shared/schemas/contacts';
import { documentListInput } from '../../../shared/schemas/documents';
import { projectListInput } from '../../../shared/schemas/projects';
import { resourceListInput } from '../../../shared/schemas/resources';
import type {
  SavedView,
  savedViewCreateInput,
  savedViewIdInput,
  savedViewListInput,
  savedViewUpdateInput,
} from '../../../shared/schemas/saved-views';
import { taskListInput } from '../../../shared/schemas/tasks';
import { sql, TENANT, toBool, toDate, toInt, type Row } from '../../sql';
import type { StaffScope } from '../context';

type Scope = Pick<StaffScope, 'db' | 'sql' | 'businessId' | 'user'>;

/** Each list procedure's input: its parameters are read with these, as the list page reads its URL. */
const LIST_INPUTS: Record<SavedViewList, z.ZodObject> = {
  company: companyListInput,
  contact: contactListInput,
  project: projectListInput,
  task: taskListInput,
  file: documentListInput,
  resource: resourceListInput,
};

/**
 * The part of a URL query the list reads: its search, filters, sort and order when its schema accepts them, and a
 * view mode it has, in a fixed order; an unknown key or a value the list would ignore is dropped.
 */
export function sanitiseListQuery(list: SavedViewList, query: string): string {
  const params = new URLSearchParams(query.trim().replace(/^\?/, ''));
  const shape = LIST_INPUTS[list].shape;
  const views: readonly string[] = LIST_PARAMS[list].views;
  const out = new URLSearchParams();
  for (const key of listParamKeys(list)) {
    const value = params.get(key);
    if (value === null) continue;
    const kept = key === 'view' ? views.includes(value) : parseListParam(shape[key] as z.ZodType, value) !== undefined;
    if (kept) out.set(key, value);
  }
  return out.toString();
}

const badRequest = (message: string): never => {
  throw new TRPCError({ code: 'BAD_REQUEST', message });
};
const notFound = (): never => {
  throw new TRPCError({ code: 'NOT_FOUND', message: M.savedViews.notFound });
};

type Actor = Scope['user'];
const mayEdit = (actor: Actor, view: { userId: number; shared: boolean }) =>
  view.userId === actor.id || (view.shared && can(actor.role, 'views.manageTeam'));

const COLUMNS = sql`v."id", v."list", v."name", v."query", v."shared", v."userId", v."updatedAt",
  u."firstName" || ' ' || u."lastName" AS "creatorName"`;

function toView(actor: Actor, r: Row): SavedView {
  const view = { userId: toInt(r.userId), shared: toBool(r.shared) };
  return {
    id: toInt(r.id),
    list: String(r.list) as SavedViewList,
    name: String(r.name),
    query: String(r.query),
    shared: view.shared,
    mine: view.userId === actor.id,
    creatorName: String(r.creatorName),
    canEdit: mayEdit(actor, view),
    updatedAt: toDate(r.updatedAt),
  };
}

/** The caller's personal views of the list and the team's views, by name (two index ranges). */
export async function listSavedViews(scope: Pick<Scope, 'sql' | 'user'>, input: z.infer<typeof savedViewListInput>) {
  const rows = await scope.sql.all<Row>(sql`
    SELECT ${COLUMNS} FROM "SavedView" v
    JOIN "User" u ON u."businessId" = v."businessId" AND u."id" = v."userId"
    WHERE v."businessId" = ${TENANT} AND v."list" = ${input.list}
      AND ((v."userId" = ${scope.user.id} AND v."shared" = ${false}) OR v."shared" = ${true})
    ORDER BY v."name", v."id"`);
  return rows.map((r) => toView(scope.user, r));
}

/** One view the caller can see (their own, or a team view), else NOT_FOUND. */
async function visibleView(scope: Pick<Scope, 'sql' | 'user'>, id: number): Promise<SavedView & { userId: number }> {
  const [row] = await scope.sql.all<Row>(sql`
    SELECT ${COLUMNS} FROM "SavedView" v
    JOIN "User" u ON u."businessId" = v."businessId" AND u."id" = v."userId"
    WHERE v."businessId" = ${TENANT} AND v."id" = ${id} AND (v."userId" = ${scope.user.id} OR v."shared" = ${true})`);
  if (!row) return notFound();
  return { ...toView(scope.user, row), userId: toInt(row.userId) };
}

type Tx = Parameters<Parameters<Scope['db']['$transaction']>[0]>[0];

/** A name is unique among the creator's personal views of a list, and among the team's views of a list. */
async function refuseTakenName(
  tx: Tx,
  view: { list: string; name: string; shared: boolean; userId: number },
  exceptId?: number,
) {
  const taken = await tx.savedView.findFirst({
    where: {
      list: view.list,
      name: view.name,
      shared: view.shared,
      ...(view.shared ? {} : { userId: view.userId }),
      ...(exceptId ? { id: { not: exceptId } } : {}),
    },
    select: { id: true },
  });
  if (taken) badRequest(M.savedViews.nameTaken(view.name, view.shared));
}

export async function createSavedView(scope: Scope, input: z.infer<typeof savedViewCreateInput>) {
  const query = sanitiseListQuery(input.list, input.query);
  const max = SAVED_VIEW_LIMITS.perUserPerList;
  const { id } = await scope.db.$transaction(async (tx) => {
    const count = await tx.savedView.count({ where: { userId: scope.user.id, list: input.list } });
    if (count >= max) badRequest(M.savedViews.tooMany(max));
    const view = { list: input.list, name: input.name, shared: input.shared, userId: scope.user.id };
    await refuseTakenName(tx, view);
    return tx.savedView.create({
      data: { businessId: scope.businessId, ...view, query },
      select: { id: true },
    });
  });
  return visibleView(scope, id).then(({ userId: _, ...view }) => view);
}

/** Rename, share or unshare: its creator, or (a team view) an owner or admin; anyone else who sees it: FORBIDDEN. */
export async function updateSavedView(scope: Scope, input: z.infer<typeof savedViewUpdateInput>) {
  const current = await visibleView(scope, input.id);
  if (!current.canEdit) throw new TRPCError({ code: 'FORBIDDEN', message: M.savedViews.notYours });
  const next = { list: current.list, name: input.name ?? current.name, shared: input.shared ?? current.shared };
  const updatedAt = await scope.db.$transaction(async (tx) => {
    await refuseTakenName(tx, { ...next, userId: current.userId }, current.id);
    const changed = await tx.savedView.updateMany({
      where: { id: current.id, userId: current.userId },
      data: { name: next.name, shared: next.shared },
    });
    if (changed.count !== 1) notFound();
    const row = await tx.savedView.findFirst({ where: { id: current.id }, select: { updatedAt: true } });
    return row?.updatedAt ?? notFound();
  });
  // Read back from what was written: an admin who makes a teammate's view personal no longer sees it.
  const { userId, ...view } = current;
  return { ...view, ...next, updatedAt, canEdit: mayEdit(scope.user, { userId, shared: next.shared }) };
}

export async function deleteSavedView(scope: Scope, input: z.infer<typeof savedViewIdInput>) {
  const current = await visibleView(scope, input.id);
  if (!current.canEdit) throw new TRPCError({ code: 'FORBIDDEN', message: M.savedViews.notYours });
  const removed = await scope.db.savedView.deleteMany({ where: { id: current.id, userId: current.userId } });
  if (removed.count !== 1) notFound();
  return { ok: true as const };
}
