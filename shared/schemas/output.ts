import { z } from 'zod';

/** A list procedure's reply (see Page in common.ts): total is counted on the first page only, null on later ones. */
export const pageOutput = <Item extends z.ZodType>(item: Item) =>
  z.object({
    items: z.array(item),
    nextCursor: z.number().int().nullable(),
    total: z.number().int().nullable(),
  });

/** A sorted list's reply: as pageOutput, with the opaque cursor of the next page (server/lib/sort-cursor.ts). */
export const sortedPageOutput = <Item extends z.ZodType>(item: Item) =>
  z.object({
    items: z.array(item),
    nextCursor: z.string().nullable(),
    total: z.number().int().nullable(),
    overall: z.number().int().nullable(),
  });

/** A column the database stores as text but only ever holds one of the spec's values (statuses, types, roles). */
export const storedEnum = <const Values extends readonly [string, ...string[]]>(values: Values) =>
  z.string().pipe(z.enum(values));
