import { z } from 'zod';
import { M } from '../messages';
import { idSchema } from './common';
import { RECORD_KINDS, SEARCH_ONLY_KINDS } from '../entities';

/**
 * What global search finds (every record area, then conversations and messages: shared/entities.ts), in the order the
 * palette shows its groups when ranks tie.
 */
export const SEARCH_KINDS = [...RECORD_KINDS, ...SEARCH_ONLY_KINDS] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const SEARCH_LIMITS = {
  /** Longer search text is refused (400) with a sentence. */
  queryMax: 200,
  /** Words beyond this are ignored: each one is one more AND in the index query. */
  termsMax: 8,
  /** Results per kind: a few of each so every kind can show. */
  perKindDefault: 5,
  perKindMax: 20,
  /** Characters of body shown around the first match. */
  snippetMax: 120,
} as const;

/**
 * Search text folded the way the index folds it: accents removed (NFD, combining marks dropped), lower-cased.
 * Shared by the server (query terms) and the palette (highlighting), so both agree on what matches.
 */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** The words of a search: folded, split on anything that is not a letter or digit, empties dropped, capped. */
export function searchTerms(q: string): string[] {
  const terms = foldText(q)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t.length > 0);
  return [...new Set(terms)].slice(0, SEARCH_LIMITS.termsMax);
}

/**
 * A short excerpt of `body` around the first word that starts with one of the terms (accent- and case-blind);
 * the body's start when only the title matched.
 */
export function snippetOf(body: string, terms: string[], max: number = SEARCH_LIMITS.snippetMax): string {
  const text = body.replace(/\s+/g, ' ').trim();
  if (!text) return '';
  // Fold character by character so positions in the folded text map back to the original.
  let folded = '';
  const origin: number[] = [];
  for (let i = 0; i < text.length; ) {
    const ch = String.fromCodePoint(text.codePointAt(i)!);
    const f = foldText(ch);
    for (let k = 0; k < f.length; k++) origin.push(i);
    folded += f;
    i += ch.length;
  }
  let first = -1;
  for (const term of terms) {
    const re = new RegExp(`(^|[^\\p{L}\\p{N}])${term}`, 'u');
    const m = re.exec(folded);
    if (m) {
      const at = m.index + m[1].length;
      if (first < 0 || at < first) first = at;
    }
  }
  const at = first < 0 ? 0 : origin[first];
  if (text.length <= max) return text;
  let start = Math.max(0, at - Math.floor(max / 3));
  if (start > 0) {
    const space = text.lastIndexOf(' ', at);
    // Start on a word boundary when one is close enough.
    start = space >= start ? text.indexOf(' ', start) + 1 : start;
    if (start > at) start = at;
  }
  let end = Math.min(text.length, start + max);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > at) end = space;
  }
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
}

const kindsParam = z.preprocess(
  // REST sends `kinds=task,file` (or repeats the parameter).
  (value) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean)
      : value,
  z.array(z.enum(SEARCH_KINDS)).max(SEARCH_KINDS.length),
);

export const searchQueryInput = z.object({
  q: z.string().max(SEARCH_LIMITS.queryMax, M.search.queryTooLong(SEARCH_LIMITS.queryMax)).default(''),
  companyId: idSchema.optional(),
  kinds: kindsParam.optional(),
  limit: z.coerce.number().int().min(1).max(SEARCH_LIMITS.perKindMax).default(SEARCH_LIMITS.perKindDefault),
});

const searchResultOutput = z.object({
  kind: z.enum(SEARCH_KINDS),
  id: z.number().int(),
  title: z.string(),
  /** A short excerpt of the body around its first match ('' when only the title matched). */
  snippet: z.string(),
  /** Where the record opens in the hub (shared/links.ts); null when it cannot be linked. */
  link: z.string().nullable(),
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  /** A message that is an internal note (only staff search finds it). */
  internal: z.boolean(),
});
export type SearchResult = z.infer<typeof searchResultOutput>;

const searchGroupOutput = z.object({ kind: z.enum(SEARCH_KINDS), results: z.array(searchResultOutput) });

/** Groups ordered by their best result; within a group, best first. */
export const searchQueryOutput = z.object({
  q: z.string(),
  terms: z.array(z.string()),
  groups: z.array(searchGroupOutput),
});
export type SearchQueryOutput = z.infer<typeof searchQueryOutput>;
