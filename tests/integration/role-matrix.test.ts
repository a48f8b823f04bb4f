/**
 * The role matrix, generated from the app router so a new procedure is covered without anyone writing a test:
 * - every procedure built on permittedProcedure (its meta names the permission) refuses each role that
 *   shared/permissions.ts does not give that permission with 403 and M.permissions.forbidden, and nothing changes;
 *   a role that has it is not refused that way (so the 403 is about the role);
 * - every procedure that needs a signed-in session (meta sessionOnly) refuses a personal API token with 403 and
 *   M.apiTokens.sessionOnly; a session is not refused that way.
 * Inputs come from each procedure's zod schema (tests/support/zod-sample.ts), ids pointing at no row, so a call that
 * gets through touches nothing that exists.
 * The app's own Express routes (server/http/registry.ts) are walked the same way, with their sample requests
 * (tests/support/http-routes.ts) over the agency's own rows: each declares a permission or why any staff may.
 */
import { TRPCClientError } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { STAFF_ROLES } from '../../shared/constants';
import { M } from '../../shared/messages';
import { can, forbiddenMessage, type Permission } from '../../shared/permissions';
import { createStaffSession } from '../../server/auth/sessions';
import { appRouter } from '../../server/routers/_app';
import type { ProcedureMeta } from '../../server/trpc';
import { createAgency, type Agency } from '../support/agencies';
import { startApp, type TestApp } from '../support/app';
import { addApiToken, addStaff } from '../support/staff';
import { untypedTrpcClient } from '../support/trpc';
import { sample } from '../support/zod-sample';
import { HTTP_ROUTES, routeName } from '../../server/http/registry';
import { isStaffRoute, type HttpRoute } from '../../server/http/route';
import { callRoute, routeClassificationProblems, routeIds, routeSample } from '../support/http-routes';

type ProcedureDef = {
  _def: { type: 'query' | 'mutation' | 'subscription'; inputs: z.ZodType[]; meta?: ProcedureMeta };
};
const { procedures } = (appRouter as unknown as { _def: { procedures: Record<string, ProcedureDef> } })._def;

const anA = (role: string) => `${/^[aeiou]/.test(role) ? 'an' : 'a'} ${role}`;

/** An id no table reaches in a test run. */
const NO_ROW = 2_000_000_000;
const ID_KEY = /^(id|.+Id)$/;

function inputOf(procedure: ProcedureDef): unknown {
  const { inputs } = procedure._def;
  if (!inputs.length) return undefined;
  const value = Object.assign({}, ...inputs.map((schema) => sample(schema))) as Record<string, unknown>;
  for (const key of Object.keys(value)) if (ID_KEY.test(key) && typeof value[key] === 'number') value[key] = NO_ROW;
  return value;
}

const entries = Object.entries(procedures).map(([path, procedure]) => ({
  path,
  type: procedure._def.type,
  permission: procedure._def.meta?.permission,
  sessionOnly: procedure._def.meta?.sessionOnly === true,
  input: inputOf(procedure),
}));
const permitted = entries.filter((e): e is typeof e & { permission: Permission } => e.permission !== undefined);
const sessionOnly = entries.filter((e) => e.sessionOnly);

let app: TestApp;
let agency: Agency;
const tokens: Record<string, string> = {};
const userIds: Record<string, number> = {};

beforeAll(async () => {
  app = await startApp();
  agency = await createAgency(app, ['Matrix Media']);
  for (const role of STAFF_ROLES) ({ token: tokens[role], id: userIds[role] } = await addStaff(app, agency, role));
  tokens.apiToken = (await addApiToken(app, agency.businessId, agency.userId)).token;
});
afterAll(() => app.close());

/** How a call ended: its code and message when refused, {} when it succeeded. */
function outcome(token: string, entry: (typeof entries)[number]) {
  const trpc = untypedTrpcClient(app.baseUrl, { token });
  const call = entry.type === 'query' ? trpc.query(entry.path, entry.input) : trpc.mutation(entry.path, entry.input);
  return call.then(
    () => ({}),
    (error: unknown) => {
      if (!(error instanceof TRPCClientError)) throw error;
      return {
        code: error.data?.code as string | undefined,
        httpStatus: error.data?.httpStatus as number | undefined,
        message: error.message,
      };
    },
  );
}

/** The agency's rows that a refused call must leave alone. */
async function snapshot() {
  const db = app.database.db;
  const where = { businessId: agency.businessId };
  return Promise.all([
    db.business.findUniqueOrThrow({ where: { id: agency.businessId } }),
    db.user.findMany({ where, orderBy: { id: 'asc' } }),
    db.staffInvite.findMany({ where, orderBy: { id: 'asc' } }),
    db.apiToken.findMany({ where, orderBy: { id: 'asc' }, select: { id: true, name: true, userId: true } }),
  ]);
}

describe('the role matrix', () => {
  it('finds the settings procedures: every team change, API token and integration call is permission-checked', () => {
    const paths = permitted.map((e) => e.path);
    for (const path of [
      'team.invites',
      'team.invite',
      'team.renewInvite',
      'team.revokeInvite',
      'team.setRole',
      'team.remove',
      'apiTokens.list',
      'apiTokens.create',
      'apiTokens.revoke',
      'integrations.emailStatus',
      'integrations.sendTestEmail',
    ]) {
      expect(paths).toContain(path);
    }
    for (const e of entries) {
      if (['team', 'apiTokens', 'integrations'].includes(e.path.split('.')[0]) && e.path !== 'team.list')
        expect([e.path, e.permission]).toEqual([e.path, expect.any(String)]);
    }
  });

  it('finds the data exports: the whole agency is the owner’s, one company the owner’s and admins’', () => {
    const permissionOf = (path: string) => entries.find((e) => e.path === path)?.permission;
    expect(permissionOf('data.requestExport')).toBe('data.export');
    expect(permissionOf('data.requestCompanyExport')).toBe('data.exportCompany');
    expect(permissionOf('data.exports')).toBe('data.exportCompany');
    expect(STAFF_ROLES.filter((r) => can(r, 'data.export'))).toEqual(['owner']);
    expect(STAFF_ROLES.filter((r) => can(r, 'data.exportCompany'))).toEqual(['owner', 'admin']);
  });

  it('finds Account → Security: the sign-in policy is the owner’s, and every staff member ends their own sessions', () => {
    const security = entries.filter((e) => e.path.startsWith('security.'));
    expect(security.map((e) => [e.path, e.permission ?? null, e.sessionOnly])).toEqual([
      ['security.policy', 'security.manage', false],
      ['security.updatePolicy', 'security.manage', true],
      ['security.sessions', null, true],
      ['security.endSession', null, true],
      ['security.endOtherSessions', null, true],
    ]);
    expect(STAFF_ROLES.filter((r) => can(r, 'security.manage'))).toEqual(['owner']);
  });

  it('finds the saved views open to all staff: a team view of someone else is changed by owners and admins only', () => {
    const views = entries.filter((e) => e.path.startsWith('savedViews.'));
    expect(views.map((e) => [e.path, e.permission])).toEqual([
      ['savedViews.list', undefined],
      ['savedViews.create', undefined],
      ['savedViews.update', undefined],
      ['savedViews.delete', undefined],
    ]);
    // The rule inside update and delete (server/domain/savedViews): tests/integration/saved-views.test.ts.
    expect(STAFF_ROLES.filter((r) => can(r, 'views.manageTeam'))).toEqual(['owner', 'admin']);
  });

  for (const entry of permitted) {
    describe(`${entry.path} (${entry.permission})`, () => {
      for (const role of STAFF_ROLES.filter((r) => !can(r, entry.permission))) {
        it(`refuses ${anA(role)} with 403 and changes nothing`, async () => {
          const before = await snapshot();
          expect(await outcome(tokens[role], entry)).toEqual({
            code: 'FORBIDDEN',
            httpStatus: 403,
            message: forbiddenMessage(entry.permission),
          });
          const after = await snapshot();
          // The business row's updatedAt would move with any write; users, invites and tokens must match exactly.
          expect(after).toEqual(before);
        });
      }
      for (const role of STAFF_ROLES.filter((r) => can(r, entry.permission))) {
        it(`does not refuse ${anA(role)} for the role`, async () => {
          // A fresh session per call: a procedure may end the session it runs in.
          const { token } = await createStaffSession(app.database.db, userIds[role]);
          expect(await outcome(token, entry)).not.toMatchObject({ message: forbiddenMessage(entry.permission) });
        });
      }
    });
  }

  for (const entry of sessionOnly) {
    describe(`${entry.path} (signed-in session only)`, () => {
      it('refuses an API token with 403 and changes nothing', async () => {
        const before = await snapshot();
        expect(await outcome(tokens.apiToken, entry)).toEqual({
          code: 'FORBIDDEN',
          httpStatus: 403,
          message: M.apiTokens.sessionOnly,
        });
        expect(await snapshot()).toEqual(before);
      });
      it("does not refuse the same user's session for it", async () => {
        const { token } = await createStaffSession(app.database.db, agency.userId);
        expect(await outcome(token, entry)).not.toMatchObject({ message: M.apiTokens.sessionOnly });
      });
    });
  }
});

/** A staff route's sample request over the agency's own rows, as this token. */
const callAs = async (route: HttpRoute, token: string) =>
  callRoute(app, route, await routeIds(app, agency, routeSample(route).ids), { token });

const staffRoutes = HTTP_ROUTES.filter(isStaffRoute);
const permissionMessages = [M.permissions.forbidden, M.permissions.ownerOnly];

describe('the role matrix over the Express routes (server/http/registry.ts)', () => {
  it('finds every staff route’s permission decision: a permission, or why any staff member may', () => {
    expect(routeClassificationProblems()).toEqual([]);
    const permissionOf = (name: string) => staffRoutes.find((r) => routeName(r) === name)?.permission;
    expect(permissionOf('POST /api/business/logo')).toBe('branding.manage');
    expect(permissionOf('POST /api/imports')).toBe('data.import');
    expect(permissionOf('GET /api/activity.csv')).toBe('activity.viewAll');
    expect(permissionOf('GET /api/export.zip')).toBe('data.export');
    expect(permissionOf('GET /api/export.zip?companyId')).toBe('data.exportCompany');
  });

  for (const route of staffRoutes) {
    const permission = route.permission;
    describe(`${routeName(route)} (${permission ?? `any staff: ${route.anyStaff}`})`, () => {
      if (permission) {
        for (const role of STAFF_ROLES.filter((r) => !can(r, permission))) {
          it(`refuses ${anA(role)} with 403 and changes nothing`, async () => {
            const before = await snapshot();
            expect(await callAs(route, tokens[role])).toEqual({
              status: 403,
              code: 'FORBIDDEN',
              message: forbiddenMessage(permission),
            });
            expect(await snapshot()).toEqual(before);
          });
        }
      }
      for (const role of STAFF_ROLES.filter((r) => !permission || can(r, permission))) {
        it(`does not refuse ${anA(role)} for the role`, async () => {
          const { token } = await createStaffSession(app.database.db, userIds[role]);
          const outcome = await callAs(route, token);
          expect(permissionMessages).not.toContain((outcome as { message?: string }).message);
        });
      }
      if (route.sessionOnly) {
        it('refuses an API token with 403 and changes nothing', async () => {
          const before = await snapshot();
          expect(await callAs(route, tokens.apiToken)).toEqual({
            status: 403,
            code: 'FORBIDDEN',
            message: M.apiTokens.sessionOnly,
          });
          expect(await snapshot()).toEqual(before);
        });
      }
    });
  }
});
