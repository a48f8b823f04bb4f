/**
 * "Preview as this contact" (issue 27): staff open the portal as one contact sees it, read-only.
 * - portalPreview.start makes a portal session of the contact marked with the staff user, sets the portal cookie and
 *   answers the portal's address; another agency's contact is NOT_FOUND, a contact without portal access or company
 *   is refused with a sentence;
 * - every portal read answers the preview exactly as the contact's own session (portalAuth.me adds who previews);
 * - every portal mutation (walked from the router, so a new one is covered) is refused with 403 and the read-only
 *   sentence and changes nothing, and so is the portal's upload route; signing out ends the preview;
 * - the session lasts an hour from its start and never slides; it writes no activity row and queues no mail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import superjson from 'superjson';
import type { z } from 'zod';
import { SESSION } from '../../shared/constants';
import { M } from '../../shared/messages';
import { hashToken } from '../../server/auth/tokens';
import { PORTAL_PREVIEW_LIFETIME_MS } from '../../server/auth/sessions';
import { appRouter } from '../../server/routers/_app';
import { PREVIEW_ALLOWED_MUTATIONS, portalProcedure } from '../../server/trpc';
import { addCompanyTree, twoAgencies, type Agency } from '../support/agencies';
import { client, startApp, type TestApp } from '../support/app';
import { addStaff } from '../support/staff';
import { untypedTrpcClient } from '../support/trpc';
import { sample } from '../support/zod-sample';

type ProcedureDef = {
  _def: { type: 'query' | 'mutation' | 'subscription'; inputs: z.ZodType[]; middlewares: unknown[] };
};
const { procedures } = (appRouter as unknown as { _def: { procedures: Record<string, ProcedureDef> } })._def;
const builtOnPortal = (procedure: ProcedureDef) =>
  (portalProcedure as unknown as ProcedureDef)._def.middlewares.every((m) => procedure._def.middlewares.includes(m));
const portalEntries = Object.entries(procedures).filter(([, p]) => builtOnPortal(p));
const portalQueries = portalEntries.filter(([, p]) => p._def.type === 'query').map(([path]) => path);
const portalMutations = portalEntries
  .filter(([, p]) => p._def.type === 'mutation')
  .map(([path, p]) => ({ path, procedure: p }));

let app: TestApp;
let a: Agency;
let b: Agency;

beforeAll(async () => {
  app = await startApp();
  ({ a, b } = await twoAgencies(app));
});
afterAll(() => app.close());

type Started = {
  status: number;
  url?: string;
  expiresAt?: Date;
  token?: string;
  cookie?: string;
  error?: { code: string; message: string };
};

/** portalPreview.start over HTTP, as the hub's browser calls it; the portal cookie it sets is the preview's token. */
async function start(contactId: number, staffToken = a.token): Promise<Started> {
  const res = await fetch(`${app.baseUrl}/trpc/portalPreview.start`, {
    method: 'POST',
    headers: { authorization: `Bearer ${staffToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(superjson.serialize({ contactId })),
  });
  const body = (await res.json()) as {
    result?: { data: unknown };
    error?: { json: { message: string; data: { code: string } } };
  };
  if (body.error)
    return { status: res.status, error: { code: body.error.json.data.code, message: body.error.json.message } };
  const data = superjson.deserialize<{ url: string; expiresAt: Date }>(body.result!.data as never);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION.portalCookie}=`));
  return { status: res.status, ...data, cookie, token: cookie?.split(';')[0].split('=')[1] };
}

/** A call's result, or its refusal (code, status, message). */
function outcome(token: string, path: string, type: 'query' | 'mutation', input: unknown) {
  const trpc = untypedTrpcClient(app.baseUrl, { token });
  return (type === 'query' ? trpc.query(path, input) : trpc.mutation(path, input)).then(
    (result) => ({ result }),
    (error: { message: string; data?: { code?: string; httpStatus?: number } }) => ({
      code: error.data?.code,
      httpStatus: error.data?.httpStatus,
      message: error.message,
    }),
  );
}

/** What a preview must never write: the agency's activity, its queued mail, the contact, their answers and files. */
async function snapshot(agency: Agency) {
  const db = app.database.db;
  const where = { businessId: agency.businessId };
  return Promise.all([
    db.activity.count({ where }),
    db.job.count({ where }),
    db.contact.findUniqueOrThrow({ where: { id: agency.portal.contactId } }),
    db.flowSubmission.findMany({ where, orderBy: { id: 'asc' } }),
    db.flowAnswer.findMany({ where, orderBy: { id: 'asc' } }),
    db.document.findMany({
      where,
      orderBy: { id: 'asc' },
      select: { id: true, name: true, visibleInPortal: true, storageKey: true, flowFieldId: true },
    }),
  ]);
}

/** Inputs of the portal's reads that take one (the fixture's own rows); any other read is called with none. */
const readInputs = (): Record<string, unknown> => ({
  'portal.projects': {},
  'portal.project': { id: a.rows.project[0] },
  'portal.tasks': {},
  'portal.files': {},
  'portalActivity.list': {},
});

describe('portalPreview.start', () => {
  it("opens agency A's portal as its contact: a portal cookie like a sign-in's, for an hour, and the portal's address", async () => {
    const before = await snapshot(a);
    const started = await start(a.portal.contactId);
    // No sign-in of the client: no activity row, no mail.
    expect(await snapshot(a)).toEqual(before);
    expect(started.status).toBe(200);
    expect(started.url).toBe(`/portal/${a.slug}/dashboard`);
    expect(started.cookie).toMatch(/HttpOnly/i);
    expect(started.cookie).toMatch(/SameSite=Lax/i);
    expect(started.cookie).toMatch(/Path=\//);
    const row = await app.database.db.portalSession.findUniqueOrThrow({ where: { id: hashToken(started.token!) } });
    expect(row).toMatchObject({ businessId: a.businessId, contactId: a.portal.contactId, previewUserId: a.userId });
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(PORTAL_PREVIEW_LIFETIME_MS);
    expect(PORTAL_PREVIEW_LIFETIME_MS).toBe(60 * 60 * 1000);
    expect(started.expiresAt!.getTime()).toBe(row.expiresAt.getTime());
    expect(new Date(started.cookie!.match(/Expires=([^;]+)/)![1]).getTime()).toBe(
      Math.floor(row.expiresAt.getTime() / 1000) * 1000,
    );
  });

  it("answers 404 for another agency's contact, and makes no session", async () => {
    const before = await app.database.db.portalSession.count({ where: { contactId: b.portal.contactId } });
    const refused = await start(b.portal.contactId);
    expect(refused).toEqual({ status: 404, error: { code: 'NOT_FOUND', message: M.contacts.notFound } });
    expect(await app.database.db.portalSession.count({ where: { contactId: b.portal.contactId } })).toBe(before);
  });

  it('refuses a contact without portal access, or without a company, with a sentence (400), and makes no session', async () => {
    const db = app.database.db;
    const tree = await addCompanyTree(db, a.businessId, a.userId, 'Preview Without Access');
    const noAccess = tree.contact[0];
    expect(await start(noAccess)).toEqual({
      status: 400,
      error: { code: 'BAD_REQUEST', message: M.portal.preview.noAccess },
    });
    const noCompany = await db.contact.create({
      data: {
        businessId: a.businessId,
        firstName: 'Nomad',
        lastName: 'Client',
        email: `nomad-${Date.now()}@client.test`,
        portalAccess: true,
      },
    });
    expect(await start(noCompany.id)).toEqual({
      status: 400,
      error: { code: 'BAD_REQUEST', message: M.portal.preview.noCompany },
    });
    expect(await db.portalSession.count({ where: { contactId: { in: [noAccess, noCompany.id] } } })).toBe(0);
  });

  it('is for any staff member of the agency (a member too), as their own session', async () => {
    const member = await addStaff(app, a, 'member', 'Morgan');
    const started = await start(a.portal.contactId, member.token);
    expect(started.status).toBe(200);
    const me = await outcome(started.token!, 'portalAuth.me', 'query', undefined);
    expect(me).toMatchObject({
      result: { id: a.portal.contactId, preview: { staffName: 'Morgan Staff', companyName: a.companies[0].name } },
    });
  });
});

describe('a preview reads the portal as the contact', () => {
  it('answers every portal read exactly as the contact’s own session (portalAuth.me adds who previews)', async () => {
    const { token } = await start(a.portal.contactId);
    // The walk is not empty: the portal's areas are all reads.
    expect(portalQueries).toEqual(
      expect.arrayContaining([
        'portal.dashboard',
        'portal.projects',
        'portal.project',
        'portal.files',
        'portalFlows.list',
        'portalFlows.get',
        'portalAuth.me',
      ]),
    );
    const inputs = {
      ...readInputs(),
      'portalFlows.get': {
        flowUid: (await app.database.db.flow.findUniqueOrThrow({ where: { id: a.rows.flow[0] } })).flowUid,
      },
    };
    const before = await snapshot(a);
    for (const path of portalQueries) {
      const input = inputs[path as keyof typeof inputs];
      const own = await outcome(a.portal.token, path, 'query', input);
      const preview = await outcome(token!, path, 'query', input);
      if (path === 'portalAuth.me') {
        expect(own).toMatchObject({ result: { preview: null } });
        const staff = await app.database.db.user.findUniqueOrThrow({ where: { id: a.userId } });
        expect(preview).toEqual({
          result: {
            ...(own as { result: object }).result,
            preview: { staffName: `${staff.firstName} ${staff.lastName}`, companyName: a.companies[0].name },
          },
        });
      } else {
        expect([path, preview]).toEqual([path, own]);
        // A read that answered the contact answered the preview: not two equal refusals.
        if (
          [
            'portal.dashboard',
            'portal.projects',
            'portal.project',
            'portal.files',
            'portalFlows.list',
            'portalFlows.get',
          ].includes(path)
        )
          expect([path, own]).toEqual([path, { result: expect.anything() }]);
      }
    }
    // The fixture's shared project, file and flow are there, for both.
    const dashboard = (await outcome(token!, 'portal.dashboard', 'query', undefined)) as {
      result: { recentProjects: { id: number }[] };
    };
    expect(dashboard.result.recentProjects.map((p) => p.id)).toContain(a.rows.project[0]);
    // Reading wrote nothing: no activity, no mail, no change.
    expect(await snapshot(a)).toEqual(before);
  });

  it('downloads a shared file as the contact would, and logs no download (the contact’s own is logged)', async () => {
    const { token } = await start(a.portal.contactId);
    const path = `${app.baseUrl}/api/documents/${a.rows.document[0]}/download`;
    const activity = () =>
      app.database.db.activity.count({ where: { businessId: a.businessId, action: 'downloaded' } });
    const before = await activity();
    const preview = await fetch(path, { headers: { authorization: `Bearer ${token}` }, redirect: 'manual' });
    expect(preview.status).toBe(302);
    expect(await activity()).toBe(before);
    const own = await fetch(path, { headers: { authorization: `Bearer ${a.portal.token}` }, redirect: 'manual' });
    expect([own.status, own.headers.get('location')]).toEqual([302, preview.headers.get('location')]);
    expect(await activity()).toBe(before + 1);
  });
});

describe('a preview changes nothing', () => {
  const readOnly = { code: 'FORBIDDEN', httpStatus: 403, message: M.portal.preview.readOnly };

  it('walks the portal’s mutations: the contact’s writes are all among them', () => {
    expect(portalMutations.map((m) => m.path)).toEqual(
      expect.arrayContaining([
        'portalFlows.saveStep',
        'portalFlows.submit',
        'portalNotifications.update',
        'portalAuth.logout',
      ]),
    );
    // Switching company (a contact of several companies) changes only the preview's own session.
    expect([...PREVIEW_ALLOWED_MUTATIONS]).toEqual(['portalAuth.logout', 'portalCompanies.choose']);
  });

  /** Inputs that the contact's own session would have accepted (the fixture's published flow and its step). */
  const realInputs = (): Record<string, unknown> => ({
    'portalFlows.saveStep': { flowId: a.rows.flow[0], stepId: a.rows.flowStep[0], answers: [] },
    'portalFlows.submit': { flowId: a.rows.flow[0] },
    'portalNotifications.update': { emailNotifications: false },
  });

  for (const { path, procedure } of portalMutations.filter((m) => !PREVIEW_ALLOWED_MUTATIONS.has(m.path))) {
    it(`${path}: 403 "${M.portal.preview.readOnly}", and nothing changes`, async () => {
      const { token } = await start(a.portal.contactId);
      const sampled = procedure._def.inputs.length
        ? Object.assign({}, ...procedure._def.inputs.map((schema) => sample(schema)))
        : undefined;
      const before = await snapshot(a);
      for (const input of [realInputs()[path], sampled].filter((i, n) => n === 1 || i !== undefined)) {
        expect(await outcome(token!, path, 'mutation', input)).toEqual(readOnly);
      }
      expect(await snapshot(a)).toEqual(before);
    });
  }

  it('the contact’s own session may make those same writes (so the 403 is about the preview)', async () => {
    const own = await outcome(a.portal.token, 'portalNotifications.update', 'mutation', { emailNotifications: false });
    expect(own).toEqual({ result: { emailNotifications: false } });
    await app.database.db.contact.update({ where: { id: a.portal.contactId }, data: { notifyByEmail: true } });
  });

  it('refuses the same over REST (PUT /api/portal/notifications)', async () => {
    const { token } = await start(a.portal.contactId);
    const before = await snapshot(a);
    const res = await client(app.baseUrl).call('PUT', '/api/portal/notifications', {
      token,
      body: { email_notifications: false },
    });
    expect([res.status, res.body.message]).toEqual([403, M.portal.preview.readOnly]);
    expect(await snapshot(a)).toEqual(before);
  });

  it('refuses the portal’s upload route (403) and stores nothing', async () => {
    const db = app.database.db;
    const flow = await db.flow.create({
      data: {
        businessId: a.businessId,
        companyId: a.portal.companyId,
        name: 'Preview upload flow',
        description: 'Upload test',
        workflowType: 'collect',
        isActive: true,
      },
    });
    const step = await db.flowStep.create({
      data: { businessId: a.businessId, flowId: flow.id, stepOrder: 1, stepTitle: 'Files' },
    });
    const field = await db.flowField.create({
      data: { businessId: a.businessId, flowStepId: step.id, fieldLabel: 'Your logo', fieldType: 'file' },
    });
    const upload = (token: string) => {
      const form = new FormData();
      form.append('flowId', String(flow.id));
      form.append('fieldId', String(field.id));
      form.append('file', new Blob(['logo bytes'], { type: 'image/png' }), 'logo.png');
      return fetch(`${app.baseUrl}/api/portal/flows/upload`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${token}` },
      });
    };
    const { token } = await start(a.portal.contactId);
    const before = await snapshot(a);
    const res = await upload(token!);
    expect([res.status, ((await res.json()) as { message: string }).message]).toEqual([403, M.portal.preview.readOnly]);
    expect(await snapshot(a)).toEqual(before);
    // The contact's own upload of the same form is taken.
    expect((await upload(a.portal.token)).status).toBe(201);
  });

  it('signing out ends the preview ("Exit preview"), and leaves the contact’s own session alone', async () => {
    const { token } = await start(a.portal.contactId);
    const before = await snapshot(a);
    expect(await outcome(token!, 'portalAuth.logout', 'mutation', undefined)).toEqual({ result: { ok: true } });
    expect(await app.database.db.portalSession.findUnique({ where: { id: hashToken(token!) } })).toBeNull();
    expect(await outcome(token!, 'portalAuth.me', 'query', undefined)).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await outcome(a.portal.token, 'portalAuth.me', 'query', undefined)).toMatchObject({
      result: { id: a.portal.contactId },
    });
    expect(await snapshot(a)).toEqual(before);
  });
});

describe('a preview’s lifetime', () => {
  /** Moves the session's start back by ms, as if it had begun that long ago (its expiry moves only if given). */
  const age = async (token: string, ms: number, moveExpiry: boolean) => {
    const id = hashToken(token);
    const row = await app.database.db.portalSession.findUniqueOrThrow({ where: { id } });
    await app.database.db.portalSession.update({
      where: { id },
      data: {
        createdAt: new Date(row.createdAt.getTime() - ms),
        ...(moveExpiry && { expiresAt: new Date(row.expiresAt.getTime() - ms) }),
      },
    });
    return app.database.db.portalSession.findUniqueOrThrow({ where: { id } });
  };

  it('does not slide: with a minute left it still ends at its hour', async () => {
    const { token } = await start(a.portal.contactId);
    const aged = await age(token!, PORTAL_PREVIEW_LIFETIME_MS - 60_000, true);
    expect(await outcome(token!, 'portalAuth.me', 'query', undefined)).toMatchObject({
      result: { id: a.portal.contactId },
    });
    expect(
      (await app.database.db.portalSession.findUniqueOrThrow({ where: { id: hashToken(token!) } })).expiresAt,
    ).toEqual(aged.expiresAt);
  });

  it('ends an hour after it began, whatever its stored expiry says', async () => {
    const { token } = await start(a.portal.contactId);
    // Begun an hour and a minute ago, with an expiry still ahead (as a renewal would have left it).
    await age(token!, PORTAL_PREVIEW_LIFETIME_MS + 60_000, false);
    expect(await outcome(token!, 'portalAuth.me', 'query', undefined)).toMatchObject({
      code: 'UNAUTHORIZED',
      httpStatus: 401,
    });
    expect(await app.database.db.portalSession.findUnique({ where: { id: hashToken(token!) } })).toBeNull();
  });

  it('ends when its staff user leaves the team', async () => {
    const member = await addStaff(app, a, 'member', 'Leaving');
    const { token } = await start(a.portal.contactId, member.token);
    expect(await outcome(token!, 'portalAuth.me', 'query', undefined)).toMatchObject({
      result: { id: a.portal.contactId },
    });
    await app.database.db.session.deleteMany({ where: { userId: member.id } });
    await app.database.db.user.delete({ where: { id: member.id } });
    expect(await outcome(token!, 'portalAuth.me', 'query', undefined)).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('a contact’s own session is no preview', async () => {
    const row = await app.database.db.portalSession.findUniqueOrThrow({ where: { id: hashToken(a.portal.token) } });
    expect(row.previewUserId).toBeNull();
  });
});
