/**
 * Saved views: which hub lists can save their filters, sort and view mode, and which URL parameters each reads. The
 * list pages read their filters from here (client/src/features/<area>/…Page.tsx, useListFilters) and the server keeps
 * only these parameters of a saved query (server/domain/savedViews), so the two cannot drift apart. Plain data, no
 * schemas: the list pages' first load imports it.
 */
import type { z } from 'zod';
import type { RecordKind } from './entities';

export const SAVED_VIEW_LISTS = ['company', 'contact', 'project', 'task', 'file', 'resource'] as const;
export type SavedViewList = (typeof SAVED_VIEW_LISTS)[number] & RecordKind;

export const SAVED_VIEW_LIMITS = {
  nameMax: 80,
  /** The saved URL query (after `?`). */
  queryMax: 2000,
  /** A user's views of one list (their personal and their team views together). */
  perUserPerList: 50,
} as const;

/** Each list's URL parameters besides `search`, `sort` and `order`: its filters, and its view modes (`view`). */
export const LIST_PARAMS = {
  company: { filters: ['industry', 'status', 'archived'], views: ['grid', 'list'], defaultView: 'grid' },
  contact: { filters: ['companyId'], views: ['grid', 'list'], defaultView: 'list' },
  project: { filters: ['companyId', 'status'], views: ['grid', 'list'], defaultView: 'list' },
  task: {
    filters: ['projectId', 'status', 'priority', 'assigneeId'],
    views: ['grid', 'list', 'board'],
    defaultView: 'list',
  },
  file: { filters: ['type', 'companyId', 'projectId', 'approval'], views: ['grid', 'list'], defaultView: 'list' },
  resource: { filters: ['type', 'status', 'companyId'], views: ['grid', 'list'], defaultView: 'grid' },
} as const satisfies Record<
  SavedViewList,
  { filters: readonly string[]; views: readonly string[]; defaultView: 'grid' | 'list' }
>;

/** Every parameter a list reads, in the order a saved query keeps them. */
export const listParamKeys = (list: SavedViewList): string[] => [
  'search',
  ...LIST_PARAMS[list].filters,
  'sort',
  'order',
  'view',
];

/**
 * Reads one URL parameter with the list procedure's schema for that field. An unknown or malformed value
 * (`?status=bogus`) reads as "no filter", so a stale bookmark shows the list instead of an endless error.
 */
export function parseListParam(schema: z.ZodType, raw: string | null): unknown {
  if (raw === null || raw.trim() === '') return undefined;
  const result = schema.safeParse(raw);
  return result.success && result.data !== '' ? (result.data ?? undefined) : undefined;
}

/**
 * The part of a URL query a list reads, in a fixed order, values as they are (the first of a repeated key): how a
 * saved view's query is compared with the address bar (another parameter, such as an open record, does not count).
 */
export function listQueryOf(list: SavedViewList, search: string | URLSearchParams): string {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const out = new URLSearchParams();
  for (const key of listParamKeys(list)) {
    const value = params.get(key);
    if (value !== null && value.trim() !== '') out.set(key, value);
  }
  return out.toString();
}
