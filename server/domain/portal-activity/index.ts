/**
 * The portal's Activity list: the client's feed, not the audit log (issue 27). Entries of the session's company (and
 * flows published for every client) that are a client event (server/portal/client-events.ts) about a record the
 * client may see now (server/portal/visibility.ts), each as a sentence of the catalogue with allow-listed values only:
 * never changes, field names, staff-only fields or other companies' names.
 *
 * One statement per page, newest first, keyset-paginated: the company's entries over the (businessId, companyId,
 * createdAt) index and the agency-wide flow entries over (businessId, entityType, createdAt), each limited to the
 * page, merged; the records' current names are looked up for the page's rows only.
 */
import { clientEventText } from '../../../shared/activity-format';
import type { ActivityChange, ClientEventKind } from '../../../shared/activity';
import { M } from '../../../shared/messages';
import type { z } from 'zod';
import type { portalActivityListInput, PortalActivityEntryRow } from '../../../shared/schemas/activity';
import {
  PORTAL_PROJECT_STATUS_OF,
  PORTAL_TASK_STATUS_OF,
  portalProjectStatus,
  portalTaskStatus,
} from '../../../shared/status';
import { clientEventKindSql, recordNameSql, recordVisibleSql } from '../../portal/client-events';
import { raw, sql, TENANT, toDate, toInt, type Row, type Sql, type SqlRunner } from '../../sql';
import { changesFrom } from '../activity';
import type { PortalScope } from '../context';

/** The portal's word for the status a project or task moved to (only a stored status the portal knows; else none). */
function statusWord(kind: ClientEventKind, changes: ActivityChange[]): string | null {
  const to = changes.find((c) => c.field === 'status')?.to;
  if (typeof to !== 'string') return null;
  if (kind === 'project_status')
    return Object.hasOwn(PORTAL_PROJECT_STATUS_OF, to) ? (M.portal.status[portalProjectStatus(to)] ?? null) : null;
  if (kind === 'task_status')
    return Object.hasOwn(PORTAL_TASK_STATUS_OF, to) ? (M.portal.status[portalTaskStatus(to)] ?? null) : null;
  return null;
}

/** The portal page an entry's record opens on (relative to /portal/{slug}/). */
function pathOf(kind: ClientEventKind, ref: string | null): string | null {
  switch (kind) {
    case 'file_shared':
    case 'file_uploaded':
    case 'file_downloaded':
      return 'files';
    case 'resource_shared':
      return 'dashboard';
    case 'project_shared':
    case 'project_status':
      return ref ? `projects/${ref}` : 'projects';
    case 'task_added':
    case 'task_status':
      return ref ? `projects/${ref}` : 'tasks';
    case 'flow_published':
    case 'flow_submitted':
      return ref ? `workflows/${encodeURIComponent(ref)}` : 'workflows';
    default:
      return null;
  }
}

type Scope = { companyId: number; contactId: number; agencyName: string };

/** One page of the client's feed. */
async function clientFeedPage(db: SqlRunner, scope: Scope, cursor: number | null | undefined, limit: number) {
  const t = sql`t`;
  const kind = clientEventKindSql(t, scope.contactId);
  const after = cursor
    ? sql`(t."createdAt", t."id") < ((SELECT c."createdAt" FROM "Activity" c WHERE c."businessId" = ${TENANT} AND c."id" = ${cursor}), ${cursor})`
    : sql`1 = 1`;
  const branch = (where: Sql, alias: string) => sql`SELECT * FROM (
      SELECT t."id", t."actorType", t."actorContactId", t."actorName", t."entityType", t."entityId", t."changes", t."createdAt", ${kind} AS "kind"
      FROM "Activity" t
      WHERE t."businessId" = ${TENANT} AND ${where} AND ${after} AND (${kind}) IS NOT NULL AND ${recordVisibleSql(t, scope.companyId, scope.contactId)}
      ORDER BY t."createdAt" DESC, t."id" DESC LIMIT ${limit + 1}
    ) ${raw(alias)}`;
  const rows = await db.all(sql`
    SELECT p.*, ${recordNameSql(sql`p`)} FROM (
      ${branch(sql`t."companyId" = ${scope.companyId}`, 'own')}
      UNION ALL
      ${branch(sql`t."companyId" IS NULL AND t."entityType" = 'flow'`, 'everyone')}
    ) p ORDER BY p."createdAt" DESC, p."id" DESC LIMIT ${limit + 1}`);
  const page = rows.slice(0, limit);
  return {
    items: page.map((row) => entryOf(row, scope)),
    nextCursor: rows.length > limit ? toInt(page[page.length - 1].id) : null,
    total: null,
  };
}

function entryOf(row: Row, scope: Scope): PortalActivityEntryRow {
  const kind = String(row.kind) as ClientEventKind;
  const byContact = String(row.actorType) === 'contact';
  const mine = byContact && row.actorContactId != null && toInt(row.actorContactId) === scope.contactId;
  const actorName = byContact ? String(row.actorName) : scope.agencyName;
  const name = row.recordName == null ? null : String(row.recordName);
  const status =
    kind === 'project_status' || kind === 'task_status' ? statusWord(kind, changesFrom(row.changes)) : null;
  return {
    id: toInt(row.id),
    kind,
    actorName,
    mine,
    text: clientEventText(kind, {
      actor: mine ? M.activity.you : actorName,
      name,
      status: status ?? M.activity.clientNewStatus,
    }),
    path: pathOf(kind, row.recordRef == null ? null : String(row.recordRef)),
    createdAt: toDate(row.createdAt),
  };
}

/** The client's feed for the signed-in contact: their company's events, in the agency's name when staff acted. */
export function portalActivityPage(
  scope: Pick<PortalScope, 'sql' | 'companyId' | 'contactId' | 'portalSession'>,
  input: z.output<typeof portalActivityListInput>,
) {
  return clientFeedPage(
    scope.sql,
    { companyId: scope.companyId, contactId: scope.contactId, agencyName: scope.portalSession.business.name },
    input.cursor,
    input.limit,
  );
}
