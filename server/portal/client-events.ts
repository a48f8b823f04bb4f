/**
 * The client's feed and the client e-mails, derived from the activity log (issue 27: "Client activity is a client's
 * feed, not an audit log"). An activity entry (entityType + action + which field changed) becomes at most one client
 * event of a small fixed list (shared/activity.ts CLIENT_EVENT_KINDS), written from a template of the catalogue with
 * allow-listed values only; its changes (old → new values, field names, staff-only fields) never reach a client.
 *
 * One table of rules, compiled two ways so the feed and the e-mails cannot disagree: to SQL (the portal's Activity
 * list filters a page in the database: clientFeedPage in server/domain/portal-activity) and to a predicate over an
 * entry (server/notifications: which entries e-mail clients). Whether the client may see the record NOW is
 * ./visibility.ts's business, asked by both.
 *
 * Changes are stored as JSON text written by JSON.stringify in recordActivity, each change `{"field":…,"from":…,
 * "to":…}`: a quote inside a value is escaped (\"), so `"field":"status"` can only match a change's own field name.
 */
import type { ActivityAction, ActivityChange, ActivityEntityType, ClientEventKind } from '../../shared/activity';
import { join, raw, sql, TENANT, type Sql } from '../sql';
import { clientVisible } from './visibility';

/** One way an entry makes a client event; every given test must hold. */
type When = {
  actions: readonly ActivityAction[];
  /** This boolean field was switched on (or set on at creation): a share. */
  switchedOn?: string;
  /** This field changed (a status, a move to another company). */
  changed?: string;
  /** The entry has no change of this field (entries written before the field was recorded). */
  lacks?: string;
  /** Shared with the client when written (the entry's clientVisible). */
  sharedThen?: true;
};

type Rule = {
  kind: ClientEventKind;
  entityType: ActivityEntityType;
  /** Who did it: the agency (staff, or the app itself), a contact of the company, or the signed-in contact only. */
  by: 'agency' | 'contact' | 'me';
  when: readonly When[];
  /** Also e-mailed to the contacts who can now see the record (one e-mail per entry). */
  mails?: true;
};

/**
 * The first rule that matches an entry is its kind; an entry no rule matches is not the client's. Messages' entries
 * ('message': posted, or an internal note) have no rule on purpose: the client reads the conversation itself, and a
 * note's entry must never reach them.
 */
const CLIENT_EVENT_RULES: readonly Rule[] = [
  {
    kind: 'file_shared',
    entityType: 'file',
    by: 'agency',
    mails: true,
    when: [
      // Uploaded or linked shared, or shared later; moved to this company while shared.
      { actions: ['created', 'uploaded', 'updated'], switchedOn: 'visibleInPortal' },
      { actions: ['updated'], changed: 'company', sharedThen: true },
    ],
  },
  { kind: 'file_uploaded', entityType: 'file', by: 'contact', when: [{ actions: ['uploaded'] }] },
  { kind: 'file_downloaded', entityType: 'file', by: 'contact', when: [{ actions: ['downloaded'] }] },
  {
    kind: 'resource_shared',
    entityType: 'resource',
    by: 'agency',
    when: [
      { actions: ['created', 'updated'], switchedOn: 'visibleToClient' },
      { actions: ['updated'], changed: 'company', sharedThen: true },
    ],
  },
  {
    kind: 'project_shared',
    entityType: 'project',
    by: 'agency',
    when: [
      { actions: ['created', 'updated'], switchedOn: 'visibleToClient' },
      // Projects created before they could be internal were shared from the start.
      { actions: ['created'], lacks: 'visibleToClient' },
      { actions: ['updated'], changed: 'company', sharedThen: true },
    ],
  },
  { kind: 'project_status', entityType: 'project', by: 'agency', when: [{ actions: ['updated'], changed: 'status' }] },
  { kind: 'task_added', entityType: 'task', by: 'agency', when: [{ actions: ['created'] }] },
  { kind: 'task_status', entityType: 'task', by: 'agency', when: [{ actions: ['updated'], changed: 'status' }] },
  {
    kind: 'flow_published',
    entityType: 'flow',
    by: 'agency',
    mails: true,
    // Never on creation: only staff's Publish, or a published flow given to this company.
    when: [{ actions: ['published'] }, { actions: ['updated'], changed: 'company', sharedThen: true }],
  },
  { kind: 'flow_submitted', entityType: 'flow', by: 'contact', when: [{ actions: ['flow_submitted'] }] },
  { kind: 'signed_in', entityType: 'portal', by: 'me', when: [{ actions: ['signed_in'] }] },
  { kind: 'joined', entityType: 'contact', by: 'me', when: [{ actions: ['invite_accepted'] }] },
];

// ── As a predicate over one entry (the e-mails) ───────────────────────────────────────────────────────────────────

export type EntryFacts = {
  actorType: string;
  actorContactId?: number | null;
  entityType: string;
  action: string;
  changes: readonly ActivityChange[];
  clientVisible: boolean;
};

const matches = (when: When, e: EntryFacts) =>
  when.actions.includes(e.action as ActivityAction) &&
  (!when.switchedOn ||
    e.changes.some((c) => c.field === when.switchedOn && c.to === true && (c.from === false || c.from === null))) &&
  (!when.changed || e.changes.some((c) => c.field === when.changed)) &&
  (!when.lacks || !e.changes.some((c) => c.field === when.lacks)) &&
  (!when.sharedThen || e.clientVisible);

const actorMatches = (rule: Rule, e: EntryFacts, contactId: number | null) =>
  rule.by === 'agency'
    ? e.actorType !== 'contact'
    : rule.by === 'contact'
      ? e.actorType === 'contact'
      : e.actorType === 'contact' && e.actorContactId === contactId;

/** The client event an entry is (for the given signed-in contact, when there is one), or null. */
export function clientEventOf(e: EntryFacts, contactId: number | null = null): ClientEventKind | null {
  for (const rule of CLIENT_EVENT_RULES) {
    if (rule.entityType === e.entityType && actorMatches(rule, e, contactId) && rule.when.some((w) => matches(w, e)))
      return rule.kind;
  }
  return null;
}

/** The e-mail an entry sends to the clients who can see its record now, if any. */
export function clientMailOf(e: EntryFacts): ClientEventKind | null {
  const kind = clientEventOf(e);
  return kind && CLIENT_EVENT_RULES.find((r) => r.kind === kind)?.mails ? kind : null;
}

// ── As SQL over the Activity table (the feed) ─────────────────────────────────────────────────────────────────────

/** A constant of this file as a SQL literal (never input: field names, actions and kinds of the table above). */
const literal = (text: string) => {
  if (!/^[A-Za-z_]+$/.test(text)) throw new Error(`Not a plain word: ${text}`);
  return raw(`'${text}'`);
};
const changeLike = (t: Sql, pattern: string) => sql`${t}."changes" LIKE ${raw(`'%${pattern}%'`)}`;
const fieldPattern = (field: string) => {
  literal(field);
  return `"field":"${field}"`;
};

function whenSql(t: Sql, when: When): Sql {
  const parts = [sql`${t}."action" IN (${join(when.actions.map(literal), ', ')})`];
  if (when.switchedOn) {
    const f = fieldPattern(when.switchedOn);
    parts.push(
      sql`(${changeLike(t, `${f},"from":false,"to":true`)} OR ${changeLike(t, `${f},"from":null,"to":true`)})`,
    );
  }
  if (when.changed) parts.push(changeLike(t, fieldPattern(when.changed)));
  if (when.lacks) parts.push(sql`NOT ${changeLike(t, fieldPattern(when.lacks))}`);
  if (when.sharedThen) parts.push(sql`${t}."clientVisible" = ${true}`);
  return sql`(${join(parts, ' AND ')})`;
}

function actorSql(t: Sql, rule: Rule, contactId: number): Sql {
  if (rule.by === 'agency') return sql`${t}."actorType" <> 'contact'`;
  if (rule.by === 'contact') return sql`${t}."actorType" = 'contact'`;
  return sql`${t}."actorType" = 'contact' AND ${t}."actorContactId" = ${contactId}`;
}

const ruleSql = (t: Sql, rule: Rule, contactId: number) =>
  sql`(${t}."entityType" = ${literal(rule.entityType)} AND ${actorSql(t, rule, contactId)} AND (${join(
    rule.when.map((w) => whenSql(t, w)),
    ' OR ',
  )}))`;

/** The entry's client event kind as a SQL expression (NULL: not the client's). */
export function clientEventKindSql(t: Sql, contactId: number): Sql {
  return sql`CASE ${join(
    CLIENT_EVENT_RULES.map((rule) => sql`WHEN ${ruleSql(t, rule, contactId)} THEN ${literal(rule.kind)}`),
    ' ',
  )} ELSE NULL END`;
}

/**
 * The entry's record is one the client may see now (./visibility.ts): a file shared then unshared, or moved to
 * another company, takes its entries out of the feed. Sign-ins and invites name no record: the contact's own only.
 */
export function recordVisibleSql(t: Sql, companyId: number, contactId: number): Sql {
  const exists = (table: string, alias: string, rule: (a: Sql, companyId: number) => Sql) =>
    sql`(${t}."entityType" = ${literal(ENTITY_OF_TABLE[table])} AND EXISTS (SELECT 1 FROM ${raw(`"${table}" ${alias}`)} WHERE ${raw(alias)}."id" = ${t}."entityId" AND ${rule(raw(alias), companyId)}))`;
  return sql`(${join(
    [
      exists('Document', 'vd', clientVisible.document),
      exists('Resource', 'vr', clientVisible.resource),
      exists('Project', 'vpj', clientVisible.project),
      exists('Task', 'vt', clientVisible.task),
      exists('Flow', 'vf', clientVisible.flow),
      sql`(${t}."entityType" IN ('portal', 'contact') AND ${t}."actorContactId" = ${contactId})`,
    ],
    ' OR ',
  )})`;
}

const ENTITY_OF_TABLE: Record<string, ActivityEntityType> = {
  Document: 'file',
  Resource: 'resource',
  Project: 'project',
  Task: 'task',
  Flow: 'flow',
};

/**
 * What a page's row shows of its record (looked up for the page's rows only; the record is visible, the WHERE said
 * so): its current name, and what its portal page needs (a project's id, a task's project, a flow's uid).
 */
export function recordNameSql(p: Sql): Sql {
  const one = (column: string, table: string) =>
    sql`(SELECT x.${raw(`"${column}"`)} FROM ${raw(`"${table}"`)} x WHERE x."businessId" = ${TENANT} AND x."id" = ${p}."entityId")`;
  return sql`CASE ${p}."entityType"
      WHEN 'file' THEN ${one('name', 'Document')}
      WHEN 'resource' THEN ${one('title', 'Resource')}
      WHEN 'project' THEN ${one('name', 'Project')}
      WHEN 'task' THEN ${one('title', 'Task')}
      WHEN 'flow' THEN ${one('name', 'Flow')}
      ELSE NULL END AS "recordName",
    CASE ${p}."entityType"
      WHEN 'project' THEN CAST(${p}."entityId" AS TEXT)
      WHEN 'task' THEN (SELECT CAST(x."projectId" AS TEXT) FROM "Task" x WHERE x."businessId" = ${TENANT} AND x."id" = ${p}."entityId")
      WHEN 'flow' THEN ${one('flowUid', 'Flow')}
      ELSE NULL END AS "recordRef"`;
}
