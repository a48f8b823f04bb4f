import { TRPCError } from '@trpc/server';
import { M } from '../../shared/messages';
import {
  companyCreateInput,
  companyIdInput,
  companyListInput,
  companyUpdateInput,
} from '../../shared/schemas/companies';
import type { Page } from '../../shared/schemas/common';
import { notFoundOn } from '../errors';
import { router, staffProcedure } from '../trpc';

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

/** Contact and project counts come from the same SQL statement as the rows (no query per company). */
const listSelect = { ...companySelect, _count: { select: { contacts: true, projects: true } } } as const;

export const companiesRouter = router({
  list: staffProcedure.input(companyListInput).query(async ({ ctx, input }) => {
    const search = input.search
      ? { OR: [{ name: ctx.database.contains(input.search) }, { industry: ctx.database.contains(input.search) }] }
      : {};
    const where = {
      businessId: ctx.businessId,
      ...search,
      ...(input.industry ? { industry: input.industry } : {}),
      ...(input.status ? { status: input.status } : {}),
    };
    // Totals are counted for the first page only; later pages just continue the list.
    const firstPage = !input.cursor;
    const [rows, total, overall] = await Promise.all([
      ctx.db.company.findMany({
        where,
        select: listSelect,
        orderBy: [{ name: 'asc' }, { id: 'asc' }],
        take: input.limit + 1,
        // The cursor row must be this business's too, or its position would reveal another tenant's data.
        ...(input.cursor ? { cursor: { id: input.cursor, businessId: ctx.businessId }, skip: 1 } : {}),
      }),
      firstPage ? ctx.db.company.count({ where }) : null,
      firstPage ? ctx.db.company.count({ where: { businessId: ctx.businessId } }) : null,
    ]);
    const page = rows.slice(0, input.limit);
    const items = page.map(({ _count, ...company }) => ({
      ...company,
      contactCount: _count.contacts,
      projectCount: _count.projects,
    }));
    const nextCursor = rows.length > input.limit ? page[page.length - 1].id : null;
    return { items, nextCursor, total, overall } satisfies Page<(typeof items)[number]> & { overall: number | null };
  }),

  /** The distinct industries present, for the industry filter. */
  industries: staffProcedure.query(async ({ ctx }) => {
    const rows = await ctx.db.company.groupBy({
      by: ['industry'],
      where: { businessId: ctx.businessId, industry: { not: null } },
      orderBy: { industry: 'asc' },
    });
    return rows.map((r) => r.industry).filter((v): v is string => !!v);
  }),

  get: staffProcedure.input(companyIdInput).query(async ({ ctx, input }) => {
    const company = await ctx.db.company.findFirst({
      where: { id: input.id, businessId: ctx.businessId },
      select: listSelect,
    });
    if (!company) throw new TRPCError({ code: 'NOT_FOUND', message: M.companies.notFound });
    const { _count, ...rest } = company;
    return { ...rest, contactCount: _count.contacts, projectCount: _count.projects };
  }),

  create: staffProcedure.input(companyCreateInput).mutation(({ ctx, input }) =>
    ctx.db.company.create({ data: { ...input, businessId: ctx.businessId }, select: companySelect }),
  ),

  update: staffProcedure.input(companyUpdateInput).mutation(({ ctx, input }) => {
    const { id, ...data } = input;
    return ctx.db.company
      .update({ where: { id, businessId: ctx.businessId }, data, select: companySelect })
      .catch(notFoundOn(M.companies.notFound));
  }),
});
