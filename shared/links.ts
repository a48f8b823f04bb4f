import { recordLink, type RecordKind } from './entities';

/** The kinds a record link can name (shared/entities.ts). */
export type LinkableKind = RecordKind;

/**
 * Where a record opens in the hub: one place for search results, notifications and the activity log.
 * Lists without a page per record open the record from a query parameter (e.g. /hub/tasks?task=12).
 */
export const hubLink = recordLink;
