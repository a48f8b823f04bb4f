import { z } from 'zod';
import { COMPANY_BADGE_STATUSES, DOCUMENT_TYPES } from '../constants';
import { storedEnum } from './output';

/** GET /api/dashboard/stats: SQL aggregates for the signed-in agency (shared/status.ts says what counts). */
export const dashboardStatsOutput = z.object({
  activeProjects: z.number().int(),
  pendingTasks: z.number().int(),
  totalClients: z.number().int(),
  tasksByPriority: z.object({ high: z.number().int(), medium: z.number().int(), low: z.number().int() }),
});

/** The dashboard's lists (5 of each) and the getting-started checklist, in one call. */
export const dashboardOverviewOutput = z.object({
  /** The 5 newest active projects; company null when the project has none ('Unknown Company'). */
  activeProjects: z.array(
    z.object({
      id: z.number().int(),
      projectUid: z.string(),
      name: z.string(),
      status: z.string(),
      company: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    }),
  ),
  /** The 5 newest documents, newest first. */
  recentFiles: z.array(
    z.object({ id: z.number().int(), name: z.string(), type: storedEnum(DOCUMENT_TYPES), createdAt: z.date() }),
  ),
  recentCompanies: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      industry: z.string().nullable(),
      status: storedEnum(COMPANY_BADGE_STATUSES),
      createdAt: z.date(),
    }),
  ),
  recentContacts: z.array(
    z.object({
      id: z.number().int(),
      firstName: z.string(),
      lastName: z.string(),
      email: z.string(),
      company: z.object({ id: z.number().int(), name: z.string() }).nullable(),
      portalAccess: z.boolean(),
      createdAt: z.date(),
    }),
  ),
  /** Getting started: each item ticks itself off from the agency's real data. */
  checklist: z.object({ company: z.boolean(), contact: z.boolean(), portalAccess: z.boolean(), branding: z.boolean() }),
});
