/** Reading contacts: the list page and one contact, hand-written SQL over the (businessId, …) indexes. */
import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import { M } from '../../../shared/messages';
import {
  contactSorts,
  type contactIdInput,
  type contactListInput,
  type PortalState,
} from '../../../shared/schemas/contacts';
import { PORTAL_RESET_PREFIX } from '../../auth/portal-access';
import { byColumns, nullsLast, containsText, sortedPage, listSort, type SortSegment } from '../../lib/pagination';
import { sql, TENANT, toBool, toDate, toInt, toText, type Row, type Sql, type SqlRunner } from '../../sql';
import type { TenantScope } from '../context';
import { isOurCompany } from '../companies/ours';

/** Columns of the list and the detail read (alias t); never the password hash itself. */
const contactColumns = sql`t."id", t."companyId", t."firstName", t."lastName", t."email", t."phone", t."title", t."role",
  t."portalAccess", t."clientAdmin", (t."portalPasswordHash" IS NOT NULL) AS "hasPortalPassword", t."createdAt"`;

/** A row of the hand-written SQL as the procedures answer it (companyName from the company sub-select). */
const contactFromRow = (r: Row) => {
  const companyId = r.companyId === null ? null : toInt(r.companyId);
  const portalAccess = toBool(r.portalAccess);
  const hasPortalPassword = toBool(r.hasPortalPassword);
  const invitePending = r.inviteExpiresAt != null && toDate(r.inviteExpiresAt).getTime() > Date.now();
  return {
    id: toInt(r.id),
    companyId,
    companyOfContact:
      companyId !== null && r.companyName != null ? { id: companyId, name: String(r.companyName) } : null,
    firstName: String(r.firstName),
    lastName: String(r.lastName),
    email: String(r.email),
    phone: toText(r.phone),
    title: toText(r.title),
    role: toText(r.role),
    portalAccess,
    clientAdmin: toBool(r.clientAdmin),
    hasPortalPassword,
    invitePending,
    portalState: portalStateOf({ portalAccess, companyId, hasPortalPassword, invitePending }),
    createdAt: toDate(r.createdAt),
  };
};

/**
 * Where a contact stands with the portal, from the columns alone: Active once they have a password (set by staff or
 * chosen through an invite); Invited while an unused, unexpired invite link is out and no password yet; otherwise
 * No access (access off, no company, or an invite that expired unused).
 */
function portalStateOf(c: {
  portalAccess: boolean;
  companyId: number | null;
  hasPortalPassword: boolean;
  invitePending: boolean;
}): PortalState {
  if (!c.portalAccess || c.companyId === null) return 'none';
  if (c.hasPortalPassword) return 'active';
  return c.invitePending ? 'invited' : 'none';
}

/**
 * The contact's unused invite's expiry (earlier unused invites are deleted when a new one is made: at most one).
 * Password reset links share the table (server/auth/portal-access.ts) and are not invites.
 */
const inviteExpiryOf = (contact: Sql) =>
  sql`(SELECT MAX(i."expiresAt") FROM "PortalInvite" i
    WHERE i."businessId" = ${TENANT} AND i."contactId" = ${contact}."id" AND i."usedAt" IS NULL
      AND i."tokenHash" NOT LIKE ${`${PORTAL_RESET_PREFIX}%`}) AS "inviteExpiresAt"`;

const companyNameOf = (contact: Sql) =>
  sql`(SELECT co."name" FROM "Company" co WHERE co."businessId" = ${TENANT} AND co."id" = ${contact}."companyId") AS "companyName"`;

export const contactNotFound = (): never => {
  throw new TRPCError({ code: 'NOT_FOUND', message: M.contacts.notFound });
};

/** One contact as the edit dialog and the company page read it: two indexed statements, run together. */
export async function readContact(db: SqlRunner, id: number, now = new Date()) {
  const [row, projects] = await Promise.all([
    db.get(sql`
      SELECT ${contactColumns}, t."updatedAt", ${companyNameOf(sql`t`)}, ${inviteExpiryOf(sql`t`)},
        (SELECT inv."firstName" || ' ' || inv."lastName" FROM "ColleagueInvite" ci
          JOIN "Contact" inv ON inv."businessId" = ci."businessId" AND inv."id" = ci."invitedById"
          WHERE ci."businessId" = ${TENANT} AND ci."contactId" = t."id" ORDER BY ci."id" DESC LIMIT 1) AS "invitedByName"
      FROM "Contact" t WHERE t."businessId" = ${TENANT} AND t."id" = ${id}`),
    db.all<{ projectId: unknown }>(sql`
      SELECT pc."projectId" FROM "ProjectContact" pc
      WHERE pc."businessId" = ${TENANT} AND pc."contactId" = ${id} ORDER BY pc."projectId"`),
  ]);
  if (!row) return null;
  // Earlier unused invites are deleted when a new one is made, so at most one is pending; expired ones do not count.
  const invite = row.inviteExpiresAt == null ? null : toDate(row.inviteExpiresAt);
  return {
    ...contactFromRow(row),
    projectId: projects.map((p) => toInt(p.projectId)),
    pendingInviteExpiresAt: invite && invite.getTime() > now.getTime() ? invite : null,
    invitedByName: toText(row.invitedByName),
    updatedAt: toDate(row.updatedAt),
  };
}

export async function getContact(scope: Pick<TenantScope, 'sql'>, input: z.infer<typeof contactIdInput>) {
  return (await readContact(scope.sql, input.id)) ?? contactNotFound();
}

/** Each sort over its (businessId, key…, id) index. */
const contactSortSegments: Record<(typeof contactSorts.keys)[number], SortSegment[]> = {
  // By first name, as the list was before sorting existed.
  name: byColumns({ expr: sql`t."firstName"`, type: 'text' }),
  // By the company's name: companies in name order, each one's contacts over (businessId, companyId, id); contacts
  // without a company last.
  company: [
    {
      from: sql`"Company" co JOIN "Contact" t ON t."businessId" = co."businessId" AND t."companyId" = co."id"`,
      where: sql`co."businessId" = ${TENANT}`,
      keys: [
        { expr: sql`co."name"`, type: 'text' },
        { expr: sql`co."id"`, type: 'int' },
      ],
    },
    ...nullsLast(sql`t."companyId"`, 'int').slice(1),
  ],
  created: byColumns({ expr: sql`t."createdAt"`, type: 'date' }),
};

const contactSort = listSort(contactSorts, contactSortSegments, { column: 'firstName' });

/** A page of contacts, by name unless another sort is asked for: a search over names, e-mail and title, and one company (or none). */
export async function listContacts(scope: Pick<TenantScope, 'sql'>, input: z.infer<typeof contactListInput>) {
  const { search, companyId } = input;
  const filters: Sql[] = [];
  if (search) {
    const like = (column: Sql) => containsText(scope.sql, column, search);
    filters.push(
      sql`(${like(sql`t."firstName"`)} OR ${like(sql`t."lastName"`)} OR ${like(sql`(t."firstName" || ' ' || t."lastName")`)} OR ${like(sql`t."email"`)} OR ${like(sql`t."title"`)})`,
    );
  }
  if (companyId === 'none') filters.push(sql`t."companyId" IS NULL`);
  else if (companyId !== undefined) filters.push(sql`t."companyId" = ${companyId}`);
  const [company, page] = await Promise.all([
    // Hand-written like the page itself: Prisma's per-query cost would be most of this call's time.
    typeof companyId === 'number' ? isOurCompany(scope.sql, companyId) : true,
    sortedPage(scope.sql, {
      table: 'Contact',
      columns: contactColumns,
      filters,
      sort: contactSort(input),
      // The company's name for the page's rows only (one indexed look-up each, no N+1 round trips).
      pageExtras: sql`${companyNameOf(sql`p`)}, ${inviteExpiryOf(sql`p`)}`,
      limit: input.limit,
      cursor: input.cursor,
      withOverall: input.withOverall,
      map: contactFromRow,
    }),
  ]);
  if (!company) throw new TRPCError({ code: 'NOT_FOUND', message: M.contacts.companyNotFound });
  return page;
}
