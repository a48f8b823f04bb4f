/**
 * The bell (only the caller's own notifications, ever: another user's id answers NOT_FOUND), each user's channel
 * choices, the owner's failed background jobs, and the portal contact's own e-mail switch.
 */
import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import { M } from '../../../shared/messages';
import { NOTIFICATION_DEFAULTS, NOTIFICATION_KINDS, type NotificationChannel } from '../../../shared/notifications';
import type {
  jobIdInput,
  jobListInput,
  markReadInput,
  notificationListInput,
  portalNotificationsInput,
  preferencesOutput,
  updatePreferencesInput,
} from '../../../shared/schemas/notifications';
import { keysetPage } from '../../lib/pagination';
import { sql, TENANT, toDate, toDateOrNull, toInt, toText, type Row } from '../../sql';
import type { PortalScope, StaffScope } from '../context';

type Scope = Pick<StaffScope, 'db' | 'sql' | 'businessId' | 'user'>;

const notificationFromRow = (r: Row) => ({
  id: toInt(r.id),
  kind: String(r.kind),
  title: String(r.title),
  body: String(r.body ?? ''),
  link: toText(r.link),
  readAt: toDateOrNull(r.readAt),
  createdAt: toDate(r.createdAt),
});

const jobFromRow = (r: Row) => ({
  id: toInt(r.id),
  kind: String(r.kind),
  status: String(r.status),
  attempts: toInt(r.attempts),
  maxAttempts: toInt(r.maxAttempts),
  lastError: toText(r.lastError),
  runAt: toDate(r.runAt),
  createdAt: toDate(r.createdAt),
  finishedAt: toDateOrNull(r.finishedAt),
});

/** The caller's notifications, newest first; unreadOnly: those not read yet. */
export async function listNotifications(
  scope: Pick<Scope, 'sql' | 'user'>,
  input: z.infer<typeof notificationListInput>,
) {
  const page = await keysetPage(scope.sql, {
    table: 'Notification',
    columns: sql`t."id", t."kind", t."title", t."body", t."link", t."readAt", t."createdAt"`,
    filters: [sql`t."userId" = ${scope.user.id}`, ...(input.unreadOnly ? [sql`t."readAt" IS NULL`] : [])],
    sort: { column: 'createdAt', direction: 'desc' },
    limit: input.limit,
    cursor: input.cursor,
    map: notificationFromRow,
  });
  return { items: page.items, nextCursor: page.nextCursor, total: page.total };
}

export async function unreadCount(scope: Pick<Scope, 'sql' | 'user'>) {
  const row = await scope.sql.get<{ n: unknown }>(
    sql`SELECT COUNT(*) AS "n" FROM "Notification" WHERE "businessId" = ${TENANT} AND "userId" = ${scope.user.id} AND "readAt" IS NULL`,
  );
  return { count: Number(row?.n ?? 0) };
}

/** Marks the caller's own notifications read; any id not theirs refuses the whole call. */
export async function markRead(scope: Pick<Scope, 'db' | 'user'>, input: z.infer<typeof markReadInput>) {
  const ids = [...new Set(input.ids)];
  const own = await scope.db.notification.count({ where: { id: { in: ids }, userId: scope.user.id } });
  if (own !== ids.length) throw new TRPCError({ code: 'NOT_FOUND', message: M.notifications.notFound });
  const { count } = await scope.db.notification.updateMany({
    where: { id: { in: ids }, userId: scope.user.id, readAt: null },
    data: { readAt: new Date() },
  });
  return { updated: count };
}

export async function markAllRead(scope: Pick<Scope, 'db' | 'user'>) {
  const { count } = await scope.db.notification.updateMany({
    where: { userId: scope.user.id, readAt: null },
    data: { readAt: new Date() },
  });
  return { updated: count };
}

/** Each kind's channel (its saved choice, else the default) and the digest switch of the signed-in user. */
export async function notificationPreferences(
  scope: Pick<Scope, 'db' | 'user'>,
): Promise<z.infer<typeof preferencesOutput>> {
  const [saved, user] = await Promise.all([
    scope.db.notificationPreference.findMany({
      where: { userId: scope.user.id },
      select: { kind: true, channel: true },
    }),
    scope.db.user.findUniqueOrThrow({ where: { id: scope.user.id }, select: { emailDigest: true } }),
  ]);
  return {
    kinds: NOTIFICATION_KINDS.map((kind) => ({
      kind,
      channel:
        (saved.find((p) => p.kind === kind)?.channel as NotificationChannel | undefined) ?? NOTIFICATION_DEFAULTS[kind],
    })),
    emailDigest: user.emailDigest,
  };
}

/** Saves the given kinds' channels and the digest switch together; answers the preferences as they now are. */
export async function updateNotificationPreferences(
  scope: Pick<Scope, 'db' | 'businessId' | 'user'>,
  input: z.infer<typeof updatePreferencesInput>,
) {
  const userId = scope.user.id;
  await scope.db.$transaction(async (tx) => {
    for (const { kind, channel } of input.kinds ?? []) {
      await tx.notificationPreference.upsert({
        where: { userId_kind: { userId, kind }, businessId: scope.businessId },
        create: { businessId: scope.businessId, userId, kind, channel },
        update: { channel },
      });
    }
    if (input.emailDigest !== undefined)
      await tx.user.update({
        where: { id: userId, businessId: scope.businessId },
        data: { emailDigest: input.emailDigest },
      });
  });
  return notificationPreferences(scope);
}

/** Failed: waiting for another attempt after an error; dead: gave up after its last attempt (the dead letter). */
const needsAttention = sql`(t."status" = 'dead' OR (t."status" = 'pending' AND t."lastError" IS NOT NULL))`;
const JOB_COLUMNS = sql`t."id", t."kind", t."status", t."attempts", t."maxAttempts", t."lastError", t."runAt", t."createdAt", t."finishedAt"`;

/** Background jobs that failed, newest first. */
export async function listFailedJobs(scope: Pick<Scope, 'sql'>, input: z.infer<typeof jobListInput>) {
  const page = await keysetPage(scope.sql, {
    table: 'Job',
    columns: JOB_COLUMNS,
    filters: [needsAttention],
    sort: { column: 'createdAt', direction: 'desc' },
    limit: input.limit,
    cursor: input.cursor,
    map: jobFromRow,
  });
  return { items: page.items, nextCursor: page.nextCursor, total: page.total };
}

/** A dead job gets a fresh set of attempts, a failed one runs now; done or running jobs are refused (409). */
export async function retryJob(scope: Pick<Scope, 'db' | 'sql'>, input: z.infer<typeof jobIdInput>) {
  const job = await scope.db.job.findFirst({ where: { id: input.id }, select: { status: true, lastError: true } });
  if (!job) throw new TRPCError({ code: 'NOT_FOUND', message: M.notifications.jobNotFound });
  const retryable = job.status === 'dead' || (job.status === 'pending' && job.lastError != null);
  if (!retryable) throw new TRPCError({ code: 'CONFLICT', message: M.notifications.jobNotRetryable });
  const { count } = await scope.db.job.updateMany({
    where: { id: input.id, status: job.status },
    data: { status: 'pending', attempts: 0, runAt: new Date(), lastError: null, lockedAt: null, finishedAt: null },
  });
  if (count !== 1) throw new TRPCError({ code: 'CONFLICT', message: M.notifications.jobNotRetryable });
  const row = await scope.sql.get(
    sql`SELECT ${JOB_COLUMNS} FROM "Job" t WHERE t."businessId" = ${TENANT} AND t."id" = ${input.id}`,
  );
  return jobFromRow(row!);
}

/** The portal contact's own e-mail switch (Contact.notifyByEmail): files shared with their company, flows given to it. */
export async function portalNotifications(scope: Pick<PortalScope, 'db' | 'contactId'>) {
  const contact = await scope.db.contact.findUniqueOrThrow({
    where: { id: scope.contactId },
    select: { notifyByEmail: true },
  });
  return { emailNotifications: contact.notifyByEmail };
}

export async function updatePortalNotifications(
  scope: Pick<PortalScope, 'db' | 'contactId'>,
  input: z.infer<typeof portalNotificationsInput>,
) {
  const contact = await scope.db.contact.update({
    where: { id: scope.contactId },
    data: { notifyByEmail: input.emailNotifications },
    select: { notifyByEmail: true },
  });
  return { emailNotifications: contact.notifyByEmail };
}
