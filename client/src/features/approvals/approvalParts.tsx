import { M } from '../../../../shared/messages';
import { Badge, type Tone } from '../../ui/Badge';

const A = M.approvals;

const TONES: Record<string, Tone> = {
  pending: 'yellow',
  waiting: 'gray',
  approved: 'green',
  changes_requested: 'orange',
  reset: 'gray',
  cancelled: 'gray',
};

/** A request's status as a badge ("Awaiting approval", "Approved"…), overdue in red. */
export function ApprovalBadge({ status, overdue = false }: { status: string; overdue?: boolean }) {
  if (overdue) return <Badge tone="red">{A.overdue}</Badge>;
  return <Badge tone={TONES[status] ?? 'gray'}>{A.statuses[status] ?? status}</Badge>;
}

export function StepBadge({ status }: { status: string }) {
  return <Badge tone={TONES[status] ?? 'gray'}>{A.stepStatuses[status] ?? status}</Badge>;
}

export const formatWhen = (date: Date | string) =>
  new Date(date).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
