import { recordLink } from './entities';

/**
 * Where a record opens in the hub: one place for search results, notifications and the activity log.
 * Lists without a page per record open the record from a query parameter (e.g. /hub/tasks?task=12).
 */
export const hubLink = recordLink;
