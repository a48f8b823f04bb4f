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
  ascending: { text: 'A to Z', date: 'oldest first', due: 'soonest first', rank: 'lowest first', size: 'smallest first' },
  descending: {
    text: 'Z to A',
    date: 'newest first',
    due: 'latest first',
    rank: 'highest first',
    size: 'largest first',
  },
  sortNames: {
    name: 'Name',
    title: 'Title',
    company: 'Company',
    status: 'Status',
    priority: 'Priority',
    dueDate: 'Due date',
    type: 'Type',
    size: 'Size',
    created: 'Created',
  },
  staleCursor: 'This page link belongs to another sort of the list. Reload the list and try again.',
} as const;
