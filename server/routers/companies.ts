import { TRPCError } from '@trpc/server';
import { M } from '../../shared/messages';
import {
  companyCreateInput,
  companyIdInput,
  companyListInput,
  companyUpdateInput,
  companyIndustriesOutput,
  companyOutput,
  companyPageOutput,
  companyWithCountsOutput,
} from '../../shared/schemas/companies';
import { notFoundOn } from '../errors';
import { containsText, keysetPage } from '../lib/pagination';
import { sql, TENANT, toDate, toInt, type Row, type Sql } from '../sql';
import { router, staffProcedure } from '../trpc';
import { changesOf, recordActivity, staffActor } from '../activity';

/** The fields an activity entry compares (old → new). */
const LOGGED_FIELDS = ['name', 'industry', 'website', 'address', 'phone', 'status'] as const;

const companySelect = {
  id: true,
  name: true,
  industry: true,
  website: true,
  address: true,
  phone: true,
  status: true,
  createdAt: true,
  updatedAt: true,
} as const;

/** A row of the list's hand-written SQL as the procedure answers it. */
const companyFromRow = (r: Row) => ({
  id: toInt(r.id),
  name: String(r.name),
  industry: (r.industry as string | null) ?? null,
  website: (r.website as string | null) ?? null,
  address: (r.address as string | null) ?? null,
  phone: (r.phone as string | null) ?? null,
  status: String(r.status),
  createdAt: toDate(r.createdAt),
  updatedAt: toDate(r.updatedAt),
  contactCount: toInt(r.contactCount),
  projectCount: toInt(r.projectCount),
});

export const companiesRouter = router({
  list: staffProcedure
    .input(companyListInput)
    .output(companyPageOutput)
    .query(({ ctx, input }) => {
      const filters: Sql[] = [];
      if (input.search)
        filters.push(
          sql`(${containsText(ctx.sql, sql`t."name"`, input.search)} OR ${containsText(ctx.sql, sql`t."industry"`, input.search)})`,
        );
      if (input.industry) filters.push(sql`t."industry" = ${input.industry}`);
      if (input.status) filters.push(sql`t."status" = ${input.status}`);
      return keysetPage(ctx.sql, {
        table: 'Company',
        columns: sql`t."id", t."name", t."industry", t."website", t."address", t."phone", t."status", t."createdAt", t."updatedAt"`,
        filters,
        sort: { column: 'name' },
        // Counts for the page's rows only, over the (businessId, companyId) indexes.
        pageExtras: sql`
        (SELECT COUNT(*) FROM "Contact" x WHERE x."businessId" = ${TENANT} AND x."companyId" = p."id") AS "contactCount",
        (SELECT COUNT(*) FROM "Project" y WHERE y."businessId" = ${TENANT} AND y."companyId" = p."id") AS "projectCount"`,
        limit: input.limit,
        cursor: input.cursor,
        withOverall: input.withOverall,
        map: companyFromRow,
      });
    }),

  /** The distinct industries present, for the industry filter. */
  industries: staffProcedure.output(companyIndustriesOutput).query(async ({ ctx }) => {
    const rows = await ctx.db.company.groupBy({
      by: ['industry'],
      where: { industry: { not: null } },
      orderBy: { industry: 'asc' },
    });
    return rows.map((r) => r.industry).filter((v): v is string => !!v);
  }),

  get: staffProcedure
    .input(companyIdInput)
    .output(companyWithCountsOutput)
    .query(async ({ ctx, input }) => {
      const [company, contactCount, projectCount] = await Promise.all([
        ctx.db.company.findUnique({ where: { id: input.id }, select: companySelect }),
        ctx.db.contact.count({ where: { companyId: input.id } }),
        ctx.db.project.count({ where: { companyId: input.id } }),
      ]);
      if (!company) throw new TRPCError({ code: 'NOT_FOUND', message: M.companies.notFound });
      return { ...company, contactCount, projectCount };
    }),

  create: staffProcedure
    .input(companyCreateInput)
    .output(companyOutput)
    .mutation(({ ctx, input }) =>
      ctx.db.$transaction(async (tx) => {
        // The scoped client sets the business on every create; the field is here because Prisma's types require it.
        const company = await tx.company.create({
          data: { ...input, businessId: ctx.businessId },
          select: companySelect,
        });
        await recordActivity(tx, ctx.businessId, staffActor(ctx.user), {
          entityType: 'company',
          entityId: company.id,
          entityName: company.name,
          companyId: company.id,
          action: 'created',
          changes: changesOf(null, company, LOGGED_FIELDS),
        });
        return company;
      }),
    ),

  update: staffProcedure
    .input(companyUpdateInput)
    .output(companyOutput)
    .mutation(({ ctx, input }) => {
      const { id, ...data } = input;
      return ctx.db.$transaction(async (tx) => {
        const before = await tx.company.findUnique({ where: { id }, select: companySelect });
        if (!before) throw new TRPCError({ code: 'NOT_FOUND', message: M.companies.notFound });
        const company = await tx.company
          .update({ where: { id }, data, select: companySelect })
          .catch(notFoundOn(M.companies.notFound));
        const changes = changesOf(before, company, LOGGED_FIELDS);
        if (changes.length > 0) {
          await recordActivity(tx, ctx.businessId, staffActor(ctx.user), {
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
    }),
});
