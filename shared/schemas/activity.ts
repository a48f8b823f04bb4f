import { z } from 'zod';
import { ACTIVITY_ENTITY_TYPES, CLIENT_EVENT_KINDS } from '../activity';
import { M } from '../messages';
import { idSchema, pageInput } from './common';
import { pageOutput, storedEnum } from './output';

const A = M.activity;

/** The kind filter ("Tasks", "Files"…): one of shared/activity.ts's entity types; '' (a cleared select) means all. */
const entityTypeFilter = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z.enum(ACTIVITY_ENTITY_TYPES, { error: A.kindInvalid }).optional(),
);

/** A bare day (yyyy-mm-dd) is that day in UTC; `to` then covers the whole day. A date-time is taken as given. */
const boundary = (endOfDay: boolean) =>
  z.preprocess((value) => {
    if (value === '' || value === null) return undefined;
    if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
      const day = new Date(`${value}T00:00:00.000Z`);
      return Number.isNaN(day.getTime()) ? value : new Date(day.getTime() + (endOfDay ? 86_400_000 : 0));
    }
    return value;
  }, z.coerce.date({ error: A.dateInvalid }).optional());

/** The company's Activity tab: newest first, optionally one kind. */
export const activityForCompanyInput = z.object({ companyId: idSchema, entityType: entityTypeFilter, ...pageInput });

/** The dashboard's "Recent activity" card. */
export const activityRecentInput = z.object({ limit: z.coerce.number().int().min(1).max(20).default(8) });

/**
 * The owner's whole log: kind, person (a staff user), company and a date range (`from` inclusive, `to` exclusive;
 * a bare day as `to` includes that day).
 */
export const activityFilterShape = {
  entityType: entityTypeFilter,
  actorUserId: idSchema.optional(),
  companyId: idSchema.optional(),
  from: boundary(false),
  to: boundary(true),
};
export const activityListInput = z
  .object({ ...activityFilterShape, ...pageInput })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: A.rangeInvalid, path: ['to'] });
export type ActivityFilters = Pick<
  z.infer<typeof activityListInput>,
  'entityType' | 'actorUserId' | 'companyId' | 'from' | 'to'
>;

/** The portal's Activity list: the session's company only. */
export const portalActivityListInput = z.object({ ...pageInput });

const changeOutput = z.object({
  field: z.string(),
  from: z.unknown(),
  to: z.unknown(),
});

/** One entry as the hub shows it. `link` is where the record opens (null when it no longer exists). */
const activityEntryOutput = z.object({
  id: z.number().int(),
  actorType: storedEnum(['staff', 'contact', 'system']),
  actorUserId: z.number().int().nullable(),
  actorContactId: z.number().int().nullable(),
  actorName: z.string(),
  entityType: z.string(),
  entityId: z.number().int().nullable(),
  entityName: z.string(),
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  action: z.string(),
  changes: z.array(changeOutput),
  clientVisible: z.boolean(),
  link: z.string().nullable(),
  createdAt: z.date(),
});
export type ActivityEntryRow = z.infer<typeof activityEntryOutput>;
export const activityPageOutput = pageOutput(activityEntryOutput);
export const activityRecentOutput = z.array(activityEntryOutput);

/**
 * One entry of the client's feed: a kind of CLIENT_EVENT_KINDS and its sentence, written from the catalogue's template
 * with allow-listed values only (the record's current name, a portal status word, the agency's or a contact's name).
 * No changes, field names, staff ids or hub links. `mine` = done by the signed-in contact; `path` is the portal page
 * the record opens on (relative to /portal/{slug}/), null when there is none.
 */
const portalActivityEntryOutput = z.object({
  id: z.number().int(),
  kind: z.enum(CLIENT_EVENT_KINDS),
  actorName: z.string(),
  mine: z.boolean(),
  text: z.string(),
  path: z.string().nullable(),
  createdAt: z.date(),
});
export type PortalActivityEntryRow = z.infer<typeof portalActivityEntryOutput>;
export const portalActivityPageOutput = pageOutput(portalActivityEntryOutput);
/** The keys a client's feed entry may carry: the allow-list the tests check every reply against. */
export const PORTAL_ACTIVITY_KEYS = Object.keys(portalActivityEntryOutput.shape) as (keyof PortalActivityEntryRow)[];
