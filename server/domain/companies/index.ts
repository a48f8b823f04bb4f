/** Client companies: the list page, one company with its counts, and the writes with their activity entries. */
import type { z } from 'zod';
import { M } from '../../../shared/messages';
import type {
  companyCreateInput,
  companyIdInput,
  companyListInput,
  companyUpdateInput,
} from '../../../shared/schemas/companies';
import { changesOf, recordActivity, staffActor } from '../../activity';
import { notFoundOn } from '../../errors';
import { COMPANY_BADGE_STATUSES } from '../../../shared/constants';
import { companySorts } from '../../../shared/schemas/companies';
import { byColumns, byRank, containsText, sortedPage, listSort, type SortSegment } from '../../lib/pagination';
import { sql, TENANT, toDate, toInt, toText, type Row, type Sql, type SqlRunner } from '../../sql';
import type { StaffScope, TenantScope } from '../context';
import { companySelect, notFound } from './select';

export { archiveCompany, companyDeleteSummary, deleteCompany, unarchiveCompany } from './lifecycle';

/** The fields an activity entry compares (old → new). */
const LOGGED_FIELDS = ['name', 'industry', 'website', 'address', 'phone', 'status'] as const;

/** A row of the list's hand-written SQL as the procedure answers it. */
const companyFromRow = (r: Row) => ({
  id: toInt(r.id),
  name: String(r.name),
  industry: toText(r.industry),
  website: toText(r.website),
  address: toText(r.address),
  phone: toText(r.phone),
  status: String(r.status),
  archivedAt: r.archivedAt == null ? null : toDate(r.archivedAt),
  createdAt: toDate(r.createdAt),
  updatedAt: toDate(r.updatedAt),
  contactCount: toInt(r.contactCount),
  projectCount: toInt(r.projectCount),
});

/** Each sort over its (businessId, key, id) index; status in the spec's order of statuses. */
const companySortSegments: Record<(typeof companySorts.keys)[number], SortSegment[]> = {
  name: byColumns({ expr: sql`t."name"`, type: 'text' }),
  status: byRank(sql`t."status"`, COMPANY_BADGE_STATUSES),
  created: byColumns({ expr: sql`t."createdAt"`, type: 'date' }),
};

const companySort = listSort(companySorts, companySortSegments, { column: 'name' });

/**
 * The companies list's statement (everything but the page): live or archived companies, a search over name and
 * industry, an industry and a status. The bench's raw baseline builds its SQL from this too, so the two differ only in the transport.
 */
export function companyListQuery(
  runner: SqlRunner,
  input: Pick<z.infer<typeof companyListInput>, 'search' | 'industry' | 'status' | 'archived' | 'sort' | 'order'>,
) {
  const filters: Sql[] = [];
  if (input.search)
    filters.push(
      sql`(${containsText(runner, sql`t."name"`, input.search)} OR ${containsText(runner, sql`t."industry"`, input.search)})`,
    );
  if (input.industry) filters.push(sql`t."industry" = ${input.industry}`);
  if (input.status) filters.push(sql`t."status" = ${input.status}`);
  return {
    table: 'Company',
    columns: sql`t."id", t."name", t."industry", t."website", t."address", t."phone", t."status", t."archivedAt", t."createdAt", t."updatedAt"`,
    filters,
    // Live or archived companies, over the (businessId, archivedAt, name) index; "of Y" counts that view too.
    base: [input.archived ? sql`t."archivedAt" IS NOT NULL` : sql`t."archivedAt" IS NULL`],
    sort: companySort(input),
    // Counts for the page's rows only, over the (businessId, companyId) indexes.
    pageExtras: sql`
    (SELECT COUNT(*) FROM "Contact" x WHERE x."businessId" = ${TENANT} AND x."companyId" = p."id") AS "contactCount",
    (SELECT COUNT(*) FROM "Project" y WHERE y."businessId" = ${TENANT} AND y."companyId" = p."id") AS "projectCount"`,
    map: companyFromRow,
  };
}

/** A page of companies, by name unless another sort is asked for. */
export function listCompanies(scope: Pick<TenantScope, 'sql'>, input: z.infer<typeof companyListInput>) {
  return sortedPage(scope.sql, {
    ...companyListQuery(scope.sql, input),
    limit: input.limit,
    cursor: input.cursor,
    withOverall: input.withOverall,
  });
}

/** The distinct industries present, for the industry filter. */
export async function companyIndustries(scope: Pick<TenantScope, 'db'>) {
  const rows = await scope.db.company.groupBy({
    by: ['industry'],
    where: { industry: { not: null } },
    orderBy: { industry: 'asc' },
  });
  return rows.map((r) => r.industry).filter((v): v is string => !!v);
}

export async function getCompany(scope: Pick<TenantScope, 'db'>, input: z.infer<typeof companyIdInput>) {
  const [company, contactCount, projectCount] = await Promise.all([
    scope.db.company.findUnique({ where: { id: input.id }, select: companySelect }),
    scope.db.contact.count({ where: { companyId: input.id } }),
    scope.db.project.count({ where: { companyId: input.id } }),
  ]);
  if (!company) return notFound();
  return { ...company, contactCount, projectCount };
}

export function createCompany(
  scope: Pick<StaffScope, 'db' | 'businessId' | 'user'>,
  input: z.infer<typeof companyCreateInput>,
) {
  return scope.db.$transaction(async (tx) => {
    // The scoped client sets the business on every create; the field is here because Prisma's types require it.
    const company = await tx.company.create({
      data: { ...input, businessId: scope.businessId },
      select: companySelect,
    });
    await recordActivity(tx, scope.businessId, staffActor(scope.user), {
      entityType: 'company',
      entityId: company.id,
      entityName: company.name,
      companyId: company.id,
      action: 'created',
      changes: changesOf(null, company, LOGGED_FIELDS),
    });
    return company;
  });
}

/** Only the given fields change; an update that changes nothing logs nothing. */
export function updateCompany(
  scope: Pick<StaffScope, 'db' | 'businessId' | 'user'>,
  input: z.infer<typeof companyUpdateInput>,
) {
  const { id, ...data } = input;
  return scope.db.$transaction(async (tx) => {
    const before = (await tx.company.findUnique({ where: { id }, select: companySelect })) ?? notFound();
    const company = await tx.company
      .update({ where: { id }, data, select: companySelect })
      .catch(notFoundOn(M.companies.notFound));
    const changes = changesOf(before, company, LOGGED_FIELDS);
    if (changes.length > 0) {
      await recordActivity(tx, scope.businessId, staffActor(scope.user), {
        entityType: 'company',
        entityId: id,
        entityName: company.name,
        companyId: id,
        action: 'updated',
        changes,
      });
    }
    return company;
  });
}
