import { TRPCError } from '@trpc/server';
import { M } from '../../shared/messages';
import { PASSWORD_MIN_SCORE, passwordStrength } from '../../shared/schemas/auth';
import {
  contactCreateInput,
  contactIdInput,
  contactInviteOutput,
  contactListInput,
  contactOutput,
  contactPageOutput,
  contactRemoveOutput,
  contactSavedOutput,
  contactUpdateInput,
  type PortalState,
} from '../../shared/schemas/contacts';
import { hashPassword } from '../auth/password';
import { createPortalInvite, endPortalAccess, PORTAL_RESET_PREFIX, portalInvitePath } from '../auth/portal-access';
import { isUniqueViolation, notFoundOn } from '../errors';
import { log } from '../log';
import { containsText, keysetPage } from '../lib/pagination';
import { sql, TENANT, toDate, toInt, type Row, type Sql, type SqlRunner } from '../sql';
import { router, staffProcedure, type AppScope } from '../trpc';
import { withinInviteBudget } from './team';
import { changesOf, recordActivity, staffActor, type ActivityWriter } from '../activity';
import type { ActivityChange } from '../../shared/activity';

/** Columns of the list and the detail read (alias t); never the password hash itself. */
const contactColumns = sql`t."id", t."companyId", t."firstName", t."lastName", t."email", t."phone", t."title", t."role",
  t."portalAccess", (t."portalPasswordHash" IS NOT NULL) AS "hasPortalPassword", t."createdAt"`;

/** A row of the hand-written SQL as the procedures answer it (companyName from the company sub-select). */
const contactFromRow = (r: Row) => {
  const companyId = r.companyId === null ? null : toInt(r.companyId);
  // SQLite answers 0/1, PostgreSQL booleans.
  const portalAccess = Number(r.portalAccess) === 1;
  const hasPortalPassword = Number(r.hasPortalPassword) === 1;
  const invitePending = r.inviteExpiresAt != null && toDate(r.inviteExpiresAt).getTime() > Date.now();
  return {
    id: toInt(r.id),
    companyId,
    companyOfContact:
      companyId !== null && r.companyName != null ? { id: companyId, name: String(r.companyName) } : null,
    firstName: String(r.firstName),
    lastName: String(r.lastName),
    email: String(r.email),
    phone: (r.phone as string | null) ?? null,
    title: (r.title as string | null) ?? null,
    role: (r.role as string | null) ?? null,
    portalAccess,
    hasPortalPassword,
    invitePending,
    portalState: portalStateOf({ portalAccess, companyId, hasPortalPassword, invitePending }),
    createdAt: toDate(r.createdAt),
  };
};

/**
 * Where a contact stands with the portal, from the columns alone: Active once they have a password (set by staff or
 * chosen through an invite); Invited while an unused, unexpired invite link is out and no password yet; otherwise
 * No access (access off, no company, or an invite that expired unused).
 */
export function portalStateOf(c: {
  portalAccess: boolean;
  companyId: number | null;
  hasPortalPassword: boolean;
  invitePending: boolean;
}): PortalState {
  if (!c.portalAccess || c.companyId === null) return 'none';
  if (c.hasPortalPassword) return 'active';
  return c.invitePending ? 'invited' : 'none';
}

/**
 * The contact's unused invite's expiry (earlier unused invites are deleted when a new one is made: at most one).
 * Password reset links share the table (server/auth/portal-access.ts) and are not invites.
 */
const inviteExpiryOf = (contact: Sql) =>
  sql`(SELECT MAX(i."expiresAt") FROM "PortalInvite" i
    WHERE i."businessId" = ${TENANT} AND i."contactId" = ${contact}."id" AND i."usedAt" IS NULL
      AND i."tokenHash" NOT LIKE ${`${PORTAL_RESET_PREFIX}%`}) AS "inviteExpiresAt"`;

const companyNameOf = (contact: Sql) =>
  sql`(SELECT co."name" FROM "Company" co WHERE co."businessId" = ${TENANT} AND co."id" = ${contact}."companyId") AS "companyName"`;

/** One contact as the edit dialog and the company page read it: two indexed statements, run together. */
async function readContact(db: SqlRunner, id: number, now = new Date()) {
  const [row, projects] = await Promise.all([
    db.get(sql`
      SELECT ${contactColumns}, t."updatedAt", ${companyNameOf(sql`t`)}, ${inviteExpiryOf(sql`t`)}
      FROM "Contact" t WHERE t."businessId" = ${TENANT} AND t."id" = ${id}`),
    db.all<{ projectId: unknown }>(sql`
      SELECT pc."projectId" FROM "ProjectContact" pc
      WHERE pc."businessId" = ${TENANT} AND pc."contactId" = ${id} ORDER BY pc."projectId"`),
  ]);
  if (!row) return null;
  // Earlier unused invites are deleted when a new one is made, so at most one is pending; expired ones do not count.
  const invite = row.inviteExpiresAt == null ? null : toDate(row.inviteExpiresAt);
  return {
    ...contactFromRow(row),
    projectId: projects.map((p) => toInt(p.projectId)),
    pendingInviteExpiresAt: invite && invite.getTime() > now.getTime() ? invite : null,
    updatedAt: toDate(row.updatedAt),
  };
}

/** How long sendInvite waits for the SMTP server before answering the link with emailed: false. */
const INVITE_MAIL_TIMEOUT_MS = 10_000;

/** A field error carrying its issue like the input schema's own errors (see issuesOf in server/trpc.ts). */
function fieldError(field: string, message: string): never {
  const cause = Object.assign(new Error(message), { issues: [{ path: [field], message }] });
  throw new TRPCError({ code: 'BAD_REQUEST', message, cause });
}

const notFound = (): never => {
  throw new TRPCError({ code: 'NOT_FOUND', message: M.contacts.notFound });
};
const emailTaken = (): never => {
  throw new TRPCError({ code: 'CONFLICT', message: M.contacts.emailTaken });
};

/** Two saves racing for the same e-mail: the (businessId, email) unique index decides. */
function conflictOnEmail(error: unknown): never {
  const target = isUniqueViolation(error);
  if (target && target.some((t) => /email/i.test(t))) emailTaken();
  throw error;
}

type Ctx = { db: AppScope['tenantDb'] };

/** A company of the session's agency, or NOT_FOUND (another agency's company looks exactly like a missing one). */
async function requireCompany(ctx: Ctx, companyId: number) {
  const company = await ctx.db.company.findFirst({ where: { id: companyId }, select: { id: true } });
  if (!company) throw new TRPCError({ code: 'NOT_FOUND', message: M.contacts.companyNotFound });
}

async function requireFreeEmail(ctx: Ctx, email: string, exceptId?: number) {
  const other = await ctx.db.contact.findFirst({
    where: { email, ...(exceptId ? { id: { not: exceptId } } : {}) },
    select: { id: true },
  });
  if (other) emailTaken();
}

/**
 * The portal rules of a contact as it will be saved: access needs a company; a password needs access and must
 * pass the staff strength rule (the contact's own e-mail and names count as easy to guess). Returns its hash.
 */
async function portalChecks(next: {
  companyId: number | null;
  portalAccess: boolean;
  portalPassword: string | undefined;
  sendInvite?: boolean;
  email: string;
  firstName: string;
  lastName: string;
}): Promise<string | undefined> {
  if (next.portalAccess && next.companyId === null) fieldError('portalAccess', M.contacts.portal.needsCompany);
  if (next.sendInvite && !next.portalAccess) fieldError('portalAccess', M.contacts.portal.inviteNeedsAccess);
  if (next.sendInvite && next.portalPassword !== undefined)
    fieldError('portalPassword', M.contacts.portal.inviteOrPassword);
  if (next.portalPassword === undefined) return undefined;
  if (!next.portalAccess) fieldError('portalPassword', M.contacts.portal.passwordNeedsAccess);
  const strength = await passwordStrength(next.portalPassword, [next.email, next.firstName, next.lastName]);
  if (strength.score < PASSWORD_MIN_SCORE) fieldError('portalPassword', M.contacts.portal.passwordTooWeak);
  return hashPassword(next.portalPassword);
}

/** What an activity entry compares of a contact (never the password hash: only whether one was set). */
const contactStateSelect = {
  firstName: true,
  lastName: true,
  email: true,
  phone: true,
  title: true,
  role: true,
  portalAccess: true,
  companyId: true,
  company: { select: { name: true } },
} as const;
type ContactState = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  title: string | null;
  role: string | null;
  portalAccess: boolean;
  companyId: number | null;
  company: { name: string } | null;
};
type ContactTx = ActivityWriter & {
  contact: {
    findUnique(args: { where: { id: number }; select: typeof contactStateSelect }): PromiseLike<ContactState | null>;
  };
};

/** A contact's changes, old → new: its own fields, its company by name, and a new portal password without any value. */
function contactChanges(before: ContactState | null, after: ContactState, passwordSet: boolean): ActivityChange[] {
  const changes = changesOf(before, after, [
    'firstName',
    'lastName',
    'email',
    'phone',
    'title',
    'role',
    'portalAccess',
  ]);
  if ((before?.companyId ?? null) !== after.companyId)
    changes.push({ field: 'company', from: before?.company?.name ?? null, to: after.company?.name ?? null });
  if (passwordSet) changes.push({ field: 'portalPassword', from: null, to: null });
  return changes;
}

/** Logs a contact's creation or change in the write's transaction; nothing when an update changed nothing. */
async function logContact(
  tx: ContactTx,
  ctx: { businessId: number; user: { id: number; firstName: string; lastName: string } },
  id: number,
  before: ContactState | null,
  passwordSet: boolean,
) {
  const after = await tx.contact.findUnique({ where: { id }, select: contactStateSelect });
  if (!after) return;
  const changes = contactChanges(before, after, passwordSet);
  if (before && changes.length === 0) return;
  await recordActivity(tx, ctx.businessId, staffActor(ctx.user), {
    entityType: 'contact',
    entityId: id,
    entityName: `${after.firstName} ${after.lastName}`.trim(),
    companyId: after.companyId,
    action: before ? 'updated' : 'created',
    changes,
  });
}

type InviteCtx = Parameters<typeof withinInviteBudget>[0] & {
  db: AppScope['tenantDb'];
  session: { business: { name: string; slug: string } };
  user: { id: number; firstName: string; lastName: string };
};
type InviteTx = Parameters<Parameters<AppScope['tenantDb']['$transaction']>[0]>[0];
type Invitee = { id: number; email: string; firstName: string; lastName: string; companyId: number | null };

/** A new invite link for the contact (earlier unused ones stop working) and its activity entry, in the caller's transaction. */
async function inviteInTx(tx: InviteTx, ctx: InviteCtx, contact: Invitee) {
  const invite = await createPortalInvite(tx, ctx.businessId, contact.id);
  // Who was invited, never the link's token.
  await recordActivity(tx, ctx.businessId, staffActor(ctx.user), {
    entityType: 'contact',
    entityId: contact.id,
    entityName: `${contact.firstName} ${contact.lastName}`.trim(),
    companyId: contact.companyId,
    action: 'invited',
  });
  return invite;
}

/** Mails a made invite link; the link is answered either way (emailed false: no SMTP, or it refused / did not answer). */
async function mailInvite(ctx: InviteCtx, contact: Invitee, invite: { token: string; expiresAt: Date }) {
  const { business } = ctx.session;
  const url = ctx.app.env.publicUrl + portalInvitePath(business.slug, invite.token);
  let emailed = false;
  let timer: NodeJS.Timeout | undefined;
  try {
    const sending = ctx.app.mailer.send({
      to: contact.email,
      subject: M.mail.inviteSubject(business.name),
      text: M.mail.inviteText(contact.firstName, business.name, url),
    });
    // An unreachable SMTP host would hold the request for minutes (nodemailer's connection timeout).
    const tooSlow = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer from the SMTP server within ${INVITE_MAIL_TIMEOUT_MS} ms`)),
        INVITE_MAIL_TIMEOUT_MS,
      );
    });
    sending.catch(() => {}); // a late failure after the timeout is already reported below
    emailed = await Promise.race([sending, tooSlow]);
  } catch (error) {
    // SMTP down or refusing: the link still works, and staff are told to send it themselves.
    log.warn({ err: error, contactId: contact.id }, 'mail: the portal invite could not be sent');
  } finally {
    clearTimeout(timer);
  }
  return { url, expiresAt: invite.expiresAt, emailed, emailConfigured: ctx.app.mailer.configured };
}

export const contactsRouter = router({
  list: staffProcedure
    .input(contactListInput)
    .output(contactPageOutput)
    .query(async ({ ctx, input }) => {
      const { search, companyId } = input;
      const filters: Sql[] = [];
      if (search) {
        const like = (column: Sql) => containsText(ctx.sql, column, search);
        filters.push(
          sql`(${like(sql`t."firstName"`)} OR ${like(sql`t."lastName"`)} OR ${like(sql`(t."firstName" || ' ' || t."lastName")`)} OR ${like(sql`t."email"`)} OR ${like(sql`t."title"`)})`,
        );
      }
      if (companyId === 'none') filters.push(sql`t."companyId" IS NULL`);
      else if (companyId !== undefined) filters.push(sql`t."companyId" = ${companyId}`);
      const [company, page] = await Promise.all([
        // Hand-written like the page itself: Prisma's per-query cost would be most of this call's time.
        typeof companyId === 'number'
          ? ctx.sql.get(sql`SELECT 1 AS "ok" FROM "Company" WHERE "businessId" = ${TENANT} AND "id" = ${companyId}`)
          : true,
        keysetPage(ctx.sql, {
          table: 'Contact',
          columns: contactColumns,
          filters,
          // (businessId, firstName) index; id breaks ties.
          sort: { column: 'firstName' },
          // The company's name for the page's rows only (one indexed look-up each, no N+1 round trips).
          pageExtras: sql`${companyNameOf(sql`p`)}, ${inviteExpiryOf(sql`p`)}`,
          limit: input.limit,
          cursor: input.cursor,
          withOverall: input.withOverall,
          map: contactFromRow,
        }),
      ]);
      if (!company) throw new TRPCError({ code: 'NOT_FOUND', message: M.contacts.companyNotFound });
      return page;
    }),

  get: staffProcedure
    .input(contactIdInput)
    .output(contactOutput)
    .query(async ({ ctx, input }) => {
      return (await readContact(ctx.sql, input.id)) ?? notFound();
    }),

  /**
   * sendInvite: with portal access on, also makes an invite link and mails it ("Send invite now"), in the same
   * transaction as the contact and within the invitation budget (past it, 429 and nothing is saved).
   */
  create: staffProcedure
    .input(contactCreateInput)
    .output(contactSavedOutput)
    .mutation(async ({ ctx, input }) => {
      const { portalPassword, sendInvite, ...fields } = input;
      if (fields.companyId !== null) await requireCompany(ctx, fields.companyId);
      await requireFreeEmail(ctx, fields.email);
      const portalPasswordHash = await portalChecks({ ...fields, portalPassword, sendInvite });
      const write = () =>
        ctx.db.$transaction(async (tx) => {
          const created = await tx.contact.create({
            data: { ...fields, portalPasswordHash, businessId: ctx.businessId },
            select: { id: true },
          });
          await logContact(tx, ctx, created.id, null, portalPasswordHash !== undefined);
          const invite = sendInvite ? await inviteInTx(tx, ctx, { id: created.id, ...fields }) : null;
          return { id: created.id, invite };
        });
      const { id, invite } = await (sendInvite ? withinInviteBudget(ctx, write) : write()).catch(conflictOnEmail);
      const mailed = invite ? await mailInvite(ctx, { id, ...fields }, invite) : undefined;
      const contact = (await readContact(ctx.sql, id)) ?? notFound();
      return mailed ? { ...contact, invite: mailed } : contact;
    }),

  /**
   * Only the given fields change (spec §5). Turning portal access off, moving the contact to another company (or
   * to none) or changing their e-mail ends their portal sessions and voids their invite in the same transaction;
   * a new portal password ends their sessions too.
   */
  update: staffProcedure
    .input(contactUpdateInput)
    .output(contactSavedOutput)
    .mutation(async ({ ctx, input }) => {
      const { id, portalPassword, sendInvite, ...fields } = input;
      const current = await ctx.db.contact.findUnique({
        where: { id },
        select: { companyId: true, email: true, firstName: true, lastName: true, portalAccess: true },
      });
      if (!current) return notFound();
      const next = { ...current, ...fields };
      const companyChanged = fields.companyId !== undefined && fields.companyId !== current.companyId;
      if (companyChanged && next.companyId !== null) await requireCompany(ctx, next.companyId);
      const emailChanged = fields.email !== undefined && fields.email !== current.email;
      if (emailChanged) await requireFreeEmail(ctx, next.email, id);
      const portalPasswordHash = await portalChecks({ ...next, portalPassword, sendInvite });
      const revoke = (current.portalAccess && !next.portalAccess) || companyChanged || emailChanged;

      const write = () =>
        ctx.db.$transaction(async (tx) => {
          const before = (await tx.contact.findUnique({ where: { id }, select: contactStateSelect })) ?? notFound();
          await tx.contact.update({
            where: { id },
            data: { ...fields, ...(portalPasswordHash ? { portalPasswordHash } : {}) },
            select: { id: true },
          });
          if (revoke) await endPortalAccess(tx, ctx.businessId, id);
          else if (portalPasswordHash) await tx.portalSession.deleteMany({ where: { contactId: id } });
          await logContact(tx, ctx, id, before, portalPasswordHash !== undefined);
          // After any revocation above, so the new link is the one that stays.
          return sendInvite ? inviteInTx(tx, ctx, { id, ...next }) : null;
        });
      const invite = await (sendInvite ? withinInviteBudget(ctx, write) : write())
        .catch(notFoundOn(M.contacts.notFound))
        .catch(conflictOnEmail);
      const mailed = invite ? await mailInvite(ctx, { id, ...next }, invite) : undefined;
      const contact = (await readContact(ctx.sql, id)) ?? notFound();
      return mailed ? { ...contact, invite: mailed } : contact;
    }),

  /**
   * Deletes a contact in one transaction. Every table that names a contact (ProjectContact, PortalSession,
   * PortalInvite, FlowSubmission and its FlowAnswers) cascades in the database; their portal access ends
   * explicitly first, so no session outlives the contact even for a moment.
   */
  remove: staffProcedure
    .input(contactIdInput)
    .output(contactRemoveOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.db
        .$transaction(async (tx) => {
          const before =
            (await tx.contact.findUnique({ where: { id: input.id }, select: contactStateSelect })) ?? notFound();
          await endPortalAccess(tx, ctx.businessId, input.id);
          await tx.contact.delete({ where: { id: input.id }, select: { id: true } });
          await recordActivity(tx, ctx.businessId, staffActor(ctx.user), {
            entityType: 'contact',
            entityId: input.id,
            entityName: `${before.firstName} ${before.lastName}`.trim(),
            companyId: before.companyId,
            action: 'deleted',
          });
        })
        .catch(notFoundOn(M.contacts.notFound));
      return { ok: true as const };
    }),

  /**
   * A new one-time invite link (7 days; earlier unused links stop working), e-mailed to the contact when the
   * server can send mail. The link is answered either way, so staff can copy it. It spends the agency's and the
   * user's invitation budget (shared with staff invites): past either, 429 and no link is made.
   */
  sendInvite: staffProcedure
    .input(contactIdInput)
    .output(contactInviteOutput)
    .mutation(async ({ ctx, input }) => {
      const contact = await ctx.db.contact.findUnique({
        where: { id: input.id },
        select: { id: true, email: true, firstName: true, lastName: true, companyId: true, portalAccess: true },
      });
      if (!contact) return notFound();
      if (!contact.portalAccess || contact.companyId === null) {
        throw new TRPCError({ code: 'BAD_REQUEST', message: M.contacts.portal.inviteSaveFirst });
      }
      const invite = await withinInviteBudget(ctx, () => ctx.db.$transaction((tx) => inviteInTx(tx, ctx, contact)));
      return mailInvite(ctx, contact, invite);
    }),
});
