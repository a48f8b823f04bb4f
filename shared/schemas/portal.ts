/**
 * The client portal's signed-in work areas (work-flows-account-portal.md §2.12–§2.16, §3 portal views, §7.6): what
 * the `portal.*` procedures take and answer. Business and company always come from the portal session; `slug` is only
 * the REST path's segment, checked against the session's (another slug: FORBIDDEN).
 */
import { z } from 'zod';
import { PORTAL_PROJECT_STATUS_FILTERS, PORTAL_PROJECT_STATUSES, PORTAL_TASK_STATUSES } from '../status';
import { RESOURCE_STATUSES, RESOURCE_TYPES, TASK_PRIORITIES } from '../constants';
import { idSchema, pageInput } from './common';

/** The REST path's slug (GET /api/portal/projects/{slug}); compared with the session's, never used to find data. */
const slug = z.string().trim().toLowerCase().min(1).max(100).optional();
const search = z.string().trim().max(100).optional();

export const portalSlugInput = z.object({ slug }).optional();
export const portalProjectsInput = z.object({
  ...pageInput,
  slug,
  search,
  status: z.enum(PORTAL_PROJECT_STATUS_FILTERS).optional(),
});
export const portalProjectInput = z.object({ id: idSchema, slug });
/** One resource the client may see (portal.resource); `resourceId`, as the portal's `id` names a project. */
export const portalResourceInput = z.object({ resourceId: idSchema, slug });
/** A shared file's older versions shared with the client (issue 31). */
export const portalFileVersionsInput = z.object({ id: idSchema, slug });
export const portalTasksInput = z.object({
  ...pageInput,
  slug,
  search,
  status: z.enum(PORTAL_TASK_STATUSES).optional(),
  projectId: idSchema.optional(),
});
export const portalFilesInput = z.object({ ...pageInput, slug, search, projectId: idSchema.optional() });

const ref = z.object({ id: z.number().int(), name: z.string() }).nullable();
/** yyyy-mm-dd, or null. */
const day = z.string().nullable();

/**
 * A project as the portal shows it (spec §3 "Project, portal view", plus the card's counts), only ever a project the
 * client may see (server/portal/visibility.ts); its counts count only the tasks and files the client may see.
 */
const portalProjectCard = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  status: z.enum(PORTAL_PROJECT_STATUSES),
  priority: z.enum(TASK_PRIORITIES),
  startDate: day,
  endDate: day,
  companyId: z.number().int(),
  taskCount: z.number().int(),
  completedTaskCount: z.number().int(),
  /** Files of the project the client may see. */
  fileCount: z.number().int(),
  /** Completed tasks out of all, 0–100. */
  progress: z.number().int(),
});
export type PortalProjectCard = z.infer<typeof portalProjectCard>;

const portalTask = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  status: z.enum(PORTAL_TASK_STATUSES),
  priority: z.enum(TASK_PRIORITIES),
  dueDate: z.date().nullable(),
  createdAt: z.date(),
  projectId: z.number().int().nullable(),
  project: ref,
});
export type PortalTask = z.infer<typeof portalTask>;

/** A file the client may see (spec §3: id, name, type, size, createdAt, projectId, companyId) and where to get it. */
const portalFile = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
  size: z.number().int(),
  createdAt: z.date(),
  projectId: z.number().int().nullable(),
  companyId: z.number().int(),
  project: ref,
  /** The authorised download route (an external link is redirected to from there). */
  downloadUrl: z.string(),
  /** The signed-in contact uploaded it, in a flow ("Uploaded by you"). */
  uploadedByYou: z.boolean(),
  /** The current version's number (what the download serves). */
  version: z.number().int(),
  /** Older versions staff shared with the client (portalFiles.versions lists them); 0 where not counted. */
  sharedVersions: z.number().int(),
  /** The conversation it was sent in, when that message is one the client sees (never an internal note). */
  sentIn: z.object({ threadId: z.number().int(), title: z.string() }).nullable(),
  /** The stored file's media type (the viewer opens images and PDFs), null for a link. */
  mimeType: z.string().nullable(),
  /** The current version's thumbnail once made, else null. */
  thumbUrl: z.string().nullable(),
});
export type PortalFile = z.infer<typeof portalFile>;

const portalContact = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  companyId: z.number().int(),
});

const portalResource = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  type: z.enum(RESOURCE_TYPES),
  status: z.enum(RESOURCE_STATUSES),
  projectId: z.number().int().nullable(),
  project: ref,
  details: z.array(z.object({ key: z.string(), value: z.string() })),
  createdAt: z.date(),
});
export type PortalResource = z.infer<typeof portalResource>;

const page = <T extends z.ZodType>(item: T) => ({
  items: z.array(item),
  nextCursor: z.number().int().nullable(),
  total: z.number().int().nullable(),
});

export const portalDashboardOutput = z.object({
  counts: z.object({ activeProjects: z.number().int(), pendingTasks: z.number().int(), totalFiles: z.number().int() }),
  recentProjects: z.array(portalProjectCard),
  recentFiles: z.array(portalFile),
  resources: z.array(portalResource),
});

export const portalProjectsOutput = z.object(page(portalProjectCard));

export const portalProjectOutput = portalProjectCard.extend({
  tasks: z.array(portalTask),
  files: z.array(portalFile),
  contacts: z.array(portalContact),
});

/** How many of the client's visible tasks have each status (and all of them). */
const portalTaskCounts = z.object({
  all: z.number().int(),
  pending: z.number().int(),
  in_progress: z.number().int(),
  completed: z.number().int(),
  cancelled: z.number().int(),
});
export const portalTasksOutput = z.object({ ...page(portalTask), counts: portalTaskCounts });

export const portalFilesOutput = z.object({
  ...page(portalFile),
  stats: z.object({ total: z.number().int(), projects: z.number().int(), recent: z.number().int() }),
  /** The client's projects, for the project filter. */
  projectOptions: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

export const portalResourcesOutput = z.array(portalResource);
export const portalResourceOutput = portalResource;
