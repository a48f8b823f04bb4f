import { PRODUCT_NAME } from '../messages-core';

/** The hub's navigation (work-flows-account-portal.md §2.2). */
export const nav = {
  dashboard: 'Dashboard',
  clients: 'Clients',
  companies: 'Companies',
  contacts: 'Contacts',
  work: 'Work',
  projects: 'Projects',
  tasks: 'Tasks',
  files: 'Files',
  resources: 'Resources',
  flows: 'Flows',
  main: 'Main',
  menu: 'Menu',
  skipToContent: 'Skip to content',
  bottomBar: 'Quick navigation',
  more: 'More',
  account: 'Account',
  home: `${PRODUCT_NAME} dashboard`,
} as const;
