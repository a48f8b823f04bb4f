import { TRPCError } from '@trpc/server';
import { M } from '../../shared/messages';
import { NOTIFICATION_DEFAULTS, NOTIFICATION_KINDS, type NotificationChannel } from '../../shared/notifications';
import {
  jobIdInput,
  jobListInput,
  jobOutput,
  jobPageOutput,
  markReadInput,
  markReadOutput,
  notificationListInput,
  notificationPageOutput,
  portalNotificationsInput,
  portalNotificationsOutput,
  preferencesOutput,
  unreadCountOutput,
  updatePreferencesInput,
} from '../../shared/schemas/notifications';
import { keysetPage } from '../lib/pagination';
import { sql, TENANT, toDate, toInt, type Row } from '../sql';
import { permittedProcedure, portalProcedure, router, staffProcedure } from '../trpc';
import type { z } from 'zod';
import type { ScopedDb } from '../tenancy';

const notificationFromRow = (r: Row) => ({
  id: toInt(r.id),
  kind: String(r.kind),
  title: String(r.title),
  body: String(r.body ?? ''),
  link: r.link == null ? null : String(r.link),
  readAt: r.readAt == null ? null : toDate(r.readAt),
  createdAt: toDate(r.createdAt),
});

const jobFromRow = (r: Row) => ({
  id: toInt(r.id),
  kind: String(r.kind),
  status: String(r.status),
  attempts: toInt(r.attempts),
  maxAttempts: toInt(r.maxAttempts),
  lastError: r.lastError == null ? null : String(r.lastError),
  runAt: toDate(r.runAt),
  createdAt: toDate(r.createdAt),
  finishedAt: r.finishedAt == null ? null : toDate(r.finishedAt),
});

/** Each kind's channel (its saved choice, else the default) and the digest switch of the signed-in user. */
async function preferencesOf(ctx: { db: ScopedDb; user: { id: number } }): Promise<z.infer<typeof preferencesOutput>> {
  const [saved, user] = await Promise.all([
    ctx.db.notificationPreference.findMany({ where: { userId: ctx.user.id }, select: { kind: true, channel: true } }),
    ctx.db.user.findUniqueOrThrow({ where: { id: ctx.user.id }, select: { emailDigest: true } }),
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

/** The bell: only the caller's own notifications, ever (another user's id answers NOT_FOUND). */
export const notificationsRouter = router({
  list: staffProcedure
    .input(notificationListInput)
    .output(notificationPageOutput)
    .query(async ({ ctx, input }) => {
      const page = await keysetPage(ctx.sql, {
        table: 'Notification',
        columns: sql`t."id", t."kind", t."title", t."body", t."link", t."readAt", t."createdAt"`,
        filters: [sql`t."userId" = ${ctx.user.id}`, ...(input.unreadOnly ? [sql`t."readAt" IS NULL`] : [])],
        sort: { column: 'createdAt', direction: 'desc' },
        limit: input.limit,
        cursor: input.cursor,
        map: notificationFromRow,
      });
      return { items: page.items, nextCursor: page.nextCursor, total: page.total };
    }),

  unreadCount: staffProcedure.output(unreadCountOutput).query(async ({ ctx }) => {
    const row = await ctx.sql.get<{ n: unknown }>(
      sql`SELECT COUNT(*) AS "n" FROM "Notification" WHERE "businessId" = ${TENANT} AND "userId" = ${ctx.user.id} AND "readAt" IS NULL`,
    );
    return { count: Number(row?.n ?? 0) };
  }),

  markRead: staffProcedure
    .input(markReadInput)
    .output(markReadOutput)
    .mutation(async ({ ctx, input }) => {
      const ids = [...new Set(input.ids)];
      const own = await ctx.db.notification.count({ where: { id: { in: ids }, userId: ctx.user.id } });
      if (own !== ids.length) throw new TRPCError({ code: 'NOT_FOUND', message: M.notifications.notFound });
      const { count } = await ctx.db.notification.updateMany({
        where: { id: { in: ids }, userId: ctx.user.id, readAt: null },
        data: { readAt: new Date() },
      });
      return { updated: count };
    }),

  markAllRead: staffProcedure.output(markReadOutput).mutation(async ({ ctx }) => {
    const { count } = await ctx.db.notification.updateMany({
      where: { userId: ctx.user.id, readAt: null },
      data: { readAt: new Date() },
    });
    return { updated: count };
  }),

  preferences: staffProcedure.output(preferencesOutput).query(({ ctx }) => preferencesOf(ctx)),

  updatePreferences: staffProcedure
    .input(updatePreferencesInput)
    .output(preferencesOutput)
    .mutation(async ({ ctx, input }) => {
      const userId = ctx.user.id;
      await ctx.db.$transaction(async (tx) => {
        for (const { kind, channel } of input.kinds ?? []) {
          await tx.notificationPreference.upsert({
            where: { userId_kind: { userId, kind }, businessId: ctx.businessId },
            create: { businessId: ctx.businessId, userId, kind, channel },
            update: { channel },
          });
        }
        if (input.emailDigest !== undefined)
          await tx.user.update({
            where: { id: userId, businessId: ctx.businessId },
            data: { emailDigest: input.emailDigest },
          });
      });
      return preferencesOf(ctx);
    }),
});

/** Failed: waiting for another attempt after an error; dead: gave up after its last attempt (the dead letter). */
const needsAttention = sql`(t."status" = 'dead' OR (t."status" = 'pending' AND t."lastError" IS NOT NULL))`;

/** Background jobs that failed, for the owner (jobs.manage), and retrying one. */
export const jobsRouter = router({
  list: permittedProcedure('jobs.manage')
    .input(jobListInput)
    .output(jobPageOutput)
    .query(async ({ ctx, input }) => {
      const page = await keysetPage(ctx.sql, {
        table: 'Job',
        columns: sql`t."id", t."kind", t."status", t."attempts", t."maxAttempts", t."lastError", t."runAt", t."createdAt", t."finishedAt"`,
        filters: [needsAttention],
        sort: { column: 'createdAt', direction: 'desc' },
        limit: input.limit,
        cursor: input.cursor,
        map: jobFromRow,
      });
      return { items: page.items, nextCursor: page.nextCursor, total: page.total };
    }),

  /** A dead job gets a fresh set of attempts, a failed one runs now; done or running jobs are refused (409). */
  retry: permittedProcedure('jobs.manage')
    .input(jobIdInput)
    .output(jobOutput)
    .mutation(async ({ ctx, input }) => {
      const job = await ctx.db.job.findFirst({ where: { id: input.id }, select: { status: true, lastError: true } });
      if (!job) throw new TRPCError({ code: 'NOT_FOUND', message: M.notifications.jobNotFound });
      const retryable = job.status === 'dead' || (job.status === 'pending' && job.lastError != null);
      if (!retryable) throw new TRPCError({ code: 'CONFLICT', message: M.notifications.jobNotRetryable });
      const { count } = await ctx.db.job.updateMany({
        where: { id: input.id, status: job.status },
        data: { status: 'pending', attempts: 0, runAt: new Date(), lastError: null, lockedAt: null, finishedAt: null },
      });
      if (count !== 1) throw new TRPCError({ code: 'CONFLICT', message: M.notifications.jobNotRetryable });
      const row = await ctx.sql.get(
        sql`SELECT t."id", t."kind", t."status", t."attempts", t."maxAttempts", t."lastError", t."runAt", t."createdAt", t."finishedAt" FROM "Job" t WHERE t."businessId" = ${TENANT} AND t."id" = ${input.id}`,
      );
      return jobFromRow(row!);
    }),
});

/** The portal contact's own e-mail switch (Contact.notifyByEmail): files shared with their company, flows given to it. */
export const portalNotificationsRouter = router({
  get: portalProcedure.output(portalNotificationsOutput).query(async ({ ctx }) => {
    const contact = await ctx.db.contact.findUniqueOrThrow({
      where: { id: ctx.contactId },
      select: { notifyByEmail: true },
    });
    return { emailNotifications: contact.notifyByEmail };
  }),
  update: portalProcedure
    .input(portalNotificationsInput)
    .output(portalNotificationsOutput)
    .mutation(async ({ ctx, input }) => {
      const contact = await ctx.db.contact.update({
        where: { id: ctx.contactId },
        data: { notifyByEmail: input.emailNotifications },
        select: { notifyByEmail: true },
      });
      return { emailNotifications: contact.notifyByEmail };
    }),
});
