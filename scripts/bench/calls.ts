// The calls `npm run bench` measures, each with its raw baseline: hand-written SQL through better-sqlite3 or pg
// that must answer the same JSON body, byte for byte, and the same paging headers as the app.
// A later list call is one more entry in `benchCalls` (and, when it needs new SQL, one more SqlHandler).
import type BetterSqlite3 from 'better-sqlite3';
import type pg from 'pg';
import { flowRead, flowsList } from './flows';
import { portalDashboard, portalFiles, portalFlowGet, portalProjects } from './portal';
import { searchQuery } from './search';
import { notificationsList } from './notifications';
import { activityList } from './activity';
import { reportsOverview } from './reports';
import { DEFAULT_BRAND_STYLE, DEFAULT_LOGIN_TEXT, TASK_PRIORITIES, TASK_STATUSES } from '../../shared/constants';
import { DEMO } from '../../server/demo';
import { PORTAL_RESET_PREFIX } from '../../server/auth/portal-access';
import {
  ACTIVE_PROJECT_STATUSES,
  CLIENT_COMPANY_STATUSES,
  DONE_TASK_STATUSES,
  PENDING_TASK_STATUSES,
  PROJECT_LIST_STATUS_FILTERS,
  projectStatusesFor,
  type ProjectListStatusFilter,
} from '../../shared/status';

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
  /** Staff sessions: 1 when the agency requires two-factor sign-in and the user has not set it up (server/auth/sessions.ts). */
  twoFactorSetupNeeded?: number;
  /** A portal session's contact and company (portal calls only, see ./portal.ts). */
  contactId?: number;
  companyId?: number;
};

/** A query string as Express parses it. */
export type Query = Record<string, unknown>;
export type Reply = { status?: number; body: unknown; headers?: Record<string, string> };

/** Prepares its statements once per database, then answers each request. */
export type SqlHandler = {
  sqlite: (db: BetterSqlite3.Database) => (query: Query, auth: Auth) => Reply;
  postgres: (pool: pg.Pool) => (query: Query, auth: Auth) => Promise<Reply>;
};

/** What a call's path may ask of the app at run time (a cursor taken from an earlier page, an id, a flow_uid…). */
export type PathContext = {
  appHeader: (path: string, header: string) => Promise<string | null>;
  appBody: (path: string) => Promise<unknown>;
};

export type BenchCall = {
  name: string;
  /** Request path with its query; a function when it depends on the data (null: the call does not apply). */
  path: string | ((ctx: PathContext) => Promise<string | null>);
  /** The baseline's Express route; defaults to a string path without its query (required when path is a function). */
  route?: string;
  handler: SqlHandler;
  /** Answers without a session (the portal's public branding): the baseline skips its session look-up too. */
  public?: boolean;
  /** Signed in with a portal session (a portal contact of the demo agency), not the staff one. */
  portal?: boolean;
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
  if (/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d+)?$/.test(text))
    return new Date(`${text.replace(' ', 'T')}Z`).toISOString();
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
          ? [
              `(c.name, c.id) > ((SELECT name FROM "Company" WHERE id = $${search ? 3 : 2} AND "businessId" = $1), $${search ? 3 : 2})`,
            ]
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
      const values: unknown[] = [
        auth.businessId,
        ...(search ? [pgContains(search)] : []),
        ...(cursor !== null ? [cursor] : []),
      ];
      // Named statements: pg prepares each once per connection.
      const [rows, total] = await Promise.all([
        pool.query({
          name: `companies-${key}`,
          text: text(!!search, cursor !== null, false),
          values: [...values, limit + 1],
        }),
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
  two_factor_setup_needed: Number(a.twoFactorSetupNeeded) === 1,
});

// ---------------------------------------------------------------- GET /api/business and /api/business/branding/{slug}

type BusinessRow = {
  id: number;
  name: string;
  slug: string;
  email: string;
  phone: string;
  street1: string;
  street2: string;
  cityTown: string;
  state: string;
  zipcode: string;
  country: string;
  primaryColor: string;
  secondaryColor: string;
  buttonTextColor: string;
  loginText: string;
  logoKey: string | null;
  logoName: string | null;
};

const BUSINESS_COLUMNS = [
  'id',
  'name',
  'slug',
  'email',
  'phone',
  'street1',
  'street2',
  'cityTown',
  'state',
  'zipcode',
  'country',
  'primaryColor',
  'secondaryColor',
  'buttonTextColor',
  'loginText',
  'logoKey',
  'logoName',
];

/** The app's public address as the app computes it (PUBLIC_URL, else http://localhost:PORT); scripts/bench.ts passes it. */
const publicUrl = () => (process.env.PUBLIC_URL ?? '').replace(/\/$/, '');

/** GET /api/business answers snake_case (spec §3), in the app's key order. */
const businessBody = (r: BusinessRow) => ({
  id: r.id,
  name: r.name,
  slug: r.slug,
  email: r.email,
  phone: r.phone,
  portal_url: `${publicUrl()}/portal/${r.slug}`,
  logo: r.logoKey ? { url: `/api/business/logo/${r.logoKey}`, name: r.logoName ?? '' } : null,
  location: {
    street_1: r.street1,
    street_2: r.street2,
    city_town: r.cityTown,
    state: r.state,
    zipcode: r.zipcode,
    country: r.country,
  },
  style: {
    primary_color: r.primaryColor,
    secondary_color: r.secondaryColor,
    button_text_color: r.buttonTextColor,
    login_text: r.loginText,
  },
});

const businessRead: SqlHandler = {
  sqlite(db) {
    const statement = db.prepare(`SELECT ${BUSINESS_COLUMNS.join(', ')} FROM Business WHERE id = ?`);
    return (_query, auth) => ({ body: businessBody(statement.get(auth.businessId) as BusinessRow) });
  },
  postgres(pool) {
    const text = `SELECT ${BUSINESS_COLUMNS.map((c) => `"${c}"`).join(', ')} FROM "Business" WHERE id = $1`;
    return async (_query, auth) => {
      const { rows } = await pool.query({ name: 'business-read', text, values: [auth.businessId] });
      return { body: businessBody(rows[0] as BusinessRow) };
    };
  },
};

type BrandingRow = {
  name: string;
  logoKey: string | null;
  loginText: string;
  primaryColor: string;
  secondaryColor: string;
  buttonTextColor: string;
};

/** The portal's branding (spec §3's mixed names); a slug no agency uses is 404. */
function brandingReply(row: BrandingRow | undefined): Reply {
  if (!row) return { status: 404, body: { message: 'No client portal at this address.', code: 'NOT_FOUND' } };
  return {
    body: {
      businessName: row.name,
      logo: row.logoKey ? `/api/business/logo/${row.logoKey}` : null,
      loginText: row.loginText,
      style: {
        primaryColor: row.primaryColor,
        secondaryColor: row.secondaryColor,
        button_text_color: row.buttonTextColor,
      },
    },
  };
}

const brandingSlug = (query: Query) => {
  const slug = typeof query.slug === 'string' ? query.slug.trim().toLowerCase() : '';
  if (!slug || slug.length > 100) throw new BadRequest();
  return slug;
};

const businessBranding: SqlHandler = {
  sqlite(db) {
    const statement = db.prepare(
      'SELECT name, logoKey, loginText, primaryColor, secondaryColor, buttonTextColor FROM Business WHERE slug = ?',
    );
    return (query) => brandingReply(statement.get(brandingSlug(query)) as BrandingRow | undefined);
  },
  postgres(pool) {
    const text =
      'SELECT name, "logoKey", "loginText", "primaryColor", "secondaryColor", "buttonTextColor" FROM "Business" WHERE slug = $1';
    return async (query) => {
      const { rows } = await pool.query({ name: 'business-branding', text, values: [brandingSlug(query)] });
      return brandingReply(rows[0] as BrandingRow | undefined);
    };
  },
};

// ---------------------------------------------------------------- GET /api/dashboard/stats and /api/dashboard/overview

/** `?, ?, …` (SQLite) or `$n, …` (pg) for one of shared/status.ts's sets, whose values are bound, never copied. */
const sqliteMarks = (values: readonly string[]) => values.map(() => '?').join(', ');
const pgMarks = (values: readonly string[], from: number) => values.map((_, i) => `$${from + i}`).join(', ');

const statsBody = (r: {
  activeProjects: number;
  totalClients: number;
  pending: number;
  high: number;
  medium: number;
  low: number;
}) => ({
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
      const r = statement.get(
        b,
        ...ACTIVE_PROJECT_STATUSES,
        b,
        ...CLIENT_COMPANY_STATUSES,
        b,
        ...PENDING_TASK_STATUSES,
      ) as Parameters<typeof statsBody>[0];
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
      const values = [
        auth.businessId,
        ...ACTIVE_PROJECT_STATUSES,
        ...CLIENT_COMPANY_STATUSES,
        ...PENDING_TASK_STATUSES,
      ];
      const { rows } = await pool.query({ name: 'dashboard-stats', text, values });
      return { body: statsBody(rows[0] as Parameters<typeof statsBody>[0]) };
    };
  },
};

type OverviewRows = {
  projects: {
    id: number;
    projectUid: string;
    name: string;
    status: string;
    companyId: number | null;
    companyName: string | null;
  }[];
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
    activeProjects: rows.projects.map((r) => ({
      id: r.id,
      projectUid: r.projectUid,
      name: r.name,
      status: r.status,
      company: companyRef(r),
    })),
    recentFiles: rows.files.map((r) => ({ id: r.id, name: r.name, type: r.type, createdAt: iso(r.createdAt) })),
    recentCompanies: rows.companies.map((r) => ({
      id: r.id,
      name: r.name,
      industry: r.industry,
      status: r.status,
      createdAt: iso(r.createdAt),
    })),
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
    const files = db.prepare(
      `SELECT id, name, type, createdAt FROM Document WHERE businessId = ? ORDER BY createdAt DESC, id DESC LIMIT 5`,
    );
    const companies = db.prepare(
      `SELECT id, name, industry, status, createdAt FROM Company WHERE businessId = ? ORDER BY createdAt DESC, id DESC LIMIT 5`,
    );
    const contacts = db.prepare(
      `SELECT k.id, k.firstName, k.lastName, k.email, k.portalAccess, k.createdAt, k.companyId, c.name AS companyName
       FROM Contact k LEFT JOIN Company c ON c.businessId = k.businessId AND c.id = k.companyId
       WHERE k.businessId = ? ORDER BY k.createdAt DESC, k.id DESC LIMIT 5`,
    );
    const business = db.prepare(
      `SELECT EXISTS (SELECT 1 FROM Contact k WHERE k.businessId = b.id AND k.portalAccess = 1 AND k.companyId IS NOT NULL
                AND (k.portalPasswordHash IS NOT NULL OR EXISTS (SELECT 1 FROM PortalInvite i
                  WHERE i.businessId = b.id AND i.contactId = k.id AND i.tokenHash NOT LIKE '${PORTAL_RESET_PREFIX}%'))) AS portalAccess,
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
      business: `SELECT EXISTS (SELECT 1 FROM "Contact" k WHERE k."businessId" = b.id AND k."portalAccess" AND k."companyId" IS NOT NULL
            AND (k."portalPasswordHash" IS NOT NULL OR EXISTS (SELECT 1 FROM "PortalInvite" i
              WHERE i."businessId" = b.id AND i."contactId" = k.id AND i."tokenHash" NOT LIKE '${PORTAL_RESET_PREFIX}%'))) AS "portalAccess",
          (b."logoKey" IS NOT NULL OR lower(b."primaryColor") <> $2 OR lower(b."secondaryColor") <> $3
           OR lower(b."buttonTextColor") <> $4 OR b."loginText" <> $5) AS branding
        FROM "Business" b WHERE b.id = $1`,
    };
    const run = (name: keyof typeof texts, values: unknown[]) =>
      pool.query({ name: `dashboard-${name}`, text: texts[name], values }).then((r) => r.rows);
    return async (_query, auth) => {
      const b = auth.businessId;
      const [projects, files, companies, contacts, [business]] = await Promise.all([
        run('projects', [b, ...ACTIVE_PROJECT_STATUSES]),
        run('files', [b]),
        run('companies', [b]),
        run('contacts', [b]),
        run('business', [b, ...BRAND_DEFAULT_VALUES]),
      ]);
      return {
        body: overviewBody(
          { projects, files, companies, contacts, business } as OverviewRows,
          (v) => v as string | null,
        ),
      };
    };
  },
};

// ---------------------------------------------------------------- GET /api/contacts and GET /contact/v1/{id}

type ContactListParams = {
  limit: number;
  cursor: number | null;
  search: string | null;
  companyId: number | 'none' | null;
};

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
  // server/domain/contacts/read.ts portalStateOf.
  portalState:
    !r.portalAccess || r.companyId === null
      ? 'none'
      : r.hasPortalPassword
        ? 'active'
        : r.inviteExpiresAt != null && Date.parse(iso(r.inviteExpiresAt)!) > Date.now()
          ? 'invited'
          : 'none',
  createdAt: iso(r.createdAt),
});

/** The detail read in the app's key order, snake_case as /contact/v1/{id} answers it. */
const contactDetail = (
  r: ContactRow & { updatedAt: unknown },
  projectIds: number[],
  iso: (v: unknown) => string | null,
) => {
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
    portal_state: item.portalState,
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
            ? [
                `(${[like('c.firstName'), like('c.lastName'), like(`(c.firstName || ' ' || c.lastName)`), like('c.email'), like('c.title')].join(' OR ')})`,
              ]
            : []),
          ...(company === 'id' ? ['c.companyId = @companyId'] : company === 'none' ? ['c.companyId IS NULL'] : []),
          ...(cursor
            ? [
                '(c.firstName, c.id) > ((SELECT firstName FROM Contact WHERE id = @cursor AND businessId = @businessId), @cursor)',
              ]
            : []),
        ].join(' AND ');
        s = db.prepare(
          count
            ? `SELECT COUNT(*) AS n FROM Contact c WHERE ${where}`
            : `SELECT c.id, c.companyId, (SELECT co.name FROM Company co WHERE co.businessId = c.businessId AND co.id = c.companyId) AS companyName,
                 c.firstName, c.lastName, c.email, c.phone, c.title, c.role, c.portalAccess,
                 c.portalPasswordHash IS NOT NULL AS hasPortalPassword, c.createdAt,
                 (SELECT MAX(i.expiresAt) FROM PortalInvite i WHERE i.businessId = c.businessId AND i.contactId = c.id AND i.usedAt IS NULL
                   AND i.tokenHash NOT LIKE '${PORTAL_RESET_PREFIX}%') AS inviteExpiresAt
               FROM Contact c WHERE ${where} ORDER BY c.firstName, c.id LIMIT @take`,
        );
        statements.set(key, s);
      }
      return s;
    };
    return (query, auth) => {
      const { limit, cursor, search, companyId } = contactListParams(query);
      if (typeof companyId === 'number' && !companyExists.get(auth.businessId, companyId))
        return notFoundReply(COMPANY_NOT_FOUND);
      const company = companyId === null ? null : companyId === 'none' ? 'none' : 'id';
      const params = {
        businessId: auth.businessId,
        pattern: search ? likeText(search) : null,
        companyId: typeof companyId === 'number' ? companyId : null,
        cursor,
        take: limit + 1,
      };
      const rows = (statement(!!search, company, cursor !== null, false).all(params) as ContactRow[]).map((r) =>
        contactItem(r, sqliteIso),
      );
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
        where.push(
          `(c."firstName" ILIKE ${p} OR c."lastName" ILIKE ${p} OR (c."firstName" || ' ' || c."lastName") ILIKE ${p} OR c.email ILIKE ${p} OR c.title ILIKE ${p})`,
        );
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
        where.push(
          `(c."firstName", c.id) > ((SELECT "firstName" FROM "Contact" WHERE id = ${p} AND "businessId" = $1), ${p})`,
        );
      }
      values.push(limit + 1);
      const key = `${!!search}-${company}-${cursor !== null}`;
      const [exists, rows, total] = await Promise.all([
        typeof companyId === 'number'
          ? pool.query({
              name: 'contacts-company',
              text: 'SELECT 1 FROM "Company" WHERE "businessId" = $1 AND id = $2',
              values: [auth.businessId, companyId],
            })
          : null,
        pool.query({
          name: `contacts-${key}`,
          text: `SELECT c.id, c."companyId",
                   (SELECT co.name FROM "Company" co WHERE co."businessId" = c."businessId" AND co.id = c."companyId") AS "companyName",
                   c."firstName", c."lastName", c.email, c.phone, c.title, c.role, c."portalAccess",
                   c."portalPasswordHash" IS NOT NULL AS "hasPortalPassword", ${pgIso('c."createdAt"')} AS "createdAt",
                   (SELECT ${pgIso('MAX(i."expiresAt")')} FROM "PortalInvite" i
                     WHERE i."businessId" = c."businessId" AND i."contactId" = c.id AND i."usedAt" IS NULL AND i."tokenHash" NOT LIKE '${PORTAL_RESET_PREFIX}%') AS "inviteExpiresAt"
                 FROM "Contact" c WHERE ${where.join(' AND ')} ORDER BY c."firstName", c.id LIMIT $${values.length}`,
          values,
        }),
        cursor === null
          ? pool.query({
              name: `contacts-count-${!!search}-${company}`,
              text: `SELECT COUNT(*)::int AS n FROM "Contact" c WHERE ${countWhere.join(' AND ')}`,
              values: countValues,
            })
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
         (SELECT MAX(i.expiresAt) FROM PortalInvite i WHERE i.businessId = c.businessId AND i.contactId = c.id AND i.usedAt IS NULL
                   AND i.tokenHash NOT LIKE '${PORTAL_RESET_PREFIX}%') AS inviteExpiresAt
       FROM Contact c LEFT JOIN Company co ON co.businessId = c.businessId AND co.id = c.companyId
       WHERE c.businessId = ? AND c.id = ?`,
    );
    const projects = db.prepare(
      'SELECT projectId FROM ProjectContact WHERE businessId = ? AND contactId = ? ORDER BY projectId',
    );
    return (query, auth) => {
      const id = intParam(query.id, null, 1, MAX_ID);
      if (id === null) throw new BadRequest();
      const row = contact.get(auth.businessId, id) as
        | (ContactRow & { updatedAt: unknown; inviteExpiresAt: unknown })
        | undefined;
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
                     WHERE i."businessId" = c."businessId" AND i."contactId" = c.id AND i."usedAt" IS NULL AND i."tokenHash" NOT LIKE '${PORTAL_RESET_PREFIX}%') AS "inviteExpiresAt"
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

// ---------------------------------------------------------------- GET /api/projects, GET /projects/v1/{id}

const PROJECT_NOT_FOUND = 'Project not found';

type ProjectListParams = {
  limit: number;
  cursor: number | null;
  search: string | null;
  companyId: number | null;
  statuses: readonly string[] | null;
};

function projectListParams(query: Query): ProjectListParams {
  const status = query.status;
  if (
    status !== undefined &&
    (typeof status !== 'string' || !(PROJECT_LIST_STATUS_FILTERS as readonly string[]).includes(status))
  )
    throw new BadRequest();
  return {
    limit: intParam(query.limit, PAGE_SIZE, 1, PAGE_SIZE_MAX)!,
    cursor: intParam(query.cursor, null, 1, MAX_ID),
    search: textParam(query.search, 100),
    companyId: intParam(query.companyId, null, 1, MAX_ID),
    statuses: status === undefined ? null : projectStatusesFor(status as ProjectListStatusFilter),
  };
}

type ProjectRowSql = {
  id: number;
  projectUid: string;
  name: string;
  description: string | null;
  status: string;
  companyId: number | null;
  companyName: string | null;
  contactIds: string | null;
  startDate: unknown;
  completionDate: unknown;
  totalHoursEstimated: number | null;
  totalHoursWorked: number | null;
  totalBilledCents: number | null;
  visibleToClient: unknown;
  taskCount: number;
  completedTaskCount: number;
  fileCount: number;
  createdAt: unknown;
  updatedAt: unknown;
};

/** A list row in the app's key order (projectRowOutput); `day` turns a stored date into yyyy-mm-dd. */
const projectItem = (r: ProjectRowSql, iso: (v: unknown) => string | null, day: (v: unknown) => string | null) => ({
  id: r.id,
  projectUid: r.projectUid,
  name: r.name,
  description: r.description,
  status: r.status,
  companyId: r.companyId,
  company: r.companyId !== null && r.companyName !== null ? { id: r.companyId, name: r.companyName } : null,
  projectContactId: r.contactIds
    ? r.contactIds
        .split(',')
        .map(Number)
        .sort((a, b) => a - b)
    : [],
  projectStartDate: day(r.startDate),
  projectCompletionDate: day(r.completionDate),
  totalHoursEstimated: r.totalHoursEstimated,
  totalHoursWorked: r.totalHoursWorked,
  totalBilled: r.totalBilledCents === null ? null : r.totalBilledCents / 100,
  // Shared with the client (issue 27): 1/0 from SQLite, a boolean from pg.
  visibleToClient: !!r.visibleToClient,
  taskCount: r.taskCount,
  completedTaskCount: r.completedTaskCount,
  fileCount: r.fileCount,
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
});

const sqliteDay = (v: unknown) => (v === null || v === undefined ? null : sqliteIso(v)!.slice(0, 10));

/** The page's extras (company name, contact ids, task, done-task and file counts) for a project aliased p. */
const sqliteProjectExtras = `(SELECT co.name FROM Company co WHERE co.businessId = p.businessId AND co.id = p.companyId) AS companyName,
  (SELECT group_concat(pc.contactId) FROM ProjectContact pc WHERE pc.businessId = p.businessId AND pc.projectId = p.id) AS contactIds,
  (SELECT COUNT(*) FROM Task x WHERE x.businessId = p.businessId AND x.projectId = p.id) AS taskCount,
  (SELECT COUNT(CASE WHEN x.status IN (${DONE_TASK_STATUSES.map((s) => `'${s}'`).join(', ')}) THEN 1 END) FROM Task x WHERE x.businessId = p.businessId AND x.projectId = p.id) AS completedTaskCount,
  (SELECT COUNT(*) FROM Document d WHERE d.businessId = p.businessId AND d.projectId = p.id) AS fileCount`;
const pgProjectExtras = `(SELECT co.name FROM "Company" co WHERE co."businessId" = p."businessId" AND co.id = p."companyId") AS "companyName",
  (SELECT string_agg(pc."contactId"::text, ',') FROM "ProjectContact" pc WHERE pc."businessId" = p."businessId" AND pc."projectId" = p.id) AS "contactIds",
  (SELECT COUNT(*)::int FROM "Task" x WHERE x."businessId" = p."businessId" AND x."projectId" = p.id) AS "taskCount",
  (SELECT COUNT(CASE WHEN x.status IN (${DONE_TASK_STATUSES.map((s) => `'${s}'`).join(', ')}) THEN 1 END)::int FROM "Task" x WHERE x."businessId" = p."businessId" AND x."projectId" = p.id) AS "completedTaskCount",
  (SELECT COUNT(*)::int FROM "Document" d WHERE d."businessId" = p."businessId" AND d."projectId" = p.id) AS "fileCount"`;
const pgProjectColumns = `p.id, p."projectUid", p.name, p.description, p.status, p."companyId",
  to_char(p."startDate", 'YYYY-MM-DD') AS "startDate", to_char(p."completionDate", 'YYYY-MM-DD') AS "completionDate",
  p."totalHoursEstimated", p."totalHoursWorked", p."totalBilledCents", p."visibleToClient", ${pgIso('p."createdAt"')} AS "createdAt", ${pgIso('p."updatedAt"')} AS "updatedAt"`;

const projectsList: SqlHandler = {
  sqlite(db) {
    const companyExists = db.prepare('SELECT 1 AS ok FROM Company WHERE businessId = ? AND id = ?');
    const statements = new Map<string, BetterSqlite3.Statement>();
    const statement = (search: boolean, company: boolean, statuses: number, cursor: boolean, count: boolean) => {
      const key = `${search}${company}${statuses}${cursor}${count}`;
      let s = statements.get(key);
      if (!s) {
        const where = [
          'p.businessId = @businessId',
          ...(search ? [`(p.name LIKE @pattern ESCAPE '\\' OR p.description LIKE @pattern ESCAPE '\\')`] : []),
          ...(company ? ['p.companyId = @companyId'] : []),
          ...(statuses ? [`p.status IN (${Array.from({ length: statuses }, (_, i) => `@s${i}`).join(', ')})`] : []),
          ...(cursor
            ? [
                '(p.createdAt, p.id) < ((SELECT createdAt FROM Project WHERE businessId = @businessId AND id = @cursor), @cursor)',
              ]
            : []),
        ].join(' AND ');
        s = db.prepare(
          count
            ? `SELECT COUNT(*) AS n FROM Project p WHERE ${where}`
            : `SELECT p.id, p.projectUid, p.name, p.description, p.status, p.companyId, p.startDate, p.completionDate,
                 p.totalHoursEstimated, p.totalHoursWorked, p.totalBilledCents, p.visibleToClient, p.createdAt, p.updatedAt, ${sqliteProjectExtras}
               FROM Project p WHERE ${where} ORDER BY p.createdAt DESC, p.id DESC LIMIT @take`,
        );
        statements.set(key, s);
      }
      return s;
    };
    return (query, auth) => {
      const { limit, cursor, search, companyId, statuses } = projectListParams(query);
      if (companyId !== null && !companyExists.get(auth.businessId, companyId)) return notFoundReply(COMPANY_NOT_FOUND);
      const params: Record<string, unknown> = {
        businessId: auth.businessId,
        pattern: search ? likeText(search) : null,
        companyId,
        cursor,
        take: limit + 1,
      };
      (statuses ?? []).forEach((s, i) => (params[`s${i}`] = s));
      const n = statuses?.length ?? 0;
      const rows = (
        statement(!!search, companyId !== null, n, cursor !== null, false).all(params) as ProjectRowSql[]
      ).map((r) => projectItem(r, sqliteIso, sqliteDay));
      const total =
        cursor === null
          ? (statement(!!search, companyId !== null, n, false, true).get(params) as { n: number }).n
          : null;
      return companyPage(rows, limit, total);
    };
  },

  postgres(pool) {
    return async (query, auth) => {
      const { limit, cursor, search, companyId, statuses } = projectListParams(query);
      const values: unknown[] = [auth.businessId];
      const where = ['p."businessId" = $1'];
      if (search) {
        values.push(likeText(search));
        where.push(`(p.name ILIKE $${values.length} OR p.description ILIKE $${values.length})`);
      }
      if (companyId !== null) {
        values.push(companyId);
        where.push(`p."companyId" = $${values.length}`);
      }
      if (statuses) {
        const marks = statuses.map((s) => (values.push(s), `$${values.length}`));
        where.push(`p.status IN (${marks.join(', ')})`);
      }
      const countValues = [...values];
      const countWhere = [...where];
      if (cursor !== null) {
        values.push(cursor);
        const c = `$${values.length}`;
        where.push(
          `(p."createdAt", p.id) < ((SELECT "createdAt" FROM "Project" WHERE "businessId" = $1 AND id = ${c}), ${c})`,
        );
      }
      values.push(limit + 1);
      const key = `${!!search}-${companyId !== null}-${statuses?.length ?? 0}-${cursor !== null}`;
      const [exists, rows, total] = await Promise.all([
        companyId !== null
          ? pool.query({
              name: 'projects-company',
              text: 'SELECT 1 FROM "Company" WHERE "businessId" = $1 AND id = $2',
              values: [auth.businessId, companyId],
            })
          : null,
        pool.query({
          name: `projects-${key}`,
          text: `SELECT ${pgProjectColumns}, ${pgProjectExtras}
                 FROM "Project" p WHERE ${where.join(' AND ')} ORDER BY p."createdAt" DESC, p.id DESC LIMIT $${values.length}`,
          values,
        }),
        cursor === null
          ? pool.query({
              name: `projects-count-${key}`,
              text: `SELECT COUNT(*)::int AS n FROM "Project" p WHERE ${countWhere.join(' AND ')}`,
              values: countValues,
            })
          : null,
      ]);
      if (exists && exists.rowCount === 0) return notFoundReply(COMPANY_NOT_FOUND);
      const text = (v: unknown) => (v === null ? null : String(v));
      const items = (rows.rows as ProjectRowSql[]).map((r) => projectItem(r, text, text));
      return companyPage(items, limit, total ? (total.rows[0] as { n: number }).n : null);
    };
  },
};

type ProjectContactSql = {
  id: number;
  companyId: number | null;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  title: string | null;
  role: string | null;
};
type ProjectTaskSql = {
  id: number;
  title: string;
  description: string | null;
  status: string;
  priority: string;
  dueDate: unknown;
  assigneeId: number | null;
  internal: unknown;
  createdAt: unknown;
};
type ProjectFileSql = {
  id: number;
  name: string;
  type: string;
  size: number;
  url: string;
  storageKey: string | null;
  createdAt: unknown;
};

/** The detail read in the app's key order, snake_case as /projects/v1/{id} answers it. */
function projectDetail(
  r: ProjectRowSql & { companyContactCount: number },
  contacts: ProjectContactSql[],
  tasks: ProjectTaskSql[],
  files: ProjectFileSql[],
  iso: (v: unknown) => string | null,
  day: (v: unknown) => string | null,
) {
  const p = projectItem(r, iso, day);
  return {
    id: p.id,
    project_uid: p.projectUid,
    name: p.name,
    description: p.description,
    status: p.status,
    company_id: p.companyId,
    company: p.company,
    project_contact_id: p.projectContactId,
    project_start_date: p.projectStartDate,
    project_completion_date: p.projectCompletionDate,
    total_hours_estimated: p.totalHoursEstimated,
    total_hours_worked: p.totalHoursWorked,
    total_billed: p.totalBilled,
    visible_to_client: p.visibleToClient,
    task_count: p.taskCount,
    completed_task_count: p.completedTaskCount,
    file_count: p.fileCount,
    created_at: p.createdAt,
    updated_at: p.updatedAt,
    companies_id: p.companyId,
    contacts: contacts.map((k) => ({
      id: k.id,
      company_id: k.companyId,
      first_name: k.firstName,
      last_name: k.lastName,
      email: k.email,
      phone: k.phone,
      title: k.title,
      role: k.role,
    })),
    company_contact_count: r.companyContactCount,
    tasks_of_project: tasks.map((t) => ({
      id: t.id,
      name: t.title,
      description: t.description,
      status: t.status,
      priority: t.priority,
      due_date: iso(t.dueDate),
      assignee_id: t.assigneeId,
      internal: !!t.internal,
      created_at: iso(t.createdAt),
    })),
    files_of_project: files.map((f) => ({
      id: f.id,
      name: f.name,
      file_type: f.type,
      file_size: f.size,
      file_url: f.url ? f.url : f.storageKey ? `/api/documents/${f.id}/download` : '',
      created_at: iso(f.createdAt),
    })),
  };
}

const projectRead: SqlHandler = {
  sqlite(db) {
    const project = db.prepare(
      `SELECT p.id, p.projectUid, p.name, p.description, p.status, p.companyId, p.startDate, p.completionDate,
         p.totalHoursEstimated, p.totalHoursWorked, p.totalBilledCents, p.visibleToClient, p.createdAt, p.updatedAt, ${sqliteProjectExtras},
         (SELECT COUNT(*) FROM Contact k WHERE k.businessId = p.businessId AND k.companyId = p.companyId) AS companyContactCount
       FROM Project p WHERE p.businessId = @businessId AND p.id = @id`,
    );
    const contacts = db.prepare(
      `SELECT k.id, k.companyId, k.firstName, k.lastName, k.email, k.phone, k.title, k.role
       FROM ProjectContact pc JOIN Contact k ON k.businessId = pc.businessId AND k.id = pc.contactId
       WHERE pc.businessId = @businessId AND pc.projectId = @id ORDER BY k.firstName, k.lastName, k.id`,
    );
    const tasks = db.prepare(
      `SELECT id, title, description, status, priority, dueDate, assigneeId, internal, createdAt FROM Task
       WHERE businessId = @businessId AND projectId = @id ORDER BY createdAt DESC, id DESC LIMIT 100`,
    );
    const files = db.prepare(
      `SELECT id, name, type, size, url, storageKey, createdAt FROM Document
       WHERE businessId = @businessId AND projectId = @id ORDER BY createdAt DESC, id DESC LIMIT 100`,
    );
    return (query, auth) => {
      const id = intParam(query.id, null, 1, MAX_ID);
      if (id === null) throw new BadRequest();
      const params = { businessId: auth.businessId, id };
      const row = project.get(params) as (ProjectRowSql & { companyContactCount: number }) | undefined;
      if (!row) return notFoundReply(PROJECT_NOT_FOUND);
      return {
        body: projectDetail(
          row,
          contacts.all(params) as ProjectContactSql[],
          tasks.all(params) as ProjectTaskSql[],
          files.all(params) as ProjectFileSql[],
          sqliteIso,
          sqliteDay,
        ),
      };
    };
  },
  postgres(pool) {
    return async (query, auth) => {
      const id = intParam(query.id, null, 1, MAX_ID);
      if (id === null) throw new BadRequest();
      const values = [auth.businessId, id];
      const [row, contacts, tasks, files] = await Promise.all([
        pool.query({
          name: 'project-read',
          text: `SELECT ${pgProjectColumns}, ${pgProjectExtras},
                   (SELECT COUNT(*)::int FROM "Contact" k WHERE k."businessId" = p."businessId" AND k."companyId" = p."companyId") AS "companyContactCount"
                 FROM "Project" p WHERE p."businessId" = $1 AND p.id = $2`,
          values,
        }),
        pool.query({
          name: 'project-contacts',
          text: `SELECT k.id, k."companyId", k."firstName", k."lastName", k.email, k.phone, k.title, k.role
                 FROM "ProjectContact" pc JOIN "Contact" k ON k."businessId" = pc."businessId" AND k.id = pc."contactId"
                 WHERE pc."businessId" = $1 AND pc."projectId" = $2 ORDER BY k."firstName", k."lastName", k.id`,
          values,
        }),
        pool.query({
          name: 'project-tasks',
          text: `SELECT id, title, description, status, priority, ${pgIso('"dueDate"')} AS "dueDate", "assigneeId", internal, ${pgIso('"createdAt"')} AS "createdAt"
                 FROM "Task" WHERE "businessId" = $1 AND "projectId" = $2 ORDER BY "createdAt" DESC, id DESC LIMIT 100`,
          values,
        }),
        pool.query({
          name: 'project-files',
          text: `SELECT id, name, type, size, url, "storageKey", ${pgIso('"createdAt"')} AS "createdAt"
                 FROM "Document" WHERE "businessId" = $1 AND "projectId" = $2 ORDER BY "createdAt" DESC, id DESC LIMIT 100`,
          values,
        }),
      ]);
      const r = row.rows[0] as (ProjectRowSql & { companyContactCount: number }) | undefined;
      if (!r) return notFoundReply(PROJECT_NOT_FOUND);
      const text = (v: unknown) => (v === null ? null : String(v));
      return { body: projectDetail(r, contacts.rows, tasks.rows, files.rows, text, text) };
    };
  },
};

// ---------------------------------------------------------------- GET /api/tasks

type TaskListParams = {
  limit: number;
  cursor: number | null;
  search: string | null;
  projectId: number | null;
  status: string | null;
  priority: string | null;
  assigneeId: number | 'none' | null;
};

/** Like zod's z.enum: absent or empty means no filter; anything else outside the values is a 400. */
function enumParam(value: unknown, values: readonly string[]): string | null {
  if (value === undefined) return null;
  if (typeof value !== 'string' || !values.includes(value)) throw new BadRequest();
  return value;
}

function taskListParams(query: Query): TaskListParams {
  return {
    limit: intParam(query.limit, PAGE_SIZE, 1, PAGE_SIZE_MAX)!,
    cursor: intParam(query.cursor, null, 1, MAX_ID),
    search: textParam(query.search, 100),
    projectId: intParam(query.projectId, null, 1, MAX_ID),
    status: enumParam(query.status, TASK_STATUSES),
    priority: enumParam(query.priority, TASK_PRIORITIES),
    assigneeId: query.assigneeId === 'none' ? 'none' : intParam(query.assigneeId, null, 1, MAX_ID),
  };
}

const TASK_PROJECT_NOT_FOUND = 'That project does not exist in your agency.';
const ASSIGNEE_NOT_FOUND = 'That team member does not exist in your agency.';

type BenchTaskRow = {
  id: number;
  title: string;
  description: string | null;
  status: string;
  priority: string;
  dueDate: unknown;
  projectId: number | null;
  projectName: string | null;
  projectUid: string | null;
  assigneeId: number | null;
  assigneeFirstName: string | null;
  assigneeLastName: string | null;
  internal: unknown;
  createdAt: unknown;
};

/** A list row in the app's key order (taskOutput); `day` gives the due date's yyyy-mm-dd. */
const taskItem = (r: BenchTaskRow, iso: (v: unknown) => string | null, day: (v: unknown) => string | null) => ({
  id: r.id,
  title: r.title,
  description: r.description,
  status: r.status,
  priority: r.priority,
  dueDate: day(r.dueDate),
  projectId: r.projectId,
  project:
    r.projectId !== null && r.projectName !== null
      ? { id: r.projectId, name: r.projectName, projectUid: r.projectUid }
      : null,
  assignedTo: r.assigneeId,
  assignee:
    r.assigneeId !== null && r.assigneeFirstName !== null
      ? { id: r.assigneeId, firstName: r.assigneeFirstName, lastName: r.assigneeLastName }
      : null,
  // Hidden from the client even on a shared project (issue 27).
  internal: !!r.internal,
  createdAt: iso(r.createdAt),
});

/** The WHERE conditions of a task list request, with `mark(value)` binding a value (`?` or `$n`). */
function taskConditions(
  p: TaskListParams,
  col: (name: string) => string,
  like: (column: string, mark: string) => string,
  mark: (value: unknown) => string,
) {
  const where: string[] = [];
  if (p.search) {
    // One bound value per use: SQLite's ? is positional.
    const pattern = likeText(p.search);
    where.push(`(${like(col('title'), mark(pattern))} OR ${like(col('description'), mark(pattern))})`);
  }
  if (p.projectId !== null) where.push(`${col('projectId')} = ${mark(p.projectId)}`);
  if (p.status) where.push(`${col('status')} = ${mark(p.status)}`);
  if (p.priority) where.push(`${col('priority')} = ${mark(p.priority)}`);
  if (p.assigneeId === 'none') where.push(`${col('assigneeId')} IS NULL`);
  else if (p.assigneeId !== null) where.push(`${col('assigneeId')} = ${mark(p.assigneeId)}`);
  return where;
}

const tasksList: SqlHandler = {
  sqlite(db) {
    const projectExists = db.prepare('SELECT 1 AS ok FROM Project WHERE businessId = ? AND id = ?');
    const userExists = db.prepare('SELECT 1 AS ok FROM User WHERE businessId = ? AND id = ?');
    const statements = new Map<string, BetterSqlite3.Statement>();
    const prepare = (text: string) => {
      let s = statements.get(text);
      if (!s) statements.set(text, (s = db.prepare(text)));
      return s;
    };
    return (query, auth) => {
      const p = taskListParams(query);
      if (p.projectId !== null && !projectExists.get(auth.businessId, p.projectId))
        return notFoundReply(TASK_PROJECT_NOT_FOUND);
      if (typeof p.assigneeId === 'number' && !userExists.get(auth.businessId, p.assigneeId))
        return notFoundReply(ASSIGNEE_NOT_FOUND);
      const values: unknown[] = [auth.businessId];
      const mark = (v: unknown) => (values.push(v), '?');
      const where = [
        't.businessId = ?',
        ...taskConditions(
          p,
          (c) => `t.${c}`,
          (c, m) => `${c} LIKE ${m} ESCAPE '\\'`,
          mark,
        ),
      ];
      const countValues = [...values];
      const countWhere = [...where];
      if (p.cursor !== null) {
        where.push('(t.createdAt, t.id) < ((SELECT createdAt FROM Task WHERE businessId = ? AND id = ?), ?)');
        values.push(auth.businessId, p.cursor, p.cursor);
      }
      values.push(p.limit + 1);
      const rows = prepare(
        `SELECT t.id, t.title, t.description, t.status, t.priority, t.dueDate, t.projectId, pr.name AS projectName, pr.projectUid,
           t.assigneeId, u.firstName AS assigneeFirstName, u.lastName AS assigneeLastName, t.internal, t.createdAt
         FROM Task t
         LEFT JOIN Project pr ON pr.businessId = t.businessId AND pr.id = t.projectId
         LEFT JOIN User u ON u.businessId = t.businessId AND u.id = t.assigneeId
         WHERE ${where.join(' AND ')} ORDER BY t.createdAt DESC, t.id DESC LIMIT ?`,
      ).all(...values) as BenchTaskRow[];
      const items = rows.map((r) => taskItem(r, sqliteIso, (v) => (v === null ? null : sqliteIso(v)!.slice(0, 10))));
      const total =
        p.cursor === null
          ? (
              prepare(`SELECT COUNT(*) AS n FROM Task t WHERE ${countWhere.join(' AND ')}`).get(...countValues) as {
                n: number;
              }
            ).n
          : null;
      return companyPage(items, p.limit, total);
    };
  },

  postgres(pool) {
    return async (query, auth) => {
      const p = taskListParams(query);
      const values: unknown[] = [auth.businessId];
      const mark = (v: unknown) => (values.push(v), `$${values.length}`);
      const where = [
        't."businessId" = $1',
        ...taskConditions(
          p,
          (c) => `t."${c}"`,
          (c, m) => `${c} ILIKE ${m}`,
          mark,
        ),
      ];
      const countValues = [...values];
      const countWhere = [...where];
      if (p.cursor !== null) {
        const m = mark(p.cursor);
        where.push(
          `(t."createdAt", t.id) < ((SELECT "createdAt" FROM "Task" WHERE "businessId" = $1 AND id = ${m}), ${m})`,
        );
      }
      const limitMark = mark(p.limit + 1);
      const shape = `${!!p.search}-${p.projectId !== null}-${!!p.status}-${!!p.priority}-${p.assigneeId === 'none' ? 'none' : p.assigneeId !== null}`;
      const [project, user, rows, total] = await Promise.all([
        p.projectId !== null
          ? pool.query({
              name: 'tasks-project',
              text: 'SELECT 1 FROM "Project" WHERE "businessId" = $1 AND id = $2',
              values: [auth.businessId, p.projectId],
            })
          : null,
        typeof p.assigneeId === 'number'
          ? pool.query({
              name: 'tasks-user',
              text: 'SELECT 1 FROM "User" WHERE "businessId" = $1 AND id = $2',
              values: [auth.businessId, p.assigneeId],
            })
          : null,
        pool.query({
          name: `tasks-${shape}-${p.cursor !== null}`,
          text: `SELECT t.id, t.title, t.description, t.status, t.priority, to_char(t."dueDate", 'YYYY-MM-DD') AS "dueDate", t."projectId",
                   pr.name AS "projectName", pr."projectUid", t."assigneeId", u."firstName" AS "assigneeFirstName", u."lastName" AS "assigneeLastName",
                   t.internal, ${pgIso('t."createdAt"')} AS "createdAt"
                 FROM "Task" t
                 LEFT JOIN "Project" pr ON pr."businessId" = t."businessId" AND pr.id = t."projectId"
                 LEFT JOIN "User" u ON u."businessId" = t."businessId" AND u.id = t."assigneeId"
                 WHERE ${where.join(' AND ')} ORDER BY t."createdAt" DESC, t.id DESC LIMIT ${limitMark}`,
          values,
        }),
        p.cursor === null
          ? pool.query({
              name: `tasks-count-${shape}`,
              text: `SELECT COUNT(*)::int AS n FROM "Task" t WHERE ${countWhere.join(' AND ')}`,
              values: countValues,
            })
          : null,
      ]);
      if (project && project.rowCount === 0) return notFoundReply(TASK_PROJECT_NOT_FOUND);
      if (user && user.rowCount === 0) return notFoundReply(ASSIGNEE_NOT_FOUND);
      const items = (rows.rows as BenchTaskRow[]).map((r) =>
        taskItem(
          r,
          (v) => (v === null ? null : String(v)),
          (v) => (v === null ? null : String(v)),
        ),
      );
      return companyPage(items, p.limit, total ? (total.rows[0] as { n: number }).n : null);
    };
  },
};

// ---------------------------------------------------------------- GET /api/documents and GET /api/documents/{id}

const DOCUMENT_TYPES_LIST = ['contract', 'agreement', 'proposal', 'invoice', 'report', 'other'];
const DOCUMENT_NOT_FOUND = 'File not found';
const DOCUMENT_PROJECT_NOT_FOUND = 'That project does not exist in this company.';

type DocumentListParams = {
  limit: number;
  cursor: number | null;
  search: string | null;
  type: string | null;
  companyId: number | null;
  projectId: number | 'none' | null;
};

function documentListParams(query: Query): DocumentListParams {
  const type = query.type;
  if (type !== undefined && (typeof type !== 'string' || !DOCUMENT_TYPES_LIST.includes(type))) throw new BadRequest();
  const project = query.projectId;
  return {
    limit: intParam(query.limit, PAGE_SIZE, 1, PAGE_SIZE_MAX)!,
    cursor: intParam(query.cursor, null, 1, MAX_ID),
    search: textParam(query.search, 100),
    type: (type as string | undefined) ?? null,
    companyId: intParam(query.companyId, null, 1, MAX_ID),
    projectId: project === 'none' ? 'none' : intParam(project, null, 1, MAX_ID),
  };
}

type DocumentRowSql = {
  id: number;
  name: string;
  type: string;
  url: string;
  size: number;
  companyId: number | null;
  projectId: number | null;
  uploadedById: number | null;
  storageKey: string | null;
  originalName: string | null;
  mimeType: string | null;
  visibleInPortal: number | boolean;
  createdAt: unknown;
  companyName: string | null;
  projectName: string | null;
  uploaderName: string | null;
};

/** A file in the app's key order (documentOutput). */
const documentItem = (r: DocumentRowSql, iso: (v: unknown) => string | null) => ({
  id: r.id,
  name: r.name,
  type: r.type,
  url: r.storageKey !== null ? `/api/documents/${r.id}/download` : r.url,
  size: Number(r.size),
  companyId: r.companyId,
  projectId: r.projectId,
  company: r.companyId !== null && r.companyName !== null ? { id: r.companyId, name: r.companyName } : null,
  project: r.projectId !== null && r.projectName !== null ? { id: r.projectId, name: r.projectName } : null,
  uploadedBy: r.uploadedById,
  uploadedByName: r.uploaderName,
  stored: r.storageKey !== null,
  originalName: r.originalName,
  mimeType: r.mimeType,
  visibleInPortal: !!r.visibleInPortal,
  createdAt: iso(r.createdAt),
});

/** The columns and names of a file (alias d), the same three look-ups the app makes. */
const documentSelect = (
  q: (name: string) => string,
) => `d.id, d.name, d.type, d.url, d.size, d.${q('companyId')}, d.${q('projectId')}, d.${q('uploadedById')},
  d.${q('storageKey')}, d.${q('originalName')}, d.${q('mimeType')}, d.${q('visibleInPortal')},
  (SELECT c.name FROM ${q('Company')} c WHERE c.${q('businessId')} = d.${q('businessId')} AND c.id = d.${q('companyId')}) AS ${q('companyName')},
  (SELECT p.name FROM ${q('Project')} p WHERE p.${q('businessId')} = d.${q('businessId')} AND p.id = d.${q('projectId')}) AS ${q('projectName')},
  (SELECT u.${q('firstName')} || ' ' || u.${q('lastName')} FROM ${q('User')} u WHERE u.${q('businessId')} = d.${q('businessId')} AND u.id = d.${q('uploadedById')}) AS ${q('uploaderName')}`;
const bare = (name: string) => name;
const quoted = (name: string) => `"${name}"`;

const documentsList: SqlHandler = {
  sqlite(db) {
    const companyExists = db.prepare('SELECT 1 AS ok FROM Company WHERE businessId = ? AND id = ?');
    const projectExists = db.prepare('SELECT 1 AS ok FROM Project WHERE businessId = ? AND id = ?');
    const statements = new Map<string, BetterSqlite3.Statement>();
    const statement = (p: DocumentListParams, count: boolean) => {
      const project = p.projectId === null ? null : p.projectId === 'none' ? 'none' : 'id';
      const cursor = !count && p.cursor !== null;
      const key = `${!!p.search}${!!p.type}${p.companyId !== null}${project}${cursor}${count}`;
      let s = statements.get(key);
      if (!s) {
        const where = [
          'd.businessId = @businessId',
          ...(p.search ? ["d.name LIKE @pattern ESCAPE '\\'"] : []),
          ...(p.type ? ['d.type = @type'] : []),
          ...(p.companyId !== null ? ['d.companyId = @companyId'] : []),
          ...(project === 'id' ? ['d.projectId = @projectId'] : project === 'none' ? ['d.projectId IS NULL'] : []),
          ...(cursor
            ? [
                '(d.createdAt, d.id) < ((SELECT createdAt FROM Document WHERE businessId = @businessId AND id = @cursor), @cursor)',
              ]
            : []),
        ].join(' AND ');
        s = db.prepare(
          count
            ? `SELECT COUNT(*) AS n FROM Document d WHERE ${where}`
            : `SELECT ${documentSelect(bare)}, d.createdAt FROM Document d WHERE ${where} ORDER BY d.createdAt DESC, d.id DESC LIMIT @take`,
        );
        statements.set(key, s);
      }
      return s;
    };
    return (query, auth) => {
      const p = documentListParams(query);
      if (p.companyId !== null && !companyExists.get(auth.businessId, p.companyId))
        return notFoundReply(COMPANY_NOT_FOUND);
      if (typeof p.projectId === 'number' && !projectExists.get(auth.businessId, p.projectId))
        return notFoundReply(DOCUMENT_PROJECT_NOT_FOUND);
      const params = {
        businessId: auth.businessId,
        pattern: p.search ? likeText(p.search) : null,
        type: p.type,
        companyId: p.companyId,
        projectId: typeof p.projectId === 'number' ? p.projectId : null,
        cursor: p.cursor,
        take: p.limit + 1,
      };
      const rows = (statement(p, false).all(params) as DocumentRowSql[]).map((r) => documentItem(r, sqliteIso));
      const total = p.cursor === null ? (statement(p, true).get(params) as { n: number }).n : null;
      return companyPage(rows, p.limit, total);
    };
  },

  postgres(pool) {
    return async (query, auth) => {
      const p = documentListParams(query);
      const values: unknown[] = [auth.businessId];
      const where = ['d."businessId" = $1'];
      if (p.search) {
        values.push(likeText(p.search));
        where.push(`d.name ILIKE $${values.length}`);
      }
      if (p.type) {
        values.push(p.type);
        where.push(`d.type = $${values.length}`);
      }
      if (p.companyId !== null) {
        values.push(p.companyId);
        where.push(`d."companyId" = $${values.length}`);
      }
      if (p.projectId === 'none') where.push('d."projectId" IS NULL');
      else if (p.projectId !== null) {
        values.push(p.projectId);
        where.push(`d."projectId" = $${values.length}`);
      }
      const countValues = [...values];
      const countWhere = [...where];
      if (p.cursor !== null) {
        values.push(p.cursor);
        const c = `$${values.length}`;
        where.push(
          `(d."createdAt", d.id) < ((SELECT "createdAt" FROM "Document" WHERE "businessId" = $1 AND id = ${c}), ${c})`,
        );
      }
      values.push(p.limit + 1);
      const key = `${!!p.search}-${!!p.type}-${p.companyId !== null}-${p.projectId === null ? null : p.projectId === 'none' ? 'none' : 'id'}`;
      const [company, project, rows, total] = await Promise.all([
        p.companyId !== null
          ? pool.query({
              name: 'documents-company',
              text: 'SELECT 1 FROM "Company" WHERE "businessId" = $1 AND id = $2',
              values: [auth.businessId, p.companyId],
            })
          : null,
        typeof p.projectId === 'number'
          ? pool.query({
              name: 'documents-project',
              text: 'SELECT 1 FROM "Project" WHERE "businessId" = $1 AND id = $2',
              values: [auth.businessId, p.projectId],
            })
          : null,
        pool.query({
          name: `documents-${key}-${p.cursor !== null}`,
          text: `SELECT ${documentSelect(quoted)}, ${pgIso('d."createdAt"')} AS "createdAt"
                 FROM "Document" d WHERE ${where.join(' AND ')} ORDER BY d."createdAt" DESC, d.id DESC LIMIT $${values.length}`,
          values,
        }),
        p.cursor === null
          ? pool.query({
              name: `documents-count-${key}`,
              text: `SELECT COUNT(*)::int AS n FROM "Document" d WHERE ${countWhere.join(' AND ')}`,
              values: countValues,
            })
          : null,
      ]);
      if (company && company.rowCount === 0) return notFoundReply(COMPANY_NOT_FOUND);
      if (project && project.rowCount === 0) return notFoundReply(DOCUMENT_PROJECT_NOT_FOUND);
      const items = (rows.rows as DocumentRowSql[]).map((r) => documentItem(r, (v) => (v === null ? null : String(v))));
      return companyPage(items, p.limit, total ? (total.rows[0] as { n: number }).n : null);
    };
  },
};

const documentRead: SqlHandler = {
  sqlite(db) {
    const statement = db.prepare(
      `SELECT ${documentSelect(bare)}, d.createdAt FROM Document d WHERE d.businessId = ? AND d.id = ?`,
    );
    return (query, auth) => {
      const id = intParam(query.id, null, 1, MAX_ID);
      if (id === null) throw new BadRequest();
      const row = statement.get(auth.businessId, id) as DocumentRowSql | undefined;
      return row ? { body: documentItem(row, sqliteIso) } : notFoundReply(DOCUMENT_NOT_FOUND);
    };
  },
  postgres(pool) {
    return async (query, auth) => {
      const id = intParam(query.id, null, 1, MAX_ID);
      if (id === null) throw new BadRequest();
      const { rows } = await pool.query({
        name: 'document-read',
        text: `SELECT ${documentSelect(quoted)}, ${pgIso('d."createdAt"')} AS "createdAt" FROM "Document" d WHERE d."businessId" = $1 AND d.id = $2`,
        values: [auth.businessId, id],
      });
      const row = rows[0] as DocumentRowSql | undefined;
      return row
        ? { body: documentItem(row, (v) => (v === null ? null : String(v))) }
        : notFoundReply(DOCUMENT_NOT_FOUND);
    };
  },
};

// ---------------------------------------------------------------- GET /api/team and GET /api/api-tokens

type TeamRow = { id: number; firstName: string; lastName: string; email: string; role: string; createdAt: unknown };
const teamItem = (r: TeamRow, iso: (v: unknown) => string | null) => ({
  id: r.id,
  firstName: r.firstName,
  lastName: r.lastName,
  email: r.email,
  role: r.role,
  createdAt: iso(r.createdAt),
});

/** The agency's staff by name (the Team tab, the task assignee picker). */
const teamList: SqlHandler = {
  sqlite(db) {
    const statement = db.prepare(
      'SELECT id, firstName, lastName, email, role, createdAt FROM User WHERE businessId = ? ORDER BY firstName, lastName, id',
    );
    return (_query, auth) => ({
      body: (statement.all(auth.businessId) as TeamRow[]).map((r) => teamItem(r, sqliteIso)),
    });
  },
  postgres(pool) {
    return async (_query, auth) => {
      const { rows } = await pool.query({
        name: 'team-list',
        text: `SELECT id, "firstName", "lastName", email, role, ${pgIso('"createdAt"')} AS "createdAt" FROM "User" WHERE "businessId" = $1 ORDER BY "firstName", "lastName", id`,
        values: [auth.businessId],
      });
      return { body: (rows as TeamRow[]).map((r) => teamItem(r, (v) => (v === null ? null : String(v)))) };
    };
  },
};

type ApiTokenRow = { id: number; name: string; prefix: string; createdAt: unknown; lastUsedAt: unknown };
const apiTokenItem = (r: ApiTokenRow, iso: (v: unknown) => string | null) => ({
  id: r.id,
  name: r.name,
  prefix: r.prefix,
  createdAt: iso(r.createdAt),
  lastUsedAt: iso(r.lastUsedAt),
});
/** integrations.manage (shared/permissions.ts): owners and admins. */
const FORBIDDEN_REPLY: Reply = {
  status: 403,
  body: { message: 'Only the agency’s owner or an admin can do this.', code: 'FORBIDDEN' },
};
const managesIntegrations = (auth: Auth) => auth.role === 'owner' || auth.role === 'admin';

/** The signed-in user's own API tokens, newest first. */
const apiTokensList: SqlHandler = {
  sqlite(db) {
    const statement = db.prepare(
      'SELECT id, name, prefix, createdAt, lastUsedAt FROM ApiToken WHERE businessId = ? AND userId = ? ORDER BY createdAt DESC, id DESC',
    );
    return (_query, auth) =>
      managesIntegrations(auth)
        ? {
            body: (statement.all(auth.businessId, auth.userId) as ApiTokenRow[]).map((r) => apiTokenItem(r, sqliteIso)),
          }
        : FORBIDDEN_REPLY;
  },
  postgres(pool) {
    return async (_query, auth) => {
      if (!managesIntegrations(auth)) return FORBIDDEN_REPLY;
      const { rows } = await pool.query({
        name: 'api-tokens-list',
        text: `SELECT id, name, prefix, ${pgIso('"createdAt"')} AS "createdAt", ${pgIso('"lastUsedAt"')} AS "lastUsedAt" FROM "ApiToken" WHERE "businessId" = $1 AND "userId" = $2 ORDER BY "createdAt" DESC, id DESC`,
        values: [auth.businessId, auth.userId],
      });
      return { body: (rows as ApiTokenRow[]).map((r) => apiTokenItem(r, (v) => (v === null ? null : String(v)))) };
    };
  },
};

// ---------------------------------------------------------------- GET /api/resources (snake_case, spec §7.3)

/** The list's type filter as shared/status.ts maps it: the route's template and guideline are stored as information. */
const RESOURCE_TYPE_MATCH: Record<string, string> = {
  information: 'information',
  tool: 'tool',
  template: 'information',
  guideline: 'information',
};
const RESOURCE_STATUSES_LIST = ['active', 'live', 'pending', 'planned', 'beta', 'deprecated'];

type ResourceListParams = {
  limit: number;
  cursor: number | null;
  search: string | null;
  type: string | null;
  status: string | null;
  companyId: number | null;
};

function resourceListParams(query: Query): ResourceListParams {
  const { type, status } = query;
  if (type !== undefined && (typeof type !== 'string' || !(type in RESOURCE_TYPE_MATCH))) throw new BadRequest();
  if (status !== undefined && (typeof status !== 'string' || !RESOURCE_STATUSES_LIST.includes(status)))
    throw new BadRequest();
  return {
    limit: intParam(query.limit, PAGE_SIZE, 1, PAGE_SIZE_MAX)!,
    cursor: intParam(query.cursor, null, 1, MAX_ID),
    search: textParam(query.search, 100),
    type: type === undefined ? null : RESOURCE_TYPE_MATCH[type as string],
    status: (status as string | undefined) ?? null,
    companyId: intParam(query.company_id, null, 1, MAX_ID),
  };
}

type ResourceRowSql = {
  id: number;
  title: string;
  description: string;
  type: string;
  status: string;
  visibleToClient: number | boolean;
  companyId: number;
  projectId: number | null;
  companyName: string | null;
  projectName: string | null;
  createdAt: unknown;
  updatedAt: unknown;
};
type ResourceDetailSql = { resourceId: number; key: string; value: string };

/** A resource in the app's key order (resourceOutput), with the snake_case names of the /api/resources row. */
function resourceItem(
  r: ResourceRowSql,
  details: { key: string; value: string }[],
  iso: (v: unknown) => string | null,
) {
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    type: r.type,
    status: r.status,
    visible_to_client: !!r.visibleToClient,
    company_id: r.companyId,
    project_id: r.projectId,
    company: { id: r.companyId, name: r.companyName ?? '' },
    project: r.projectId !== null && r.projectName !== null ? { id: r.projectId, name: r.projectName } : null,
    value: Object.fromEntries(details.map((d) => [d.key, d.value])),
    details,
    created_at: iso(r.createdAt),
    updated_at: iso(r.updatedAt),
  };
}

function groupDetails(rows: ResourceDetailSql[]) {
  const byResource = new Map<number, { key: string; value: string }[]>();
  for (const d of rows) {
    const list = byResource.get(Number(d.resourceId)) ?? [];
    list.push({ key: d.key, value: d.value });
    byResource.set(Number(d.resourceId), list);
  }
  return byResource;
}

const resourceSelect = (
  q: (name: string) => string,
) => `r.id, r.title, r.description, r.type, r.status, r.${q('visibleToClient')}, r.${q('companyId')}, r.${q('projectId')},
  (SELECT c.name FROM ${q('Company')} c WHERE c.${q('businessId')} = r.${q('businessId')} AND c.id = r.${q('companyId')}) AS ${q('companyName')},
  (SELECT p.name FROM ${q('Project')} p WHERE p.${q('businessId')} = r.${q('businessId')} AND p.id = r.${q('projectId')}) AS ${q('projectName')}`;

const resourcesList: SqlHandler = {
  sqlite(db) {
    const companyExists = db.prepare('SELECT 1 AS ok FROM Company WHERE businessId = ? AND id = ?');
    const details = db.prepare(
      'SELECT resourceId, key, value FROM ResourceDetail WHERE businessId = ? AND resourceId IN (SELECT value FROM json_each(?)) ORDER BY resourceId, position, id',
    );
    const statements = new Map<string, BetterSqlite3.Statement>();
    const statement = (p: ResourceListParams, count: boolean) => {
      const cursor = !count && p.cursor !== null;
      const key = `${!!p.search}${!!p.type}${!!p.status}${p.companyId !== null}${cursor}${count}`;
      let s = statements.get(key);
      if (!s) {
        const where = [
          'r.businessId = @businessId',
          ...(p.search ? ["(r.title LIKE @pattern ESCAPE '\\' OR r.description LIKE @pattern ESCAPE '\\')"] : []),
          ...(p.type ? ['r.type = @type'] : []),
          ...(p.status ? ['r.status = @status'] : []),
          ...(p.companyId !== null ? ['r.companyId = @companyId'] : []),
          ...(cursor
            ? [
                'r.id < @cursor AND EXISTS (SELECT 1 FROM Resource c WHERE c.businessId = @businessId AND c.id = @cursor)',
              ]
            : []),
        ].join(' AND ');
        s = db.prepare(
          count
            ? `SELECT COUNT(*) AS n FROM Resource r WHERE ${where}`
            : `SELECT ${resourceSelect(bare)}, r.createdAt, r.updatedAt FROM Resource r WHERE ${where} ORDER BY r.id DESC LIMIT @take`,
        );
        statements.set(key, s);
      }
      return s;
    };
    return (query, auth) => {
      const p = resourceListParams(query);
      if (p.companyId !== null && !companyExists.get(auth.businessId, p.companyId))
        return notFoundReply(COMPANY_NOT_FOUND);
      const params = {
        businessId: auth.businessId,
        pattern: p.search ? likeText(p.search) : null,
        type: p.type,
        status: p.status,
        companyId: p.companyId,
        cursor: p.cursor,
        take: p.limit + 1,
      };
      const found = statement(p, false).all(params) as ResourceRowSql[];
      const rows = found.slice(0, p.limit);
      const byResource = groupDetails(
        details.all(auth.businessId, JSON.stringify(rows.map((r) => r.id))) as ResourceDetailSql[],
      );
      const items = rows.map((r) => resourceItem(r, byResource.get(r.id) ?? [], sqliteIso));
      const more = found.length > p.limit;
      const total = p.cursor === null ? (statement(p, true).get(params) as { n: number }).n : null;
      const headers: Record<string, string> = {};
      if (total !== null) headers['X-Total-Count'] = String(total);
      if (more) headers['X-Next-Cursor'] = String(items[items.length - 1].id);
      return { body: items, headers };
    };
  },

  postgres(pool) {
    return async (query, auth) => {
      const p = resourceListParams(query);
      const values: unknown[] = [auth.businessId];
      const where = ['r."businessId" = $1'];
      if (p.search) {
        values.push(likeText(p.search));
        where.push(`(r.title ILIKE $${values.length} OR r.description ILIKE $${values.length})`);
      }
      if (p.type) {
        values.push(p.type);
        where.push(`r.type = $${values.length}`);
      }
      if (p.status) {
        values.push(p.status);
        where.push(`r.status = $${values.length}`);
      }
      if (p.companyId !== null) {
        values.push(p.companyId);
        where.push(`r."companyId" = $${values.length}`);
      }
      const countValues = [...values];
      const countWhere = [...where];
      if (p.cursor !== null) {
        values.push(p.cursor);
        const c = `$${values.length}`;
        where.push(`r.id < ${c} AND EXISTS (SELECT 1 FROM "Resource" x WHERE x."businessId" = $1 AND x.id = ${c})`);
      }
      values.push(p.limit + 1);
      const key = `${!!p.search}-${!!p.type}-${!!p.status}-${p.companyId !== null}`;
      const [company, rows, total] = await Promise.all([
        p.companyId !== null
          ? pool.query({
              name: 'resources-company',
              text: 'SELECT 1 FROM "Company" WHERE "businessId" = $1 AND id = $2',
              values: [auth.businessId, p.companyId],
            })
          : null,
        pool.query({
          name: `resources-${key}-${p.cursor !== null}`,
          text: `SELECT ${resourceSelect(quoted)}, ${pgIso('r."createdAt"')} AS "createdAt", ${pgIso('r."updatedAt"')} AS "updatedAt"
                 FROM "Resource" r WHERE ${where.join(' AND ')} ORDER BY r.id DESC LIMIT $${values.length}`,
          values,
        }),
        p.cursor === null
          ? pool.query({
              name: `resources-count-${key}`,
              text: `SELECT COUNT(*)::int AS n FROM "Resource" r WHERE ${countWhere.join(' AND ')}`,
              values: countValues,
            })
          : null,
      ]);
      if (company && company.rowCount === 0) return notFoundReply(COMPANY_NOT_FOUND);
      const page = (rows.rows as ResourceRowSql[]).slice(0, p.limit);
      const details = await pool.query({
        name: 'resources-details',
        text: 'SELECT "resourceId", key, value FROM "ResourceDetail" WHERE "businessId" = $1 AND "resourceId" = ANY($2::int[]) ORDER BY "resourceId", position, id',
        values: [auth.businessId, page.map((r) => r.id)],
      });
      const byResource = groupDetails(details.rows as ResourceDetailSql[]);
      const items = page.map((r) =>
        resourceItem(r, byResource.get(r.id) ?? [], (v) => (v === null ? null : String(v))),
      );
      const headers: Record<string, string> = {};
      if (total) headers['X-Total-Count'] = String((total.rows[0] as { n: number }).n);
      if (rows.rows.length > p.limit) headers['X-Next-Cursor'] = String(items[items.length - 1].id);
      return { body: items, headers };
    };
  },
};

// ---------------------------------------------------------------- withOverall (every list screen asks for it)

/** Query parameters that are not filters: with none of the others, the overall count is the total itself. */
const NOT_FILTERS = new Set(['limit', 'cursor', 'withOverall']);

/**
 * A list handler that also answers withOverall=true as the list screens ask it (server/lib/pagination.ts): on the
 * first page, X-Overall-Count is every row of the agency, counted separately (at the same time) when a filter is set.
 */
function withOverall(handler: SqlHandler, table: string): SqlHandler {
  const asked = (query: Query) =>
    (query.withOverall === 'true' || query.withOverall === '1') && query.cursor === undefined;
  const filtered = (query: Query) => Object.keys(query).some((k) => !NOT_FILTERS.has(k));
  const add = (reply: Reply, overall: number | null) => {
    const total = reply.headers?.['X-Total-Count'];
    if (total === undefined || (reply.status ?? 200) !== 200) return reply;
    return { ...reply, headers: { ...reply.headers, 'X-Overall-Count': String(overall ?? total) } };
  };
  return {
    sqlite(db) {
      const inner = handler.sqlite(db);
      const count = db.prepare(`SELECT COUNT(*) AS n FROM "${table}" WHERE "businessId" = ?`);
      return (query, auth) => {
        if (!asked(query)) return inner(query, auth);
        const reply = inner(query, auth);
        return add(reply, filtered(query) ? (count.get(auth.businessId) as { n: number }).n : null);
      };
    },
    postgres(pool) {
      const inner = handler.postgres(pool);
      return async (query, auth) => {
        if (!asked(query)) return inner(query, auth);
        const [reply, count] = await Promise.all([
          inner(query, auth),
          filtered(query)
            ? pool.query({
                name: `overall-${table}`,
                text: `SELECT COUNT(*)::int AS n FROM "${table}" WHERE "businessId" = $1`,
                values: [auth.businessId],
              })
            : null,
        ]);
        return add(reply, count ? (count.rows[0] as { n: number }).n : null);
      };
    },
  };
}

// ---------------------------------------------------------------- the table

const companiesScreen = withOverall(companiesList, 'Company');
const contactsScreen = withOverall(contactsList, 'Contact');
const projectsScreen = withOverall(projectsList, 'Project');
const tasksScreen = withOverall(tasksList, 'Task');
const documentsScreen = withOverall(documentsList, 'Document');
const resourcesScreen = withOverall(resourcesList, 'Resource');

/** The newest project's detail: its id is the next cursor of a one-row page. */
const newestProjectPath = async ({ appHeader }: PathContext) => {
  const id = await appHeader('/api/projects?limit=1', 'x-next-cursor');
  return id === null ? null : `/projects/v1/${id}`;
};
/** The flow editor's load of the newest flow (8 steps, 20 fields). */
const newestFlowPath = async ({ appBody }: PathContext) => {
  const [newest] = (await appBody('/api/flows?limit=1')) as { flowUid: string }[];
  return newest ? `/flows/v1?flow_uid=${encodeURIComponent(newest.flowUid)}` : null;
};
/**
 * The newest published collect flow for all companies, with a step (a staff list, so any portal contact of the agency
 * may see it: server/portal/visibility.ts clientVisible.flow).
 */
const portalFlowPath = async ({ appBody }: PathContext) => {
  const flows = (await appBody('/api/flows?workflowType=collect&isActive=true&limit=100')) as {
    flowUid: string;
    companyId: number | null;
    stepCount: number;
  }[];
  const flow = flows.find((f) => f.companyId === null && f.stepCount > 0);
  return flow ? `/api/portal/flows/${encodeURIComponent(flow.flowUid)}` : null;
};

/** The first company by name: its id is the next cursor of a one-row page. */
const firstCompany = async ({ appHeader }: PathContext) => appHeader('/api/companies?limit=1', 'x-next-cursor');

/**
 * Every screen's first request, as the screen asks it (`npm run bench -- --set screens`; the issue "every screen at
 * agency scale"): the list screens ask withOverall=true ("Showing 24 of 1,234", and an empty agency told apart from a
 * filter that matches nothing). The task board asks one such page per status column, in one batch.
 */
export const screenCalls: BenchCall[] = [
  { name: 'screen: dashboard stats', path: '/api/dashboard/stats', handler: dashboardStats },
  { name: 'screen: companies, search', path: '/api/companies?search=tech&withOverall=true', handler: companiesScreen },
  {
    name: 'screen: contacts, company filter',
    path: async (ctx) => {
      const id = await firstCompany(ctx);
      return id === null ? null : `/api/contacts?companyId=${id}&withOverall=true`;
    },
    route: '/api/contacts',
    handler: contactsScreen,
  },
  {
    name: 'screen: projects, status filter',
    path: '/api/projects?status=active&withOverall=true',
    handler: projectsScreen,
  },
  {
    name: 'screen: tasks, status + priority',
    path: '/api/tasks?status=pending&priority=high&withOverall=true',
    handler: tasksScreen,
  },
  { name: 'screen: task board column', path: '/api/tasks?status=in-progress&withOverall=true', handler: tasksScreen },
  {
    name: 'screen: files, type filter',
    path: '/api/documents?type=invoice&withOverall=true',
    handler: documentsScreen,
  },
  {
    name: 'screen: project detail',
    path: newestProjectPath,
    route: '/projects/v1/:id',
    handler: projectRead,
  },
  { name: 'screen: resources', path: '/api/resources?withOverall=true', handler: resourcesScreen },
  {
    name: 'screen: flow editor load',
    path: newestFlowPath,
    route: '/flows/v1',
    handler: flowRead,
  },
  {
    name: 'screen: portal dashboard',
    path: `/api/portal/dashboard/${DEMO.slug}`,
    route: '/api/portal/dashboard/:slug',
    handler: portalDashboard,
    portal: true,
  },
  {
    name: 'screen: portal projects',
    path: `/api/portal/projects/${DEMO.slug}`,
    route: '/api/portal/projects/:slug',
    handler: portalProjects,
    portal: true,
  },
  {
    name: 'screen: portal files',
    path: `/api/portal/files/${DEMO.slug}`,
    route: '/api/portal/files/:slug',
    handler: portalFiles,
    portal: true,
  },
  {
    name: 'screen: portal flow load',
    path: portalFlowPath,
    route: '/api/portal/flows/:flowUid',
    handler: portalFlowGet,
    portal: true,
  },
];

export const benchCalls: BenchCall[] = [
  { name: 'companies', path: '/api/companies', handler: companiesScreen },
  { name: 'companies?search=tech', path: '/api/companies?search=tech', handler: companiesScreen },
  {
    name: 'companies?cursor=<page 2>',
    path: async ({ appHeader }) => {
      const next = await appHeader('/api/companies', 'x-next-cursor');
      return next === null ? null : `/api/companies?cursor=${encodeURIComponent(next)}`;
    },
    route: '/api/companies',
    handler: companiesScreen,
  },
  { name: 'auth/v1/me', path: '/auth/v1/me', handler: authMe },
  { name: 'business', path: '/api/business', handler: businessRead },
  {
    name: 'business/branding/{slug}',
    path: `/api/business/branding/${DEMO.slug}`,
    route: '/api/business/branding/:slug',
    handler: businessBranding,
    public: true,
  },
  { name: 'contacts', path: '/api/contacts', handler: contactsScreen },
  { name: 'contacts?search=manager', path: '/api/contacts?search=manager', handler: contactsScreen },
  {
    name: 'contacts?companyId=<first company>',
    // The first company by name: its id is the next cursor of a one-row page.
    path: async ({ appHeader }) => {
      const id = await appHeader('/api/companies?limit=1', 'x-next-cursor');
      return id === null ? null : `/api/contacts?companyId=${id}`;
    },
    route: '/api/contacts',
    handler: contactsScreen,
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
  { name: 'reports', path: '/api/reports', handler: reportsOverview },
  { name: 'projects', path: '/api/projects', handler: projectsScreen },
  { name: 'projects?status=active', path: '/api/projects?status=active', handler: projectsScreen },
  { name: 'projects?search=website', path: '/api/projects?search=website', handler: projectsScreen },
  {
    name: 'projects?cursor=<page 2>',
    path: async ({ appHeader }) => {
      const next = await appHeader('/api/projects', 'x-next-cursor');
      return next === null ? null : `/api/projects?cursor=${encodeURIComponent(next)}`;
    },
    route: '/api/projects',
    handler: projectsScreen,
  },
  {
    name: 'projects/v1/{id}',
    // The newest project: its id is the next cursor of a one-row page.
    path: newestProjectPath,
    route: '/projects/v1/:id',
    handler: projectRead,
  },
  { name: 'tasks', path: '/api/tasks', handler: tasksScreen },
  { name: 'notifications', path: '/api/notifications', handler: notificationsList },
  { name: 'activity', path: '/api/activity', handler: activityList },
  {
    name: 'activity?cursor=<page 2>',
    path: async ({ appHeader }) => {
      const next = await appHeader('/api/activity', 'x-next-cursor');
      return next === null ? null : `/api/activity?cursor=${encodeURIComponent(next)}`;
    },
    route: '/api/activity',
    handler: activityList,
  },
  {
    name: 'activity of a company',
    path: async ({ appBody }) => {
      const recent = (await appBody('/api/activity/recent?limit=20')) as { companyId: number | null }[];
      const companyId = recent.find((e) => e.companyId !== null)?.companyId;
      return companyId ? `/api/companies/${companyId}/activity` : null;
    },
    route: '/api/companies/:companyId/activity',
    handler: activityList,
  },
  {
    name: 'notifications?cursor=<page 2>',
    path: async ({ appHeader }) => {
      const next = await appHeader('/api/notifications', 'x-next-cursor');
      return next === null ? null : `/api/notifications?cursor=${encodeURIComponent(next)}`;
    },
    route: '/api/notifications',
    handler: notificationsList,
  },
  { name: 'notifications?unreadOnly=true', path: '/api/notifications?unreadOnly=true', handler: notificationsList },
  { name: 'tasks?search=review', path: '/api/tasks?search=review', handler: tasksScreen },
  { name: 'tasks?status=pending&priority=high', path: '/api/tasks?status=pending&priority=high', handler: tasksScreen },
  {
    name: 'tasks?cursor=<page 2>',
    path: async ({ appHeader }) => {
      const next = await appHeader('/api/tasks', 'x-next-cursor');
      return next === null ? null : `/api/tasks?cursor=${encodeURIComponent(next)}`;
    },
    route: '/api/tasks',
    handler: tasksScreen,
  },
  {
    name: 'tasks?projectId=<newest project>',
    path: async ({ appHeader }) => {
      const id = await appHeader('/api/projects?limit=1', 'x-next-cursor');
      return id === null ? null : `/api/tasks?projectId=${id}`;
    },
    route: '/api/tasks',
    handler: tasksScreen,
  },
  { name: 'documents', path: '/api/documents', handler: documentsScreen },
  { name: 'documents?type=invoice', path: '/api/documents?type=invoice', handler: documentsScreen },
  { name: 'documents?projectId=none', path: '/api/documents?projectId=none', handler: documentsScreen },
  { name: 'documents?search=proposal', path: '/api/documents?search=proposal', handler: documentsScreen },
  {
    name: 'documents?cursor=<page 2>',
    path: async ({ appHeader }) => {
      const next = await appHeader('/api/documents', 'x-next-cursor');
      return next === null ? null : `/api/documents?cursor=${encodeURIComponent(next)}`;
    },
    route: '/api/documents',
    handler: documentsScreen,
  },
  {
    name: 'documents?companyId=<first company>',
    path: async ({ appHeader }) => {
      const id = await appHeader('/api/companies?limit=1', 'x-next-cursor');
      return id === null ? null : `/api/documents?companyId=${id}`;
    },
    route: '/api/documents',
    handler: documentsScreen,
  },
  {
    name: 'documents/{id}',
    // The newest file: its id is the next cursor of a one-row page.
    path: async ({ appHeader }) => {
      const id = await appHeader('/api/documents?limit=1', 'x-next-cursor');
      return id === null ? null : `/api/documents/${id}`;
    },
    route: '/api/documents/:id',
    handler: documentRead,
  },
  // The flows page and the flow editor's load (./flows.ts).
  { name: 'flows', path: '/api/flows', handler: flowsList },
  {
    name: 'flows?workflowType=collect&isActive=true',
    path: '/api/flows?workflowType=collect&isActive=true',
    handler: flowsList,
  },
  {
    name: 'flows/v1?flow_uid=<newest: 8 steps, 20 fields>',
    path: newestFlowPath,
    route: '/flows/v1',
    handler: flowRead,
  },
  { name: 'resources', path: '/api/resources', handler: resourcesScreen },
  { name: 'resources?type=template', path: '/api/resources?type=template', handler: resourcesScreen },
  { name: 'resources?search=dashboard', path: '/api/resources?search=dashboard', handler: resourcesScreen },
  {
    name: 'resources?cursor=<page 2 of 2>',
    path: async ({ appHeader }) => {
      const next = await appHeader('/api/resources?limit=2', 'x-next-cursor');
      return next === null ? null : `/api/resources?limit=2&cursor=${encodeURIComponent(next)}`;
    },
    route: '/api/resources',
    handler: resourcesScreen,
  },
  { name: 'team', path: '/api/team', handler: teamList },
  // The client portal (./portal.ts), as a portal contact of the demo agency.
  {
    name: 'portal dashboard',
    path: `/api/portal/dashboard/${DEMO.slug}`,
    route: '/api/portal/dashboard/:slug',
    handler: portalDashboard,
    portal: true,
  },
  {
    name: 'portal projects',
    path: `/api/portal/projects/${DEMO.slug}`,
    route: '/api/portal/projects/:slug',
    handler: portalProjects,
    portal: true,
  },
  {
    name: 'portal files',
    path: `/api/portal/files/${DEMO.slug}`,
    route: '/api/portal/files/:slug',
    handler: portalFiles,
    portal: true,
  },
  {
    // The newest published collect flow for all companies, with a step (staff list: any portal contact may see it).
    name: 'portal flows/{flowUid}',
    path: portalFlowPath,
    route: '/api/portal/flows/:flowUid',
    handler: portalFlowGet,
    portal: true,
  },
  { name: 'api-tokens', path: '/api/api-tokens', handler: apiTokensList },
  // The command palette: a word in ~10% of tasks, two words ANDed, a one-letter prefix (capped ranking).
  { name: 'search?q=design', path: '/api/search?q=design', handler: searchQuery },
  { name: 'search?q=review client', path: '/api/search?q=review%20client', handler: searchQuery },
  { name: 'search?q=a', path: '/api/search?q=a', handler: searchQuery },
];

/** Every call the baseline answers: the default set and the screens. */
export const allCalls: BenchCall[] = [...benchCalls, ...screenCalls];

/** The baseline's Express route for a call. */
export function routeOf(call: BenchCall): string {
  if (call.route) return call.route;
  if (typeof call.path !== 'string') throw new Error(`bench call "${call.name}": a computed path needs a route`);
  return call.path.split('?')[0];
}
