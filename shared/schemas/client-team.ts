/** Client teams (issue 32): a client admin's colleagues and invitations, and staff's decisions on them. */
import { z } from 'zod';
import { contactFields } from './contacts';
import { idSchema, pageInput } from './common';
import { storedEnum } from './output';

const COLLEAGUE_INVITE_STATUSES = ['pending', 'approved', 'declined'] as const;

/** At most this many invitations of one company wait for staff at once (a client admin cannot flood the agency). */
export const PENDING_INVITES_PER_COMPANY = 50;

/** Portal: may the signed-in client manage their company's team, and does an invitation need approval. */
export const portalTeamStatusOutput = z.object({ clientAdmin: z.boolean(), selfService: z.boolean() });

const personOutput = {
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
};

/** Portal: the company's portal users and its invitations still waiting for staff. */
/** A page of a client admin's team, in name order (cursor: the last member's id; `LIMITS.pageSize` by default). */
export const portalTeamInput = z.object({ ...pageInput }).prefault({});

export const portalTeamOutput = z.object({
  selfService: z.boolean(),
  /** The last member's id when more members follow (the next page's cursor); pending invitations come on every page. */
  nextCursor: z.number().int().nullable(),
  members: z.array(
    z.object({
      id: z.number().int(),
      ...personOutput,
      clientAdmin: z.boolean(),
      notifyByEmail: z.boolean(),
      /** Has chosen a password (active) or has only an invite link out (invited). */
      portalState: z.enum(['invited', 'active']),
      /** The signed-in client themselves (never removable by themselves). */
      you: z.boolean(),
      /** A contact of another company given access to this one: removing them ends that access only. */
      guest: z.boolean(),
    }),
  ),
  pending: z.array(z.object({ id: z.number().int(), ...personOutput, createdAt: z.date() })),
});

export const portalTeamInviteInput = z.object({
  firstName: contactFields.firstName,
  lastName: contactFields.lastName,
  email: contactFields.email,
});
export type PortalTeamInviteForm = z.input<typeof portalTeamInviteInput>;

/** pending: waits for staff; approved: self-service, the colleague got their invite e-mail at once (emailed: sent). */
export const portalTeamInviteOutput = z.object({
  id: z.number().int(),
  status: storedEnum(COLLEAGUE_INVITE_STATUSES),
  emailed: z.boolean(),
});

export const portalTeamMemberInput = z.object({ contactId: idSchema });
export const portalTeamNotificationsInput = z.object({ contactId: idSchema, notifyByEmail: z.boolean() });
export const portalTeamOkOutput = z.object({ ok: z.literal(true) });

/** Staff: invitation requests, of one company or of the whole agency; pending by default. */
export const colleagueInviteListInput = z.object({
  companyId: idSchema.optional(),
  status: z.enum(COLLEAGUE_INVITE_STATUSES).optional(),
});

const colleagueInviteOutput = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  companyName: z.string(),
  ...personOutput,
  status: storedEnum(COLLEAGUE_INVITE_STATUSES),
  /** The client admin who asked (null once that contact is removed). */
  invitedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The contact made on approval (null before, or once removed). */
  contactId: z.number().int().nullable(),
  /** The staff member who decided (null: pending, self-service, or removed from the team). */
  decidedByName: z.string().nullable(),
  decidedAt: z.date().nullable(),
  createdAt: z.date(),
});

/** Newest first, at most the bound of pending invitations per company times a few companies (PENDING_LIST_MAX). */
export const colleagueInviteListOutput = z.object({ items: z.array(colleagueInviteOutput) });

export const colleagueInviteIdInput = z.object({ id: idSchema });

/** An approval answers the invite's mail like a contact's "Send invite" does (emailed false: copy from the contact). */
export const colleagueInviteDecisionOutput = colleagueInviteOutput.extend({ emailed: z.boolean() });

export const clientTeamPolicyOutput = z.object({ selfService: z.boolean() });
export const clientTeamPolicyInput = z.object({ selfService: z.boolean() });
