/**
 * The hub dashboard (/hub): SQL aggregates and short newest-first lists over ctx.sql, never rows loaded to be
 * counted. What counts as "active" or "pending" comes from shared/status.ts; the IN lists are built from those
 * arrays, so the numbers here match every other screen that reads them.
 */
import { DEFAULT_BRAND_STYLE, DEFAULT_LOGIN_TEXT, LIMITS } from '../../../shared/constants';
import { ACTIVE_PROJECT_STATUSES, CLIENT_COMPANY_STATUSES, PENDING_TASK_STATUSES } from '../../../shared/status';
import { PORTAL_RESET_PREFIX } from '../../auth/portal-access';
import { join, raw, sql, TENANT, toBool, toDate, toInt, toText, type Row, type Sql } from '../../sql';
import type { TenantScope } from '../context';

/**
 * How many rows the dashboard's lists show (the spec: first 5 projects, at most 5 files; companies and contacts
 * follow the files). Written into the SQL as literals: SQLite runs `LIMIT 5` faster than `LIMIT ?` (measured: 12 µs
 * against 22 µs for the files, 43 µs against 250 µs for the projects' UNION ALL).
 */
const PROJECTS = raw(String(LIMITS.dashboardProjects));
const RECENT = raw(String(LIMITS.recentFiles));

/** `IN (?, ?, …)` from one of shared/status.ts's arrays. */
const inList = (values: readonly string[]): Sql =>
  sql`(${join(
    values.map((v) => sql`${v}`),
    ', ',
  )})`;

/**
 * The Business row's defaults in prisma/schema.prisma: branding counts as set once any of them differs (or a logo
 * was uploaded). loginText's default is DEFAULT_LOGIN_TEXT; tests/integration/dashboard.test.ts checks that a new agency
 * (created with the schema's defaults) reads as "not set", so a drift between the two fails there.
 */
const BRAND_DEFAULTS = { ...DEFAULT_BRAND_STYLE, loginText: DEFAULT_LOGIN_TEXT } as const;

const brandingSet = (row: Row) =>
  row.logoKey != null ||
  String(row.primaryColor).toLowerCase() !== BRAND_DEFAULTS.primaryColor ||
  String(row.secondaryColor).toLowerCase() !== BRAND_DEFAULTS.secondaryColor ||
  String(row.buttonTextColor).toLowerCase() !== BRAND_DEFAULTS.buttonTextColor ||
  String(row.loginText) !== BRAND_DEFAULTS.loginText;

const companyOf = (r: Row) =>
  r.companyId == null || r.companyName == null ? null : { id: toInt(r.companyId), name: String(r.companyName) };

/** The ids of the agency's archived companies, over (businessId, archivedAt, name): read once per statement. */
const archivedCompanies = sql`(SELECT ac."id" FROM "Company" ac WHERE ac."businessId" = ${TENANT} AND ac."archivedAt" IS NOT NULL)`;
/** A row of no company or of a live one (an archived company's records leave the dashboard with it). */
const ofLiveCompany = (column: Sql) => sql`(${column} IS NULL OR ${column} NOT IN ${archivedCompanies})`;

/** Pending tasks and their split by priority, over `Task` rows that `where` picks. */
const pendingTasks = (where: Sql) => sql`
  SELECT COUNT(*) AS "pending",
         COUNT(CASE WHEN "priority" = 'high' THEN 1 END) AS "high",
         COUNT(CASE WHEN "priority" = 'medium' THEN 1 END) AS "medium",
         COUNT(CASE WHEN "priority" = 'low' THEN 1 END) AS "low"
  FROM "Task" WHERE "businessId" = ${TENANT} AND "status" IN ${inList(PENDING_TASK_STATUSES)}${where}`;

/**
 * One statement: three counts over covering indexes — Project(businessId, status, …), Company(businessId, status),
 * Task(businessId, status, priority) — with the pending tasks split by priority in the same pass. An archived
 * company's active projects and pending tasks are counted apart, over Project(businessId, companyId) and
 * Task(businessId, projectId), and taken off: the cost follows the archived companies' rows, not the agency's.
 */
export async function dashboardStats(scope: Pick<TenantScope, 'sql'>) {
  const archivedProjects = sql`(SELECT ap."id" FROM "Project" ap WHERE ap."businessId" = ${TENANT} AND ap."companyId" IN ${archivedCompanies})`;
  const row = await scope.sql.get<Row>(sql`
    SELECT p."n" - pa."n" AS "activeProjects", c."n" AS "totalClients",
           t."pending" - ta."pending" AS "pending", t."high" - ta."high" AS "high",
           t."medium" - ta."medium" AS "medium", t."low" - ta."low" AS "low"
    FROM
      (SELECT COUNT(*) AS "n" FROM "Project" WHERE "businessId" = ${TENANT} AND "status" IN ${inList(ACTIVE_PROJECT_STATUSES)}) p,
      (SELECT COUNT(*) AS "n" FROM "Project" WHERE "businessId" = ${TENANT} AND "companyId" IN ${archivedCompanies}
        AND "status" IN ${inList(ACTIVE_PROJECT_STATUSES)}) pa,
      (SELECT COUNT(*) AS "n" FROM "Company" WHERE "businessId" = ${TENANT} AND "status" IN ${inList(CLIENT_COMPANY_STATUSES)} AND "archivedAt" IS NULL) c,
      (${pendingTasks(sql``)}) t,
      (${pendingTasks(sql` AND "projectId" IN ${archivedProjects}`)}) ta`);
  return {
    activeProjects: toInt(row?.activeProjects ?? 0),
    pendingTasks: toInt(row?.pending ?? 0),
    totalClients: toInt(row?.totalClients ?? 0),
    tasksByPriority: { high: toInt(row?.high ?? 0), medium: toInt(row?.medium ?? 0), low: toInt(row?.low ?? 0) },
  };
}

/** The overview's five statements, run side by side (see dashboardOverview). */
function overviewRows(scope: Pick<TenantScope, 'sql'>) {
  return Promise.all([
    // The newest 5 of each active status over (businessId, status, createdAt), then the newest 5 of those: at most
    // 25 index entries read, however many newer drafts or finished projects the agency has (an IN list with
    // ORDER BY createdAt would walk the createdAt index past all of them).
    scope.sql.all<Row>(sql`
      SELECT p."id", p."projectUid", p."name", p."status", p."companyId", c."name" AS "companyName"
      FROM (${join(
        ACTIVE_PROJECT_STATUSES.map(
          (
            status,
          ) => sql`SELECT * FROM (SELECT "id", "projectUid", "name", "status", "companyId", "createdAt" FROM "Project"
            WHERE "businessId" = ${TENANT} AND "status" = ${status} AND ${ofLiveCompany(sql`"companyId"`)}
            ORDER BY "createdAt" DESC, "id" DESC LIMIT ${PROJECTS}) AS "s"`,
        ),
        ' UNION ALL ',
      )}) p
      LEFT JOIN "Company" c ON c."businessId" = ${TENANT} AND c."id" = p."companyId"
      ORDER BY p."createdAt" DESC, p."id" DESC LIMIT ${PROJECTS}`),
    scope.sql.all<Row>(sql`
      SELECT "id", "name", "type", "createdAt" FROM "Document"
      WHERE "businessId" = ${TENANT} AND ${ofLiveCompany(sql`"companyId"`)} ORDER BY "createdAt" DESC, "id" DESC LIMIT ${RECENT}`),
    scope.sql.all<Row>(sql`
      SELECT "id", "name", "industry", "status", "createdAt" FROM "Company"
      WHERE "businessId" = ${TENANT} AND "archivedAt" IS NULL ORDER BY "createdAt" DESC, "id" DESC LIMIT ${RECENT}`),
    scope.sql.all<Row>(sql`
      SELECT k."id", k."firstName", k."lastName", k."email", k."portalAccess", k."createdAt", k."companyId", c."name" AS "companyName"
      FROM "Contact" k
      LEFT JOIN "Company" c ON c."businessId" = ${TENANT} AND c."id" = k."companyId"
      WHERE k."businessId" = ${TENANT} AND ${ofLiveCompany(sql`k."companyId"`)} ORDER BY k."createdAt" DESC, k."id" DESC LIMIT ${RECENT}`),
    scope.sql.get<Row>(sql`
      SELECT b."primaryColor", b."secondaryColor", b."buttonTextColor", b."loginText", b."logoKey",
             EXISTS (SELECT 1 FROM "Contact" k WHERE k."businessId" = ${TENANT} AND k."portalAccess" = ${true} AND k."companyId" IS NOT NULL
               AND (k."portalPasswordHash" IS NOT NULL OR EXISTS (SELECT 1 FROM "PortalInvite" i
                 WHERE i."businessId" = ${TENANT} AND i."contactId" = k."id" AND i."tokenHash" NOT LIKE ${`${PORTAL_RESET_PREFIX}%`}))) AS "portalAccess"
      FROM "Business" b WHERE b."id" = ${TENANT}`),
  ]);
}

/**
 * The lists (5 newest of each, over the (businessId, createdAt) / (businessId, status, createdAt) indexes; an archived
 * company's projects, files and contacts are passed over, as the company is) and the
 * getting-started checklist: five LIMITed statements, companies joined in, no query per row. "Any company" and
 * "any contact" follow from the recent lists; the last statement reads the business's branding and whether any
 * contact has really been let in: portal access with an invite sent (used or not) or a password set, not merely the
 * switch on (a reset link is no invite).
 */
export async function dashboardOverview(scope: Pick<TenantScope, 'sql'>) {
  const [projects, files, companies, contacts, business] = await overviewRows(scope);
  return {
    activeProjects: projects.map((r) => ({
      id: toInt(r.id),
      projectUid: String(r.projectUid),
      name: String(r.name),
      status: String(r.status),
      company: companyOf(r),
    })),
    recentFiles: files.map((r) => ({
      id: toInt(r.id),
      name: String(r.name),
      type: String(r.type),
      createdAt: toDate(r.createdAt),
    })),
    recentCompanies: companies.map((r) => ({
      id: toInt(r.id),
      name: String(r.name),
      industry: toText(r.industry),
      status: String(r.status),
      createdAt: toDate(r.createdAt),
    })),
    recentContacts: contacts.map((r) => ({
      id: toInt(r.id),
      firstName: String(r.firstName),
      lastName: String(r.lastName),
      email: String(r.email),
      company: companyOf(r),
      portalAccess: toBool(r.portalAccess),
      createdAt: toDate(r.createdAt),
    })),
    checklist: {
      company: companies.length > 0,
      contact: contacts.length > 0,
      portalAccess: toBool(business?.portalAccess),
      branding: business ? brandingSet(business) : false,
    },
  };
}
