// Reports for `npm run bench` (server/domain/reports): GET /api/reports (the default range, the last 12 months),
// answered by hand-written SQL that must give the app's JSON byte for byte: the company check, then nine aggregate
// statements. One SQL text per statement serves both databases ($n placeholders, named @pn on SQLite), with the
// month / week / hours expressions per database.
import type BetterSqlite3 from 'better-sqlite3';
import type pg from 'pg';
import { M } from '../../shared/messages';
import type { Auth, Query, Reply, SqlHandler } from './calls';

type Row = Record<string, unknown>;
type Db = 'sqlite' | 'pg';
const DAY = 86_400_000;
const ymd = (d: Date) => d.toISOString().slice(0, 10);

const month = (db: Db, c: string) => (db === 'sqlite' ? `strftime('%Y-%m', ${c})` : `to_char(${c}, 'YYYY-MM')`);
const week = (db: Db, c: string) =>
  db === 'sqlite' ? `date(${c}, '-6 days', 'weekday 1')` : `to_char(date_trunc('week', ${c}), 'YYYY-MM-DD')`;
const hoursBetween = (db: Db, a: string, b: string) =>
  db === 'sqlite' ? `((julianday(${b}) - julianday(${a})) * 24.0)` : `(EXTRACT(EPOCH FROM (${b} - ${a})) / 3600.0)`;

/** $1 business, $2 start, $3 end (exclusive), $4 today, $5 company (when filtered). */
export function texts(db: Db, company: boolean) {
  const co = (alias: string) => (company ? ` AND ${alias}."companyId" = $5` : '');
  const inRange = `p."businessId" = $1${co('p')} AND COALESCE(p."startDate", p."createdAt") < $3 AND (p."completionDate" IS NULL OR p."completionDate" >= $2)`;
  return {
    status: `SELECT p.status, COUNT(*) AS n FROM "Project" p WHERE ${inRange} GROUP BY p.status ORDER BY n DESC, p.status`,
    months: `SELECT 's' AS kind, ${month(db, 'p."startDate"')} AS month, COUNT(*) AS n FROM "Project" p
      WHERE p."businessId" = $1${co('p')} AND p."startDate" >= $2 AND p."startDate" < $3 GROUP BY 2
      UNION ALL SELECT 'c' AS kind, ${month(db, 'p."completionDate"')} AS month, COUNT(*) AS n FROM "Project" p
      WHERE p."businessId" = $1${co('p')} AND p."completionDate" >= $2 AND p."completionDate" < $3 GROUP BY 2`,
    weeks: `SELECT ${week(db, 't."completedAt"')} AS week, COUNT(*) AS n FROM "Task" t${company ? ` JOIN "Project" p ON p."businessId" = $1 AND p.id = t."projectId" AND p."companyId" = $5` : ''}
      WHERE t."businessId" = $1 AND t."completedAt" >= $2 AND t."completedAt" < $3 GROUP BY 1`,
    overdue: `SELECT COUNT(CASE WHEN t.priority = 'high' THEN 1 END) AS high, COUNT(CASE WHEN t.priority = 'medium' THEN 1 END) AS medium,
        COUNT(CASE WHEN t.priority = 'low' THEN 1 END) AS low
      FROM "Task" t${company ? ` JOIN "Project" p ON p."businessId" = $1 AND p.id = t."projectId" AND p."companyId" = $5` : ''}
      WHERE t."businessId" = $1 AND t.status IN ('pending', 'in-progress') AND t."dueDate" < $4`,
    hoursCompany: `SELECT p."companyId", c.name, COUNT(*) AS projects, SUM(p."totalHoursEstimated") AS est, SUM(p."totalHoursWorked") AS worked, SUM(p."totalBilledCents") AS billed
      FROM "Project" p LEFT JOIN "Company" c ON c."businessId" = $1 AND c.id = p."companyId" WHERE ${inRange}
      GROUP BY p."companyId", c.name ORDER BY COALESCE(SUM(p."totalHoursWorked"), 0) DESC, COALESCE(SUM(p."totalHoursEstimated"), 0) DESC, c.name LIMIT 20`,
    hoursProject: `SELECT p.id, p.name, c.name AS "companyName", p."totalHoursEstimated" AS est, p."totalHoursWorked" AS worked, p."totalBilledCents" AS billed
      FROM "Project" p LEFT JOIN "Company" c ON c."businessId" = $1 AND c.id = p."companyId" WHERE ${inRange}
      ORDER BY COALESCE(p."totalHoursWorked", 0) DESC, COALESCE(p."totalHoursEstimated", 0) DESC, p.id LIMIT 20`,
    clients: `SELECT c.status, COUNT(*) AS n FROM "Company" c WHERE c."businessId" = $1
      AND c.status IN ('prospect', 'onboarding', 'active', 'canceled', 'paused', 'at-risk')${company ? ' AND c.id = $5' : ''} GROUP BY c.status ORDER BY n DESC, c.status`,
    flows: `SELECT s."flowId", f.name, COUNT(*) AS started, COUNT(s."completedAt") AS completed,
        AVG(CASE WHEN s."completedAt" IS NOT NULL THEN ${hoursBetween(db, 's."createdAt"', 's."completedAt"')} END) AS "avgHours"
      FROM "FlowSubmission" s JOIN "Flow" f ON f."businessId" = $1 AND f.id = s."flowId"
      WHERE s."businessId" = $1${co('s')} AND s."createdAt" >= $2 AND s."createdAt" < $3 GROUP BY s."flowId", f.name ORDER BY COUNT(*) DESC, f.name`,
    files: `SELECT 'u' AS kind, ${month(db, 'x."createdAt"')} AS month, COUNT(*) AS n FROM "Document" x
      WHERE x."businessId" = $1${co('x')} AND x."createdAt" >= $2 AND x."createdAt" < $3 GROUP BY 2
      UNION ALL SELECT 'd' AS kind, ${month(db, 'a."createdAt"')} AS month, COUNT(*) AS n FROM "Activity" a
      WHERE a."businessId" = $1 AND a."entityType" = 'file' AND a."createdAt" >= $2 AND a."createdAt" < $3
        AND a.action = 'downloaded' AND a."actorType" = 'contact'${co('a')} GROUP BY 2`,
  };
}
type Name = keyof ReturnType<typeof texts>;
const NAMES: Name[] = [
  'status',
  'months',
  'weeks',
  'overdue',
  'hoursCompany',
  'hoursProject',
  'clients',
  'flows',
  'files',
];
const COMPANY = 'SELECT 1 AS ok FROM "Company" WHERE "businessId" = $1 AND id = $2';
const PRIORITIES = ['high', 'medium', 'low'];

class BadRequest extends Error {}
function params(query: Query) {
  const day = (v: unknown) => {
    if (v === undefined || v === '') return undefined;
    if (
      typeof v !== 'string' ||
      !/^\d{4}-\d{2}-\d{2}$/.test(v) ||
      !new Date(`${v}T00:00:00.000Z`).toISOString().startsWith(v)
    )
      throw new BadRequest();
    return v;
  };
  const from = day(query.from);
  const to = day(query.to);
  if (from && to && from > to) throw new BadRequest();
  const c = query.companyId ?? query.company_id;
  const companyId = c === undefined || c === '' ? null : Number(c);
  if (companyId !== null && (!Number.isInteger(companyId) || companyId < 1)) throw new BadRequest();
  const now = new Date();
  let range = { from: ymd(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1))), to: ymd(now) };
  if (from) range = { ...range, from };
  if (to) range = { ...range, to };
  if (from && !to && range.from > range.to) range.to = range.from;
  if (to && !from && range.from > range.to) range.from = range.to;
  const start = new Date(`${range.from}T00:00:00.000Z`);
  const lastDay = new Date(`${range.to}T00:00:00.000Z`);
  return {
    range,
    companyId,
    start,
    lastDay,
    end: new Date(lastDay.getTime() + DAY),
    today: new Date(`${ymd(now)}T00:00:00.000Z`),
  };
}

const r1 = (n: number) => Math.round(n * 10) / 10;
const num = (v: unknown) => (v == null ? 0 : Number(v));

function reply(p: ReturnType<typeof params>, rows: Record<Name, Row[]>): Reply {
  const months: string[] = [];
  for (
    let d = new Date(Date.UTC(p.start.getUTCFullYear(), p.start.getUTCMonth(), 1));
    d <= p.lastDay;
    d = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1))
  ) {
    months.push(ymd(d).slice(0, 7));
  }
  const weeks: string[] = [];
  for (
    let d = new Date(p.start.getTime() - ((p.start.getUTCDay() + 6) % 7) * DAY);
    d <= p.lastDay;
    d = new Date(d.getTime() + 7 * DAY)
  )
    weeks.push(ymd(d));
  const count = (list: Row[], kind: string, m: string) =>
    Number(list.find((r) => r.kind === kind && r.month === m)?.n ?? 0);
  const weekN = new Map(rows.weeks.map((r) => [String(r.week), Number(r.n)]));
  return {
    body: {
      range: p.range,
      companyId: p.companyId,
      projectsByStatus: rows.status.map((r) => ({ status: String(r.status), count: Number(r.n) })),
      projectsPerMonth: months.map((m) => ({
        month: m,
        started: count(rows.months, 's', m),
        completed: count(rows.months, 'c', m),
      })),
      tasksCompletedPerWeek: weeks.map((w) => ({ week: w, count: weekN.get(w) ?? 0 })),
      overdueTasksByPriority: PRIORITIES.map((priority) => ({ priority, count: Number(rows.overdue[0][priority]) })),
      hoursByCompany: rows.hoursCompany.map((r) => ({
        companyId: r.companyId == null ? null : Number(r.companyId),
        name: r.name == null ? null : String(r.name),
        projects: Number(r.projects),
        estimated: r1(num(r.est)),
        worked: r1(num(r.worked)),
        billedCents: num(r.billed),
      })),
      hoursByProject: rows.hoursProject.map((r) => ({
        id: Number(r.id),
        name: String(r.name),
        companyName: r.companyName == null ? null : String(r.companyName),
        estimated: r1(num(r.est)),
        worked: r1(num(r.worked)),
        billedCents: num(r.billed),
      })),
      clientsByStatus: rows.clients.map((r) => ({ status: String(r.status), count: Number(r.n) })),
      flows: rows.flows.map((r) => {
        const started = Number(r.started);
        const completed = Number(r.completed);
        return {
          flowId: Number(r.flowId),
          name: String(r.name),
          started,
          completed,
          completionRate: started === 0 ? 0 : Math.round((completed / started) * 1000) / 1000,
          avgHoursToComplete: r.avgHours == null ? null : r1(Number(r.avgHours)),
        };
      }),
      filesPerMonth: months.map((m) => ({
        month: m,
        uploaded: count(rows.files, 'u', m),
        downloaded: count(rows.files, 'd', m),
      })),
    },
  };
}

const badRequest = (): Reply => ({ status: 400, body: null });
const notFound = (): Reply => ({ status: 404, body: { message: M.reports.companyNotFound, code: 'NOT_FOUND' } });

export const reportsOverview: SqlHandler = {
  sqlite: (db: BetterSqlite3.Database) => {
    const statements = new Map<string, BetterSqlite3.Statement>();
    const prepare = (text: string) =>
      statements.get(text) ?? statements.set(text, db.prepare(text.replace(/\$(\d+)/g, '@p$1'))).get(text)!;
    const sets = { false: texts('sqlite', false), true: texts('sqlite', true) };
    const iso = (d: Date) => d.toISOString().replace('Z', '+00:00');
    return (query: Query, auth: Auth) => {
      let p: ReturnType<typeof params>;
      try {
        p = params(query);
      } catch (error) {
        if (error instanceof BadRequest) return badRequest();
        throw error;
      }
      if (p.companyId !== null && !prepare(COMPANY).get({ p1: auth.businessId, p2: p.companyId })) return notFound();
      const set = sets[String(p.companyId !== null) as 'true' | 'false'];
      const all: Record<string, unknown> = {
        p1: auth.businessId,
        p2: iso(p.start),
        p3: iso(p.end),
        p4: iso(p.today),
        ...(p.companyId !== null ? { p5: p.companyId } : {}),
      };
      const rows = Object.fromEntries(
        NAMES.map((name) => {
          const stmt = prepare(set[name]);
          const used = Object.fromEntries(Object.entries(all).filter(([k]) => set[name].includes(`$${k.slice(1)}`)));
          return [name, stmt.all(used) as Row[]];
        }),
      ) as Record<Name, Row[]>;
      return reply(p, rows);
    };
  },
  postgres: (pool: pg.Pool) => async (query: Query, auth: Auth) => {
    let p: ReturnType<typeof params>;
    try {
      p = params(query);
    } catch (error) {
      if (error instanceof BadRequest) return badRequest();
      throw error;
    }
    const company = p.companyId !== null;
    const set = texts('pg', company);
    const all = [
      auth.businessId,
      p.start.toISOString(),
      p.end.toISOString(),
      p.today.toISOString(),
      ...(company ? [p.companyId] : []),
    ];
    // pg wants every $n it is given to be used: renumber each text's placeholders to the ones it names.
    const shaped = (text: string) => {
      const used = [...new Set([...text.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])))].sort((x, y) => x - y);
      return {
        text: text.replace(/\$(\d+)/g, (_, n) => `$${used.indexOf(Number(n)) + 1}`),
        values: used.map((n) => all[n - 1]),
      };
    };
    const [check, ...results] = await Promise.all([
      company
        ? pool.query({ name: 'reports-company', text: COMPANY, values: [auth.businessId, p.companyId] })
        : { rows: [1] },
      ...NAMES.map((name) => pool.query({ name: `reports-${name}-${company}`, ...shaped(set[name]) })),
    ]);
    if (!check.rows.length) return notFound();
    return reply(p, Object.fromEntries(NAMES.map((name, i) => [name, results[i].rows])) as Record<Name, Row[]>);
  },
};
