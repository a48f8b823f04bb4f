/**
 * Who on the agency's staff may do what: the one permission module. The server enforces it on every procedure
 * (server/trpc.ts: `permittedProcedure`); the client only uses it to hide what would be refused.
 *
 * - owner: everything.
 * - admin: everything except removing an owner, changing an owner's role or making someone an owner.
 * - member: the day-to-day work (clients, projects, tasks, files, resources, flows); not account settings,
 *   branding, API tokens or the team.
 */
import { STAFF_ROLES } from './constants';
import { permissions } from './messages/permissions';

/** The catalogue's sections this first-load module shows (not all of shared/messages.ts). */
const M = { permissions } as const;

export type StaffRole = (typeof STAFF_ROLES)[number];

export const PERMISSIONS = {
  /** Business information (name, e-mail, phone, address). */
  'account.manage': ['owner', 'admin'],
  /** Brand colours, login text and logo. */
  'branding.manage': ['owner', 'admin'],
  /** Create, list and revoke personal API tokens; send a test e-mail. */
  'integrations.manage': ['owner', 'admin'],
  /** Invite staff, change roles, remove members. */
  'team.manage': ['owner', 'admin'],
  /** The whole agency's activity log with its filters and CSV download (the company tab and the dashboard card are for all staff). */
  'activity.viewAll': ['owner'],
  /** Background jobs: failed and dead-lettered deliveries, and retrying them. */
  'jobs.manage': ['owner'],
  /** Sign-in security for the whole team: requiring two-factor sign-in. */
  'security.manage': ['owner'],
  /** Export the whole agency (zip of every record and file) and see its background exports. */
  'data.export': ['owner'],
  /** Export one client company's own data. */
  'data.exportCompany': ['owner', 'admin'],
  /** Delete a client company with everything that belongs to it (archiving is open to all staff, like editing). */
  'companies.delete': ['owner', 'admin'],
  /** Import companies and contacts from CSV. */
  'data.import': ['owner', 'admin'],
  /** Import a Clientflow export (zip): moving an agency or a client between installations. */
  'data.importArchive': ['owner'],
  /** Rename, share or delete a team view another staff member saved (their own views are everyone's to manage). */
  'views.manageTeam': ['owner', 'admin'],
} as const satisfies Record<string, readonly StaffRole[]>;

export type Permission = keyof typeof PERMISSIONS;

const isRole = (role: string): role is StaffRole => role === 'owner' || role === 'admin' || role === 'member';

/** What a refused staff member is told: who may do it. */
export function forbiddenMessage(permission: Permission): string {
  return (PERMISSIONS[permission] as readonly StaffRole[]).includes('admin')
    ? M.permissions.forbidden
    : M.permissions.ownerOnly;
}

export function can(role: string, permission: Permission): boolean {
  return isRole(role) && (PERMISSIONS[permission] as readonly StaffRole[]).includes(role);
}

type Member = { id: number; role: string };

/**
 * Why an actor may not change a member: no team.manage permission, acting on themselves, or an owner rule (only an
 * owner removes an owner, or gives or takes away the owner role). null: allowed. The server answers each with its
 * own message; can… below are the yes/no forms.
 */
export type TeamRefusal = 'permission' | 'self' | 'owner';

/** Removing a member: needs team.manage; nobody removes themselves; only an owner removes an owner. */
export function removeMemberRefusal(actor: Member, target: Member): TeamRefusal | null {
  if (!can(actor.role, 'team.manage')) return 'permission';
  if (actor.id === target.id) return 'self';
  return target.role !== 'owner' || actor.role === 'owner' ? null : 'owner';
}

/**
 * Giving a member a role (target null: inviting someone with it): needs team.manage; only an owner gives or takes
 * away the owner role; nobody changes their own role. With these rules an agency always keeps an owner: the owner
 * who acts stays one (server/domain/team/members.ts also checks it in the same transaction).
 */
export function setRoleRefusal(actor: Member, target: Member | null, role: string): TeamRefusal | null {
  if (!can(actor.role, 'team.manage') || !isRole(role)) return 'permission';
  if (target && actor.id === target.id) return 'self';
  if (role === 'owner' || target?.role === 'owner') return actor.role === 'owner' ? null : 'owner';
  return null;
}

export const canRemoveMember = (actor: Member, target: Member): boolean => removeMemberRefusal(actor, target) === null;
export const canSetRole = (actor: Member, target: Member | null, role: string): boolean =>
  setRoleRefusal(actor, target, role) === null;

/** The roles an actor may give a member (target null: to someone they invite), in STAFF_ROLES order. */
export function assignableRoles(actor: Member, target: Member | null): StaffRole[] {
  return STAFF_ROLES.filter((role) => canSetRole(actor, target, role));
}
