import { z } from 'zod';
import { CONTACT_ROLES, LIMITS } from '../constants';
import { contacts } from '../messages/contacts';
import { signup } from '../messages/signup';
import { emailSchema } from './auth';
import { idSchema, optionalText, listSorts, sortedPageInput, queryFlag } from './common';
import { sortedPageOutput, storedEnum } from './output';

/** The catalogue's sections this first-load module shows (not all of shared/messages.ts). */
const M = { contacts, signup } as const;

/** A stored role: executive, manager or contributor (an export zip's rows hold only these, or null). */
export const contactRoleSchema = z.enum(CONTACT_ROLES);

/** The spec's role choice: executive, manager, contributor, or none ('' and 'none' store nothing). */
const role = z
  .union([contactRoleSchema, z.literal('none'), z.literal('')])
  .nullish()
  .transform((v) => (v && v !== 'none' ? v : null));

/** A portal password: the staff rules (8+ characters here; the strength estimate runs on the server). */
export const portalPasswordSchema = z.string().min(LIMITS.passwordMin, M.signup.passwordTooShort).max(200);

export const contactFields = {
  /** null: no company (a contact needs one to get portal access). */
  companyId: idSchema.nullish().transform((v) => v ?? null),
  firstName: z.string().trim().min(1, M.signup.firstNameRequired).max(100),
  lastName: z.string().trim().min(1, M.signup.lastNameRequired).max(100),
  email: emailSchema,
  phone: optionalText(40),
  title: optionalText(100),
  role,
  portalAccess: z.boolean(),
  /** A client admin of their company (issue 32): sees its portal users, invites colleagues; needs portal access. */
  clientAdmin: z.boolean(),
};

/**
 * "Send invite now": with portal access on, the save also makes a one-time invite link and e-mails it (spending the
 * invitation budget; past it, 429 and nothing is saved). Not together with a portal password ("Set a password").
 */
const sendInvite = z.boolean().optional();

export const contactCreateInput = z.object({
  ...contactFields,
  portalAccess: contactFields.portalAccess.default(false),
  clientAdmin: contactFields.clientAdmin.default(false),
  /** Optional: sets the contact's portal password (portal access must be on). */
  portalPassword: portalPasswordSchema.optional(),
  sendInvite,
});

/**
 * Only the fields given change (spec §5: names and e-mail only when given; phone, title and role blank → cleared;
 * company only when set, null removes it). Turning portal access off, or moving the contact to another company,
 * ends their portal sessions.
 */
export const contactUpdateInput = z
  .object({ id: idSchema })
  .extend(z.object(contactFields).partial().shape)
  .extend({ portalPassword: portalPasswordSchema.optional(), sendInvite });

/** The dialog's form: the same rules as plain inputs; companyId '' means no company. */
export const contactFormSchema = z.object({
  ...contactFields,
  companyId: z.union([idSchema, z.literal('')]).transform((v) => (v === '' ? null : v)),
  role: z.union([contactRoleSchema, z.literal('')]).transform((v) => (v === '' ? null : v)),
});

/** The company filter: a company's id, or 'none' for contacts without a company. */
const contactCompanyFilter = z.union([z.literal('none'), idSchema]);

/** The contacts list's sorts (`?sort=…&order=asc|desc`); the default is the list's order before sorting existed. */
export const contactSorts = listSorts(
  ['name', 'company', 'created'] as const,
  { name: 'asc', company: 'asc', created: 'desc' },
  'name',
);

export const contactListInput = z.object({
  ...sortedPageInput(contactSorts),
  /** Matches first name, last name, full name, e-mail or title. */
  search: z.string().trim().max(100).optional(),
  companyId: contactCompanyFilter.optional(),
  /** Also count all of the agency's contacts ("Showing X of Y"). */
  withOverall: queryFlag.optional(),
});

export const contactIdInput = z.object({ id: idSchema });

/**
 * Where a contact stands with the client portal: none (No access: access off, no company, or an invite that expired
 * unused), invited (an unused, unexpired invite link is out and no password yet), active (has a password).
 */
const PORTAL_STATES = ['none', 'invited', 'active'] as const;
export type PortalState = (typeof PORTAL_STATES)[number];

const companyRef = z.object({ id: z.number().int(), name: z.string() }).nullable();

/** A contact as lists show it. */
export const contactRowOutput = z.object({
  id: z.number().int(),
  companyId: z.number().int().nullable(),
  /** Named as the spec's read has it (company_of_contact over snake_case paths). */
  companyOfContact: companyRef,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  title: z.string().nullable(),
  role: storedEnum(CONTACT_ROLES).nullable(),
  portalAccess: z.boolean(),
  clientAdmin: z.boolean(),
  /** The contact has chosen (or been given) a portal password, so they can sign in. */
  hasPortalPassword: z.boolean(),
  /** An unused invite link is out and still valid. */
  invitePending: z.boolean(),
  portalState: z.enum(PORTAL_STATES),
  createdAt: z.date(),
});

/** One contact, as the edit dialog and the company page read it (GET /contact/v1/{id}). */
export const contactOutput = contactRowOutput.extend({
  /** The projects the contact is on (project_id in the spec's read). */
  projectId: z.array(z.number().int()),
  /** The newest unused, unexpired invite link's expiry, if one is out. */
  pendingInviteExpiresAt: z.date().nullable(),
  /** The client admin whose invitation made this contact ("Invited by Ava Wilson"); null otherwise or once removed. */
  invitedByName: z.string().nullable(),
  updatedAt: z.date(),
});

export const contactPageOutput = sortedPageOutput(contactRowOutput);

export const contactRemoveOutput = z.object({ ok: z.literal(true) });

/**
 * A new one-time invite link (valid 7 days). url is shown once, with a copy button; only its hash is stored.
 * emailed: false when the mail was not sent; emailConfigured then tells why: false, the server has no SMTP settings
 * (M.contacts.portal.inviteNotEmailed), true, the SMTP server refused or was unreachable (inviteSendFailed).
 * Either way the UI offers the link to copy.
 */
export const contactInviteOutput = z.object({
  url: z.string(),
  expiresAt: z.date(),
  emailed: z.boolean(),
  emailConfigured: z.boolean(),
});

/** A saved contact; invite only when the save was asked to send one (sendInvite). */
export const contactSavedOutput = contactOutput.extend({ invite: contactInviteOutput.optional() });
