/**
 * The one keyset-pagination helper of every list procedure, in hand-written SQL (server/sql.ts).
 *
 * - Rows are ordered by one sort column, then id; the page reads `limit + 1` rows to know whether more follow.
 * - The cursor is the id of the last row seen; its sort value is looked up **within the tenant**, so another
 *   business's id as a cursor finds no position and yields an empty page (it reveals nothing).
 * - Per-row extras (counts of children…) are computed in an outer query over the page's rows only, never over a
 *   whole table.
 * - `total` (rows matching the filters) is counted on the first page only; `overall` (all rows of the business)
 *   only when the caller asks for it and filters are set (without filters it is `total`, counted once).
 */
import type { Page } from '../../shared/schemas/common';
import { join, raw, sql, TENANT, type Row, type Sql, type SqlRunner } from '../sql';

export type KeysetListSpec<T> = {
  /** Table name as in the schema ("Company"); `t` is its alias in `columns`, `filters` and `sort`. */
  table: string;
  /** Columns of the inner query, e.g. sql`t."id", t."name"` (must include the sort column and id). */
  columns: Sql;
  /** Extra conditions (ANDed after the tenant condition). */
  filters: Sql[];
  /** Which rows the list holds at all (live or archived companies): also limits `overall`, unlike `filters`. */
  base?: Sql[];
  /** Sort column (NOT NULL), ascending or descending; id breaks ties in the same direction. */
  sort: { column: string; direction?: 'asc' | 'desc' };
  /** Columns computed for the page's rows only; the page is the alias `p`. */
  pageExtras?: Sql;
  limit: number;
  cursor?: number | null;
  /** Also count every row of the business (for "Showing X of Y") when filters are set. */
  withOverall?: boolean;
  map: (row: Row) => T;
};

export type KeysetPage<T> = Page<T> & { overall: number | null };

const ident = (name: string) => raw(`"${name.replace(/"/g, '')}"`);

export async function keysetPage<T>(db: SqlRunner, spec: KeysetListSpec<T>): Promise<KeysetPage<T>> {
  const table = ident(spec.table);
  const sortCol = ident(spec.sort.column);
  const desc = spec.sort.direction === 'desc';
  const dir = raw(desc ? 'DESC' : 'ASC');
  const cmp = raw(desc ? '<' : '>');
  const tenantWhere = spec.base?.length
    ? sql`t."businessId" = ${TENANT} AND ${join(spec.base, ' AND ')}`
    : sql`t."businessId" = ${TENANT}`;
  const filters = spec.filters.length ? sql` AND ${join(spec.filters, ' AND ')}` : sql``;
  const after = spec.cursor
    ? sql` AND (t.${sortCol}, t."id") ${cmp} ((SELECT c.${sortCol} FROM ${table} c WHERE c."businessId" = ${TENANT} AND c."id" = ${spec.cursor}), ${spec.cursor})`
    : sql``;
  const inner = sql`SELECT ${spec.columns} FROM ${table} t WHERE ${tenantWhere}${filters}${after} ORDER BY t.${sortCol} ${dir}, t."id" ${dir} LIMIT ${spec.limit + 1}`;
  const pageQuery = spec.pageExtras
    ? sql`SELECT p.*, ${spec.pageExtras} FROM (${inner}) p ORDER BY p.${sortCol} ${dir}, p."id" ${dir}`
    : inner;

  const firstPage = !spec.cursor;
  const count = (where: Sql) => sql`SELECT COUNT(*) AS "n" FROM ${table} t WHERE ${where}`;
  const [rows, totalRow, overallRow] = await Promise.all([
    db.all(pageQuery),
    firstPage ? db.get<{ n: unknown }>(count(sql`${tenantWhere}${filters}`)) : null,
    firstPage && spec.withOverall && spec.filters.length ? db.get<{ n: unknown }>(count(tenantWhere)) : null,
  ]);
  const page = rows.slice(0, spec.limit);
  const total = totalRow ? Number(totalRow.n) : null;
  const overall = overallRow ? Number(overallRow.n) : firstPage && spec.withOverall ? total : null;
  return {
    items: page.map(spec.map),
    nextCursor: rows.length > spec.limit ? Number(page[page.length - 1].id) : null,
    total,
    overall,
  };
}

/** Case-insensitive "contains" with the user's % and _ taken literally, on both databases. */
export function containsText(db: SqlRunner, column: Sql, text: string): Sql {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db.provider === 'postgresql' ? sql`${column} ILIKE ${pattern}` : sql`${column} LIKE ${pattern} ESCAPE '\\'`;
}
