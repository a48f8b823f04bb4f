// The raw baseline of `npm run bench`: a minimal Express server answering four representative calls (a list with a
// search, a detail, a portal read, an aggregate) with the app's own SQL, built by the same builders (keysetPage,
// containsText, clientVisible) over the same column lists and run through the same executors (server/sql.ts), so
// that only the transport differs: no tRPC, no zod, no middleware, authentication by the app's own one statement.
// The routers do not export their column lists and mappers yet: the copies below must stay as the routers have them
// (scripts/bench.ts fails when an answer differs from the app's by one byte).
//
// Two transports: Express (the default; the floor of an app on the same framework) and plain node:http (`http`: the
// floor under any framework), each answering the same bytes.
//
// Run by scripts/bench.ts as a child process: `node --import tsx scripts/bench/baseline.ts <DATABASE_URL> <PORT> [express|http]`.
import { hash } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import querystring from 'node:querystring';
import zlib from 'node:zlib';
import BetterSqlite3 from 'better-sqlite3';
import compression from 'compression';
import express, { type Request, type Response } from 'express';
import pg from 'pg';
import { LIMITS } from '../../shared/constants';
import { PROJECT_DETAIL_ITEMS } from '../../shared/schemas/projects';
import {
  ACTIVE_PROJECT_STATUSES,
  CLIENT_COMPANY_STATUSES,
  DONE_TASK_STATUSES,
  PENDING_TASK_STATUSES,
  portalProjectStatus,
} from '../../shared/status';
import { API_COMPRESSION_THRESHOLD } from '../../server/lib/compression';
import { companyListQuery } from '../../server/domain/companies';
import { projectColumns, projectExtras } from '../../server/domain/projects';
import { keysetPage, sortedPage } from '../../server/lib/pagination';
import { clientVisible } from '../../server/portal/visibility';
import { portalSessionStatement, staffSessionStatement } from '../../server/auth/sessions';
import { keysToSnake } from '../../server/rest/case';
import {
  join,
  postgresExecutor,
  raw,
  sql,
  sqliteExecutor,
  tenantRunner,
  TENANT,
  toBool,
  toDate,
  toDateOrNull,
  toInt,
  toIntOrNull,
  toText,
  unscopedRunner,
  type Row,
  type Sql,
  type SqlExecutor,
  type SqlRunner,
} from '../../server/sql';

type Session = { businessId: number; businessSlug: string; companyId: number | null; expiresAt: unknown };
type Reply = { status?: number; body: unknown; headers?: Record<string, string> };
type Handler = (db: SqlRunner, query: Record<string, string | undefined>, session: Session) => Promise<Reply>;

const inList = (values: readonly string[]): Sql =>
  sql`(${join(
    values.map((v) => sql`${v}`),
    ', ',
  )})`;
const dayOf = (value: unknown) => (value == null ? null : toDate(value).toISOString().slice(0, 10));
const pageParams = (q: Record<string, string | undefined>) => ({
  limit: Math.min(Number(q.limit ?? LIMITS.pageSize), LIMITS.pageSizeMax),
  cursor: q.cursor || null,
  search: q.search?.trim() || null,
});
/** A keyset page as the app's REST layer sends it: the items, the counts and the cursor in headers. */
function pageReply(page: {
  items: unknown[];
  total: number | null;
  overall?: number | null;
  nextCursor: number | string | null;
}) {
  const headers: Record<string, string> = {};
  if (page.total !== null) headers['X-Total-Count'] = String(page.total);
  if (page.overall != null) headers['X-Overall-Count'] = String(page.overall);
  if (page.nextCursor !== null) headers['X-Next-Cursor'] = String(page.nextCursor);
  return { body: page.items, headers };
}

// ---------------------------------------------------------------- a list with a search: GET /api/companies

/** The app's own companies statement (server/domain/companies companyListQuery): only the transport differs. */
const companies: Handler = async (db, q) => {
  const { limit, cursor, search } = pageParams(q);
  const page = await sortedPage(db, {
    ...companyListQuery(db, { search: search ?? undefined }),
    limit,
    cursor,
    withOverall: q.withOverall === 'true' || q.withOverall === '1',
  });
  return pageReply(page);
};

// ---------------------------------------------------------------- a detail: GET /projects/v1/{id}

/** server/domain/projects readProject by id: its columns and extras, snake_case as the REST route sends it. */
const projectDetail: Handler = async (db, q) => {
  const id = Number(q.id);
  const limit = raw(String(PROJECT_DETAIL_ITEMS));
  const [r, contacts, tasks, files] = await Promise.all([
    db.get(sql`
      SELECT ${projectColumns}, ${projectExtras(db, sql`t`)},
        (SELECT COUNT(*) FROM "Contact" k WHERE k."businessId" = ${TENANT} AND k."companyId" = t."companyId") AS "companyContactCount"
      FROM "Project" t WHERE t."businessId" = ${TENANT} AND t."id" = ${id}`),
    db.all(sql`
      SELECT k."id", k."companyId", k."firstName", k."lastName", k."email", k."phone", k."title", k."role"
      FROM "ProjectContact" pc JOIN "Contact" k ON k."businessId" = ${TENANT} AND k."id" = pc."contactId"
      WHERE pc."businessId" = ${TENANT} AND pc."projectId" = ${id}
      ORDER BY k."firstName", k."lastName", k."id"`),
    db.all(sql`
      SELECT "id", "title", "description", "status", "priority", "dueDate", "assigneeId", "internal", "createdAt" FROM "Task"
      WHERE "businessId" = ${TENANT} AND "projectId" = ${id} ORDER BY "createdAt" DESC, "id" DESC LIMIT ${limit}`),
    db.all(sql`
      SELECT "id", "name", "type", "size", "url", "storageKey", "createdAt" FROM "Document"
      WHERE "businessId" = ${TENANT} AND "projectId" = ${id} ORDER BY "createdAt" DESC, "id" DESC LIMIT ${limit}`),
  ]);
  if (!r) return { status: 404, body: { message: 'Project not found', code: 'NOT_FOUND' } };
  const companyId = toIntOrNull(r.companyId);
  const ids = r.contactIds == null || r.contactIds === '' ? [] : String(r.contactIds).split(',').map(Number);
  const detail = {
    id: toInt(r.id),
    projectUid: String(r.projectUid),
    name: String(r.name),
    description: toText(r.description),
    status: String(r.status),
    companyId,
    company: companyId !== null && r.companyName != null ? { id: companyId, name: String(r.companyName) } : null,
    projectContactId: ids.sort((a, b) => a - b),
    projectStartDate: dayOf(r.startDate),
    projectCompletionDate: dayOf(r.completionDate),
    totalHoursEstimated: toIntOrNull(r.totalHoursEstimated),
    totalHoursWorked: toIntOrNull(r.totalHoursWorked),
    totalBilled: r.totalBilledCents == null ? null : Number(r.totalBilledCents) / 100,
    visibleToClient: toBool(r.visibleToClient),
    taskCount: toInt(r.taskCount),
    completedTaskCount: toInt(r.completedTaskCount),
    fileCount: toInt(r.fileCount),
    createdAt: toDate(r.createdAt),
    updatedAt: toDate(r.updatedAt),
    companiesId: companyId,
    // Its columns are the answer's fields already (ids, text or null), in their order.
    contacts,
    companyContactCount: toInt(r.companyContactCount),
    tasksOfProject: tasks.map((t) => ({
      id: toInt(t.id),
      name: String(t.title),
      description: toText(t.description),
      status: String(t.status),
      priority: String(t.priority),
      dueDate: toDateOrNull(t.dueDate),
      assigneeId: toIntOrNull(t.assigneeId),
      internal: toBool(t.internal),
      createdAt: toDate(t.createdAt),
    })),
    filesOfProject: files.map((f) => ({
      id: toInt(f.id),
      name: String(f.name),
      fileType: String(f.type),
      fileSize: toInt(f.size),
      fileUrl: f.url ? String(f.url) : f.storageKey ? `/api/documents/${toInt(f.id)}/download` : '',
      createdAt: toDate(f.createdAt),
    })),
  };
  return { body: keysToSnake(detail) };
};

// ---------------------------------------------------------------- a portal read: GET /api/portal/projects/{slug}

/** server/domain/portal projects: the client's visible projects, newest first, with their visible counts. */
const portalProjects: Handler = async (db, q, session) => {
  if (q.slug !== session.businessSlug)
    return { status: 403, body: { message: 'You are signed in to another client portal.', code: 'FORBIDDEN' } };
  const companyId = session.companyId!;
  const { limit, cursor } = pageParams(q);
  const page = await keysetPage(db, {
    table: 'Project',
    columns: sql`t."id", t."name", t."description", t."status", t."priority", t."startDate", t."completionDate", t."companyId", t."createdAt"`,
    filters: [clientVisible.project(sql`t`, companyId)],
    sort: { column: 'createdAt', direction: 'desc' },
    pageExtras: sql`
  (SELECT COUNT(*) FROM "Task" x WHERE x."projectId" = p."id" AND ${clientVisible.task(sql`x`, companyId)}) AS "taskCount",
  (SELECT COUNT(CASE WHEN x."status" IN ${inList(DONE_TASK_STATUSES)} THEN 1 END) FROM "Task" x WHERE x."projectId" = p."id" AND ${clientVisible.task(sql`x`, companyId)}) AS "completedTaskCount",
  (SELECT COUNT(*) FROM "Document" d WHERE d."projectId" = p."id" AND ${clientVisible.document(sql`d`, companyId)}) AS "fileCount"`,
    limit,
    cursor: cursor ? Number(cursor) : null,
    map: (r: Row) => {
      const taskCount = toInt(r.taskCount ?? 0);
      const completedTaskCount = toInt(r.completedTaskCount ?? 0);
      const priority = String(r.priority);
      return {
        id: toInt(r.id),
        name: String(r.name),
        description: toText(r.description),
        status: portalProjectStatus(String(r.status)),
        priority: ['low', 'medium', 'high'].includes(priority) ? priority : 'medium',
        startDate: dayOf(r.startDate),
        endDate: dayOf(r.completionDate),
        companyId: toInt(r.companyId),
        taskCount,
        completedTaskCount,
        fileCount: toInt(r.fileCount ?? 0),
        progress: taskCount === 0 ? 0 : Math.round((completedTaskCount / taskCount) * 100),
      };
    },
  });
  return pageReply({ items: page.items, nextCursor: page.nextCursor, total: page.total });
};

// ---------------------------------------------------------------- an aggregate: GET /api/dashboard/stats

/** server/domain/dashboard stats: three counts and the pending tasks by priority, in one statement. */
const dashboardStats: Handler = async (db) => {
  const row = await db.get(sql`
      SELECT p."n" AS "activeProjects", c."n" AS "totalClients", t."pending", t."high", t."medium", t."low"
      FROM
        (SELECT COUNT(*) AS "n" FROM "Project" WHERE "businessId" = ${TENANT} AND "status" IN ${inList(ACTIVE_PROJECT_STATUSES)}) p,
        (SELECT COUNT(*) AS "n" FROM "Company" WHERE "businessId" = ${TENANT} AND "status" IN ${inList(CLIENT_COMPANY_STATUSES)}) c,
        (SELECT COUNT(*) AS "pending",
                COUNT(CASE WHEN "priority" = 'high' THEN 1 END) AS "high",
                COUNT(CASE WHEN "priority" = 'medium' THEN 1 END) AS "medium",
                COUNT(CASE WHEN "priority" = 'low' THEN 1 END) AS "low"
         FROM "Task" WHERE "businessId" = ${TENANT} AND "status" IN ${inList(PENDING_TASK_STATUSES)}) t`);
  return {
    body: {
      activeProjects: toInt(row?.activeProjects ?? 0),
      pendingTasks: toInt(row?.pending ?? 0),
      totalClients: toInt(row?.totalClients ?? 0),
      tasksByPriority: { high: toInt(row?.high ?? 0), medium: toInt(row?.medium ?? 0), low: toInt(row?.low ?? 0) },
    },
  };
};

// ---------------------------------------------------------------- the server

/** The routes the baseline answers (Express paths) and whether a portal session signs them in. */
const ROUTES: { route: string; handler: Handler; portal?: boolean }[] = [
  { route: '/api/companies', handler: companies },
  { route: '/projects/v1/:id', handler: projectDetail },
  { route: '/api/portal/projects/:slug', handler: portalProjects, portal: true },
  { route: '/api/dashboard/stats', handler: dashboardStats },
];

/**
 * The app's own statement per session kind (server/auth/sessions.ts): the session, its user or contact, agency and
 * (portal) active company. The floor skips what the app does around it (renewal, the last-seen write).
 */
const sessionOf = async (unscoped: SqlRunner, id: string, portal: boolean): Promise<Session | undefined> => {
  const row = await unscoped.get(portal ? portalSessionStatement(id) : staffSessionStatement(id));
  if (!row || (portal && (!row.portalAccess || row.activeCompanyId == null))) return undefined;
  return {
    businessId: toInt(row.businessId),
    businessSlug: String(row.businessSlug),
    companyId: portal ? toInt(row.activeCompanyId) : null,
    expiresAt: row.expiresAt,
  };
};

function executorOf(url: string): SqlExecutor {
  if (/^postgres(ql)?:\/\//.test(url)) return postgresExecutor(new pg.Pool({ connectionString: url }));
  // A second connection beside Prisma's, as server/db.ts opens it for the hand-written statements.
  const connection = new BetterSqlite3(path.resolve(url.replace(/^file:(\/\/)?/, '')), { fileMustExist: true });
  connection.pragma('busy_timeout = 5000');
  connection.pragma('analysis_limit = 400');
  connection.pragma('optimize = 0x10002');
  return sqliteExecutor(connection);
}

type Db = { executor: SqlExecutor; unscoped: SqlRunner };

/** A route's reply to a request (authentication included), whichever transport carries it. */
async function reply(
  { executor, unscoped }: Db,
  route: (typeof ROUTES)[number],
  authorization: string | undefined,
  query: Record<string, string | undefined>,
): Promise<Reply> {
  try {
    const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
    const id = token ? hash('sha256', token, 'hex') : null;
    const session = id ? await sessionOf(unscoped, id, !!route.portal) : undefined;
    if (!session || toDate(session.expiresAt).getTime() <= Date.now())
      return { status: 401, body: { message: 'unauthenticated', code: 'UNAUTHORIZED' } };
    return await route.handler(tenantRunner(executor, session.businessId), query, session);
  } catch (error) {
    console.error(error);
    return { status: 500, body: { message: 'internal error', code: 'INTERNAL_SERVER_ERROR' } };
  }
}

/** Express: the floor of an app built on the same framework. */
function expressServer(db: Db) {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  // The same bytes on the wire as the app: gzip from the same size (the bench asks with Accept-Encoding: gzip).
  app.use(compression({ threshold: API_COMPRESSION_THRESHOLD }));
  for (const route of ROUTES) {
    app.get(route.route, async (req: Request, res: Response) => {
      const query = { ...req.query, ...req.params } as Record<string, string | undefined>;
      const answer = await reply(db, route, req.headers.authorization, query);
      if (answer.headers) res.set(answer.headers);
      res.status(answer.status ?? 200).json(answer.body);
    });
  }
  return app;
}

/** The routes as regular expressions over the path, their :params as named groups (for node:http). */
const MATCHERS = ROUTES.map((route) => ({
  route,
  pattern: new RegExp(`^${route.route.replace(/:(\w+)/g, '(?<$1>[^/]+)')}$`),
}));

/**
 * Plain node:http: the floor under any framework. The same bytes as Express sends (its res.json's Content-Type, and
 * gzip from the same size when asked); the query parsed as Express's "simple" parser does (node:querystring).
 */
function nodeServer(db: Db) {
  return http.createServer((req, res) => {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const pathname = q === -1 ? url : url.slice(0, q);
    let match: { route: (typeof ROUTES)[number]; params: Record<string, string> } | null = null;
    for (const { route, pattern } of MATCHERS) {
      const m = req.method === 'GET' ? pattern.exec(pathname) : null;
      if (m) {
        const params: Record<string, string> = {};
        for (const [key, value] of Object.entries(m.groups ?? {})) params[key] = decodeURIComponent(value);
        match = { route, params };
        break;
      }
    }
    if (!match) {
      res.writeHead(404).end();
      return;
    }
    const query = { ...querystring.parse(q === -1 ? '' : url.slice(q + 1)), ...match.params } as Record<
      string,
      string | undefined
    >;
    void reply(db, match.route, req.headers.authorization, query).then((answer) => {
      const body = Buffer.from(JSON.stringify(answer.body));
      const headers: http.OutgoingHttpHeaders = {
        ...answer.headers,
        'Content-Type': 'application/json; charset=utf-8',
      };
      const gzip = body.length >= API_COMPRESSION_THRESHOLD && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
      if (!gzip) {
        res.writeHead(answer.status ?? 200, { ...headers, 'Content-Length': body.length }).end(body);
        return;
      }
      zlib.gzip(body, (error, zipped) => {
        if (error) throw error;
        res
          .writeHead(answer.status ?? 200, { ...headers, 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' })
          .end(zipped);
      });
    });
  });
}

function main() {
  const [url, port, transport = 'express'] = process.argv.slice(2);
  if (!url || !port || (transport !== 'express' && transport !== 'http'))
    throw new Error('usage: baseline.ts <DATABASE_URL> <PORT> [express|http]');
  const executor = executorOf(url);
  const db = { executor, unscoped: unscopedRunner(executor) };
  const server = transport === 'express' ? expressServer(db) : nodeServer(db);
  server.listen(Number(port), '127.0.0.1', () => console.log('ready'));
}

main();
