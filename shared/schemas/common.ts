import { z } from 'zod';
import { LIMITS } from '../constants';

/** Ids are 32-bit integers in both databases. */
export const MAX_ID = 2_147_483_647;

/** Numeric row id, as the spec's API uses them. Accepts "12" from path segments. */
export const idSchema = z.coerce.number().int().positive().max(MAX_ID);

/** Keyset page request shared by every list procedure. cursor = id of the last row seen. */
export const pageInput = {
  limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.pageSize),
  cursor: z.coerce.number().int().positive().max(MAX_ID).nullish(),
};

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/**
 * A list's sorts: its keys, each key's first direction (a header's first click, and the order when only `sort` is
 * given) and the default key (the list's order before sorting existed, in its first direction).
 */
export type ListSorts<K extends string = SortKey> = {
  keys: readonly [K, ...K[]];
  first: Record<K, SortOrder>;
  fallback: K;
};

export const listSorts = <const K extends SortKey>(
  keys: readonly [K, ...K[]],
  first: Record<NoInfer<K>, SortOrder>,
  fallback: NoInfer<K>,
): ListSorts<K> => ({ keys, first, fallback });

/** The sort a request asks for, with the defaults filled in. */
export function resolveSort<K extends string>(
  sorts: ListSorts<K>,
  input: { sort?: K | null; order?: SortOrder | null },
) {
  const key = input.sort ?? sorts.fallback;
  return { key, order: input.order ?? sorts.first[key] };
}

/** What kind of key each sort key is, for the words of its directions (M.lists.directions). */
export const SORT_KINDS = {
  name: 'text',
  title: 'text',
  company: 'text',
  type: 'text',
  status: 'stage',
  priority: 'rank',
  dueDate: 'due',
  size: 'size',
  created: 'date',
} as const;
export type SortKey = keyof typeof SORT_KINDS;

/**
 * A sorted list's page request (`?sort=name&order=desc`): cursor = the previous page's opaque `nextCursor`, which
 * only the same sort accepts.
 */
export const sortedPageInput = <K extends string>(sorts: ListSorts<K>) => ({
  limit: pageInput.limit,
  cursor: z.string().trim().min(1).max(2000).nullish(),
  sort: z.enum(sorts.keys as [K, ...K[]]).optional(),
  order: z.enum(SORT_ORDERS).optional(),
});

/** Optional free text: trimmed, and empty becomes null so "clearing" a field stores nothing. */
export const optionalText = (max = 500) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

/** A yes/no that also arrives as query text from the REST paths ("true"/"1", "false"/"0"). */
export const queryFlag = z.preprocess(
  (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
  z.boolean(),
);

/** total (rows matching the filters) is counted on the first page only, null on later ones. */
export type Page<T> = { items: T[]; nextCursor: number | null; total: number | null };
