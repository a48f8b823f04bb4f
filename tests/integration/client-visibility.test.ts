/**
 * Internal until shared (issue 27): what a client reads is only what staff chose to share, whichever portal
 * procedure asks. One agency's client company gets, through the staff procedures, one record of every kind that must
 * stay internal (a draft project, an unshared project, an internal task, an unshared file, a file, a task and a
 * resource of an unshared project, a hidden resource, an unpublished flow, a published flow without steps) and one
 * of every kind that is shared; staff then edit the shared project's description and billing, and move a file of
 * another client company into this one. Every portal query (read from the router, so a new one is walked without
 * anyone listing it) is called with every id and flow of the agency, and no reply may carry a word of an internal
 * record, of the edited-away text, of the billing, or of the other company; each shared record is seen somewhere.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { appRouter } from '../../server/routers/_app';
import { portalProcedure } from '../../server/trpc';
import { twoAgencies, type Agency } from '../support/agencies';
import { startApp, type TestApp } from '../support/app';
import { trpcClient, untypedTrpcClient, type TrpcClient } from '../support/trpc';
import { sample, shapeOf } from '../support/zod-sample';

let app: TestApp;
let a: Agency;
let staff: TrpcClient;
/** Words that must never reach the client. */
const SECRET = 'Zq9secret';
/** Words the client must see. */
const SHARED = 'Kv4shared';
const BILLED_CENTS = 4_242_421;

type ProcedureDef = {
  _def: { type: 'query' | 'mutation' | 'subscription'; inputs: z.ZodType[]; middlewares: unknown[] };
};
const { procedures } = (appRouter as unknown as { _def: { procedures: Record<string, ProcedureDef> } })._def;
const builtOnPortal = (procedure: ProcedureDef) =>
  (portalProcedure as unknown as ProcedureDef)._def.middlewares.every((m) => procedure._def.middlewares.includes(m));
/** Every portal query: what a client session can read. */
const PORTAL_QUERIES = Object.entries(procedures)
  .filter(([, p]) => p._def.type === 'query' && builtOnPortal(p))
  .map(([path, p]) => ({ path, inputs: p._def.inputs }));

const shared: string[] = [];

beforeAll(async () => {
  app = await startApp();
  ({ a } = await twoAgencies(app));
  staff = trpcClient(app.baseUrl, { token: a.token });
  const db = app.database.db;
  const [mine, other] = a.companies;
  const { companyId } = a.portal;
  expect(mine.id).toBe(companyId);
  await db.company.update({ where: { id: other.id }, data: { name: `${SECRET} Other Client Ltd` } });

  const project = async (name: string, status: string, visibleToClient: boolean) => {
    const created = await staff.projects.create.mutate({
      name,
      status: status as never,
      companiesId: companyId,
      description: `${name} description`,
    });
    if (visibleToClient) await db.project.update({ where: { id: created.id }, data: { visibleToClient: true } });
    return created.id;
  };
  // Internal: a draft (even marked shared), a project not shared.
  await project(`${SECRET} draft pricing`, 'draft', true);
  const internalProject = await project(`${SECRET} internal retainer`, 'in-progress', false);
  // Shared.
  const sharedProject = await project(`${SHARED} website rebuild`, 'in-progress', true);
  shared.push(`${SHARED} website rebuild`);

  const task = async (title: string, projectId: number, internal: boolean) => {
    const created = await staff.tasks.create.mutate({ title, projectId });
    if (internal) await db.task.update({ where: { id: created.id }, data: { internal: true } });
  };
  await task(`${SECRET} send invoice`, sharedProject, true);
  await task(`${SECRET} task of the internal project`, internalProject, false);
  await task(`${SHARED} review the homepage`, sharedProject, false);
  shared.push(`${SHARED} review the homepage`);

  const file = async (name: string, projectId: number | null, visibleInPortal: boolean, company = companyId) => {
    const created = await staff.documents.create.mutate({
      name,
      url: 'https://files.example.test/x.pdf',
      companyId: company,
      ...(projectId ? { projectId } : {}),
    });
    if (visibleInPortal) await db.document.update({ where: { id: created.id }, data: { visibleInPortal: true } });
    return created.id;
  };
  await file(`${SECRET} unshared.pdf`, null, false);
  await file(`${SECRET} of the internal project.pdf`, internalProject, true);
  await file(`${SHARED} brand guide.pdf`, sharedProject, true);
  shared.push(`${SHARED} brand guide.pdf`);

  const resource = async (title: string, projectId: number | null, visibleToClient: boolean) => {
    await staff.resources.create.mutate({
      title,
      description: `${title} notes`,
      type: 'information',
      status: 'active',
      companyId,
      ...(projectId ? { projectId } : {}),
      visibleToClient,
    } as never);
  };
  await resource(`${SECRET} hidden logins`, null, false);
  await resource(`${SECRET} resource of the internal project`, internalProject, true);
  await resource(`${SHARED} style sheet`, null, true);
  shared.push(`${SHARED} style sheet`);

  const flow = async (name: string, steps: number, isActive: boolean) => {
    const created = await staff.flows.create.mutate({
      name,
      description: `${name} description`,
      workflowType: 'onboard',
      companyId,
    });
    for (let i = 0; i < steps; i++)
      await staff.flowSteps.create.mutate({ flowId: created.id, stepTitle: `${name} step ${i + 1}` });
    await db.flow.update({ where: { id: created.id }, data: { isActive } });
  };
  await flow(`${SECRET} unpublished intake`, 1, false);
  await flow(`${SECRET} published without steps`, 0, true);
  await flow(`${SHARED} onboarding`, 1, true);
  shared.push(`${SHARED} onboarding`);

  // Staff edits of the shared project: the old description and the billing must not reach the client's feed.
  await staff.projects.update.mutate({ id: sharedProject, description: `${SECRET} budget is 90k, pasted by mistake` });
  await staff.projects.update.mutate({
    id: sharedProject,
    description: 'Please send the copy by Friday.',
    totalBilledCents: BILLED_CENTS,
  } as never);
  // A file of the other client company moves into this one (shared): its past must not name the other company.
  const moved = await file(`${SHARED} moved deck.pdf`, null, true, other.id);
  await staff.documents.update.mutate({ id: moved, companyId } as never);
  shared.push(`${SHARED} moved deck.pdf`);
});
afterAll(() => app?.close());

/** Each portal query called with every input a client could send it: every project id, every flow of the agency. */
async function everyPortalReply(): Promise<Map<string, string>> {
  const db = app.database.db;
  const projectIds = (await db.project.findMany({ where: { businessId: a.businessId }, select: { id: true } })).map(
    (p) => p.id,
  );
  const flowUids = (await db.flow.findMany({ where: { businessId: a.businessId }, select: { flowUid: true } })).map(
    (f) => f.flowUid,
  );
  const client = untypedTrpcClient(app.baseUrl, { token: a.portal.token });
  const replies = new Map<string, string>();
  for (const { path, inputs } of PORTAL_QUERIES) {
    const base: Record<string, unknown> = inputs.length
      ? Object.assign({}, ...inputs.map((schema) => sample(schema)))
      : {};
    // Only what the query needs: optional filters and cursors are left out, so each list answers everything.
    for (const schema of inputs) {
      for (const [key, child] of Object.entries(shapeOf(schema) ?? {}))
        if ((child as z.ZodType).safeParse(undefined).success) delete base[key];
    }
    if ('slug' in base) base.slug = a.slug;
    const variants =
      'id' in base
        ? projectIds.map((id) => ({ ...base, id }))
        : 'flowUid' in base
          ? flowUids.map((flowUid) => ({ ...base, flowUid }))
          : [base];
    for (const input of variants) {
      const reply = await client
        .query(path, inputs.length ? input : undefined)
        .catch((error: { data?: { code?: string } }) => ({ refused: error.data?.code }));
      replies.set(`${path} ${JSON.stringify(input)}`, JSON.stringify(reply));
    }
  }
  return replies;
}

describe('what a client reads', () => {
  it('walks every portal query', () => {
    expect(PORTAL_QUERIES.map((q) => q.path)).toEqual(
      expect.arrayContaining([
        'portal.dashboard',
        'portal.projects',
        'portal.project',
        'portal.tasks',
        'portal.files',
        'portal.resources',
        'portalFlows.list',
        'portalFlows.get',
        'portalActivity.list',
      ]),
    );
  });

  it('never carries a word of an internal record, an edited-away text, the billing or another client company', async () => {
    const replies = await everyPortalReply();
    const leaks = [...replies].filter(
      ([, body]) =>
        body.includes(SECRET) ||
        body.includes(String(BILLED_CENTS)) ||
        body.includes('42,424.21') ||
        body.includes('42424.21'),
    );
    expect(leaks.map(([call, body]) => `${call} → ${body.slice(0, 400)}`)).toEqual([]);
  });

  it('shows every shared record somewhere', async () => {
    const all = [...(await everyPortalReply()).values()].join('\n');
    expect(shared.filter((name) => !all.includes(name))).toEqual([]);
  });
});
