import { projectsStatusLabels } from '../../../../shared/messages/labels';
import { PROJECT_STATUS_TONE } from '../../../../shared/status';
import { cn } from '../../lib/cn';
import { Badge, statusLabel, type Tone } from '../../ui/Badge';

// A project's status as a badge: its own module, so that the dashboard's first screen shows it without the rest of
// projectParts.tsx and the projects section of the catalogue (projects.statusLabels is labels.ts' list).

/** Project status badges: one colour per status, the portal's too (shared/status.ts). */
const projectTone: Record<string, Tone> = PROJECT_STATUS_TONE;

/** A status's name as people read it ("in-progress" → "In Progress"). */
export const projectStatusName = (status: string) =>
  (projectsStatusLabels as Record<string, string>)[status] ?? statusLabel(status);

export const ProjectStatusBadge = ({ status, className }: { status: string; className?: string }) => (
  <Badge tone={projectTone[status] ?? 'gray'} className={cn('whitespace-nowrap', className)}>
    {projectStatusName(status)}
  </Badge>
);
