/**
 * The portal's Team section (a client admin's): their company's portal users, inviting a colleague, removing one's
 * access and setting their e-mails. Every call re-reads the admin right of the session's company; a person outside
 * that company answers 404 like a missing one.
 */
import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import { M } from '../../../shared/messages';
import {
  PENDING_INVITES_PER_COMPANY,
  type portalTeamInput,
  type portalTeamInviteInput,
  type portalTeamMemberInput,
  type portalTeamNotificationsInput,
} from '../../../shared/schemas/client-team';
import { contactActor, recordActivity } from '../../activity';
import { endPortalAccess } from '../../auth/portal-access';
import { sql, TENANT, toBool, toDate, toInt } from '../../sql';
import type { RequestScope } from '../auth/rules';
import { mailInvite } from '../contacts/invite';
import type { PortalScope } from '../context';
import { withinInviteBudgetOf } from '../team/budget';
import { admitColleague, colleagueName, conflictOnEmail, emailKnown } from './admit';
import { isClientAdminOf, requireClientAdmin } from './rules';
import { lockRow } from '../../lib/lock-row';

type Scope = PortalScope & Pick<RequestScope, 'res'>;

const selfServiceOf = async (scope: Pick<PortalScope, 'app' | 'businessId'>) =>
  (
    await scope.app.database.db.business.findUniqueOrThrow({
      where: { id: scope.businessId },
      select: { clientSelfServiceInvites: true },
    })
  ).clientSelfServiceInvites;

/** Any portal user: may they manage their company's team (the Team section shows only then). */
export async function portalTeamStatus(scope: PortalScope) {
  const [clientAdmin, selfService] = await Promise.all([
    isClientAdminOf(scope.db, scope.contactId, scope.companyId),
    selfServiceOf(scope),
  ]);
  return { clientAdmin, selfService };
}

/**
 * A client admin: the company's portal users (its own contacts with access, and the contacts of other companies staff
 * gave access to it, marked as guests: nothing about their other companies), a page at a time in name order, and its
 * invitations waiting for staff (at most PENDING_INVITES_PER_COMPANY, on every page). The cursor is the last member's
 * id; its name is looked up within the agency, so an id of anyone else's finds no position and an empty page.
 */
export async function portalTeam(scope: PortalScope, input: z.infer<typeof portalTeamInput>) {
  await requireClientAdmin(scope);
  const after = input.cursor
    ? sql`WHERE (m."firstName", m."lastName", m."id") > (SELECT c."firstName", c."lastName", c."id" FROM "Contact" c
        WHERE c."businessId" = ${TENANT} AND c."id" = ${input.cursor})`
    : sql``;
  const [rows, pending, selfService] = await Promise.all([
    scope.sql.all(sql`
      SELECT m.* FROM (
        SELECT c."id", c."firstName", c."lastName", c."email", c."clientAdmin", c."notifyByEmail",
               (c."portalPasswordHash" IS NOT NULL) AS "hasPassword",
               FALSE AS "guest"
        FROM "Contact" c
        WHERE c."businessId" = ${TENANT} AND c."companyId" = ${scope.companyId} AND c."portalAccess" = ${true}
        UNION ALL
        SELECT c."id", c."firstName", c."lastName", c."email", cc."clientAdmin", c."notifyByEmail",
               (c."portalPasswordHash" IS NOT NULL) AS "hasPassword", TRUE AS "guest"
        FROM "ContactCompany" cc
        JOIN "Contact" c ON c."businessId" = cc."businessId" AND c."id" = cc."contactId"
        WHERE cc."businessId" = ${TENANT} AND cc."companyId" = ${scope.companyId} AND c."portalAccess" = ${true}
      ) m
      ${after}
      ORDER BY m."firstName", m."lastName", m."id"
      LIMIT ${input.limit + 1}`),
    scope.sql.all(sql`
      SELECT i."id", i."firstName", i."lastName", i."email", i."createdAt" FROM "ColleagueInvite" i
      WHERE i."businessId" = ${TENANT} AND i."companyId" = ${scope.companyId} AND i."status" = 'pending'
      ORDER BY i."createdAt" DESC, i."id" DESC`),
    selfServiceOf(scope),
  ]);
  const members = rows.slice(0, input.limit);
  return {
    selfService,
    nextCursor: rows.length > input.limit ? toInt(members[members.length - 1].id) : null,
    members: members.map((r) => ({
      id: toInt(r.id),
      firstName: String(r.firstName),
      lastName: String(r.lastName),
      email: String(r.email),
      clientAdmin: toBool(r.clientAdmin),
      notifyByEmail: toBool(r.notifyByEmail),
      portalState: toBool(r.hasPassword) ? ('active' as const) : ('invited' as const),
      you: toInt(r.id) === scope.contactId,
      guest: toBool(r.guest),
    })),
    pending: pending.map((r) => ({
      id: toInt(r.id),
      firstName: String(r.firstName),
      lastName: String(r.lastName),
      email: String(r.email),
      createdAt: toDate(r.createdAt),
    })),
  };
}

/**
 * A client admin invites a colleague of their company. Refused: an e-mail that is already a contact of the agency
 * (whatever company: never named), one already waiting, or a company with PENDING_INVITES_PER_COMPANY waiting.
 * With the agency's self-service on, the colleague is admitted at once and mailed the one-step invite (the invite
 * budget of the agency and of this admin applies); otherwise the invitation waits for staff, who are notified.
 */
export async function inviteColleague(scope: Scope, input: z.infer<typeof portalTeamInviteInput>) {
  await requireClientAdmin(scope);
  const agency = scope.portalSession.business.name;
  const known = await scope.db.contact.findFirst({ where: { email: input.email }, select: { id: true } });
  if (known) emailKnown(agency);
  const waiting = await scope.db.colleagueInvite.findFirst({
    where: { email: input.email, status: 'pending' },
    select: { id: true },
  });
  if (waiting) throw new TRPCError({ code: 'CONFLICT', message: M.clientTeam.alreadyRequested });
  const actor = contactActor(scope.portalSession.contact);
  const selfService = await selfServiceOf(scope);
  const request = () =>
    scope.db.$transaction(async (tx) => {
      // Counted in the transaction that adds one, after the company's row is locked: the bound holds for requests
      // arriving at once too.
      await lockRow(tx, 'Company', scope.businessId, scope.companyId);
      const pendingCount = await tx.colleagueInvite.count({ where: { companyId: scope.companyId, status: 'pending' } });
      if (pendingCount >= PENDING_INVITES_PER_COMPANY)
        throw new TRPCError({ code: 'CONFLICT', message: M.clientTeam.tooManyPending(PENDING_INVITES_PER_COMPANY) });
      const invite = await tx.colleagueInvite.create({
        data: { businessId: scope.businessId, companyId: scope.companyId, invitedById: scope.contactId, ...input },
      });
      if (selfService) return { invite, admitted: await admitColleague(tx, scope.businessId, actor, invite, null) };
      await recordActivity(tx, scope.businessId, actor, {
        entityType: 'contact',
        entityId: null,
        entityName: colleagueName(input),
        companyId: scope.companyId,
        action: 'colleague_requested',
      });
      return { invite, admitted: null };
    });
  const { invite, admitted } = await (selfService
    ? withinInviteBudgetOf(scope, `contact:${scope.contactId}`, request)
    : request()
  ).catch(conflictOnEmail(agency));
  if (!admitted) return { id: invite.id, status: 'pending' as const, emailed: false };
  const mailed = await mailInvite(
    { app: scope.app, session: scope.portalSession },
    { ...admitted.contact, companyId: admitted.contact.companyId },
    admitted.link,
  );
  return { id: invite.id, status: 'approved' as const, emailed: mailed.emailed };
}

const memberNotFound = () => {
  throw new TRPCError({ code: 'NOT_FOUND', message: M.clientTeam.memberNotFound });
};

/** A portal user of the session's company (its own contact), or 404 (another company's is missing). */
async function colleagueOf(scope: PortalScope, contactId: number) {
  const colleague = await scope.db.contact.findFirst({
    where: { id: contactId, companyId: scope.companyId, portalAccess: true },
    select: { id: true, firstName: true, lastName: true, clientAdmin: true, notifyByEmail: true },
  });
  return colleague ?? memberNotFound();
}

/** A guest of the session's company: a contact of another company given access to this one, or null. */
const guestOf = (scope: PortalScope, contactId: number) =>
  scope.db.contactCompany.findFirst({
    where: { contactId, companyId: scope.companyId, contact: { portalAccess: true } },
    select: { clientAdmin: true, contact: { select: { id: true, firstName: true, lastName: true } } },
  });

/**
 * Turns a colleague's portal access off (their sessions and unused invite links end in the same transaction). The
 * contact stays for staff. Never the admin themselves, and never another client admin (staff gave that right).
 */
export async function removeColleague(scope: PortalScope, input: z.infer<typeof portalTeamMemberInput>) {
  await requireClientAdmin(scope);
  if (input.contactId === scope.contactId)
    throw new TRPCError({ code: 'BAD_REQUEST', message: M.clientTeam.removeSelf });
  const guest = await guestOf(scope, input.contactId);
  if (guest) {
    // A guest loses this company only: their own company's portal and their other companies stay.
    if (guest.clientAdmin) throw new TRPCError({ code: 'FORBIDDEN', message: M.clientTeam.removeAdmin });
    await scope.db.$transaction(async (tx) => {
      await tx.contactCompany.deleteMany({ where: { contactId: guest.contact.id, companyId: scope.companyId } });
      await recordActivity(tx, scope.businessId, contactActor(scope.portalSession.contact), {
        entityType: 'contact',
        entityId: guest.contact.id,
        entityName: colleagueName(guest.contact),
        companyId: scope.companyId,
        action: 'colleague_removed',
      });
    });
    return { ok: true as const };
  }
  const colleague = await colleagueOf(scope, input.contactId);
  if (colleague.clientAdmin) throw new TRPCError({ code: 'FORBIDDEN', message: M.clientTeam.removeAdmin });
  await scope.db.$transaction(async (tx) => {
    await tx.contact.update({ where: { id: colleague.id }, data: { portalAccess: false }, select: { id: true } });
    await endPortalAccess(tx, scope.businessId, colleague.id);
    await recordActivity(tx, scope.businessId, contactActor(scope.portalSession.contact), {
      entityType: 'contact',
      entityId: colleague.id,
      entityName: colleagueName(colleague),
      companyId: scope.companyId,
      action: 'colleague_removed',
      changes: [{ field: 'portalAccess', from: true, to: false }],
    });
  });
  return { ok: true as const };
}

/**
 * A client admin sets whether a portal user of their company (themselves included) gets the portal's e-mails. Not a
 * guest's: that choice covers their own company too (404, as for anyone not of the company).
 */
export async function setColleagueNotifications(
  scope: PortalScope,
  input: z.infer<typeof portalTeamNotificationsInput>,
) {
  await requireClientAdmin(scope);
  const colleague = await colleagueOf(scope, input.contactId);
  if (colleague.notifyByEmail === input.notifyByEmail) return { ok: true as const };
  await scope.db.$transaction(async (tx) => {
    await tx.contact.update({
      where: { id: colleague.id },
      data: { notifyByEmail: input.notifyByEmail },
      select: { id: true },
    });
    await recordActivity(tx, scope.businessId, contactActor(scope.portalSession.contact), {
      entityType: 'contact',
      entityId: colleague.id,
      entityName: colleagueName(colleague),
      companyId: scope.companyId,
      action: 'updated',
      changes: [{ field: 'notifyByEmail', from: colleague.notifyByEmail, to: input.notifyByEmail }],
    });
  });
  return { ok: true as const };
}
