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
  /** The phone's button that shows and hides a list's filters, with how many are set. */
  filters: (active: number) => `Filters (${active})`,
} as const;
