/**
 * The jobs behind notifications:
 * - notify (transactional): reads one activity entry and writes the staff notifications it causes (honouring each
 *   user's preferences), the e-mail jobs for them, and the portal contacts' e-mails. It runs in one transaction
 *   with marking the job done, and each notification has a dedupeKey, so an event notifies each person once.
 * - email: sends one staff notification's e-mail (skipped once sent), or a prepared portal e-mail.
 * - digest: one daily e-mail per user listing the notifications collected for it.
 */
import { portalLink } from '../portal/links';
import { hubLink } from '../../shared/links';
import { M } from '../../shared/messages';
import { NOTIFICATION_DEFAULTS, type NotificationChannel, type NotificationKind } from '../../shared/notifications';
import type { ActivityChange } from '../../shared/activity';
import { enqueueJob, type ClaimedJob, type JobDeps, type JobHandler } from '../jobs/queue';
import { clientMailOf } from '../portal/client-events';
import { isClientVisible } from '../portal/visibility';

type Tx = Parameters<Extract<JobHandler, { transactional: true }>['run']>[0];

type StaffNotice = {
  userId: number;
  kind: NotificationKind;
  title: string;
  body?: string;
  link?: string | null;
  /** Its e-mail is another job's (a client's message: the delayed, batched message e-mail), so the bell only. */
  mailedElsewhere?: true;
};

/** The hour (UTC) digests go out, and the next such moment after `now`. */
export function nextDigestAt(now: Date, hourUtc: number): Date {
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hourUtc));
  if (at <= now) at.setUTCDate(at.getUTCDate() + 1);
  return at;
}

async function staffIds(tx: Tx, businessId: number, roles?: string[]) {
  const users = await tx.user.findMany({
    where: { businessId, ...(roles ? { role: { in: roles } } : {}) },
    select: { id: true },
  });
  return users.map((u) => u.id);
}

/** Who is told what about one activity entry. */
async function noticesFor(tx: Tx, activity: ActivityRow): Promise<StaffNotice[]> {
  const changes = JSON.parse(activity.changes) as ActivityChange[];
  const change = (field: string) => changes.find((c) => c.field === field);
  const actorUserId = activity.actorUserId;
  const notices: StaffNotice[] = [];
  const name = activity.entityName;
  switch (activity.entityType) {
    case 'task': {
      const link = hubLink('task', activity.entityId);
      const assignee = change('assignee');
      const assigned = assignee?.toId ?? null;
      if (assigned != null && assigned !== actorUserId) {
        notices.push({
          userId: assigned,
          kind: 'task_assigned',
          title: M.notifications.taskAssigned(activity.actorName, name),
          link,
        });
      }
      const status = change('status');
      if (status) {
        // The task's assignee now (unless just told about the assignment in the same change).
        const task =
          activity.entityId == null
            ? null
            : await tx.task.findFirst({
                where: { businessId: activity.businessId, id: activity.entityId },
                select: { assigneeId: true },
              });
        const owner = task?.assigneeId ?? null;
        if (owner != null && owner !== actorUserId && owner !== assigned) {
          const label = M.tasks.statusLabels[String(status.to)] ?? String(status.to);
          notices.push({
            userId: owner,
            kind: 'task_status',
            title: M.notifications.taskStatus(activity.actorName, name, label),
            link,
          });
        }
      }
      break;
    }
    case 'flow': {
      if (activity.action !== 'flow_submitted') break;
      const flow =
        activity.entityId == null
          ? null
          : await tx.flow.findFirst({
              where: { businessId: activity.businessId, id: activity.entityId },
              select: { flowUid: true },
            });
      for (const userId of await staffIds(tx, activity.businessId)) {
        notices.push({
          userId,
          kind: 'flow_completed',
          title: M.notifications.flowCompleted(activity.actorName, name),
          link: hubLink('flow', activity.entityId, flow?.flowUid),
        });
      }
      break;
    }
    case 'file': {
      if (activity.actorType !== 'contact') break;
      if (activity.action === 'approved' || activity.action === 'changes_requested') {
        notices.push(...(await approvalNotices(tx, activity)));
        break;
      }
      if (activity.action === 'commented') {
        for (const userId of await staffIds(tx, activity.businessId)) {
          notices.push({
            userId,
            kind: 'review_comment',
            title: M.reviewComments.clientCommented(activity.actorName, name),
            link: hubLink('file', activity.entityId),
          });
        }
        break;
      }
      const title =
        activity.action === 'uploaded'
          ? M.notifications.fileUploaded(activity.actorName, name)
          : M.notifications.fileDownloaded(activity.actorName, name);
      for (const userId of await staffIds(tx, activity.businessId)) {
        notices.push({ userId, kind: 'file_activity', title, link: hubLink('file', activity.entityId) });
      }
      break;
    }
    case 'contact': {
      if (activity.action === 'colleague_requested') {
        for (const userId of await staffIds(tx, activity.businessId)) {
          notices.push({
            userId,
            kind: 'colleague_invite',
            title: M.clientTeam.notifyRequested(activity.actorName, name),
            link: hubLink('company', activity.companyId),
          });
        }
        break;
      }
      for (const userId of await staffIds(tx, activity.businessId)) {
        notices.push({
          userId,
          kind: 'portal_invite_accepted',
          title: M.notifications.portalInviteAccepted(name),
          link: hubLink('contact', activity.entityId),
        });
      }
      break;
    }
    case 'message': {
      // A client wrote: the conversation's assignee, or everyone when it has none (as the message e-mail goes).
      if (activity.actorType !== 'contact' || activity.entityId == null) break;
      const message = await tx.message.findFirst({
        where: { businessId: activity.businessId, id: activity.entityId, deletedAt: null },
        select: { threadId: true, thread: { select: { assigneeId: true } } },
      });
      if (!message) break;
      const to = message.thread.assigneeId ? [message.thread.assigneeId] : await staffIds(tx, activity.businessId);
      for (const userId of to) {
        notices.push({
          userId,
          kind: 'message_client',
          title: M.messages.clientWrote(activity.actorName, name),
          link: hubLink('message', activity.entityId, String(message.threadId)),
          mailedElsewhere: true,
        });
      }
      break;
    }
    case 'team': {
      for (const userId of await staffIds(tx, activity.businessId, ['owner', 'admin'])) {
        if (userId === activity.actorUserId) continue;
        notices.push({
          userId,
          kind: 'team_invite_accepted',
          title: M.notifications.teamInviteAccepted(name),
          link: '/hub/account?tab=team',
        });
      }
      break;
    }
  }
  return notices;
}

/** A client's approval decision: told to the request's sender, or to every staff member when they have left. */
async function approvalNotices(tx: Tx, activity: ActivityRow): Promise<StaffNotice[]> {
  const change = (JSON.parse(activity.changes) as ActivityChange[]).find((c) => c.field === 'approval');
  const request =
    change?.toId == null
      ? null
      : await tx.approvalRequest.findFirst({
          where: { businessId: activity.businessId, id: change.toId },
          select: { requestedById: true },
        });
  const title =
    activity.action === 'approved'
      ? M.approvals.decidedApproved(activity.actorName, activity.entityName)
      : M.approvals.decidedChanges(activity.actorName, activity.entityName);
  const userIds = request?.requestedById ? [request.requestedById] : await staffIds(tx, activity.businessId);
  return userIds.map((userId) => ({
    userId,
    kind: 'approval_decided',
    title,
    link: hubLink('file', activity.entityId),
  }));
}

type ActivityRow = {
  id: number;
  businessId: number;
  actorType: string;
  actorUserId: number | null;
  actorName: string;
  entityType: string;
  entityId: number | null;
  entityName: string;
  companyId: number | null;
  action: string;
  changes: string;
  actorContactId: number | null;
  clientVisible: boolean;
};

/**
 * The portal e-mails an entry causes (server/portal/client-events.ts: a file shared, a flow published), to the
 * contacts who may see the record now (server/portal/visibility.ts): a file unshared or moved meanwhile mails
 * nobody; a flow for every client asks the contacts of every company. Once per entry and contact (dedupeKey).
 */
async function portalMails(tx: Tx, activity: ActivityRow, deps: JobDeps) {
  if (activity.entityId == null) return;
  const kind = clientMailOf({ ...activity, changes: JSON.parse(activity.changes) as ActivityChange[] });
  if (!kind) return;
  let subject: string;
  let text: (firstName: string, url: string) => string;
  let path: string;
  const where = { businessId: activity.businessId, id: activity.entityId };
  const business = await tx.business.findUniqueOrThrow({
    where: { id: activity.businessId },
    select: { name: true, slug: true },
  });
  if (kind === 'file_shared') {
    const file = await tx.document.findFirst({
      where,
      select: {
        visibleInPortal: true,
        companyId: true,
        name: true,
        project: { select: { companyId: true, visibleToClient: true, status: true } },
      },
    });
    if (!file || activity.companyId == null || !isClientVisible.document(file, file.project, activity.companyId))
      return;
    subject = M.notifications.portalFileSubject(business.name, file.name);
    text = (firstName, url) => M.notifications.portalFileText(firstName, business.name, file.name, url);
    path = 'files';
  } else {
    const flow = await tx.flow.findFirst({
      where,
      select: { isActive: true, companyId: true, name: true, flowUid: true, _count: { select: { steps: true } } },
    });
    // Still where it was published (a move makes an entry of its own), and seen by clients.
    if (!flow || flow.companyId !== activity.companyId) return;
    if (!isClientVisible.flow({ ...flow, stepCount: flow._count.steps }, flow.companyId ?? 0)) return;
    subject = M.notifications.portalFlowSubject(business.name, flow.name);
    text = (firstName, url) => M.notifications.portalFlowText(firstName, business.name, flow.name, url);
    path = `workflows/${flow.flowUid}`;
  }
  const contacts = await tx.contact.findMany({
    where: {
      businessId: activity.businessId,
      companyId: { not: null },
      portalAccess: true,
      notifyByEmail: true,
      // An archived company's portal is closed: its contacts hear of nothing (a flow for all companies included).
      // Contacts of other companies who also have access to this one (ContactCompany) hear of it too.
      ...(activity.companyId == null
        ? { company: { is: { archivedAt: null } } }
        : {
            OR: [
              { companyId: activity.companyId, company: { is: { archivedAt: null } } },
              { otherCompanies: { some: { companyId: activity.companyId, company: { is: { archivedAt: null } } } } },
            ],
          }),
    },
    select: { id: true, email: true, firstName: true },
  });
  const url = portalLink(deps.env.publicUrl, business.slug, path, activity.companyId ?? null);
  for (const contact of contacts) {
    await enqueueJob(tx, {
      businessId: activity.businessId,
      kind: 'email',
      payload: {
        to: contact.email,
        subject,
        text: `${text(contact.firstName, url)}\n\n${M.notifications.portalOptOut(`${deps.env.publicUrl}/portal/${business.slug}/settings`)}`,
      },
      dedupeKey: `portal-mail:${activity.id}:${contact.id}`,
    });
  }
}

/**
 * Writes staff notices (honouring each user's preferences) and their e-mail or digest jobs; dedupeKey makes each
 * notice once per person and event, even if a job ran before and its transaction was rolled back.
 */
async function deliverStaffNotices(
  tx: Tx,
  job: ClaimedJob,
  deps: JobDeps,
  notices: StaffNotice[],
  event: { dedupeKey: string; activityId: number | null },
) {
  if (notices.length === 0) return;
  const userIds = [...new Set(notices.map((n) => n.userId))];
  const [prefs, users] = await Promise.all([
    tx.notificationPreference.findMany({ where: { businessId: job.businessId, userId: { in: userIds } } }),
    tx.user.findMany({
      where: { businessId: job.businessId, id: { in: userIds } },
      select: { id: true, emailDigest: true },
    }),
  ]);
  const channelOf = (userId: number, kind: NotificationKind): NotificationChannel =>
    (prefs.find((p) => p.userId === userId && p.kind === kind)?.channel as NotificationChannel | undefined) ??
    NOTIFICATION_DEFAULTS[kind];
  for (const notice of notices) {
    const user = users.find((u) => u.id === notice.userId);
    const channel = channelOf(notice.userId, notice.kind);
    if (!user || channel === 'off') continue;
    const dedupeKey = `${event.dedupeKey}:${notice.kind}`;
    const existing = await tx.notification.findUnique({
      where: { userId_dedupeKey: { userId: notice.userId, dedupeKey } },
      select: { id: true },
    });
    if (existing) continue;
    const emailState =
      channel === 'email' && !notice.mailedElsewhere ? (user.emailDigest ? 'digest' : 'pending') : 'none';
    const created = await tx.notification.create({
      data: {
        businessId: job.businessId,
        userId: notice.userId,
        kind: notice.kind,
        title: notice.title,
        body: notice.body ?? '',
        link: notice.link ?? null,
        activityId: event.activityId,
        dedupeKey,
        emailState,
      },
      select: { id: true },
    });
    if (emailState === 'pending') {
      await enqueueJob(tx, {
        businessId: job.businessId,
        kind: 'email',
        payload: { notificationId: created.id },
        dedupeKey: `notification-mail:${created.id}`,
      });
    } else if (emailState === 'digest') {
      const at = nextDigestAt(new Date(), deps.env.DIGEST_HOUR_UTC);
      const dedupe = `digest:${notice.userId}:${at.toISOString()}`;
      if (!(await tx.job.findUnique({ where: { dedupeKey: dedupe }, select: { id: true } }))) {
        await enqueueJob(tx, {
          businessId: job.businessId,
          kind: 'digest',
          payload: { userId: notice.userId },
          dedupeKey: dedupe,
          runAt: at,
        });
      }
    }
  }
}

/**
 * Teammates mentioned (@name) in a message (server/domain/messages): each is told once, if the message still exists
 * and is not deleted. The notice names the thread, never the text (an internal note stays in the hub).
 */
async function mentionNotices(tx: Tx, job: ClaimedJob): Promise<StaffNotice[]> {
  const messageId = Number(job.payload.messageId);
  const userIds = (Array.isArray(job.payload.userIds) ? job.payload.userIds : []).map(Number);
  const message = await tx.message.findFirst({
    where: { businessId: job.businessId, id: messageId, deletedAt: null },
    select: {
      authorName: true,
      threadId: true,
      thread: { select: { subject: true, company: { select: { name: true } }, project: { select: { name: true } } } },
    },
  });
  if (!message) return [];
  const title = message.thread.subject ?? message.thread.project?.name ?? message.thread.company.name;
  return userIds.map((userId) => ({
    userId,
    kind: 'message_mention' as const,
    title: M.messages.mentioned(message.authorName, title),
    link: `/hub/messages/${message.threadId}`,
  }));
}

const notifyHandler: JobHandler = {
  transactional: true,
  async run(tx, job, deps) {
    if (job.payload.messageId !== undefined) {
      const notices = await mentionNotices(tx, job);
      await deliverStaffNotices(tx, job, deps, notices, {
        dedupeKey: `message:${job.payload.messageId}`,
        activityId: null,
      });
      return;
    }
    const activityId = Number(job.payload.activityId);
    const activity = await tx.activity.findFirst({ where: { id: activityId, businessId: job.businessId } });
    if (!activity) return; // the agency was deleted meanwhile
    const notices = await noticesFor(tx, activity);
    await deliverStaffNotices(tx, job, deps, notices, {
      dedupeKey: `activity:${activity.id}`,
      activityId: activity.id,
    });
    await portalMails(tx, activity, deps);
  },
};

const emailHandler: JobHandler = {
  transactional: false,
  async run(job: ClaimedJob, deps: JobDeps) {
    const db = deps.database.db;
    if (typeof job.payload.notificationId === 'number') {
      const notification = await db.notification.findFirst({
        where: { id: job.payload.notificationId, businessId: job.businessId },
        select: {
          id: true,
          title: true,
          body: true,
          link: true,
          emailState: true,
          user: { select: { email: true, firstName: true } },
        },
      });
      if (notification?.emailState !== 'pending') return; // sent already, or gone
      const url = notification.link ? `${deps.env.publicUrl}${notification.link}` : `${deps.env.publicUrl}/hub`;
      await deps.mailer.send({
        to: notification.user.email,
        subject: notification.title,
        text: M.notifications.staffMailText(
          notification.user.firstName,
          notification.title,
          notification.body,
          url,
          `${deps.env.publicUrl}/hub/account?tab=notifications`,
        ),
      });
      await db.notification.update({ where: { id: notification.id }, data: { emailState: 'sent' } });
      return;
    }
    const { to, subject, text } = job.payload as { to: string; subject: string; text: string };
    await deps.mailer.send({ to, subject, text });
  },
};

const digestHandler: JobHandler = {
  transactional: false,
  async run(job: ClaimedJob, deps: JobDeps) {
    const db = deps.database.db;
    const userId = Number(job.payload.userId);
    const user = await db.user.findFirst({
      where: { id: userId, businessId: job.businessId },
      select: { email: true, firstName: true },
    });
    if (!user) return;
    const pending = await db.notification.findMany({
      where: { businessId: job.businessId, userId, emailState: 'digest' },
      orderBy: { id: 'asc' },
      select: { id: true, title: true, link: true },
    });
    if (pending.length === 0) return;
    const lines = pending.map((n) => `- ${n.title}${n.link ? `\n  ${deps.env.publicUrl}${n.link}` : ''}`);
    await deps.mailer.send({
      to: user.email,
      subject: M.notifications.digestSubject(pending.length),
      text: M.notifications.digestText(
        user.firstName,
        lines.join('\n'),
        `${deps.env.publicUrl}/hub/account?tab=notifications`,
      ),
    });
    await db.notification.updateMany({ where: { id: { in: pending.map((n) => n.id) } }, data: { emailState: 'sent' } });
  },
};

export const notificationHandlers = { notify: notifyHandler, email: emailHandler, digest: digestHandler };
