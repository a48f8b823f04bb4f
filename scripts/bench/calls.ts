// The calls `npm run bench` measures, each with its raw baseline: hand-written SQL through better-sqlite3 or pg
// that must answer the same JSON body, byte for byte, and the same paging headers as the app.
// A later list call is one more entry in `benchCalls` (and, when it needs new SQL, one more SqlHandler).
import type BetterSqlite3 from 'better-sqlite3';
import type pg from 'pg';
import { DEFAULT_BRAND_STYLE, DEFAULT_LOGIN_TEXT } from '../../shared/constants';
import { ACTIVE_PROJECT_STATUSES, CLIENT_COMPANY_STATUSES, PENDING_TASK_STATUSES } from '../../shared/status';

/** The signed-in staff member, from the baseline's one-statement session lookup. */
export type Auth = {
  userId: number;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  businessId: number;
  businessName: string;
  businessSlug: string;
};

/** A query string as Express parses it. */
export type Query = Record<string, unknown>;
export type Reply = { status?: number; body: unknown; headers?: Record<string, string> };

/** Prepares its statements once per database, then answers each request. */
export type SqlHandler = {
  sqlite: (db: BetterSqlite3.Database) => (query: Query, auth: Auth) => Reply;
  postgres: (pool: pg.Pool) => (query: Query, auth: Auth) => Promise<Reply>;
};

/** What a call's path may ask of the app at run time (a cursor taken from an earlier page, an id…). */
export type PathContext = { appHeader: (path: string, header: string) => Promise<string | null> };

export type BenchCall = {
  name: string;
  /** Request path with its query; a function when it depends on the data (null: the call does not apply). */
  path: string | ((ctx: PathContext) => Promise<string | null>);
  /** The baseline's Express route; defaults to a string path without its query (required when path is a function). */
  route?: string;
  handler: SqlHandler;
};

// ---------------------------------------------------------------- conversions shared by the handlers

/** A request that the app would refuse with 400; the baseline refuses it too (its body is not compared). */
class BadRequest extends Error {}
export const isBadRequest = (error: unknown) => error instanceof BadRequest;

/** Like zod's `z.coerce.number().int().min(min).max(max)`, with a default when absent. */
function intParam(value: unknown, fallback: number | null, min: number, max: number): number | null {
  if (value === undefined || value === null || value === '') return fallback;
  const n = Number(value);
  if (typeof value !== 'string' || !Number.isInteger(n) || n < min || n > max) throw new BadRequest();
  return n;
}

/** Trimmed optional text; empty means no filter (as the app's `input.search ? … : {}`). */
function textParam(value: unknown, max: number): string | null {
  if (value === undefined) return null;
  if (typeof value !== 'string') throw new BadRequest();
  const text = value.trim();
  if (text.length > max) throw new BadRequest();
  return text || null;
}

const PAGE_SIZE = 24;
const PAGE_SIZE_MAX = 100;
const MAX_ID = 2_147_483_647;

/**
 * SQLite DATETIME as Prisma stores it (ISO 8601 text such as 2026-05-14T09:00:00.000+00:00, or integer
 * milliseconds with timestampFormat unixepoch-ms; CURRENT_TIMESTAMP defaults are "YYYY-MM-DD HH:MM:SS" in UTC)
 * → the JSON the app sends (Date#toISOString).
 */
export function sqliteIso(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'bigint') return new Date(Number(value)).toISOString();
  const text = String(value);
  if (/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d+)?$/.test(text)) return new Date(`${text.replace(' ', 'T')}Z`).toISOString();
  return new Date(text).toISOString();
}

/** PostgreSQL timestamp(3) (UTC, no zone, as Prisma stores it) → toISOString's text, computed in SQL. */
const pgIso = (column: string) => `to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** ILIKE pattern with the user's % _ \ escaped, as server/db.ts does for PostgreSQL. */
const pgContains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// ---------------------------------------------------------------- GET /api/companies

type CompanyListParams = { limit: number; cursor: number | null; search: string | null };

function companyListParams(query: Query): CompanyListParams {
  return {
    limit: intParam(query.limit, PAGE_SIZE, 1, PAGE_SIZE_MAX)!,
    cursor: intParam(query.cursor, null, 1, MAX_ID),
    search: textParam(query.search, 100),
  };
}

/** Items ordered by name, id; X-Total-Count on the first page; X-Next-Cursor = last id when more rows follow. */
function companyPage<T extends { id: number }>(rows: T[], limit: number, total: number | null): Reply {
  const items = rows.length > limit ? rows.slice(0, limit) : rows;
  const headers: Record<string, string> = {};
  if (total !== null) headers['X-Total-Count'] = String(total);
  if (rows.length > limit) headers['X-Next-Cursor'] = String(items[items.length - 1].id);
  return { body: items, headers };
}

type SqliteCompanyRow = {
  id: number;
  name: string;
  industry: string | null;
  website: string | null;
  address: string | null;
  phone: string | null;
  status: string;
  createdAt: unknown;
  updatedAt: unknown;
  contactCount: number;
  projectCount: number;
};

const companiesList: SqlHandler = {
  sqlite(db) {
    // One statement per shape (search or not, cursor or not), prepared once.
    const statements = new Map<string, BetterSqlite3.Statement>();
    const statement = (search: boolean, cursor: boolean, count: boolean) => {
      const key = `${search}${cursor}${count}`;
      let s = statements.get(key);
      if (!s) {
        const where = [
          'c.businessId = @businessId',
          ...(search ? ['(c.name LIKE @pattern OR c.industry LIKE @pattern)'] : []),
          ...(cursor
            ? ['(c.name, c.id) > ((SELECT name FROM Company WHERE id = @cursor AND businessId = @businessId), @cursor)']
            : []),
        ].join(' AND ');
        s = db.prepare(
          count
            ? `SELECT COUNT(*) AS n FROM Company c WHERE ${where}`
            : `SELECT c.id, c.name, c.industry, c.website, c.address, c.phone, c.status, c.createdAt, c.updatedAt,
                 (SELECT COUNT(*) FROM Contact t WHERE t.businessId = c.businessId AND t.companyId = c.id) AS contactCount,
                 (SELECT COUNT(*) FROM Project p WHERE p.businessId = c.businessId AND p.companyId = c.id) AS projectCount
               FROM Company c WHERE ${where} ORDER BY c.name, c.id LIMIT @take`,
        );
        statements.set(key, s);
      }
      return s;
    };
    return (query, auth) => {
      const { limit, cursor, search } = companyListParams(query);
      // SQLite LIKE: case-insensitive for ASCII, % and _ in the text stay wildcards (as Prisma's contains).
      const params = { businessId: auth.businessId, pattern: `%${search}%`, cursor, take: limit + 1 };
      const rows = (statement(!!search, cursor !== null, false).all(params) as SqliteCompanyRow[]).map((r) => ({
        id: r.id,
        name: r.name,
        industry: r.industry,
        website: r.website,
        address: r.address,
        phone: r.phone,
        status: r.status,
        createdAt: sqliteIso(r.createdAt),
        updatedAt: sqliteIso(r.updatedAt),
        contactCount: r.contactCount,
        projectCount: r.projectCount,
      }));
      const total = cursor === null ? (statement(!!search, false, true).get(params) as { n: number }).n : null;
      return companyPage(rows, limit, total);
    };
  },

  postgres(pool) {
    const text = (search: boolean, cursor: boolean, count: boolean) => {
      const where = [
        'c."businessId" = $1',
        ...(search ? ['(c.name ILIKE $2 OR c.industry ILIKE $2)'] : []),
        ...(cursor
          ? [`(c.name, c.id) > ((SELECT name FROM "Company" WHERE id = $${search ? 3 : 2} AND "businessId" = $1), $${search ? 3 : 2})`]
          : []),
      ].join(' AND ');
      if (count) return `SELECT COUNT(*)::int AS n FROM "Company" c WHERE ${where}`;
      const take = 2 + (search ? 1 : 0) + (cursor ? 1 : 0);
      return `SELECT c.id, c.name, c.industry, c.website, c.address, c.phone, c.status,
                ${pgIso('c."createdAt"')} AS "createdAt", ${pgIso('c."updatedAt"')} AS "updatedAt",
                (SELECT COUNT(*)::int FROM "Contact" t WHERE t."businessId" = c."businessId" AND t."companyId" = c.id) AS "contactCount",
                (SELECT COUNT(*)::int FROM "Project" p WHERE p."businessId" = c."businessId" AND p."companyId" = c.id) AS "projectCount"
              FROM "Company" c WHERE ${where} ORDER BY c.name, c.id LIMIT $${take}`;
    };
    return async (query, auth) => {
      const { limit, cursor, search } = companyListParams(query);
      const key = `${!!search}-${cursor !== null}`;
      const values: unknown[] = [auth.businessId, ...(search ? [pgContains(search)] : []), ...(cursor !== null ? [cursor] : [])];
      // Named statements: pg prepares each once per connection.
      const [rows, total] = await Promise.all([
        pool.query({ name: `companies-${key}`, text: text(!!search, cursor !== null, false), values: [...values, limit + 1] }),
        cursor === null
          ? pool.query({ name: `companies-count-${!!search}`, text: text(!!search, false, true), values })
          : null,
      ]);
      return companyPage(rows.rows as { id: number }[], limit, total ? (total.rows[0] as { n: number }).n : null);
    };
  },
};

// ---------------------------------------------------------------- GET /auth/v1/me

/** The session's user and business, already loaded by the baseline's one authentication statement. */
const authMe: SqlHandler = {
  sqlite: () => (_query, auth) => ({ body: meBody(auth) }),
  postgres: () => async (_query, auth) => ({ body: meBody(auth) }),
};

const meBody = (a: Auth) => ({
  id: a.userId,
  email: a.email,
  first_name: a.firstName,
  last_name: a.lastName,
  role: a.role,
  business: { id: a.businessId, name: a.businessName, slug: a.businessSlug },
});

// ---------------------------------------------------------------- GET /api/dashboard/stats and /api/dashboard/overview

/** `?, ?, …` (SQLite) or `$n, …` (pg) for one of shared/status.ts's sets, whose values are bound, never copied. */
const sqliteMarks = (values: readonly string[]) => values.map(() => '?').join(', ');
const pgMarks = (values: readonly string[], from: number) => values.map((_, i) => `$${from + i}`).join(', ');

const statsBody = (r: { activeProjects: number; totalClients: number; pending: number; high: number; medium: number; low: number }) => ({
  activeProjects: r.activeProjects,
  pendingTasks: r.pending,
  totalClients: r.totalClients,
  tasksByPriority: { high: r.high, medium: r.medium, low: r.low },
});

const dashboardStats: SqlHandler = {
  sqlite(db) {
    const statement = db.prepare(
      `SELECT
         (SELECT COUNT(*) FROM Project WHERE businessId = ? AND status IN (${sqliteMarks(ACTIVE_PROJECT_STATUSES)})) AS activeProjects,
         (SELECT COUNT(*) FROM Company WHERE businessId = ? AND status IN (${sqliteMarks(CLIENT_COMPANY_STATUSES)})) AS totalClients,
         COUNT(*) AS pending,
         SUM(priority = 'high') AS high, SUM(priority = 'medium') AS medium, SUM(priority = 'low') AS low
       FROM Task WHERE businessId = ? AND status IN (${sqliteMarks(PENDING_TASK_STATUSES)})`,
    );
    return (_query, auth) => {
      const b = auth.businessId;
      const r = statement.get(b, ...ACTIVE_PROJECT_STATUSES, b, ...CLIENT_COMPANY_STATUSES, b, ...PENDING_TASK_STATUSES) as Parameters<typeof statsBody>[0];
      return { body: statsBody({ ...r, high: r.high ?? 0, medium: r.medium ?? 0, low: r.low ?? 0 }) };
    };
  },
  postgres(pool) {
    const p = 2;
    const c = p + ACTIVE_PROJECT_STATUSES.length;
    const t = c + CLIENT_COMPANY_STATUSES.length;
    const text = `SELECT
        (SELECT COUNT(*)::int FROM "Project" WHERE "businessId" = $1 AND status IN (${pgMarks(ACTIVE_PROJECT_STATUSES, p)})) AS "activeProjects",
        (SELECT COUNT(*)::int FROM "Company" WHERE "businessId" = $1 AND status IN (${pgMarks(CLIENT_COMPANY_STATUSES, c)})) AS "totalClients",
        COUNT(*)::int AS pending,
        (COUNT(*) FILTER (WHERE priority = 'high'))::int AS high,
        (COUNT(*) FILTER (WHERE priority = 'medium'))::int AS medium,
        (COUNT(*) FILTER (WHERE priority = 'low'))::int AS low
      FROM "Task" WHERE "businessId" = $1 AND status IN (${pgMarks(PENDING_TASK_STATUSES, t)})`;
    return async (_query, auth) => {
      const values = [auth.businessId, ...ACTIVE_PROJECT_STATUSES, ...CLIENT_COMPANY_STATUSES, ...PENDING_TASK_STATUSES];
      const { rows } = await pool.query({ name: 'dashboard-stats', text, values });
      return { body: statsBody(rows[0] as Parameters<typeof statsBody>[0]) };
    };
  },
};

type OverviewRows = {
  projects: { id: number; projectUid: string; name: string; status: string; companyId: number | null; companyName: string | null }[];
  files: { id: number; name: string; type: string; createdAt: unknown }[];
  companies: { id: number; name: string; industry: string | null; status: string; createdAt: unknown }[];
  contacts: {
    id: number;
    firstName: string;
    lastName: string;
    email: string;
    portalAccess: unknown;
    createdAt: unknown;
    companyId: number | null;
    companyName: string | null;
  }[];
  business: { portalAccess: unknown; branding: unknown };
};

const companyRef = (r: { companyId: number | null; companyName: string | null }) =>
  r.companyId === null || r.companyName === null ? null : { id: r.companyId, name: r.companyName };

/** The overview's JSON, in the app's key order; `iso` turns the database's dates into toISOString text. */
function overviewBody(rows: OverviewRows, iso: (value: unknown) => string | null) {
  return {
    activeProjects: rows.projects.map((r) => ({ id: r.id, projectUid: r.projectUid, name: r.name, status: r.status, company: companyRef(r) })),
    recentFiles: rows.files.map((r) => ({ id: r.id, name: r.name, type: r.type, createdAt: iso(r.createdAt) })),
    recentCompanies: rows.companies.map((r) => ({ id: r.id, name: r.name, industry: r.industry, status: r.status, createdAt: iso(r.createdAt) })),
    recentContacts: rows.contacts.map((r) => ({
      id: r.id,
      firstName: r.firstName,
      lastName: r.lastName,
      email: r.email,
      company: companyRef(r),
      portalAccess: Boolean(r.portalAccess),
      createdAt: iso(r.createdAt),
    })),
    checklist: {
      company: rows.companies.length > 0,
      contact: rows.contacts.length > 0,
      portalAccess: Boolean(rows.business.portalAccess),
      branding: Boolean(rows.business.branding),
    },
  };
}

/** prisma/schema.prisma's Business defaults: branding is "set" once any differs or a logo exists. */
const BRAND_DEFAULT_VALUES = [
  DEFAULT_BRAND_STYLE.primaryColor,
  DEFAULT_BRAND_STYLE.secondaryColor,
  DEFAULT_BRAND_STYLE.buttonTextColor,
  DEFAULT_LOGIN_TEXT,
];

const dashboardOverview: SqlHandler = {
  sqlite(db) {
    const projects = db.prepare(
      `SELECT p.id, p.projectUid, p.name, p.status, p.companyId, c.name AS companyName
       FROM Project p LEFT JOIN Company c ON c.businessId = p.businessId AND c.id = p.companyId
       WHERE p.businessId = ? AND p.status IN (${sqliteMarks(ACTIVE_PROJECT_STATUSES)})
       ORDER BY p.createdAt DESC, p.id DESC LIMIT 5`,
    );
    const files = db.prepare(`SELECT id, name, type, createdAt FROM Document WHERE businessId = ? ORDER BY createdAt DESC, id DESC LIMIT 5`);
    const companies = db.prepare(`SELECT id, name, industry, status, createdAt FROM Company WHERE businessId = ? ORDER BY createdAt DESC, id DESC LIMIT 5`);
    const contacts = db.prepare(
      `SELECT k.id, k.firstName, k.lastName, k.email, k.portalAccess, k.createdAt, k.companyId, c.name AS companyName
       FROM Contact k LEFT JOIN Company c ON c.businessId = k.businessId AND c.id = k.companyId
       WHERE k.businessId = ? ORDER BY k.createdAt DESC, k.id DESC LIMIT 5`,
    );
    const business = db.prepare(
      `SELECT EXISTS (SELECT 1 FROM Contact WHERE businessId = b.id AND portalAccess = 1) AS portalAccess,
              (b.logoKey IS NOT NULL OR lower(b.primaryColor) <> ? OR lower(b.secondaryColor) <> ? OR lower(b.buttonTextColor) <> ? OR b.loginText <> ?) AS branding
       FROM Business b WHERE b.id = ?`,
    );
    return (_query, auth) => {
      const b = auth.businessId;
      const rows = {
        projects: projects.all(b, ...ACTIVE_PROJECT_STATUSES),
        files: files.all(b),
        companies: companies.all(b),
        contacts: contacts.all(b),
        business: business.get(...BRAND_DEFAULT_VALUES, b),
      } as OverviewRows;
      return { body: overviewBody(rows, sqliteIso) };
    };
  },
  postgres(pool) {
    const texts = {
      projects: `SELECT p.id, p."projectUid", p.name, p.status, p."companyId", c.name AS "companyName"
        FROM "Project" p LEFT JOIN "Company" c ON c."businessId" = p."businessId" AND c.id = p."companyId"
        WHERE p."businessId" = $1 AND p.status IN (${pgMarks(ACTIVE_PROJECT_STATUSES, 2)})
        ORDER BY p."createdAt" DESC, p.id DESC LIMIT 5`,
      files: `SELECT id, name, type, ${pgIso('"createdAt"')} AS "createdAt" FROM "Document"
        WHERE "businessId" = $1 ORDER BY "createdAt" DESC, id DESC LIMIT 5`,
      companies: `SELECT id, name, industry, status, ${pgIso('"createdAt"')} AS "createdAt" FROM "Company"
        WHERE "businessId" = $1 ORDER BY "createdAt" DESC, id DESC LIMIT 5`,
      contacts: `SELECT k.id, k."firstName", k."lastName", k.email, k."portalAccess", ${pgIso('k."createdAt"')} AS "createdAt", k."companyId", c.name AS "companyName"
        FROM "Contact" k LEFT JOIN "Company" c ON c."businessId" = k."businessId" AND c.id = k."companyId"
        WHERE k."businessId" = $1 ORDER BY k."createdAt" DESC, k.id DESC LIMIT 5`,
      business: `SELECT EXISTS (SELECT 1 FROM "Contact" WHERE "businessId" = b.id AND "portalAccess") AS "portalAccess",
          (b."logoKey" IS NOT NULL OR lower(b."primaryColor") <> $2 OR lower(b."secondaryColor") <> $3
           OR lower(b."buttonTextColor") <> $4 OR b."loginText" <> $5) AS branding
        FROM "Business" b WHERE b.id = $1`,
    };
    const run = (name: keyof typeof texts, values: unknown[]) => pool.query({ name: `dashboard-${name}`, text: texts[name], values }).then((r) => r.rows);
    return async (_query, auth) => {
      const b = auth.businessId;
      const [projects, files, companies, contacts, [business]] = await Promise.all([
        run('projects', [b, ...ACTIVE_PROJECT_STATUSES]),
        run('files', [b]),
        run('companies', [b]),
        run('contacts', [b]),
        run('business', [b, ...BRAND_DEFAULT_VALUES]),
      ]);
      return { body: overviewBody({ projects, files, companies, contacts, business } as OverviewRows, (v) => v as string | null) };
    };
  },
};

// ---------------------------------------------------------------- GET /api/contacts and GET /contact/v1/{id}

type ContactListParams = { limit: number; cursor: number | null; search: string | null; companyId: number | 'none' | null };

function contactListParams(query: Query): ContactListParams {
  const company = query.companyId;
  return {
    limit: intParam(query.limit, PAGE_SIZE, 1, PAGE_SIZE_MAX)!,
    cursor: intParam(query.cursor, null, 1, MAX_ID),
    search: textParam(query.search, 100),
    companyId: company === 'none' ? 'none' : intParam(company, null, 1, MAX_ID),
  };
}

/** LIKE pattern with the user's % _ \ taken literally (ESCAPE '\' on SQLite, ILIKE's default escape on pg). */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const notFoundReply = (message: string): Reply => ({ status: 404, body: { message, code: 'NOT_FOUND' } });
const COMPANY_NOT_FOUND = 'That company does not exist in your agency.';
const CONTACT_NOT_FOUND = 'Contact not found';

type ContactRow = {
  id: number;
  companyId: number | null;
  companyName: string | null;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  title: string | null;
  role: string | null;
  portalAccess: number | boolean;
  hasPortalPassword: number | boolean;
  inviteExpiresAt: unknown;
  createdAt: unknown;
};

/** A list row in the app's key order (contactRowOutput). */
const contactItem = (r: ContactRow, iso: (v: unknown) => string | null) => ({
  id: r.id,
  companyId: r.companyId,
  companyOfContact: r.companyId !== null && r.companyName !== null ? { id: r.companyId, name: r.companyName } : null,
  firstName: r.firstName,
  lastName: r.lastName,
  email: r.email,
  phone: r.phone,
  title: r.title,
  role: r.role,
  portalAccess: !!r.portalAccess,
  hasPortalPassword: !!r.hasPortalPassword,
  invitePending: r.inviteExpiresAt != null && Date.parse(iso(r.inviteExpiresAt)!) > Date.now(),
  createdAt: iso(r.createdAt),
});

/** The detail read in the app's key order, snake_case as /contact/v1/{id} answers it. */
const contactDetail = (r: ContactRow & { updatedAt: unknown }, projectIds: number[], iso: (v: unknown) => string | null) => {
  const item = contactItem(r, iso);
  const invite = iso(r.inviteExpiresAt);
  return {
    id: item.id,
    company_id: item.companyId,
    company_of_contact: item.companyOfContact,
    first_name: item.firstName,
    last_name: item.lastName,
    email: item.email,
    phone: item.phone,
    title: item.title,
    role: item.role,
    portal_access: item.portalAccess,
    has_portal_password: item.hasPortalPassword,
    invite_pending: item.invitePending,
    created_at: item.createdAt,
    project_id: projectIds,
    pending_invite_expires_at: invite !== null && Date.parse(invite) > Date.now() ? invite : null,
    updated_at: iso(r.updatedAt),
  };
};

const contactsList: SqlHandler = {
  sqlite(db) {
    const companyExists = db.prepare('SELECT 1 AS ok FROM Company WHERE businessId = ? AND id = ?');
    const statements = new Map<string, BetterSqlite3.Statement>();
    const statement = (search: boolean, company: 'id' | 'none' | null, cursor: boolean, count: boolean) => {
      const key = `${search}${company}${cursor}${count}`;
      let s = statements.get(key);
      if (!s) {
        const like = (column: string) => `${column} LIKE @pattern ESCAPE '\\'`;
        const where = [
          'c.businessId = @businessId',
          ...(search
            ? [`(${[like('c.firstName'), like('c.lastName'), like(`(c.firstName || ' ' || c.lastName)`), like('c.email'), like('c.title')].join(' OR ')})`]
            : []),
          ...(company === 'id' ? ['c.companyId = @companyId'] : company === 'none' ? ['c.companyId IS NULL'] : []),
          ...(cursor
            ? ['(c.firstName, c.id) > ((SELECT firstName FROM Contact WHERE id = @cursor AND businessId = @businessId), @cursor)']
            : []),
        ].join(' AND ');
        s = db.prepare(
          count
            ? `SELECT COUNT(*) AS n FROM Contact c WHERE ${where}`
            : `SELECT c.id, c.companyId, (SELECT co.name FROM Company co WHERE co.businessId = c.businessId AND co.id = c.companyId) AS companyName,
                 c.firstName, c.lastName, c.email, c.phone, c.title, c.role, c.portalAccess,
                 c.portalPasswordHash IS NOT NULL AS hasPortalPassword, c.createdAt,
                 (SELECT MAX(i.expiresAt) FROM PortalInvite i WHERE i.businessId = c.businessId AND i.contactId = c.id AND i.usedAt IS NULL) AS inviteExpiresAt
               FROM Contact c WHERE ${where} ORDER BY c.firstName, c.id LIMIT @take`,
        );
        statements.set(key, s);
      }
      return s;
    };
    return (query, auth) => {
      const { limit, cursor, search, companyId } = contactListParams(query);
      if (typeof companyId === 'number' && !companyExists.get(auth.businessId, companyId)) return notFoundReply(COMPANY_NOT_FOUND);
      const company = companyId === null ? null : companyId === 'none' ? 'none' : 'id';
      const params = { businessId: auth.businessId, pattern: search ? likeText(search) : null, companyId: typeof companyId === 'number' ? companyId : null, cursor, take: limit + 1 };
      const rows = (statement(!!search, company, cursor !== null, false).all(params) as ContactRow[]).map((r) => contactItem(r, sqliteIso));
      const total = cursor === null ? (statement(!!search, company, false, true).get(params) as { n: number }).n : null;
      return companyPage(rows, limit, total);
    };
  },

  postgres(pool) {
    return async (query, auth) => {
      const { limit, cursor, search, companyId } = contactListParams(query);
      const company = companyId === null ? null : companyId === 'none' ? 'none' : 'id';
      const values: unknown[] = [auth.businessId];
      const where = ['c."businessId" = $1'];
      if (search) {
        values.push(likeText(search));
        const p = `$${values.length}`;
        where.push(`(c."firstName" ILIKE ${p} OR c."lastName" ILIKE ${p} OR (c."firstName" || ' ' || c."lastName") ILIKE ${p} OR c.email ILIKE ${p} OR c.title ILIKE ${p})`);
      }
      if (typeof companyId === 'number') {
        values.push(companyId);
        where.push(`c."companyId" = $${values.length}`);
      } else if (companyId === 'none') where.push('c."companyId" IS NULL');
      const countValues = [...values];
      const countWhere = [...where];
      if (cursor !== null) {
        values.push(cursor);
        const p = `$${values.length}`;
        where.push(`(c."firstName", c.id) > ((SELECT "firstName" FROM "Contact" WHERE id = ${p} AND "businessId" = $1), ${p})`);
      }
      values.push(limit + 1);
      const key = `${!!search}-${company}-${cursor !== null}`;
      const [exists, rows, total] = await Promise.all([
        typeof companyId === 'number'
          ? pool.query({ name: 'contacts-company', text: 'SELECT 1 FROM "Company" WHERE "businessId" = $1 AND id = $2', values: [auth.businessId, companyId] })
          : null,
        pool.query({
          name: `contacts-${key}`,
          text: `SELECT c.id, c."companyId",
                   (SELECT co.name FROM "Company" co WHERE co."businessId" = c."businessId" AND co.id = c."companyId") AS "companyName",
                   c."firstName", c."lastName", c.email, c.phone, c.title, c.role, c."portalAccess",
                   c."portalPasswordHash" IS NOT NULL AS "hasPortalPassword", ${pgIso('c."createdAt"')} AS "createdAt",
                   (SELECT ${pgIso('MAX(i."expiresAt")')} FROM "PortalInvite" i
                     WHERE i."businessId" = c."businessId" AND i."contactId" = c.id AND i."usedAt" IS NULL) AS "inviteExpiresAt"
                 FROM "Contact" c WHERE ${where.join(' AND ')} ORDER BY c."firstName", c.id LIMIT $${values.length}`,
          values,
        }),
        cursor === null
          ? pool.query({ name: `contacts-count-${!!search}-${company}`, text: `SELECT COUNT(*)::int AS n FROM "Contact" c WHERE ${countWhere.join(' AND ')}`, values: countValues })
          : null,
      ]);
      if (exists && exists.rowCount === 0) return notFoundReply(COMPANY_NOT_FOUND);
      const items = (rows.rows as ContactRow[]).map((r) => contactItem(r, (v) => (v === null ? null : String(v))));
      return companyPage(items, limit, total ? (total.rows[0] as { n: number }).n : null);
    };
  },
};

const contactRead: SqlHandler = {
  sqlite(db) {
    const contact = db.prepare(
      `SELECT c.id, c.companyId, co.name AS companyName, c.firstName, c.lastName, c.email, c.phone, c.title, c.role, c.portalAccess,
         c.portalPasswordHash IS NOT NULL AS hasPortalPassword, c.createdAt, c.updatedAt,
         (SELECT MAX(i.expiresAt) FROM PortalInvite i WHERE i.businessId = c.businessId AND i.contactId = c.id AND i.usedAt IS NULL) AS inviteExpiresAt
       FROM Contact c LEFT JOIN Company co ON co.businessId = c.businessId AND co.id = c.companyId
       WHERE c.businessId = ? AND c.id = ?`,
    );
    const projects = db.prepare('SELECT projectId FROM ProjectContact WHERE businessId = ? AND contactId = ? ORDER BY projectId');
    return (query, auth) => {
      const id = intParam(query.id, null, 1, MAX_ID);
      if (id === null) throw new BadRequest();
      const row = contact.get(auth.businessId, id) as (ContactRow & { updatedAt: unknown; inviteExpiresAt: unknown }) | undefined;
      if (!row) return notFoundReply(CONTACT_NOT_FOUND);
      const projectIds = (projects.all(auth.businessId, id) as { projectId: number }[]).map((p) => p.projectId);
      return { body: contactDetail(row, projectIds, sqliteIso) };
    };
  },
  postgres(pool) {
    return async (query, auth) => {
      const id = intParam(query.id, null, 1, MAX_ID);
      if (id === null) throw new BadRequest();
      const [row, projects] = await Promise.all([
        pool.query({
          name: 'contact-read',
          text: `SELECT c.id, c."companyId", co.name AS "companyName", c."firstName", c."lastName", c.email, c.phone, c.title, c.role,
                   c."portalAccess", c."portalPasswordHash" IS NOT NULL AS "hasPortalPassword",
                   ${pgIso('c."createdAt"')} AS "createdAt", ${pgIso('c."updatedAt"')} AS "updatedAt",
                   (SELECT ${pgIso('MAX(i."expiresAt")')} FROM "PortalInvite" i
                     WHERE i."businessId" = c."businessId" AND i."contactId" = c.id AND i."usedAt" IS NULL) AS "inviteExpiresAt"
                 FROM "Contact" c LEFT JOIN "Company" co ON co."businessId" = c."businessId" AND co.id = c."companyId"
                 WHERE c."businessId" = $1 AND c.id = $2`,
          values: [auth.businessId, id],
        }),
        pool.query({
          name: 'contact-projects',
          text: 'SELECT "projectId" FROM "ProjectContact" WHERE "businessId" = $1 AND "contactId" = $2 ORDER BY "projectId"',
          values: [auth.businessId, id],
        }),
      ]);
      const r = row.rows[0] as (ContactRow & { updatedAt: unknown; inviteExpiresAt: unknown }) | undefined;
      if (!r) return notFoundReply(CONTACT_NOT_FOUND);
      const projectIds = (projects.rows as { projectId: number }[]).map((p) => p.projectId);
      return { body: contactDetail(r, projectIds, (v) => (v === null ? null : String(v))) };
    };
  },
};

// ---------------------------------------------------------------- the table

export const benchCalls: BenchCall[] = [
  { name: 'companies', path: '/api/companies', handler: companiesList },
  { name: 'companies?search=tech', path: '/api/companies?search=tech', handler: companiesList },
  {
    name: 'companies?cursor=<page 2>',
    path: async ({ appHeader }) => {
      const next = await appHeader('/api/companies', 'x-next-cursor');
      return next === null ? null : `/api/companies?cursor=${encodeURIComponent(next)}`;
    },
    route: '/api/companies',
    handler: companiesList,
  },
  { name: 'auth/v1/me', path: '/auth/v1/me', handler: authMe },
  { name: 'contacts', path: '/api/contacts', handler: contactsList },
  { name: 'contacts?search=manager', path: '/api/contacts?search=manager', handler: contactsList },
  {
    name: 'contacts?companyId=<first company>',
    // The first company by name: its id is the next cursor of a one-row page.
    path: async ({ appHeader }) => {
      const id = await appHeader('/api/companies?limit=1', 'x-next-cursor');
      return id === null ? null : `/api/contacts?companyId=${id}`;
    },
    route: '/api/contacts',
    handler: contactsList,
  },
  {
    name: 'contact/v1/{id}',
    path: async ({ appHeader }) => {
      const id = await appHeader('/api/contacts?limit=1', 'x-next-cursor');
      return id === null ? null : `/contact/v1/${id}`;
    },
    route: '/contact/v1/:id',
    handler: contactRead,
  },
  { name: 'dashboard/stats', path: '/api/dashboard/stats', handler: dashboardStats },
  { name: 'dashboard/overview', path: '/api/dashboard/overview', handler: dashboardOverview },
];

/** The baseline's Express route for a call. */
export function routeOf(call: BenchCall): string {
  if (call.route) return call.route;
  if (typeof call.path !== 'string') throw new Error(`bench call "${call.name}": a computed path needs a route`);
  return call.path.split('?')[0];
}
