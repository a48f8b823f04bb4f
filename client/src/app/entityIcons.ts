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
import type { ComponentType } from 'react';
import type { RecordKind } from '../../../shared/entities';

/** The client's part of a record area (shared/entities.ts holds the rest). */
type AreaClient = {
  /** Its records' icon (search groups, navigation). */
  kind: LucideIcon;
  /** Where the icon differs: on the phone's bar (`nav`), on the palette's quick action (`create`). */
  nav?: LucideIcon;
  create?: LucideIcon;
  /** Its list page, where the router names no route of its own (app/AreaPage.tsx serves it at the area's path). */
  page?: () => Promise<{ default: ComponentType }>;
};

/** Each record area's icons, and the list page of an area the router does not name. */
export const ENTITY_ICONS: Record<RecordKind, AreaClient> = {
  company: { kind: Building2 },
  contact: { kind: User, nav: Users },
  project: { kind: FolderKanban },
  task: { kind: ListChecks },
  file: { kind: FileText, create: Upload },
  resource: { kind: Wrench },
  flow: { kind: Workflow },
};
