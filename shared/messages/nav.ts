import { PRODUCT_NAME } from '../messages-core';
import * as T from './texts';

/** The hub's navigation (work-flows-account-portal.md §2.2). */
export const nav = {
  dashboard: T.dashboard,
  clients: 'Clients',
  work: T.work,
  main: 'Main',
  menu: T.menu,
  skipToContent: 'Skip to content',
  bottomBar: 'Quick navigation',
  more: 'More',
  account: 'Account',
  home: `${PRODUCT_NAME} dashboard`,
} as const;
