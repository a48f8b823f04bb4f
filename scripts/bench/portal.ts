// The client portal's calls for `npm run bench` (server/routers/portal.ts): the dashboard, the projects list and the
// files page, each answered by hand-written SQL that must give the app's JSON byte for byte. A portal call is signed
// in with a portal session (scripts/bench.ts signs a portal contact of the demo agency in); the baseline looks it up
// in one statement (PortalSession → Contact → Business, see baseline.ts) and hands over business and company.
// One SQL text serves both databases: $n placeholders (named @pn on SQLite), quoted identifiers.
import type BetterSqlite3 from 'better-sqlite3';
import type pg from 'pg';
import { LIMITS } from '../../shared/constants';
import {
  ACTIVE_PROJECT_STATUSES,
  DONE_TASK_STATUSES,
  PENDING_TASK_STATUSES,
  portalProjectStatus,
} from '../../shared/status';
import { DRAFT_PROJECT_STATUS } from '../../server/portal/visibility';
// Only types come from ./calls (no import cycle), as in ./flows.ts.
import type { Auth, Query, Reply, SqlHandler } from './calls';

type Row = Record<string, unknown>;

/** SQLite DATETIME text (or CURRENT_TIMESTAMP's form, or milliseconds) → toISOString's text (calls.ts sqliteIso). */
function sqliteIso(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'bigint') return new Date(Number(value)).toISOString();
  const text = String(value);
  if (/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d+)?$/.test(text))
    return new Date(`${text.replace(' ', 'T')}Z`).toISOString();
  return new Date(text).toISOString();
}
type Runner = {
  all(name: string, text: string, values: unknown[]): Promise<Row[]>;
  iso(column: string): string;
  iso2(value: unknown): string | null;
};

function sqliteRunner(db: BetterSqlite3.Database): Runner {
  const cache = new Map<string, BetterSqlite3.Statement>();
  return {
    async all(_name, text, values) {
      let stmt = cache.get(text);
      if (!stmt) {
        stmt = db.prepare(text.replace(/\$(\d+)/g, '@p$1'));
        cache.set(text, stmt);
      }
      const params: Record<string, unknown> = {};
      values.forEach((v, i) => {
        params[`p${i + 1}`] =
          v instanceof Date ? v.toISOString().replace('Z', '+00:00') : typeof v === 'boolean' ? (v ? 1 : 0) : v;
      });
      return stmt.all(params) as Row[];
    },
    iso: (column) => column,
    iso2: sqliteIso,
  };
}

function pgRunner(pool: pg.Pool): Runner {
  return {
    async all(name, text, values) {
      return (await pool.query({ name, text, values: values.map((v) => (v instanceof Date ? v.toISOString() : v)) }))
        .rows as Row[];
    },
    iso: (column) => `to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    iso2: (value) => (value == null ? null : String(value)),
  };
}

const handler = (answer: (run: Runner, query: Query, auth: Auth) => Promise<Reply>): SqlHandler => ({
  // The SQLite statements run synchronously inside; the reply comes back through one resolved promise.
  sqlite: (db) => {
    const run = sqliteRunner(db);
    return ((query: Query, auth: Auth) => answer(run, query, auth)) as unknown as (query: Query, auth: Auth) => Reply;
  },
  postgres: (pool) => {
    const run = pgRunner(pool);
    return (query, auth) => answer(run, query, auth);
  },
});

const FORBIDDEN: Reply = {
  status: 403,
  body: { message: 'You are signed in to another client portal.', code: 'FORBIDDEN' },
};
const slugOk = (query: Query, auth: Auth) =>
  query.slug === undefined || String(query.slug).trim().toLowerCase() === auth.businessSlug;
const marks = (values: readonly unknown[], from: number) => values.map((_, i) => `$${from + i}`).join(', ');
const day = (run: Runner, v: unknown) => (v == null ? null : run.iso2(v)!.slice(0, 10));
const ref = (id: unknown, name: unknown) =>
  id == null || name == null ? null : { id: Number(id), name: String(name) };
const priorityOf = (p: unknown) => (p === 'low' || p === 'medium' || p === 'high' ? p : 'medium');

function projectCard(run: Runner, r: Row) {
  const taskCount = Number(r.taskCount);
  const completedTaskCount = Number(r.completedTaskCount);
  return {
    id: Number(r.id),
    name: String(r.name),
    description: (r.description as string | null) ?? null,
    status: portalProjectStatus(String(r.status)),
    priority: priorityOf(r.priority),
    startDate: day(run, r.startDate),
    endDate: day(run, r.completionDate),
    companyId: Number(r.companyId),
    taskCount,
    completedTaskCount,
    fileCount: Number(r.fileCount),
    progress: taskCount === 0 ? 0 : Math.round((completedTaskCount / taskCount) * 100),
  };
}

function fileItem(run: Runner, r: Row) {
  const id = Number(r.id);
  return {
    id,
    name: String(r.name),
    type: String(r.type),
    size: Number(r.size ?? 0),
    createdAt: run.iso2(r.createdAt),
    projectId: r.projectId == null ? null : Number(r.projectId),
    companyId: Number(r.companyId),
    project: ref(r.projectId, r.projectName),
    downloadUrl: `/api/documents/${id}/download`,
  };
}

/**
 * Which rows a client reads: server/portal/visibility.ts (clientVisible.*), the same conditions written out for the
 * baseline. A portal statement is built with `mark(value)` binding each value once (`$n`; one SQL text per shape, so
 * the prepared statements are reused), business and company first.
 * - a project: the company's, shared (visibleToClient) and not a draft;
 * - a task: not internal, of a visible project;
 * - a file (a resource): the company's, shared (visibleInPortal / visibleToClient), with no project or a visible one.
 */
type Mark = (value: unknown) => string;
type Statement = { text: string; values: unknown[] };

function statement(b: number, c: number, build: (mark: Mark, v: Visible) => string): Statement {
  const values: unknown[] = [];
  const mark: Mark = (value) => (values.push(value), `$${values.length}`);
  const business = mark(b);
  const company = mark(c);
  const project = (p: string) =>
    `${p}."businessId" = ${business} AND ${p}."companyId" = ${company} AND ${p}."visibleToClient" = ${mark(true)} AND ${p}.status <> ${mark(DRAFT_PROJECT_STATUS)}`;
  const projectIds = () => `(SELECT vp.id FROM "Project" vp WHERE ${project('vp')})`;
  const v: Visible = {
    business,
    company,
    project,
    projectIds,
    task: (t) =>
      `${t}."businessId" = ${business} AND ${t}."internal" = ${mark(false)} AND ${t}."projectId" IN ${projectIds()}`,
    document: (d) =>
      `${d}."businessId" = ${business} AND ${d}."companyId" = ${company} AND ${d}."visibleInPortal" = ${mark(true)} AND (${d}."projectId" IS NULL OR ${d}."projectId" IN ${projectIds()})`,
    resource: (r) =>
      `${r}."businessId" = ${business} AND ${r}."companyId" = ${company} AND ${r}."visibleToClient" = ${mark(true)} AND (${r}."projectId" IS NULL OR ${r}."projectId" IN ${projectIds()})`,
  };
  return { text: build(mark, v), values };
}
type Visible = {
  business: string;
  company: string;
  project: (alias: string) => string;
  projectIds: () => string;
  task: (alias: string) => string;
  document: (alias: string) => string;
  resource: (alias: string) => string;
};
const runStatement = (run: Runner, name: string, s: Statement) => run.all(name, s.text, s.values);

/**
 * Project columns and counts of a visible project (alias p): its tasks that are not internal, and its shared files
 * of the client's company (the project being visible, the rule's project condition holds for both).
 */
const projectSelect = (
  run: Runner,
  mark: Mark,
  v: Visible,
) => `p.id, p.name, p.description, p.status, p.priority, ${run.iso('p."startDate"')} AS "startDate",
  ${run.iso('p."completionDate"')} AS "completionDate", p."companyId",
  (SELECT COUNT(*) FROM "Task" x WHERE x."businessId" = ${v.business} AND x."projectId" = p.id AND x."internal" = ${mark(false)}) AS "taskCount",
  (SELECT COUNT(*) FROM "Task" x WHERE x."businessId" = ${v.business} AND x."projectId" = p.id AND x."internal" = ${mark(false)} AND x.status IN (${DONE_TASK_STATUSES.map(mark).join(', ')})) AS "completedTaskCount",
  (SELECT COUNT(*) FROM "Document" d WHERE d."businessId" = ${v.business} AND d."projectId" = p.id AND d."companyId" = ${v.company} AND d."visibleInPortal" = ${mark(true)}) AS "fileCount"`;

const fileSelect = (
  run: Runner,
) => `d.id, d.name, d.type, d.size, ${run.iso('d."createdAt"')} AS "createdAt", d."projectId", d."companyId",
  (SELECT fp.name FROM "Project" fp WHERE fp."businessId" = d."businessId" AND fp.id = d."projectId") AS "projectName"`;

function intParam(value: unknown, fallback: number | null, min: number, max: number): number | null {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (typeof value !== 'string' || !Number.isInteger(n) || n < min || n > max)
    throw Object.assign(new Error('bad request'), { badRequest: true });
  return n;
}

/** GET /api/portal/dashboard/{slug}. */
export const portalDashboard = handler(async (run, query, auth) => {
  if (!slugOk(query, auth)) return FORBIDDEN;
  const b = auth.businessId;
  const c = auth.companyId!;
  const [counts, projects, files, resources] = await Promise.all([
    runStatement(
      run,
      'portal-dash-counts',
      statement(
        b,
        c,
        (mark, v) => `SELECT
        (SELECT COUNT(CASE WHEN p.status IN (${ACTIVE_PROJECT_STATUSES.map(mark).join(', ')}) THEN 1 END) FROM "Project" p WHERE ${v.project('p')}) AS "activeProjects",
        (SELECT COUNT(CASE WHEN x.status IN (${PENDING_TASK_STATUSES.map(mark).join(', ')}) THEN 1 END) FROM "Task" x WHERE ${v.task('x')}) AS "pendingTasks",
        (SELECT COUNT(*) FROM "Document" d WHERE ${v.document('d')}) AS "totalFiles"`,
      ),
    ),
    runStatement(
      run,
      'portal-dash-projects',
      statement(
        b,
        c,
        (
          mark,
          v,
        ) => `SELECT ${projectSelect(run, mark, v)} FROM (SELECT * FROM "Project" t WHERE ${v.project('t')} ORDER BY t."createdAt" DESC, t.id DESC LIMIT 3) p
       ORDER BY p."createdAt" DESC, p.id DESC`,
      ),
    ),
    runStatement(
      run,
      'portal-dash-files',
      statement(
        b,
        c,
        (_mark, v) => `SELECT ${fileSelect(run)} FROM "Document" d WHERE ${v.document('d')}
       ORDER BY d."createdAt" DESC, d.id DESC LIMIT ${LIMITS.recentFiles}`,
      ),
    ),
    runStatement(
      run,
      'portal-dash-resources',
      statement(
        b,
        c,
        (
          _mark,
          v,
        ) => `SELECT r.id, r.title, r.description, r.type, r.status, r."projectId", ${run.iso('r."createdAt"')} AS "createdAt",
         (SELECT rp.name FROM "Project" rp WHERE rp."businessId" = r."businessId" AND rp.id = r."projectId") AS "projectName"
       FROM "Resource" r WHERE ${v.resource('r')}
       ORDER BY r."createdAt" DESC, r.id DESC LIMIT ${LIMITS.pageSizeMax}`,
      ),
    ),
  ]);
  const ids = resources.map((r) => Number(r.id));
  const details = ids.length
    ? await run.all(
        `portal-dash-details-${ids.length}`,
        `SELECT "resourceId", key, value FROM "ResourceDetail" WHERE "businessId" = $1 AND "resourceId" IN (${marks(ids, 2)}) ORDER BY "resourceId", position`,
        [b, ...ids],
      )
    : [];
  const byResource = new Map<number, { key: string; value: string }[]>(ids.map((id) => [id, []]));
  for (const d of details) byResource.get(Number(d.resourceId))?.push({ key: String(d.key), value: String(d.value) });
  const n = counts[0];
  return {
    body: {
      counts: {
        activeProjects: Number(n.activeProjects),
        pendingTasks: Number(n.pendingTasks),
        totalFiles: Number(n.totalFiles),
      },
      recentProjects: projects.map((r) => projectCard(run, r)),
      recentFiles: files.map((r) => fileItem(run, r)),
      resources: resources.map((r) => ({
        id: Number(r.id),
        title: String(r.title),
        description: String(r.description),
        type: String(r.type),
        status: String(r.status),
        projectId: r.projectId == null ? null : Number(r.projectId),
        project: ref(r.projectId, r.projectName),
        details: byResource.get(Number(r.id)) ?? [],
        createdAt: run.iso2(r.createdAt),
      })),
    },
  };
});

/** GET /api/portal/projects/{slug}: the visible projects, X-Total-Count (first page), X-Next-Cursor. */
export const portalProjects = handler(async (run, query, auth) => {
  if (!slugOk(query, auth)) return FORBIDDEN;
  const limit = intParam(query.limit, LIMITS.pageSize, 1, LIMITS.pageSizeMax)!;
  const cursor = intParam(query.cursor, null, 1, 2_147_483_647);
  const b = auth.businessId;
  const c = auth.companyId!;
  const [rows, total] = await Promise.all([
    runStatement(
      run,
      `portal-projects-${!!cursor}`,
      statement(b, c, (mark, v) => {
        const after = cursor
          ? ` AND (t."createdAt", t.id) < ((SELECT "createdAt" FROM "Project" WHERE "businessId" = ${v.business} AND id = ${mark(cursor)}), ${mark(cursor)})`
          : '';
        return `SELECT ${projectSelect(run, mark, v)} FROM (SELECT * FROM "Project" t WHERE ${v.project('t')}${after} ORDER BY t."createdAt" DESC, t.id DESC LIMIT ${mark(limit + 1)}) p
       ORDER BY p."createdAt" DESC, p.id DESC`;
      }),
    ),
    cursor
      ? null
      : runStatement(
          run,
          'portal-projects-count',
          statement(b, c, (_mark, v) => `SELECT COUNT(*) AS n FROM "Project" t WHERE ${v.project('t')}`),
        ),
  ]);
  const items = rows.slice(0, limit).map((r) => projectCard(run, r));
  const headers: Record<string, string> = {};
  if (total) headers['X-Total-Count'] = String(Number(total[0].n));
  if (rows.length > limit) headers['X-Next-Cursor'] = String(items[items.length - 1].id);
  return { body: items, headers };
});

/** GET /api/portal/files/{slug}: the first page of visible files, stats and the project filter's options. */
export const portalFiles = handler(async (run, query, auth) => {
  if (!slugOk(query, auth)) return FORBIDDEN;
  const limit = intParam(query.limit, LIMITS.pageSize, 1, LIMITS.pageSizeMax)!;
  const cursor = intParam(query.cursor, null, 1, 2_147_483_647);
  const b = auth.businessId;
  const c = auth.companyId!;
  const since = new Date(Date.now() - 7 * 24 * 60 * 60 * 1000);
  const [stats, options, rows, total] = await Promise.all([
    runStatement(
      run,
      'portal-files-stats',
      statement(
        b,
        c,
        (
          mark,
          v,
        ) => `SELECT COUNT(*) AS total, COUNT(DISTINCT d."projectId") AS projects, COUNT(CASE WHEN d."createdAt" >= ${mark(since)} THEN 1 END) AS recent
       FROM "Document" d WHERE ${v.document('d')}`,
      ),
    ),
    runStatement(
      run,
      'portal-files-options',
      statement(
        b,
        c,
        (_mark, v) => `SELECT o.id, o.name FROM "Project" o WHERE ${v.project('o')} ORDER BY o.name, o.id`,
      ),
    ),
    runStatement(
      run,
      `portal-files-${!!cursor}`,
      statement(b, c, (mark, v) => {
        const after = cursor
          ? ` AND (d."createdAt", d.id) < ((SELECT "createdAt" FROM "Document" WHERE "businessId" = ${v.business} AND id = ${mark(cursor)}), ${mark(cursor)})`
          : '';
        return `SELECT ${fileSelect(run)} FROM "Document" d WHERE ${v.document('d')}${after}
       ORDER BY d."createdAt" DESC, d.id DESC LIMIT ${mark(limit + 1)}`;
      }),
    ),
    cursor
      ? null
      : runStatement(
          run,
          'portal-files-count',
          statement(b, c, (_mark, v) => `SELECT COUNT(*) AS n FROM "Document" d WHERE ${v.document('d')}`),
        ),
  ]);
  const items = rows.slice(0, limit).map((r) => fileItem(run, r));
  const s = stats[0];
  return {
    body: {
      items,
      nextCursor: rows.length > limit ? items[items.length - 1].id : null,
      total: total ? Number(total[0].n) : null,
      stats: { total: Number(s.total), projects: Number(s.projects), recent: Number(s.recent) },
      projectOptions: options.map((o) => ({ id: Number(o.id), name: String(o.name) })),
    },
  };
});

/** A select field's choices, as the app reads them from the stored options (./flows.ts choicesOf). */
function choicesOf(options: string): string[] {
  try {
    const choices = (JSON.parse(options) as { choices?: unknown })?.choices;
    return Array.isArray(choices) ? choices.filter((c): c is string => typeof c === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * GET /api/portal/flows/{flowUid} (portalFlows.get): one flow the contact may see (published, for their company or for
 * all companies, with at least one step) with its steps, their fields (collect flows only) and the contact's
 * submission and answers (file answers with their document when it is one of the contact's company). Five statements at once, each finding the
 * flow through its flowUid, then the answers' documents when there are file answers.
 */
export const portalFlowGet = handler(async (run, query, auth) => {
  const uid = typeof query.flowUid === 'string' ? query.flowUid.trim() : '';
  if (!uid || uid.length > 64) return { status: 400, body: { message: 'bad request', code: 'BAD_REQUEST' } };
  const b = auth.businessId;
  const c = auth.companyId ?? null;
  const k = auth.contactId!;
  const flowId = '(SELECT f.id FROM "Flow" f WHERE f."businessId" = $1 AND f."flowUid" = $2)';
  const [flows, steps, fields, subs, answerRows] = await Promise.all([
    run.all(
      'portal-flow',
      'SELECT t.id, t."flowUid", t.name, t.description, t."workflowType", t."isActive", t."companyId" FROM "Flow" t WHERE t."businessId" = $1 AND t."flowUid" = $2',
      [b, uid],
    ),
    run.all(
      'portal-flow-steps',
      `SELECT s.id, s."stepOrder", s."stepTitle", s.content FROM "FlowStep" s WHERE s."businessId" = $1 AND s."flowId" = ${flowId} ORDER BY s."stepOrder", s.id`,
      [b, uid],
    ),
    run.all(
      'portal-flow-fields',
      `SELECT x.id, x."flowStepId", x."fieldLabel", x."fieldType", x."isRequired", x.options, x."helpText", x."order"
       FROM "FlowStep" s JOIN "FlowField" x ON x."businessId" = s."businessId" AND x."flowStepId" = s.id
       WHERE s."businessId" = $1 AND s."flowId" = ${flowId} ORDER BY x."flowStepId", x."order", x.id`,
      [b, uid],
    ),
    run.all(
      'portal-flow-submission',
      `SELECT s.status, s."currentStep", ${run.iso('s."createdAt"')} AS "createdAt", ${run.iso('s."completedAt"')} AS "completedAt"
       FROM "FlowSubmission" s WHERE s."businessId" = $1 AND s."flowId" = ${flowId} AND s."contactId" = $3`,
      [b, uid, k],
    ),
    run.all(
      'portal-flow-answers',
      `SELECT a."flowFieldId", a.value FROM "FlowSubmission" s
       JOIN "FlowAnswer" a ON a."businessId" = s."businessId" AND a."submissionId" = s.id
       WHERE s."businessId" = $1 AND s."flowId" = ${flowId} AND s."contactId" = $3`,
      [b, uid, k],
    ),
  ]);
  const flow = flows[0];
  // The portal's rule (server/portal/visibility.ts clientVisible.flow): published, for the company or for all, with a step.
  if (!flow || !flow.isActive || (flow.companyId != null && Number(flow.companyId) !== c) || steps.length === 0) {
    return { status: 404, body: { message: 'not found', code: 'NOT_FOUND' } };
  }
  // File answers: the value names a Document, shown only when it is one of the contact's company.
  const fileFields = new Set(fields.filter((f) => f.fieldType === 'file').map((f) => Number(f.id)));
  const docIdOf = (a: Row) => {
    const id = Number(a.value);
    return fileFields.has(Number(a.flowFieldId)) && Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
  };
  const docIds = [...new Set(answerRows.map(docIdOf).filter((id): id is number => id !== null))];
  const docs = docIds.length
    ? await run.all(
        `portal-flow-docs-${docIds.length}`,
        `SELECT id, name, size, "companyId" FROM "Document" WHERE "businessId" = $1 AND id IN (${marks(docIds, 2)})`,
        [b, ...docIds],
      )
    : [];
  const docById = new Map(docs.map((d) => [Number(d.id), d]));
  const files = new Map<number, { id: number; name: string; size: number }>();
  for (const a of answerRows) {
    const d = docById.get(docIdOf(a) ?? 0);
    if (d && (d.companyId == null ? null : Number(d.companyId)) === c)
      files.set(Number(a.flowFieldId), { id: Number(d.id), name: String(d.name), size: Number(d.size ?? 0) });
  }
  const form = flow.workflowType === 'collect';
  const byStep = new Map<number, Row[]>();
  for (const f of fields) {
    const list = byStep.get(Number(f.flowStepId)) ?? [];
    list.push(f);
    byStep.set(Number(f.flowStepId), list);
  }
  const stepCount = steps.length;
  const sub = subs[0];
  const state = !sub
    ? { status: 'not_started', currentStep: 0, stepCount, startedAt: null, completedAt: null }
    : {
        status: sub.status === 'completed' ? 'completed' : 'in_progress',
        currentStep: Math.min(Math.max(Number(sub.currentStep), 1), Math.max(stepCount, 1)),
        stepCount,
        startedAt: run.iso2(sub.createdAt),
        completedAt: run.iso2(sub.completedAt),
      };
  return {
    body: {
      id: Number(flow.id),
      flowUid: String(flow.flowUid),
      name: String(flow.name),
      description: String(flow.description),
      workflowType: String(flow.workflowType),
      state,
      steps: steps.map((s) => ({
        id: Number(s.id),
        stepOrder: Number(s.stepOrder),
        stepTitle: String(s.stepTitle),
        content: String(s.content ?? ''),
        fields: form
          ? (byStep.get(Number(s.id)) ?? []).map((f) => ({
              id: Number(f.id),
              fieldLabel: String(f.fieldLabel),
              fieldType: String(f.fieldType),
              isRequired: !!f.isRequired,
              choices: choicesOf(String(f.options ?? '{}')),
              helpText: f.helpText == null ? null : String(f.helpText),
              order: Number(f.order),
            }))
          : [],
      })),
      answers: answerRows.map((a) => ({
        fieldId: Number(a.flowFieldId),
        value: String(a.value),
        file: files.get(Number(a.flowFieldId)) ?? null,
      })),
    },
  };
});
