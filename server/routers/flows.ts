/**
 * Flows (work-flows-account-portal.md §2.8, §2.9, §4, §7.4): the list, one flow with its steps and their fields,
 * create/update/delete/duplicate; steps (create, save title and content, reorder, delete with their fields) and
 * form fields. Unlike the old app, every step change is saved. Three routers of one domain: flows, flowSteps and
 * flowFields (each `id` names its own model, which the access matrix relies on). Reads are hand-written SQL over
 * (businessId, …) indexes; writes go through the tenant-scoped Prisma client, multi-row ones in one transaction.
 */
import { TRPCError } from '@trpc/server';
import { M } from '../../shared/messages';
import {
  FLOW_LIMITS,
  flowCreateInput,
  flowDetailOutput,
  flowFieldCreateInput,
  flowFieldIdInput,
  flowFieldListInput,
  flowFieldListOutput,
  flowFieldOutput,
  flowFieldUpdateInput,
  flowGetInput,
  flowIdInput,
  flowListInput,
  flowOutput,
  flowPageOutput,
  flowPublishPreviewOutput,
  flowRemoveOutput,
  flowStepCreateInput,
  flowStepIdInput,
  flowStepOutput,
  flowStepReorderInput,
  flowStepReorderOutput,
  flowStepUpdateInput,
  flowUpdateInput,
  type FlowDetail,
  type FlowFieldRow,
  type FlowRow,
  type FlowStepRow,
  PUBLISH_PREVIEW_NAMES,
} from '../../shared/schemas/flows';
import { notFoundOn } from '../errors';
import { containsText, keysetPage } from '../lib/pagination';
import { sql, TENANT, toDate, toInt, type Row, type Sql, type SqlRunner } from '../sql';
import type { ScopedDb } from '../tenancy';
import { router, staffProcedure } from '../trpc';
import { flowSubmissions } from './flow-submissions';
import { changesOf, recordActivity, staffActor, type ActivityWriter } from '../activity';
import type { ActivityChange } from '../../shared/activity';
import { isClientVisible } from '../portal/visibility';

type Ctx = { db: ScopedDb; sql: SqlRunner; businessId: number };

const fail = (code: 'NOT_FOUND' | 'BAD_REQUEST', message: string): never => {
  throw new TRPCError({ code, message });
};
const flowNotFound = () => fail('NOT_FOUND', M.flows.notFound);
const stepNotFound = () => fail('NOT_FOUND', M.flows.stepNotFound);
const fieldNotFound = () => fail('NOT_FOUND', M.flows.fieldNotFound);

/** pg answers booleans, SQLite 0/1. */
const toBool = (value: unknown) => value === true || value === 1 || value === '1' || value === 't';

// ── Reading ─────────────────────────────────────────────────────────────────────────────────────────────────────

const flowColumns = sql`t."id", t."flowUid", t."name", t."description", t."workflowType", t."isActive", t."businessId",
  t."companyId", t."createdAt", t."updatedAt"`;

/**
 * The company's name and the step count of a flow aliased `f` (a row already limited to the tenant): indexed look-ups
 * by (businessId, …), both keyed on the row's own columns — on SQLite the count keyed on a bound business id instead
 * costs about four times as much for one flow (0.05 against 0.015 ms).
 */
const flowExtras = (f: Sql) => sql`
  (SELECT fc."name" FROM "Company" fc WHERE fc."businessId" = ${f}."businessId" AND fc."id" = ${f}."companyId") AS "companyName",
  (SELECT COUNT(*) FROM "FlowStep" fs WHERE fs."businessId" = ${f}."businessId" AND fs."flowId" = ${f}."id") AS "stepCount"`;

function flowFromRow(r: Row): FlowRow {
  const companyId = r.companyId == null ? null : toInt(r.companyId);
  return {
    id: toInt(r.id),
    flowUid: String(r.flowUid),
    name: String(r.name),
    description: String(r.description),
    workflowType: String(r.workflowType) as FlowRow['workflowType'],
    isActive: toBool(r.isActive),
    businessId: toInt(r.businessId),
    companyId,
    companyOfFlow: companyId !== null && r.companyName != null ? { id: companyId, name: String(r.companyName) } : null,
    stepCount: toInt(r.stepCount ?? 0),
    createdAt: toDate(r.createdAt),
    updatedAt: toDate(r.updatedAt),
  };
}

/** A select field's choices, from its stored options ({"choices": [...]}); anything else reads as none. */
export function choicesOf(options: string): string[] {
  try {
    const parsed: unknown = JSON.parse(options);
    const choices = (parsed as { choices?: unknown })?.choices;
    return Array.isArray(choices) ? choices.filter((c): c is string => typeof c === 'string') : [];
  } catch {
    return [];
  }
}

const fieldColumns = sql`x."id", x."flowStepId", x."fieldLabel", x."fieldType", x."isRequired", x."options", x."helpText", x."order"`;

function fieldFromRow(r: Row): FlowFieldRow {
  const options = String(r.options ?? '{}');
  return {
    id: toInt(r.id),
    flowStep: toInt(r.flowStepId),
    flowStepId: toInt(r.flowStepId),
    fieldLabel: String(r.fieldLabel),
    fieldType: String(r.fieldType) as FlowFieldRow['fieldType'],
    isRequired: toBool(r.isRequired),
    options,
    choices: choicesOf(options),
    helpText: (r.helpText as string | null) ?? null,
    order: toInt(r.order),
  };
}

const stepColumns = sql`s."id", s."businessId", s."flowId", s."stepOrder", s."stepTitle", s."content", s."updatedAt"`;

function stepFromRow(r: Row, fields: FlowFieldRow[]): FlowStepRow {
  return {
    id: toInt(r.id),
    businessId: toInt(r.businessId),
    flowId: toInt(r.flowId),
    stepOrder: toInt(r.stepOrder),
    stepTitle: String(r.stepTitle),
    content: String(r.content ?? ''),
    fieldsOfFlowStep: fields,
    updatedAt: toDate(r.updatedAt),
  };
}

/** Fields grouped by step id, each list in display order. */
function fieldsByStep(rows: Row[]): Map<number, FlowFieldRow[]> {
  const byStep = new Map<number, FlowFieldRow[]>();
  for (const row of rows) {
    const field = fieldFromRow(row);
    const list = byStep.get(field.flowStepId) ?? [];
    list.push(field);
    byStep.set(field.flowStepId, list);
  }
  return byStep;
}

/** One flow with its company and step count; null when it is not the agency's. */
async function readFlowRow(db: SqlRunner, id: number): Promise<FlowRow | null> {
  const row = await db.get(
    sql`SELECT ${flowColumns}, ${flowExtras(sql`t`)} FROM "Flow" t WHERE t."businessId" = ${TENANT} AND t."id" = ${id}`,
  );
  return row ? flowFromRow(row) : null;
}

/**
 * One flow with its steps (by step_order) and every step's fields (by order): three indexed statements whatever the
 * number of steps — never one read per step. The steps and fields are found through the same key as the flow, so the
 * three go at once (one round trip on PostgreSQL); their own businessId conditions keep them to the agency's rows.
 */
export async function readFlow(db: SqlRunner, key: { id?: number; flowUid?: string }): Promise<FlowDetail | null> {
  const where = key.id !== undefined ? sql`t."id" = ${key.id}` : sql`t."flowUid" = ${key.flowUid ?? ''}`;
  const flowId =
    key.id !== undefined
      ? sql`${key.id}`
      : sql`(SELECT f."id" FROM "Flow" f WHERE f."businessId" = ${TENANT} AND f."flowUid" = ${key.flowUid ?? ''})`;
  const [row, steps, fields] = await Promise.all([
    db.get(
      sql`SELECT ${flowColumns}, ${flowExtras(sql`t`)} FROM "Flow" t WHERE t."businessId" = ${TENANT} AND ${where}`,
    ),
    db.all(
      sql`SELECT ${stepColumns} FROM "FlowStep" s WHERE s."businessId" = ${TENANT} AND s."flowId" = ${flowId} ORDER BY s."stepOrder", s."id"`,
    ),
    db.all(sql`
      SELECT ${fieldColumns} FROM "FlowStep" s JOIN "FlowField" x ON x."businessId" = s."businessId" AND x."flowStepId" = s."id"
      WHERE s."businessId" = ${TENANT} AND s."flowId" = ${flowId}
      ORDER BY x."flowStepId", x."order", x."id"`),
  ]);
  if (!row) return null;
  const flow = flowFromRow(row);
  if (key.id !== undefined && key.flowUid !== undefined && flow.flowUid !== key.flowUid) return null;
  const grouped = fieldsByStep(fields);
  return { ...flow, stepsOfFlow: steps.map((s) => stepFromRow(s, grouped.get(toInt(s.id)) ?? [])) };
}

async function readStep(db: SqlRunner, id: number): Promise<FlowStepRow | null> {
  const [row, fields] = await Promise.all([
    db.get(sql`SELECT ${stepColumns} FROM "FlowStep" s WHERE s."businessId" = ${TENANT} AND s."id" = ${id}`),
    readFields(db, id),
  ]);
  return row ? stepFromRow(row, fields) : null;
}

const readFields = async (db: SqlRunner, stepId: number) =>
  (
    await db.all(
      sql`SELECT ${fieldColumns} FROM "FlowField" x WHERE x."businessId" = ${TENANT} AND x."flowStepId" = ${stepId} ORDER BY x."order", x."id"`,
    )
  ).map(fieldFromRow);

async function readField(db: SqlRunner, id: number): Promise<FlowFieldRow | null> {
  const row = await db.get(
    sql`SELECT ${fieldColumns} FROM "FlowField" x WHERE x."businessId" = ${TENANT} AND x."id" = ${id}`,
  );
  return row ? fieldFromRow(row) : null;
}

// ── Checks ──────────────────────────────────────────────────────────────────────────────────────────────────────

/** A flow's company must be the agency's (another agency's looks exactly like a missing one). */
async function checkCompany(ctx: Ctx, companyId: number | null | undefined) {
  if (companyId == null) return;
  const company = await ctx.db.company.findUnique({ where: { id: companyId }, select: { id: true } });
  if (!company) fail('NOT_FOUND', M.flows.companyNotFound);
}

/** The stored options text: the given options (object or text), with the editor's choices inside. */
function optionsText(
  options: Record<string, unknown> | undefined,
  choices: string[] | undefined,
  current = '{}',
): string {
  let base: Record<string, unknown> = options ?? {};
  if (!options) {
    try {
      base = JSON.parse(current) as Record<string, unknown>;
    } catch {
      base = {};
    }
  }
  return JSON.stringify(choices !== undefined ? { ...base, choices } : base);
}

/**
 * The flow of a step change, NOT_FOUND when it is not the agency's. A real UPDATE (updatedAt set explicitly): its row
 * lock makes every other step change of the same flow wait until this transaction ends, so on PostgreSQL two steps
 * added at once never take the same step_order, and a delete or reorder never renumbers from a stale order.
 * (SQLite runs one write transaction at a time anyway.)
 */
function lockFlow<S extends { id: true; workflowType?: true }>(tx: FlowTx, id: number, select: S) {
  return tx.flow.update({ where: { id }, data: { updatedAt: new Date() }, select }).catch(notFoundOn(M.flows.notFound));
}
type FlowTx = Pick<ScopedDb, 'flow'>;

// ── Activity ────────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * What an activity entry compares of a flow: its fields and its company by name, and its step count (whether
 * clients see it: server/portal/visibility.ts).
 */
const flowStateSelect = {
  name: true,
  description: true,
  workflowType: true,
  isActive: true,
  companyId: true,
  company: { select: { name: true } },
  _count: { select: { steps: true } },
} as const;
type FlowStateRow = {
  name: string;
  description: string;
  workflowType: string;
  isActive: boolean;
  companyId: number | null;
  company: { name: string } | null;
  _count: { steps: number };
};
type FlowState = Omit<FlowStateRow, '_count'> & { stepCount: number };
type LogTx = ActivityWriter & {
  flow: {
    findUnique(args: { where: { id: number }; select: typeof flowStateSelect }): PromiseLike<FlowStateRow | null>;
  };
  flowStep: {
    findMany(args: {
      where: { flowId: number };
      orderBy: { stepOrder: 'asc' };
      select: { stepTitle: true };
    }): PromiseLike<{ stepTitle: string }[]>;
  };
};
type StaffCtx = { businessId: number; user: { id: number; firstName: string; lastName: string } };

async function readFlowState(tx: LogTx, id: number): Promise<FlowState | null> {
  const row = await tx.flow.findUnique({ where: { id }, select: flowStateSelect });
  if (!row) return null;
  const { _count, ...state } = row;
  return { ...state, stepCount: _count.steps };
}

/**
 * Whether some client sees the flow: the portal's rule (published, with a step) for the flow's own company, or for
 * any company when it is for all of them.
 */
const shownToClients = (flow: FlowState) => isClientVisible.flow(flow, flow.companyId ?? 0);

/**
 * Records that a write published or unpublished a flow, in its transaction: 'published' when clients start to see
 * it (the Publish button, an API switching it on once it has a step, or the first step of a flow already switched
 * on), client-visible when it reaches a company (server/notifications asks its contacts to complete it);
 * 'unpublished' when it is switched off or clients stop seeing it (staff only). true when an entry was written.
 */
async function logPublication(
  tx: LogTx,
  ctx: StaffCtx,
  flowId: number,
  before: FlowState,
  after: FlowState,
): Promise<boolean> {
  const wasShown = shownToClients(before);
  const isShown = shownToClients(after);
  const action =
    !wasShown && isShown
      ? 'published'
      : (before.isActive && !after.isActive) || (wasShown && !isShown)
        ? 'unpublished'
        : null;
  if (!action) return false;
  await recordActivity(tx, ctx.businessId, staffActor(ctx.user), {
    entityType: 'flow',
    entityId: flowId,
    entityName: after.name,
    companyId: after.companyId,
    action,
    clientVisible: action === 'published' && after.companyId !== null,
  });
  return true;
}

/** The flow's step titles in order, as one change value ("Welcome, Details, Sign"). */
const stepList = async (tx: LogTx, flowId: number) =>
  (await tx.flowStep.findMany({ where: { flowId }, orderBy: { stepOrder: 'asc' }, select: { stepTitle: true } }))
    .map((s) => s.stepTitle)
    .join(', ') || null;

function flowChanges(before: FlowState | null, after: FlowState, withActive = true): ActivityChange[] {
  const changes = changesOf(
    before,
    after,
    withActive ? ['name', 'description', 'workflowType', 'isActive'] : ['name', 'description', 'workflowType'],
  );
  if ((before?.companyId ?? null) !== after.companyId)
    changes.push({ field: 'company', from: before?.company?.name ?? null, to: after.company?.name ?? null });
  return changes;
}

/**
 * Logs a change of a flow (its own fields, or `extra` describing a step or field edit) in the write's transaction;
 * nothing when nothing changed. Shown in the portal of the flow's company only while its clients see the flow.
 * `withActive` false: the switch itself went into a 'published' / 'unpublished' entry (logPublication).
 */
async function logFlow(
  tx: LogTx,
  ctx: StaffCtx,
  flowId: number,
  before: FlowState | null,
  extra: ActivityChange[] = [],
  withActive = true,
) {
  const after = await readFlowState(tx, flowId);
  if (!after) return;
  const changes = [...flowChanges(before, after, withActive), ...extra];
  if (before && changes.length === 0) return;
  await recordActivity(tx, ctx.businessId, staffActor(ctx.user), {
    entityType: 'flow',
    entityId: flowId,
    entityName: after.name,
    companyId: after.companyId,
    action: before ? 'updated' : 'created',
    changes,
    clientVisible: shownToClients(after) && after.companyId !== null,
  });
}

/**
 * A flow's step or field edit: an 'updated' entry of the flow with the given changes (none: no entry). A change
 * whose from equals its to names what was edited ('step': its title, 'field': its label) rather than a change.
 */
async function logFlowEdit(tx: LogTx, ctx: StaffCtx, flowId: number, changes: ActivityChange[]) {
  if (changes.length === 0) return;
  const flow = await readFlowState(tx, flowId);
  if (!flow) return;
  await logFlow(tx, ctx, flowId, flow, changes);
}

/** After a step was added or deleted: 'published' / 'unpublished' when that changed whether clients see the flow. */
async function logStepCountChange(tx: LogTx, ctx: StaffCtx, flowId: number, before: FlowState | null) {
  const after = await readFlowState(tx, flowId);
  if (before && after) await logPublication(tx, ctx, flowId, before, after);
}

const fieldStateSelect = {
  fieldLabel: true,
  fieldType: true,
  isRequired: true,
  options: true,
  helpText: true,
  order: true,
  step: { select: { flowId: true, stepTitle: true } },
} as const;
const FIELD_LOGGED = ['fieldLabel', 'fieldType', 'isRequired', 'options', 'helpText', 'order'] as const;

// ── Routers ─────────────────────────────────────────────────────────────────────────────────────────────────────

export const flowsRouter = router({
  /** Newest first over (businessId, createdAt); company names and step counts for the page's rows only. */
  list: staffProcedure
    .input(flowListInput)
    .output(flowPageOutput)
    .query(async ({ ctx, input }) => {
      const filters: Sql[] = [];
      if (input.search)
        filters.push(
          sql`(${containsText(ctx.sql, sql`t."name"`, input.search)} OR ${containsText(ctx.sql, sql`t."description"`, input.search)})`,
        );
      if (input.workflowType) filters.push(sql`t."workflowType" = ${input.workflowType}`);
      if (input.companyId !== undefined) filters.push(sql`t."companyId" = ${input.companyId}`);
      if (input.isActive !== undefined) filters.push(sql`t."isActive" = ${input.isActive}`);
      const [, page] = await Promise.all([
        checkCompany(ctx, input.companyId),
        keysetPage(ctx.sql, {
          table: 'Flow',
          columns: flowColumns,
          filters,
          sort: { column: 'createdAt', direction: 'desc' },
          pageExtras: flowExtras(sql`p`),
          limit: input.limit,
          cursor: input.cursor,
          withOverall: input.withOverall,
          map: flowFromRow,
        }),
      ]);
      return page;
    }),

  /** GET /flows/v1/?flow_uid= (spec §7.4): the flow with steps_of_flow (each with its fields) and company_of_flow. */
  get: staffProcedure
    .input(flowGetInput)
    .output(flowDetailOutput)
    .query(async ({ ctx, input }) => {
      return (await readFlow(ctx.sql, input)) ?? flowNotFound();
    }),

  /**
   * The business is the session's whatever the payload says. A new flow is a draft unless the API sends isActive
   * true; it has no step yet, so no client sees it either way (its first step publishes an active one).
   */
  create: staffProcedure
    .input(flowCreateInput)
    .output(flowOutput)
    .mutation(async ({ ctx, input }) => {
      await checkCompany(ctx, input.companyId);
      const flow = await ctx.db.$transaction(async (tx) => {
        const created = await tx.flow.create({
          data: {
            businessId: ctx.businessId,
            name: input.name,
            description: input.description,
            workflowType: input.workflowType,
            companyId: input.companyId,
            createdById: ctx.user.id,
            isActive: input.isActive ?? false,
          },
          select: { id: true },
        });
        await logFlow(tx, ctx, created.id, null);
        return created;
      });
      return (await readFlowRow(ctx.sql, flow.id)) ?? flowNotFound();
    }),

  /**
   * Rename, describe, move; isActive (the API's is_active) publishes or unpublishes like the buttons, except that a
   * flow without steps may be switched on: clients see it once it has one.
   */
  update: staffProcedure
    .input(flowUpdateInput)
    .output(flowOutput)
    .mutation(async ({ ctx, input }) => {
      const { id, ...data } = input;
      await checkCompany(ctx, data.companyId);
      await ctx.db
        .$transaction(async (tx) => {
          const before = (await readFlowState(tx, id)) ?? flowNotFound();
          await tx.flow.update({ where: { id }, data, select: { id: true } });
          const after = (await readFlowState(tx, id)) ?? flowNotFound();
          const published = await logPublication(tx, ctx, id, before, after);
          await logFlow(tx, ctx, id, before, [], !published);
        })
        .catch(notFoundOn(M.flows.notFound));
      return (await readFlowRow(ctx.sql, id)) ?? flowNotFound();
    }),

  /** Deletes the flow with its steps, fields and clients' submissions (the foreign keys cascade). */
  remove: staffProcedure
    .input(flowIdInput)
    .output(flowRemoveOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.db
        .$transaction(async (tx) => {
          const before = (await readFlowState(tx, input.id)) ?? flowNotFound();
          await tx.flow.delete({ where: { id: input.id }, select: { id: true } });
          await recordActivity(tx, ctx.businessId, staffActor(ctx.user), {
            entityType: 'flow',
            entityId: input.id,
            entityName: before.name,
            companyId: before.companyId,
            action: 'deleted',
            clientVisible: shownToClients(before) && before.companyId !== null,
          });
        })
        .catch(notFoundOn(M.flows.notFound));
      return { id: input.id };
    }),

  /** The clients' submissions of the flow, with their answers and files (server/routers/flow-submissions.ts). */
  submissions: flowSubmissions,

  /** A copy of the flow with every step and field (never the clients' submissions), in one transaction: a draft. */
  duplicate: staffProcedure
    .input(flowIdInput)
    .output(flowOutput)
    .mutation(async ({ ctx, input }) => {
      const source = (await readFlow(ctx.sql, { id: input.id })) ?? flowNotFound();
      const businessId = ctx.businessId;
      const copyId = await ctx.db.$transaction(async (tx) => {
        const copy = await tx.flow.create({
          data: {
            businessId,
            name: M.flows.copyName(source.name).slice(0, FLOW_LIMITS.nameMax),
            description: source.description,
            workflowType: source.workflowType,
            companyId: source.companyId,
            createdById: ctx.user.id,
            isActive: false,
          },
          select: { id: true },
        });
        for (const step of source.stepsOfFlow) {
          const created = await tx.flowStep.create({
            data: {
              businessId,
              flowId: copy.id,
              stepOrder: step.stepOrder,
              stepTitle: step.stepTitle,
              content: step.content,
            },
            select: { id: true },
          });
          if (step.fieldsOfFlowStep.length) {
            await tx.flowField.createMany({
              data: step.fieldsOfFlowStep.map((f) => ({
                businessId,
                flowStepId: created.id,
                fieldLabel: f.fieldLabel,
                fieldType: f.fieldType,
                isRequired: f.isRequired,
                options: f.options,
                helpText: f.helpText,
                order: f.order,
              })),
            });
          }
        }
        await logFlow(tx, ctx, copy.id, null, [{ field: 'copiedFrom', from: null, to: source.name }]);
        return copy.id;
      });
      return (await readFlowRow(ctx.sql, copyId)) ?? flowNotFound();
    }),

  /**
   * Who the flow reaches once published (the Publish dialog): the contacts with portal access of its company, or of
   * every client company for a flow for all companies; their count and the first few first names.
   */
  publishPreview: staffProcedure
    .input(flowIdInput)
    .output(flowPublishPreviewOutput)
    .query(async ({ ctx, input }) => {
      const flow = (await readFlowRow(ctx.sql, input.id)) ?? flowNotFound();
      // A portal user always has a company (server/auth/sessions.ts): contacts without one are never asked.
      const audience =
        flow.companyId === null
          ? sql`c."businessId" = ${TENANT} AND c."portalAccess" = ${true} AND c."companyId" IS NOT NULL`
          : sql`c."businessId" = ${TENANT} AND c."portalAccess" = ${true} AND c."companyId" = ${flow.companyId}`;
      const [count, names] = await Promise.all([
        ctx.sql.get(sql`SELECT COUNT(*) AS "n" FROM "Contact" c WHERE ${audience}`),
        ctx.sql.all(
          sql`SELECT c."firstName" FROM "Contact" c WHERE ${audience} ORDER BY c."firstName", c."id" LIMIT ${PUBLISH_PREVIEW_NAMES}`,
        ),
      ]);
      return {
        id: flow.id,
        isActive: flow.isActive,
        stepCount: flow.stepCount,
        company: flow.companyOfFlow,
        contactCount: toInt(count?.n ?? 0),
        firstNames: names.map((r) => String(r.firstName)),
      };
    }),

  /**
   * Publishes a draft: refused (400) while it has no step. Clients then see it, and an activity entry 'published'
   * (client-visible when it is for a company) lets server/notifications ask them to complete it. Publishing a
   * published flow changes nothing.
   */
  publish: staffProcedure
    .input(flowIdInput)
    .output(flowOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.db
        .$transaction(async (tx) => {
          // Locked first: a step deleted meanwhile waits, so the step count read below still holds at commit.
          await lockFlow(tx, input.id, { id: true });
          const before = (await readFlowState(tx, input.id)) ?? flowNotFound();
          if (before.stepCount === 0) fail('BAD_REQUEST', M.flows.publishNeedsStep);
          if (before.isActive) return;
          await tx.flow.update({ where: { id: input.id }, data: { isActive: true }, select: { id: true } });
          await logPublication(tx, ctx, input.id, before, (await readFlowState(tx, input.id)) ?? flowNotFound());
        })
        .catch(notFoundOn(M.flows.notFound));
      return (await readFlowRow(ctx.sql, input.id)) ?? flowNotFound();
    }),

  /** Hides a published flow from clients again; their submissions stay. Unpublishing a draft changes nothing. */
  unpublish: staffProcedure
    .input(flowIdInput)
    .output(flowOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.db
        .$transaction(async (tx) => {
          const before = (await readFlowState(tx, input.id)) ?? flowNotFound();
          if (!before.isActive) return;
          await tx.flow.update({ where: { id: input.id }, data: { isActive: false }, select: { id: true } });
          await logPublication(tx, ctx, input.id, before, (await readFlowState(tx, input.id)) ?? flowNotFound());
        })
        .catch(notFoundOn(M.flows.notFound));
      return (await readFlowRow(ctx.sql, input.id)) ?? flowNotFound();
    }),
});

export const flowStepsRouter = router({
  /**
   * POST /flow_step/v1/ (spec §7.4). Without step_order the step goes last (highest + 1, or 1); at a taken order the
   * later steps move down one. Without a title it is "Step {n}"; a new onboard step starts with the placeholder.
   */
  create: staffProcedure
    .input(flowStepCreateInput)
    .output(flowStepOutput)
    .mutation(async ({ ctx, input }) => {
      const businessId = ctx.businessId;
      const id = await ctx.db.$transaction(async (tx) => {
        const flow = await lockFlow(tx, input.flowId, { id: true, workflowType: true });
        const [stepsBefore, stateBefore] = await Promise.all([stepList(tx, flow.id), readFlowState(tx, flow.id)]);
        const [count, last] = await Promise.all([
          tx.flowStep.count({ where: { flowId: flow.id } }),
          tx.flowStep.findFirst({
            where: { flowId: flow.id },
            orderBy: [{ stepOrder: 'desc' }],
            select: { stepOrder: true },
          }),
        ]);
        if (count >= FLOW_LIMITS.stepsMax) fail('BAD_REQUEST', M.flows.tooManySteps(FLOW_LIMITS.stepsMax));
        const next = (last?.stepOrder ?? 0) + 1;
        const stepOrder = input.stepOrder !== undefined && input.stepOrder < next ? input.stepOrder : next;
        if (stepOrder < next) {
          await tx.flowStep.updateMany({
            where: { flowId: flow.id, stepOrder: { gte: stepOrder } },
            data: { stepOrder: { increment: 1 } },
          });
        }
        const content = input.content ?? (flow.workflowType === 'onboard' ? M.flows.onboardPlaceholder(stepOrder) : '');
        const step = await tx.flowStep.create({
          data: {
            businessId,
            flowId: flow.id,
            stepOrder,
            stepTitle: input.stepTitle ?? M.flows.stepTitle(stepOrder),
            content,
          },
          select: { id: true },
        });
        await logFlowEdit(tx, ctx, flow.id, [{ field: 'steps', from: stepsBefore, to: await stepList(tx, flow.id) }]);
        await logStepCountChange(tx, ctx, flow.id, stateBefore);
        return step.id;
      });
      return (await readStep(ctx.sql, id)) ?? stepNotFound();
    }),

  /** PATCH /flow_step/v1/{id}: the editor's debounced saves of a title or content. */
  update: staffProcedure
    .input(flowStepUpdateInput)
    .output(flowStepOutput)
    .mutation(async ({ ctx, input }) => {
      const { id, ...data } = input;
      await ctx.db
        .$transaction(async (tx) => {
          const select = { flowId: true, stepTitle: true, content: true } as const;
          const before = (await tx.flowStep.findUnique({ where: { id }, select })) ?? stepNotFound();
          const after = await tx.flowStep.update({ where: { id }, data, select });
          const changes = changesOf(before, after, ['stepTitle', 'content']).map((c) =>
            c.field === 'content' ? { ...c, field: 'stepContent' } : c,
          );
          await logFlowEdit(
            tx,
            ctx,
            after.flowId,
            changes.length
              ? [
                  { field: 'step', from: before.stepTitle, to: after.stepTitle },
                  ...changes.filter((c) => c.field !== 'stepTitle'),
                ]
              : [],
          );
        })
        .catch(notFoundOn(M.flows.stepNotFound));
      return (await readStep(ctx.sql, id)) ?? stepNotFound();
    }),

  /** Every step of the flow, in its new order: step_order becomes 1…n in one transaction. */
  reorder: staffProcedure
    .input(flowStepReorderInput)
    .output(flowStepReorderOutput)
    .mutation(async ({ ctx, input }) => {
      return ctx.db.$transaction(async (tx) => {
        const flow = await lockFlow(tx, input.flowId, { id: true });
        const stepsBefore = await stepList(tx, flow.id);
        const steps = await tx.flowStep.findMany({ where: { flowId: flow.id }, select: { id: true } });
        const known = new Set(steps.map((s) => s.id));
        const given = new Set(input.stepIds);
        // A step of another flow (or agency) is one this flow does not have: NOT_FOUND, revealing nothing about it.
        if (input.stepIds.some((id) => !known.has(id))) stepNotFound();
        if (given.size !== input.stepIds.length || given.size !== known.size)
          fail('BAD_REQUEST', M.flows.reorderMismatch);
        const order = input.stepIds.map((id, i) => ({ id, stepOrder: i + 1 }));
        for (const { id, stepOrder } of order)
          await tx.flowStep.update({ where: { id }, data: { stepOrder }, select: { id: true } });
        const stepsAfter = await stepList(tx, flow.id);
        await logFlowEdit(
          tx,
          ctx,
          flow.id,
          stepsAfter === stepsBefore ? [] : [{ field: 'steps', from: stepsBefore, to: stepsAfter }],
        );
        return order;
      });
    }),

  /** DELETE /flow_step/v1/{id}: the step and its fields go; later steps move up one so the order stays 1…n. */
  remove: staffProcedure
    .input(flowStepIdInput)
    .output(flowRemoveOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.db.$transaction(async (tx) => {
        const found =
          (await tx.flowStep.findUnique({ where: { id: input.id }, select: { flowId: true } })) ?? stepNotFound();
        await lockFlow(tx, found.flowId, { id: true });
        const [stepsBefore, stateBefore] = await Promise.all([
          stepList(tx, found.flowId),
          readFlowState(tx, found.flowId),
        ]);
        // Read after the lock: a concurrent change of the same flow may have moved this step.
        const step = await tx.flowStep
          .delete({ where: { id: input.id }, select: { flowId: true, stepOrder: true } })
          .catch(notFoundOn(M.flows.stepNotFound));
        await tx.flowStep.updateMany({
          where: { flowId: step.flowId, stepOrder: { gt: step.stepOrder } },
          data: { stepOrder: { decrement: 1 } },
        });
        await logFlowEdit(tx, ctx, step.flowId, [
          { field: 'steps', from: stepsBefore, to: await stepList(tx, step.flowId) },
        ]);
        await logStepCountChange(tx, ctx, step.flowId, stateBefore);
      });
      return { id: input.id };
    }),
});

export const flowFieldsRouter = router({
  /** GET /flow_field/v1/?flow_step_id= : the step's fields in display order. */
  list: staffProcedure
    .input(flowFieldListInput)
    .output(flowFieldListOutput)
    .query(async ({ ctx, input }) => {
      const [step, fields] = await Promise.all([
        ctx.sql.get(
          sql`SELECT 1 AS "ok" FROM "FlowStep" WHERE "businessId" = ${TENANT} AND "id" = ${input.flowStepId}`,
        ),
        readFields(ctx.sql, input.flowStepId),
      ]);
      return step ? fields : stepNotFound();
    }),

  /** POST /flow_field/v1/ (spec §7.4). */
  create: staffProcedure
    .input(flowFieldCreateInput)
    .output(flowFieldOutput)
    .mutation(async ({ ctx, input }) => {
      const id = await ctx.db.$transaction(async (tx) => {
        const step = await tx.flowStep.findUnique({
          where: { id: input.flowStepId },
          select: { id: true, flowId: true, stepTitle: true },
        });
        if (!step) return stepNotFound();
        if ((await tx.flowField.count({ where: { flowStepId: step.id } })) >= FLOW_LIMITS.fieldsMax) {
          fail('BAD_REQUEST', M.flows.tooManyFields(FLOW_LIMITS.fieldsMax));
        }
        const field = await tx.flowField.create({
          data: {
            businessId: ctx.businessId,
            flowStepId: step.id,
            fieldLabel: input.fieldLabel,
            fieldType: input.fieldType,
            isRequired: input.isRequired,
            options: optionsText(input.options, input.choices),
            helpText: input.helpText,
            order: input.order,
          },
          select: { id: true },
        });
        await logFlowEdit(tx, ctx, step.flowId, [
          { field: 'step', from: step.stepTitle, to: step.stepTitle },
          { field: 'field', from: null, to: input.fieldLabel },
        ]);
        return field.id;
      });
      return (await readField(ctx.sql, id)) ?? fieldNotFound();
    }),

  /** PATCH /flow_field/v1/{id}: only the given properties change (spec §7.4 sends one per edit). */
  update: staffProcedure
    .input(flowFieldUpdateInput)
    .output(flowFieldOutput)
    .mutation(async ({ ctx, input }) => {
      const { id, options, choices, ...data } = input;
      const current =
        (await ctx.db.flowField.findUnique({ where: { id }, select: { options: true } })) ?? fieldNotFound();
      const nextOptions =
        options !== undefined || choices !== undefined ? optionsText(options, choices, current.options) : undefined;
      await ctx.db
        .$transaction(async (tx) => {
          const before =
            (await tx.flowField.findUnique({ where: { id }, select: fieldStateSelect })) ?? fieldNotFound();
          const after = await tx.flowField.update({
            where: { id },
            data: { ...data, ...(nextOptions !== undefined ? { options: nextOptions } : {}) },
            select: fieldStateSelect,
          });
          const changes = changesOf(before, after, FIELD_LOGGED);
          if (changes.length) {
            await logFlowEdit(tx, ctx, after.step.flowId, [
              { field: 'step', from: after.step.stepTitle, to: after.step.stepTitle },
              { field: 'field', from: before.fieldLabel, to: after.fieldLabel },
              ...changes.filter((c) => c.field !== 'fieldLabel'),
            ]);
          }
        })
        .catch(notFoundOn(M.flows.fieldNotFound));
      return (await readField(ctx.sql, id)) ?? fieldNotFound();
    }),

  remove: staffProcedure
    .input(flowFieldIdInput)
    .output(flowRemoveOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.db
        .$transaction(async (tx) => {
          const before =
            (await tx.flowField.findUnique({ where: { id: input.id }, select: fieldStateSelect })) ?? fieldNotFound();
          await tx.flowField.delete({ where: { id: input.id }, select: { id: true } });
          await logFlowEdit(tx, ctx, before.step.flowId, [
            { field: 'step', from: before.step.stepTitle, to: before.step.stepTitle },
            { field: 'field', from: before.fieldLabel, to: null },
          ]);
        })
        .catch(notFoundOn(M.flows.fieldNotFound));
      return { id: input.id };
    }),
});
