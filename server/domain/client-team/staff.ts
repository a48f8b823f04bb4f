/**
 * Staff's side of client teams: the invitation requests of a company (or of the agency), approving one (the contact
 * is made with portal access and mailed the one-step invite) or declining it, and the owner's self-service policy.
 */
import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import { M } from '../../../shared/messages';
import type {
  clientTeamPolicyInput,
  colleagueInviteIdInput,
  colleagueInviteListInput,
} from '../../../shared/schemas/client-team';
import { recordActivity, staffActor } from '../../activity';
import { sql, TENANT, toDate, toDateOrNull, toInt, toIntOrNull, type Row, type Sql, type SqlRunner } from '../../sql';
import { isOurCompany } from '../companies/ours';
import { mailInvite, type InviteScope } from '../contacts/invite';
import type { StaffScope } from '../context';
import { withinInviteBudget } from '../team/budget';
import { admitColleague, colleagueName, conflictOnEmail, emailKnown } from './admit';

/** A list answers at most this many requests (pending ones are bounded per company: PENDING_INVITES_PER_COMPANY). */
const LIST_MAX = 200;

const inviteFromRow = (r: Row) => ({
  id: toInt(r.id),
  companyId: toInt(r.companyId),
  companyName: String(r.companyName),
  firstName: String(r.firstName),
  lastName: String(r.lastName),
  email: String(r.email),
  status: String(r.status),
  invitedBy:
    r.invitedById == null ? null : { id: toInt(r.invitedById), name: `${r.inviterFirst} ${r.inviterLast}`.trim() },
  contactId: toIntOrNull(r.contactId),
  decidedByName: r.deciderFirst == null ? null : `${r.deciderFirst} ${r.deciderLast}`.trim(),
  decidedAt: toDateOrNull(r.decidedAt),
  createdAt: toDate(r.createdAt),
});

function readInvites(run: SqlRunner, where: Sql) {
  return run.all(sql`
    SELECT i."id", i."companyId", co."name" AS "companyName", i."firstName", i."lastName", i."email", i."status",
           i."invitedById", inv."firstName" AS "inviterFirst", inv."lastName" AS "inviterLast", i."contactId",
           u."firstName" AS "deciderFirst", u."lastName" AS "deciderLast", i."decidedAt", i."createdAt"
    FROM "ColleagueInvite" i
    JOIN "Company" co ON co."businessId" = i."businessId" AND co."id" = i."companyId"
    LEFT JOIN "Contact" inv ON inv."businessId" = i."businessId" AND inv."id" = i."invitedById"
    LEFT JOIN "User" u ON u."businessId" = i."businessId" AND u."id" = i."decidedById"
    WHERE i."businessId" = ${TENANT} AND ${where}
    ORDER BY i."createdAt" DESC, i."id" DESC
    LIMIT ${LIST_MAX}`);
}

const requestNotFound = (): never => {
  throw new TRPCError({ code: 'NOT_FOUND', message: M.clientTeam.requestNotFound });
};

async function readInvite(run: SqlRunner, id: number) {
  const [row] = await readInvites(run, sql`i."id" = ${id}`);
  return row ? inviteFromRow(row) : requestNotFound();
}

/** The requests of one company (a foreign one is 404) or of the whole agency; pending ones unless asked otherwise. */
export async function listColleagueInvites(
  scope: Pick<StaffScope, 'sql'>,
  input: z.infer<typeof colleagueInviteListInput>,
) {
  const status = input.status ?? 'pending';
  if (input.companyId !== undefined && !(await isOurCompany(scope.sql, input.companyId)))
    throw new TRPCError({ code: 'NOT_FOUND', message: M.contacts.companyNotFound });
  const where =
    input.companyId === undefined
      ? sql`i."status" = ${status}`
      : sql`i."companyId" = ${input.companyId} AND i."status" = ${status}`;
  return { items: (await readInvites(scope.sql, where)).map(inviteFromRow) };
}

/** A pending request, or 404 / 409 (already decided). */
async function pendingInvite(scope: Pick<StaffScope, 'db'>, id: number) {
  const invite = await scope.db.colleagueInvite.findFirst({
    where: { id },
    select: { id: true, companyId: true, email: true, firstName: true, lastName: true, status: true },
  });
  if (!invite) return requestNotFound();
  if (invite.status !== 'pending') throw new TRPCError({ code: 'CONFLICT', message: M.clientTeam.alreadyDecided });
  return invite;
}

/**
 * Approves a request: the contact is made in the requesting company with portal access and gets the one-step invite
 * (within the invitation budget, as a contact's "Send invite"). An e-mail that became a contact meanwhile is refused,
 * and so is a request decided by someone else meanwhile (409).
 */
export async function approveColleagueInvite(
  scope: InviteScope & Pick<StaffScope, 'sql'>,
  input: z.infer<typeof colleagueInviteIdInput>,
) {
  const invite = await pendingInvite(scope, input.id);
  const agency = scope.session.business.name;
  if (await scope.db.contact.findFirst({ where: { email: invite.email }, select: { id: true } })) emailKnown(agency);
  const admitted = await withinInviteBudget(scope, () =>
    scope.db.$transaction((tx) => admitColleague(tx, scope.businessId, staffActor(scope.user), invite, scope.user.id)),
  ).catch(conflictOnEmail(agency));
  const mailed = await mailInvite(scope, admitted.contact, admitted.link);
  return { ...(await readInvite(scope.sql, input.id)), emailed: mailed.emailed };
}

/** Declines a request: nothing is made; the request stays, declined, with who decided. */
export async function declineColleagueInvite(
  scope: Pick<StaffScope, 'db' | 'sql' | 'businessId' | 'user'>,
  input: z.infer<typeof colleagueInviteIdInput>,
) {
  const invite = await pendingInvite(scope, input.id);
  await scope.db.$transaction(async (tx) => {
    const decided = await tx.colleagueInvite.updateMany({
      where: { id: invite.id, status: 'pending' },
      data: { status: 'declined', decidedById: scope.user.id, decidedAt: new Date() },
    });
    if (decided.count === 0) throw new TRPCError({ code: 'CONFLICT', message: M.clientTeam.alreadyDecided });
    await recordActivity(tx, scope.businessId, staffActor(scope.user), {
      entityType: 'contact',
      entityId: null,
      entityName: colleagueName(invite),
      companyId: invite.companyId,
      action: 'colleague_declined',
    });
  });
  return { ...(await readInvite(scope.sql, input.id)), emailed: false };
}

/** Whether client admins invite colleagues without approval (Business.clientSelfServiceInvites). */
export async function clientTeamPolicy(scope: Pick<StaffScope, 'app' | 'businessId'>) {
  const business = await scope.app.database.db.business.findUniqueOrThrow({
    where: { id: scope.businessId },
    select: { clientSelfServiceInvites: true },
  });
  return { selfService: business.clientSelfServiceInvites };
}

/** The owner's switch (security.manage), logged on the account settings like the two-factor policy. */
export async function setClientTeamPolicy(
  scope: Pick<StaffScope, 'app' | 'businessId' | 'user'>,
  input: z.infer<typeof clientTeamPolicyInput>,
) {
  await scope.app.database.db.$transaction(async (tx) => {
    const before = await tx.business.findUniqueOrThrow({
      where: { id: scope.businessId },
      select: { clientSelfServiceInvites: true, name: true },
    });
    if (before.clientSelfServiceInvites === input.selfService) return;
    await tx.business.update({
      where: { id: scope.businessId },
      data: { clientSelfServiceInvites: input.selfService },
    });
    await recordActivity(tx, scope.businessId, staffActor(scope.user), {
      entityType: 'business',
      entityId: scope.businessId,
      entityName: before.name,
      action: 'updated',
      changes: [
        {
          field: 'clientSelfServiceInvites',
          from: before.clientSelfServiceInvites ? 'on' : 'off',
          to: input.selfService ? 'on' : 'off',
        },
      ],
    });
  });
  return { selfService: input.selfService };
}
