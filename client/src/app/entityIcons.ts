import {
  Building2,
  FileText,
  FolderKanban,
  ListChecks,
  Upload,
  User,
  Users,
  Workflow,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import type { RecordKind } from '../../../shared/entities';

/**
 * Each record area's icon (shared/entities.ts holds the rest of an area): `kind` for its records (search groups),
 * `nav` where it differs on the phone's bar, `create` where the palette's quick action differs.
 */
export const ENTITY_ICONS: Record<RecordKind, { kind: LucideIcon; nav?: LucideIcon; create?: LucideIcon }> = {
  company: { kind: Building2 },
  contact: { kind: User, nav: Users },
  project: { kind: FolderKanban },
  task: { kind: ListChecks },
  file: { kind: FileText, create: Upload },
  resource: { kind: Wrench },
  flow: { kind: Workflow },
};
