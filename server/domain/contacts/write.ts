/** Creating, changing and deleting contacts, with their portal rules, activity entries and invites. */
import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import type { ActivityChange } from '../../../shared/activity';
import { M } from '../../../shared/messages';
import { PASSWORD_MIN_SCORE, passwordStrength } from '../../../shared/schemas/auth';
import type { contactCreateInput, contactIdInput, contactUpdateInput } from '../../../shared/schemas/contacts';
import { changesOf, recordActivity, staffActor } from '../../activity';
import { hashPassword } from '../../auth/password';
import { endPortalAccess } from '../../auth/portal-access';
import { fieldError, isUniqueViolation, notFoundOn } from '../../errors';
import type { Prisma } from '../../generated/sqlite/client';
import type { StaffScope } from '../context';
import { clearColleagueLinks } from '../client-team/rules';
import { withinInviteBudget } from '../team/budget';
import type { Tx } from '../team/common';
import { inviteInTx, mailInvite, type InviteScope } from './invite';
import { contactNotFound, readContact } from './read';

const emailTaken = (): never => {
  throw new TRPCError({ code: 'CONFLICT', message: M.contacts.emailTaken });
};

/** Two saves racing for the same e-mail: the (businessId, email) unique index decides. */
function conflictOnEmail(error: unknown): never {
  const target = isUniqueViolation(error);
  if (target?.some((t) => /email/i.test(t))) emailTaken();
  throw error;
}

/** A company of the session's agency, or NOT_FOUND (another agency's company looks exactly like a missing one). */
async function requireCompany(scope: Pick<StaffScope, 'db'>, companyId: number) {
  const company = await scope.db.company.findFirst({ where: { id: companyId }, select: { id: true } });
  if (!company) throw new TRPCError({ code: 'NOT_FOUND', message: M.contacts.companyNotFound });
}

async function requireFreeEmail(scope: Pick<StaffScope, 'db'>, email: string, exceptId?: number) {
  const other = await scope.db.contact.findFirst({
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
  clientAdmin: boolean;
  portalPassword: string | undefined;
  sendInvite?: boolean;
  email: string;
  firstName: string;
  lastName: string;
}): Promise<string | undefined> {
  if (next.portalAccess && next.companyId === null) fieldError('portalAccess', M.contacts.portal.needsCompany);
  if (next.clientAdmin && !next.portalAccess) fieldError('clientAdmin', M.clientTeam.adminNeedsAccess);
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
  clientAdmin: true,
  companyId: true,
  company: { select: { name: true } },
} as const;
type ContactState = Prisma.ContactGetPayload<{ select: typeof contactStateSelect }>;

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
    'clientAdmin',
  ]);
  if ((before?.companyId ?? null) !== after.companyId)
    changes.push({ field: 'company', from: before?.company?.name ?? null, to: after.company?.name ?? null });
  if (passwordSet) changes.push({ field: 'portalPassword', from: null, to: null });
  return changes;
}

/** Logs a contact's creation or change in the write's transaction; nothing when an update changed nothing. */
async function logContact(
  tx: Tx,
  scope: Pick<StaffScope, 'businessId' | 'user'>,
  id: number,
  before: ContactState | null,
  passwordSet: boolean,
) {
  const after = await tx.contact.findUnique({ where: { id }, select: contactStateSelect });
  if (!after) return;
  const changes = contactChanges(before, after, passwordSet);
  if (before && changes.length === 0) return;
  await recordActivity(tx, scope.businessId, staffActor(scope.user), {
    entityType: 'contact',
    entityId: id,
    entityName: `${after.firstName} ${after.lastName}`.trim(),
    companyId: after.companyId,
    action: before ? 'updated' : 'created',
    changes,
  });
}

/** The saved contact as read back, with the mailed invite when one was made. */
async function savedContact(
  scope: InviteScope & Pick<StaffScope, 'sql'>,
  contact: Parameters<typeof mailInvite>[1],
  invite: Parameters<typeof mailInvite>[2] | null,
) {
  const mailed = invite ? await mailInvite(scope, contact, invite) : undefined;
  const saved = (await readContact(scope.sql, contact.id)) ?? contactNotFound();
  return mailed ? { ...saved, invite: mailed } : saved;
}

/**
 * sendInvite: with portal access on, also makes an invite link and mails it ("Send invite now"), in the same
 * transaction as the contact and within the invitation budget (past it, 429 and nothing is saved).
 */
export async function createContact(
  scope: InviteScope & Pick<StaffScope, 'sql'>,
  input: z.infer<typeof contactCreateInput>,
) {
  const { portalPassword, sendInvite, ...fields } = input;
  if (fields.companyId !== null) await requireCompany(scope, fields.companyId);
  await requireFreeEmail(scope, fields.email);
  const portalPasswordHash = await portalChecks({ ...fields, portalPassword, sendInvite });
  const write = () =>
    scope.db.$transaction(async (tx) => {
      const created = await tx.contact.create({
        data: { ...fields, portalPasswordHash, businessId: scope.businessId },
        select: { id: true },
      });
      await logContact(tx, scope, created.id, null, portalPasswordHash !== undefined);
      const invite = sendInvite ? await inviteInTx(tx, scope, { id: created.id, ...fields }) : null;
      return { id: created.id, invite };
    });
  const { id, invite } = await (sendInvite ? withinInviteBudget(scope, write) : write()).catch(conflictOnEmail);
  return savedContact(scope, { id, ...fields }, invite);
}

/**
 * Only the given fields change (spec §5). Turning portal access off, moving the contact to another company (or
 * to none) or changing their e-mail ends their portal sessions and voids their invite in the same transaction;
 * a new portal password ends their sessions too.
 */
export async function updateContact(
  scope: InviteScope & Pick<StaffScope, 'sql'>,
  input: z.infer<typeof contactUpdateInput>,
) {
  const { id, portalPassword, sendInvite, ...fields } = input;
  const current = await scope.db.contact.findUnique({
    where: { id },
    select: { companyId: true, email: true, firstName: true, lastName: true, portalAccess: true, clientAdmin: true },
  });
  if (!current) return contactNotFound();
  const companyChanged = fields.companyId !== undefined && fields.companyId !== current.companyId;
  // The admin right is in their company, with portal access: it ends with either unless this save gives it again.
  if (fields.clientAdmin === undefined && (companyChanged || fields.portalAccess === false)) fields.clientAdmin = false;
  const next = { ...current, ...fields };
  if (companyChanged && next.companyId !== null) await requireCompany(scope, next.companyId);
  const emailChanged = fields.email !== undefined && fields.email !== current.email;
  if (emailChanged) await requireFreeEmail(scope, next.email, id);
  const portalPasswordHash = await portalChecks({ ...next, portalPassword, sendInvite });
  const revoke = (current.portalAccess && !next.portalAccess) || companyChanged || emailChanged;

  const write = () =>
    scope.db.$transaction(async (tx) => {
      const before = (await tx.contact.findUnique({ where: { id }, select: contactStateSelect })) ?? contactNotFound();
      await tx.contact.update({
        where: { id },
        data: { ...fields, ...(portalPasswordHash ? { portalPasswordHash } : {}) },
        select: { id: true },
      });
      // A contact moved to one of their other companies (ContactCompany) keeps one row for it: their own.
      if (companyChanged && next.companyId !== null)
        await tx.contactCompany.deleteMany({ where: { contactId: id, companyId: next.companyId } });
      if (revoke) await endPortalAccess(tx, scope.businessId, id);
      else if (portalPasswordHash) await tx.portalSession.deleteMany({ where: { contactId: id } });
      await logContact(tx, scope, id, before, portalPasswordHash !== undefined);
      // After any revocation above, so the new link is the one that stays.
      return sendInvite ? inviteInTx(tx, scope, { id, ...next }) : null;
    });
  const invite = await (sendInvite ? withinInviteBudget(scope, write) : write())
    .catch(notFoundOn(M.contacts.notFound))
    .catch(conflictOnEmail);
  return savedContact(scope, { id, ...next }, invite);
}

/**
 * Deletes a contact in one transaction. Every table that names a contact (ProjectContact, PortalSession,
 * PortalInvite, FlowSubmission and its FlowAnswers) cascades in the database; their portal access ends
 * explicitly first, so no session outlives the contact even for a moment.
 */
export async function removeContact(
  scope: Pick<StaffScope, 'db' | 'businessId' | 'user'>,
  input: z.infer<typeof contactIdInput>,
) {
  await scope.db
    .$transaction(async (tx) => {
      const before =
        (await tx.contact.findUnique({ where: { id: input.id }, select: contactStateSelect })) ?? contactNotFound();
      await endPortalAccess(tx, scope.businessId, input.id);
      // Their messages stay in the conversation, under the name they had (authorName).
      await tx.message.updateMany({ where: { authorContactId: input.id }, data: { authorContactId: null } });
      await tx.reviewComment.updateMany({ where: { authorContactId: input.id }, data: { authorContactId: null } });
      // Their approval steps stay, decisions under the name recorded (decidedByName); a pending one waits for staff.
      await tx.approvalStep.updateMany({ where: { contactId: input.id }, data: { contactId: null } });
      // Colleague invitations keep their names and status, without the link (who invited, whom it made).
      await clearColleagueLinks(tx, { contactIds: [input.id] });
      await tx.contact.delete({ where: { id: input.id }, select: { id: true } });
      await recordActivity(tx, scope.businessId, staffActor(scope.user), {
        entityType: 'contact',
        entityId: input.id,
        entityName: `${before.firstName} ${before.lastName}`.trim(),
        companyId: before.companyId,
        action: 'deleted',
      });
    })
    .catch(notFoundOn(M.contacts.notFound));
  return { ok: true as const };
}
