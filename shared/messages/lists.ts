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
} as const;
