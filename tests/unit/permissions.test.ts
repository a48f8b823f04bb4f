/** The one permission module (shared/permissions.ts): who on the staff may do what. */
import { describe, expect, it } from 'vitest';
import { STAFF_ROLES } from '../../shared/constants';
import {
  assignableRoles,
  can,
  canRemoveMember,
  canSetRole,
  PERMISSIONS,
  removeMemberRefusal,
  setRoleRefusal,
  type Permission,
} from '../../shared/permissions';

const owner = { id: 1, role: 'owner' };
const otherOwner = { id: 2, role: 'owner' };
const admin = { id: 3, role: 'admin' };
const otherAdmin = { id: 4, role: 'admin' };
const member = { id: 5, role: 'member' };
const otherMember = { id: 6, role: 'member' };

const permissions = Object.keys(PERMISSIONS) as Permission[];
const OWNER_ONLY: Permission[] = [
  'activity.viewAll',
  'jobs.manage',
  'security.manage',
  'data.export',
  'data.importArchive',
];

describe('can', () => {
  it('gives owners and admins every settings permission, and members none', () => {
    expect(permissions).toEqual([
      'account.manage',
      'branding.manage',
      'integrations.manage',
      'team.manage',
      'activity.viewAll',
      'jobs.manage',
      'security.manage',
      'data.export',
      'data.exportCompany',
      'companies.delete',
      'data.import',
      'data.importArchive',
      'views.manageTeam',
    ]);
    for (const permission of permissions.filter((p) => !OWNER_ONLY.includes(p))) {
      expect([permission, can('owner', permission)]).toEqual([permission, true]);
      expect([permission, can('admin', permission)]).toEqual([permission, true]);
      expect([permission, can('member', permission)]).toEqual([permission, false]);
    }
  });

  it("keeps the whole agency's activity log and the background jobs to owners", () => {
    for (const permission of OWNER_ONLY) {
      expect([permission, can('owner', permission), can('admin', permission), can('member', permission)]).toEqual([
        permission,
        true,
        false,
        false,
      ]);
    }
  });

  it('refuses a role it does not know (a hand-edited row, an empty string, another casing)', () => {
    for (const role of ['', 'Owner', 'superuser', 'owner ', 'constructor', '__proto__']) {
      for (const permission of permissions)
        expect([role, permission, can(role, permission)]).toEqual([role, permission, false]);
    }
  });
});

describe('removing a member', () => {
  it('lets an owner remove anyone else, owners included', () => {
    for (const target of [otherOwner, admin, member]) expect(canRemoveMember(owner, target)).toBe(true);
  });

  it('lets an admin remove admins and members, but not an owner', () => {
    expect(canRemoveMember(admin, otherAdmin)).toBe(true);
    expect(canRemoveMember(admin, member)).toBe(true);
    expect(removeMemberRefusal(admin, owner)).toBe('owner');
  });

  it('lets nobody remove themselves', () => {
    for (const actor of [owner, admin, member]) expect(canRemoveMember(actor, actor)).toBe(false);
    expect(removeMemberRefusal(owner, owner)).toBe('self');
    expect(removeMemberRefusal(admin, admin)).toBe('self');
  });

  it('refuses members outright', () => {
    for (const target of [owner, admin, otherMember]) expect(removeMemberRefusal(member, target)).toBe('permission');
  });
});

describe('giving a role', () => {
  it('lets an owner give any role to anyone else, and take the owner role from another owner', () => {
    for (const target of [otherOwner, admin, member])
      for (const role of STAFF_ROLES) expect(canSetRole(owner, target, role)).toBe(true);
  });

  it('lets an admin move people between admin and member, never to or from owner', () => {
    expect(canSetRole(admin, member, 'admin')).toBe(true);
    expect(canSetRole(admin, otherAdmin, 'member')).toBe(true);
    expect(setRoleRefusal(admin, member, 'owner')).toBe('owner');
    expect(setRoleRefusal(admin, owner, 'admin')).toBe('owner');
    expect(setRoleRefusal(admin, owner, 'member')).toBe('owner');
  });

  it('lets nobody change their own role (so the acting owner always stays one)', () => {
    for (const actor of [owner, admin])
      for (const role of STAFF_ROLES) expect(setRoleRefusal(actor, actor, role)).toBe('self');
  });

  it('refuses members, and roles that do not exist', () => {
    for (const role of STAFF_ROLES) expect(setRoleRefusal(member, otherMember, role)).toBe('permission');
    expect(setRoleRefusal(owner, member, 'superuser')).toBe('permission');
    expect(setRoleRefusal(owner, member, '')).toBe('permission');
  });

  it('applies the same rules to invites (no target yet)', () => {
    expect(assignableRoles(owner, null)).toEqual(['owner', 'admin', 'member']);
    expect(assignableRoles(admin, null)).toEqual(['admin', 'member']);
    expect(assignableRoles(member, null)).toEqual([]);
  });

  it('lists the roles the select offers for each member', () => {
    expect(assignableRoles(owner, otherOwner)).toEqual(['owner', 'admin', 'member']);
    expect(assignableRoles(admin, owner)).toEqual([]);
    expect(assignableRoles(admin, member)).toEqual(['admin', 'member']);
    expect(assignableRoles(owner, owner)).toEqual([]);
  });
});

describe('the agency always keeps an owner', () => {
  /** Every single step the rules allow, over a small team, never leaves it without an owner. */
  it('holds for every allowed role change and removal from any team of up to three people', () => {
    type Team = { id: number; role: string }[];
    const teams: Team[] = [];
    const roles = [...STAFF_ROLES];
    for (const size of [1, 2, 3]) {
      const build = (i: number, team: Team) => {
        if (i === size) {
          if (team.some((m) => m.role === 'owner')) teams.push(team);
          return;
        }
        for (const role of roles) build(i + 1, [...team, { id: i + 1, role }]);
      };
      build(0, []);
    }
    let checked = 0;
    for (const team of teams) {
      for (const actor of team) {
        for (const target of team) {
          if (canRemoveMember(actor, target)) {
            checked++;
            expect(team.filter((m) => m !== target).some((m) => m.role === 'owner')).toBe(true);
          }
          for (const role of roles) {
            if (!canSetRole(actor, target, role)) continue;
            checked++;
            expect(team.map((m) => (m === target ? { ...m, role } : m)).some((m) => m.role === 'owner')).toBe(true);
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});
