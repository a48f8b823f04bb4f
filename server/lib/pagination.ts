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
import { TRPCError } from '@trpc/server';
import { M } from '../../shared/messages';
import { MAX_ID } from '../../shared/schemas/common';
import { resolveSort, type ListSorts, type Page, type SortOrder } from '../../shared/schemas/common';
import { decodeCursor, encodeCursor, type SortKeyType } from './sort-cursor';
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

/**
 * One part of a sort, read with its own index: rows matching `where`, ordered by `keys` then id. A plain sort is
 * one segment; a sort over a column that may be NULL is two (rows with a value, then rows without); a sort by
 * status or priority is one segment per value in the spec's order. Each segment is an index range, so no sort
 * reads the whole table, and the cursor names the segment it stopped in.
 */
export type SortSegment = {
  where?: Sql;
  /** FROM clause instead of the list's table (a join, for a key of another table); the list's table stays `t`. */
  from?: Sql;
  keys: { expr: Sql; type: SortKeyType }[];
  /** Stays last in both directions (rows without a value). */
  last?: boolean;
};

export type ListSortSpec = {
  key: string;
  order: SortOrder;
  segments: SortSegment[];
  /** The list's order from before it could be sorted, kept while a request names no sort (see sortedPage). */
  legacy?: KeysetListSpec<unknown>['sort'];
};

/** A request that names no sort and no order: the list's default, read as before sorting came. */
const unsorted = (input: { sort?: unknown; order?: unknown }) => input.sort == null && input.order == null;

/**
 * A list's sort: the requested (or default) key and order over that key's segments; with no sort named, the list's
 * order from before it could be sorted (`legacy`, see sortedPage).
 */
export function listSort<K extends string>(
  sorts: ListSorts<K>,
  segments: Record<K, SortSegment[]>,
  legacy: KeysetListSpec<unknown>['sort'],
) {
  return (input: { sort?: K | null; order?: SortOrder | null }): ListSortSpec => {
    const { key, order } = resolveSort(sorts, input);
    return { key, order, segments: segments[key], legacy: unsorted(input) ? legacy : undefined };
  };
}

export type SortedListSpec<T> = Omit<KeysetListSpec<T>, 'sort' | 'cursor'> & {
  sort: ListSortSpec;
  /** The previous page's opaque cursor (server/lib/sort-cursor.ts); another sort's cursor is a 400. */
  cursor?: string | null;
};

export type SortedPage<T> = { items: T[]; nextCursor: string | null; total: number | null; overall: number | null };

/** A sort by columns of the list's table (then id). */
export const byColumns = (...keys: { expr: Sql; type: SortKeyType }[]): SortSegment[] => [{ keys }];

/** A sort by a column that may be NULL: rows without a value come last, in both directions. */
export const nullsLast = (expr: Sql, type: SortKeyType): SortSegment[] => [
  { where: sql`${expr} IS NOT NULL`, keys: [{ expr, type }] },
  { where: sql`${expr} IS NULL`, keys: [], last: true },
];

/**
 * A sort by a column holding one of a few values, in the given rank: one index range per value. The list's output
 * schema already refuses any other stored value (storedEnum), so no segment is kept for one.
 */
export const byRank = (expr: Sql, values: readonly string[]): SortSegment[] =>
  values.map((value) => ({ where: sql`${expr} = ${value}`, keys: [] }));

/** The segments in the order a direction reads them: ranked ones reversed for desc, the `last` ones stay last. */
const segmentsFor = ({ segments, order }: ListSortSpec) => {
  const ranked = segments.filter((s) => !s.last);
  return [...(order === 'desc' ? ranked.reverse() : ranked), ...segments.filter((s) => s.last)];
};

const nullOf = (db: SqlRunner, type: SortKeyType) =>
  db.provider === 'sqlite'
    ? raw('NULL')
    : raw(
        type === 'text'
          ? 'CAST(NULL AS text)'
          : type === 'int'
            ? 'CAST(NULL AS integer)'
            : 'CAST(NULL AS timestamp(3))',
      );

const tuple = (parts: Sql[]) => (parts.length === 1 ? parts[0] : sql`(${join(parts, ', ')})`);

/** A sort key read back from a row, as the cursor keeps it (the stored text of a date, the number of an int). */
const keyValue = (value: unknown, type: SortKeyType) =>
  type === 'int' || typeof value === 'number' ? Number(value) : String(value);

/**
 * A keyset page in any of a list's sorts (see keysetPage for the counts and extras). Each segment after the cursor
 * reads at most `limit + 1` rows from its index; the union of those is put in order and cut to the page.
 */
export async function sortedPage<T>(db: SqlRunner, spec: SortedListSpec<T>): Promise<SortedPage<T>> {
  // The default order, with no cursor or an id one, pages as it did before lists could be sorted: the cursor is the
  // last row's id (API clients and saved links that build it from an id keep working; another agency's id finds no
  // position and yields an empty page). A sorted page's token in the default order still reads below.
  if (spec.sort.legacy && (!spec.cursor || /^\d{1,15}$/.test(spec.cursor))) {
    const id = spec.cursor ? Number(spec.cursor) : null;
    // As the id cursor's schema did: an id no row can have is a 400, not a query.
    if (id !== null && (id < 1 || id > MAX_ID))
      throw new TRPCError({ code: 'BAD_REQUEST', message: M.lists.staleCursor });
    const page = await keysetPage(db, { ...spec, sort: spec.sort.legacy, cursor: id });
    return { ...page, nextCursor: page.nextCursor === null ? null : String(page.nextCursor) };
  }
  const table = ident(spec.table);
  const sortId = `${spec.sort.key}.${spec.sort.order}`;
  const segments = segmentsFor(spec.sort);
  const position = spec.cursor
    ? decodeCursor(
        spec.cursor,
        sortId,
        segments.map((s) => s.keys.map((k) => k.type)),
      )
    : null;
  const desc = spec.sort.order === 'desc';
  const dir = raw(desc ? 'DESC' : 'ASC');
  const cmp = raw(desc ? '<' : '>');
  const keyTypes: SortKeyType[] = [];
  for (const s of segments)
    s.keys.forEach((k, j) => {
      keyTypes[j] ??= k.type;
    });

  const tenantWhere = spec.base?.length
    ? sql`t."businessId" = ${TENANT} AND ${join(spec.base, ' AND ')}`
    : sql`t."businessId" = ${TENANT}`;
  const filters = spec.filters.length ? sql` AND ${join(spec.filters, ' AND ')}` : sql``;
  const members = segments.flatMap((segment, i) => {
    if (position && i < position.segment) return [];
    const keys = segment.keys.map((k) => k.expr);
    const after =
      position && i === position.segment
        ? sql` AND ${tuple([...keys, sql`t."id"`])} ${cmp} ${tuple([...position.keys.map((v) => sql`${v}`), sql`${position.id}`])}`
        : sql``;
    const where = segment.where ? sql` AND ${segment.where}` : sql``;
    const keyColumns = keyTypes.map(
      (type, j) => sql`, ${segment.keys[j]?.expr ?? nullOf(db, type)} AS ${raw(`"_k${j}"`)}`,
    );
    const order = join(
      [...keys, sql`t."id"`].map((k) => sql`${k} ${dir}`),
      ', ',
    );
    return [
      sql`SELECT ${spec.columns}, ${raw(String(i))} AS "_seg"${join(keyColumns, '')} FROM ${segment.from ?? sql`${table} t`} WHERE ${tenantWhere}${filters}${where}${after} ORDER BY ${order} LIMIT ${spec.limit + 1}`,
    ];
  });
  const pageOrder = join(
    [sql`p."_seg" ASC`, ...keyTypes.map((_, j) => sql`p.${raw(`"_k${j}"`)} ${dir}`), sql`p."id" ${dir}`],
    ', ',
  );
  const union =
    members.length === 1
      ? members[0]
      : join(
          members.map((m, i) => sql`SELECT * FROM (${m}) ${raw(`s${i}`)}`),
          ' UNION ALL ',
        );
  // The page is cut first, then its extras are computed: SQLite sorts whole result rows, so extras in the cutting
  // query would run for every segment's rows (up to limit + 1 each), not only the page's.
  const cut =
    members.length === 1 ? union : sql`SELECT * FROM (${union}) p ORDER BY ${pageOrder} LIMIT ${spec.limit + 1}`;
  const pageQuery = spec.pageExtras ? sql`SELECT p.*, ${spec.pageExtras} FROM (${cut}) p ORDER BY ${pageOrder}` : cut;

  const firstPage = !position;
  const count = (where: Sql) => sql`SELECT COUNT(*) AS "n" FROM ${table} t WHERE ${where}`;
  const [rows, totalRow, overallRow] = await Promise.all([
    members.length ? db.all(pageQuery) : [],
    firstPage ? db.get<{ n: unknown }>(count(sql`${tenantWhere}${filters}`)) : null,
    firstPage && spec.withOverall && spec.filters.length ? db.get<{ n: unknown }>(count(tenantWhere)) : null,
  ]);
  const page = rows.slice(0, spec.limit);
  const total = totalRow ? Number(totalRow.n) : null;
  const overall = overallRow ? Number(overallRow.n) : firstPage && spec.withOverall ? total : null;
  const last = page[page.length - 1];
  const lastSegment = last ? Number(last._seg) : 0;
  return {
    items: page.map(spec.map),
    nextCursor:
      rows.length > spec.limit
        ? encodeCursor({
            sort: sortId,
            segment: lastSegment,
            keys: segments[lastSegment].keys.map((k, j) => keyValue(last[`_k${j}`], k.type)),
            id: Number(last.id),
          })
        : null,
    total,
    overall,
  };
}
