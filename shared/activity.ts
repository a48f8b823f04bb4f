/**
 * The activity log's vocabulary, shared by the server (which writes entries) and the client (which shows them).
 * An entry says who (actor), did what (action) to which record (entityType + entityId + entityName snapshot),
 * for which client company, and which fields changed (old → new).
 */
import { RECORD_KINDS, type RecordKind } from './entities';
import { areas } from './messages/areas';

/** The record areas (shared/entities.ts), then what is not a record of an area. */
export const ACTIVITY_ENTITY_TYPES = [
  ...RECORD_KINDS,
  'business',
  'team',
  'api_token',
  'portal',
  /** A CSV or Clientflow export imported into the agency (Account → Data). */
  'import',
  /** A message posted in a conversation (entityName: the conversation's name; never its text). */
  'message',
] as const;
export type ActivityEntityType = (typeof ACTIVITY_ENTITY_TYPES)[number];

export const ACTIVITY_ACTIONS = [
  'created',
  'updated',
  'deleted',
  /** A portal contact signed in. */
  'signed_in',
  /** A file was downloaded (portal: by a client). */
  'downloaded',
  /** A file was uploaded (hub or portal). */
  'uploaded',
  /** A client completed a flow. */
  'flow_submitted',
  /** Staff published a flow (clients start to see it) or unpublished it. */
  'published',
  'unpublished',
  /** A portal or team invite was sent, or accepted. */
  'invited',
  'invite_accepted',
  /** Rows imported from a file (entityName: the file's name; changes: rows created per kind). */
  'imported',
  /** A company was archived (hidden, its portal closed) or restored. */
  'archived',
  'unarchived',
  /** A new version of a file was uploaded (changes: version, the old number → the new one; issue 31). */
  'version_uploaded',
  /** Staff shared an older version of a file with the client explicitly, or stopped (changes: version; issue 31). */
  'version_shared',
  'version_unshared',
  /** A message was posted in a conversation (by staff or a client), or an internal note added (staff only). */
  'posted',
  'noted',
  /** Approvals (issue 31): staff asked a client to approve a file, or cancelled it; a client approved or asked for changes. */
  'approval_requested',
  'approval_cancelled',
  'approved',
  'changes_requested',
  /** Someone commented on a version of a file (changes: version; issue 31). Never the text. */
  'commented',
  /**
   * Client teams (issue 32), on a contact: a client admin asked to invite a colleague (entityId null: no contact yet),
   * staff (or, self-service, the admin) approved it and the contact was made, staff declined it, a client admin
   * turned a colleague's portal access off.
   */
  'colleague_requested',
  'colleague_approved',
  'colleague_declined',
  'colleague_removed',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

export type ActorType = 'staff' | 'contact' | 'system';

/**
 * One changed field: the value before and after, as shown (strings, numbers, booleans or null). A link to another
 * record (a task's assignee) shows names and carries the ids in fromId/toId (the notifications use them).
 */
export type ActivityChange = {
  field: string;
  from: unknown;
  to: unknown;
  fromId?: number | null;
  toId?: number | null;
};

/** The kinds the activity filters offer, with their labels (plural, for "filter by kind"). */
export const ACTIVITY_ENTITY_LABELS: Record<ActivityEntityType, string> = {
  // The record areas as the navigation names them (shared/entities.ts).
  ...(Object.fromEntries(RECORD_KINDS.map((kind) => [kind, areas[kind].label])) as Record<RecordKind, string>),
  business: 'Account settings',
  team: 'Team',
  api_token: 'API tokens',
  portal: 'Portal sign-ins',
  import: 'Imports',
  message: 'Messages',
};

/**
 * What a client's feed (the portal's Activity list and the dashboard's recent activity) can say: a small fixed list,
 * each derived from an activity entry by server/portal/client-events.ts and written from a template of the catalogue
 * (M.activity.client) with only allow-listed values: the record's current name, a portal status word, the agency's
 * name or the client's own. Never the entry's changes.
 */
export const CLIENT_EVENT_KINDS = [
  'file_shared',
  'file_uploaded',
  'file_downloaded',
  'resource_shared',
  'project_shared',
  'project_status',
  'task_added',
  'task_status',
  'flow_published',
  'flow_submitted',
  'signed_in',
  'joined',
] as const;
export type ClientEventKind = (typeof CLIENT_EVENT_KINDS)[number];
