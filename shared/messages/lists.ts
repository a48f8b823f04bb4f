import * as T from './texts';

/** The list kit (client/src/lists): toolbar, chips, count, views. */
export const lists = {
  view: T.view,
  gridView: 'Grid view',
  listView: 'List view',
  updating: 'Updating results',
  activeFilters: 'Active filters',
  removeFilter: (name: string, value: string) => `Remove filter ${name}: ${value}`,
  clearAll: 'Clear all',
  clearFilters: 'Clear filters',
  sortBy: 'Sort by',
  /** The sort control's option, e.g. "Name (A to Z)". */
  sortOption: (name: string, direction: string) => `${name} (${direction})`,
  sortHeader: (name: string) => `Sort by ${name}`,
  /** The words of each direction, by the kind of key (shared/schemas/common.ts SORT_KINDS). */
  directions: {
    text: { asc: 'A to Z', desc: 'Z to A' },
    date: { asc: 'oldest first', desc: 'newest first' },
    due: { asc: 'soonest first', desc: 'latest first' },
    rank: { asc: 'lowest first', desc: 'highest first' },
    stage: { asc: 'in workflow order', desc: 'reverse workflow order' },
    size: { asc: 'smallest first', desc: 'largest first' },
  },
  sortNames: {
    name: T.name,
    title: T.title,
    company: T.company,
    status: T.status,
    priority: T.priority,
    dueDate: T.dueDate,
    type: T.type,
    size: T.size,
    created: T.created,
  },
  staleCursor: 'This page link belongs to another sort of the list. Reload the list and try again.',
  /** The phone's button that shows and hides a list's filters, with how many are set. */
  filters: (active: number) => `Filters (${active})`,
} as const;
