/**
 * Where a record opens in the hub: one place for search results, notifications and the activity log.
 * Lists without a page per record open the record from a query parameter (e.g. /hub/tasks?task=12).
 */
export type LinkableKind = 'company' | 'contact' | 'project' | 'task' | 'file' | 'resource' | 'flow';

export function hubLink(kind: string, id: number | null | undefined, ref?: string | null): string | null {
  if (id == null) return null;
  switch (kind) {
    case 'company':
      return `/hub/companies/${id}`;
    case 'contact':
      return `/hub/contacts?contact=${id}`;
    case 'project':
      return ref ? `/hub/projects/${encodeURIComponent(ref)}` : null;
    case 'task':
      return `/hub/tasks?task=${id}`;
    case 'file':
      return `/hub/documents?file=${id}`;
    case 'resource':
      return `/hub/resources?resource=${id}`;
    case 'flow':
      return ref ? `/hub/flows/${encodeURIComponent(ref)}` : null;
    default:
      return null;
  }
}
