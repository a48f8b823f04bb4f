import { z } from 'zod';
import { JOB_STATUSES, NOTIFICATION_CHANNELS, NOTIFICATION_KINDS } from '../notifications';
import { idSchema, pageInput, queryFlag } from './common';
import { pageOutput, storedEnum } from './output';

/** The bell's list: the caller's own notifications, newest first; unreadOnly leaves out the read ones. */
export const notificationListInput = z.object({ ...pageInput, unreadOnly: queryFlag.optional() });

const notificationOutput = z.object({
  id: z.number().int(),
  kind: storedEnum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** A path in the hub ("/hub/tasks?task=12"), or null. */
  link: z.string().nullable(),
  readAt: z.date().nullable(),
  createdAt: z.date(),
});
export const notificationPageOutput = pageOutput(notificationOutput);

export const unreadCountOutput = z.object({ count: z.number().int() });

/** Marks the caller's own notifications read; an id that is not theirs answers NOT_FOUND and nothing changes. */
export const markReadInput = z.object({ ids: z.array(idSchema).min(1).max(100) });
export const markReadOutput = z.object({ updated: z.number().int() });

const notificationChannelSchema = z.enum(NOTIFICATION_CHANNELS);
const notificationKindSchema = z.enum(NOTIFICATION_KINDS);

/** Each kind's channel (saved, or its default) and whether e-mails wait for the daily digest. */
export const preferencesOutput = z.object({
  kinds: z.array(z.object({ kind: notificationKindSchema, channel: notificationChannelSchema })),
  emailDigest: z.boolean(),
});

/** Only what is given changes. */
export const updatePreferencesInput = z.object({
  kinds: z
    .array(z.object({ kind: notificationKindSchema, channel: notificationChannelSchema }))
    .max(NOTIFICATION_KINDS.length * 2)
    .optional(),
  emailDigest: z.boolean().optional(),
});

/** Background jobs that need the owner's eye: failed (waiting for a retry) and dead (gave up). */
export const jobListInput = z.object({ ...pageInput });
export const jobOutput = z.object({
  id: z.number().int(),
  kind: z.string(),
  status: storedEnum(JOB_STATUSES),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  lastError: z.string().nullable(),
  runAt: z.date(),
  createdAt: z.date(),
  finishedAt: z.date().nullable(),
});
export const jobPageOutput = pageOutput(jobOutput);
export const jobIdInput = z.object({ id: idSchema });

export const portalNotificationsOutput = z.object({ emailNotifications: z.boolean() });
export const portalNotificationsInput = z.object({ emailNotifications: z.boolean() });
