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
