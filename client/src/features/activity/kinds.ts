import { ACTIVITY_ENTITY_LABELS, ACTIVITY_ENTITY_TYPES, type ActivityEntityType } from '../../../../shared/activity';
import { M } from '../../../../shared/messages';
import type { FilterOption } from '../../lists/ListToolbar';

/** The kinds a company's entries can have (account settings, team and API tokens belong to no company). */
export const COMPANY_KINDS: ActivityEntityType[] = [
  'company',
  'contact',
  'project',
  'task',
  'file',
  'resource',
  'flow',
  'portal',
];

export const kindOptions = (kinds: readonly ActivityEntityType[] = ACTIVITY_ENTITY_TYPES): FilterOption[] => [
  { value: '', label: M.activity.allKinds },
  ...kinds.map((kind) => ({ value: kind, label: ACTIVITY_ENTITY_LABELS[kind] })),
];

export const isKind = (value: string | null): value is ActivityEntityType =>
  !!value && (ACTIVITY_ENTITY_TYPES as readonly string[]).includes(value);
