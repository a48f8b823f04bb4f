/**
 * How an activity entry reads, for the hub's feed and the CSV download alike: "Ada Lovelace changed task “Homepage”"
 * and, per changed field, "Status: Pending → In Progress". The portal's feed reads client events instead
 * (clientEventText below), never an entry's changes.
 */
import type { ActivityChange, ClientEventKind } from './activity';
import { formatDateAnswer } from './dates';
import { activity } from './messages/activity';
import * as labels from './messages/labels';

/** The catalogue's sections this first-load module shows (not all of shared/messages.ts). */
const M = {
  activity,
  companies: { statusLabels: labels.companiesStatusLabels },
  contacts: { roleLabels: labels.contactsRoleLabels },
  documents: { typeLabels: labels.documentsTypeLabels },
  flows: { typeLabels: labels.flowsTypeLabels },
  projects: { statusLabels: labels.projectsStatusLabels },
  resources: { statusLabels: labels.resourcesStatusLabels, typeLabels: labels.resourcesTypeLabels },
  tasks: { priorityLabels: labels.tasksPriorityLabels, statusLabels: labels.tasksStatusLabels },
} as const;

const A = M.activity;

/** The stored value names of each kind's choice fields, as the rest of the app shows them. */
const VALUE_LABELS: Record<string, Record<string, Record<string, string>>> = {
  task: { status: M.tasks.statusLabels, priority: M.tasks.priorityLabels },
  company: { status: M.companies.statusLabels },
  project: { status: M.projects.statusLabels },
  resource: { status: M.resources.statusLabels, type: M.resources.typeLabels },
  file: { type: M.documents.typeLabels },
  flow: { type: M.flows.typeLabels },
  contact: { role: M.contacts.roleLabels },
};

/** "dueDate" → "Due date", "portal_access" → "Portal access" (known names from the catalogue first). */
export function fieldLabel(field: string): string {
  const known = A.fieldLabels[field];
  if (known) return known;
  const words = field
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A value as people read it: the choice's label, Yes/No, "none" for empty; long text cut to `max` characters. */
export function valueText(entityType: string, field: string, value: unknown, max = Infinity): string {
  if (value === null || value === undefined || value === '') return A.empty;
  if (typeof value === 'boolean') return value ? A.yes : A.no;
  const text = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : JSON.stringify(value);
  const label = VALUE_LABELS[entityType]?.[field]?.[text] ?? dayText(text);
  const shown = label ?? text.replace(/\s+/g, ' ').trim();
  return shown.length > max ? `${shown.slice(0, Math.max(1, max - 1)).trimEnd()}…` : shown;
}

/** A stored day (changesOf writes dates at midnight UTC as yyyy-mm-dd) as people read it: "Mar 01, 2031". */
function dayText(text: string): string | undefined {
  const shown = formatDateAnswer(text);
  return shown === text ? undefined : shown;
}

export function changeText(entityType: string, change: ActivityChange, max = Infinity): string {
  return `${fieldLabel(change.field)}: ${valueText(entityType, change.field, change.from, max)} → ${valueText(entityType, change.field, change.to, max)}`;
}

/** The entries about one version of a file, whose sentence names the version (changes: version). */
const VERSION_SENTENCES: Record<string, (n: number) => string> = {
  version_uploaded: A.versionUploaded,
  version_shared: A.versionShared,
  version_unshared: A.versionUnshared,
};

/**
 * The sentence around the record's name, so the name can be a link: `${before}“${name}”${after}`, or just
 * `before` when the entry names no record (a portal sign-in). The actor is the caller's to show.
 */
export function sentenceParts(entry: {
  entityType: string;
  entityName: string;
  action: string;
  changes?: readonly ActivityChange[];
}): {
  verb: string;
  name: string | null;
} {
  const verb = A.verbs[entry.action] ?? entry.action.replace(/_/g, ' ');
  const versionSentence = VERSION_SENTENCES[entry.action];
  if (versionSentence) {
    const to = entry.changes?.find((c) => c.field === 'version')?.to;
    return { verb: typeof to === 'number' ? versionSentence(to) : `${verb} file`, name: entry.entityName || null };
  }
  const noun = A.nouns[entry.entityType] ?? entry.entityType.replace(/_/g, ' ');
  if (entry.action === 'signed_in' || entry.action === 'invite_accepted') return { verb, name: null };
  if (entry.entityType === 'business')
    return { verb: A.businessActions[entry.action] ?? `${verb} the ${noun}`, name: null };
  if (entry.action === 'invited' || entry.action.startsWith('colleague_') || !entry.entityName)
    return { verb: entry.entityName ? verb : `${verb} a ${noun}`, name: entry.entityName || null };
  return { verb: `${verb} ${noun}`, name: entry.entityName };
}

/** The whole sentence as text (CSV, titles): "Ada Lovelace changed task “Homepage”". */
export function sentenceText(
  actor: string,
  entry: { entityType: string; entityName: string; action: string; changes?: readonly ActivityChange[] },
): string {
  const { verb, name } = sentenceParts(entry);
  return `${actor} ${verb}${name ? ` “${name}”` : ''}`;
}

/** Initials for the avatar: "Ada Lovelace" → "AL". */
export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (!parts.length) return '?';
  return ((parts[0][0] ?? '') + (parts.length > 1 ? (parts[parts.length - 1][0] ?? '') : '')).toUpperCase();
}

/**
 * A client feed entry's sentence (the portal's Activity list): the kind's template with the allow-listed values only.
 * `actor` is who did it as the client knows them: "You", a contact of their company, or the agency.
 */
export function clientEventText(
  kind: ClientEventKind,
  values: { actor: string; name: string | null; status: string | null },
): string {
  return A.client[kind]({ actor: values.actor, name: values.name ?? '', status: values.status ?? '' });
}
