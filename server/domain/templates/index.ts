/**
 * Project and flow templates (issue 29): list, read, create, update, delete; save a project or a flow as a template;
 * create a project (with its tasks, due dates = start + offset, and draft flows) or a flow from one, each in one
 * transaction with the activity entries of a normal creation. Reads are hand-written SQL outside the transaction.
 * Nothing made from a template is shown to clients until staff share it: projects start internal, flows as drafts.
 */
import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import { M } from '../../../shared/messages';
import {
  flowSnapshotSchema,
  TEMPLATE_LIMITS,
  type createFlowFromTemplateInput,
  type createProjectFromTemplateInput,
  type FlowSnapshot,
  type flowTemplateCreateInput,
  type flowTemplateUpdateInput,
  type projectTemplateCreateInput,
  type projectTemplateUpdateInput,
  type saveFlowAsTemplateInput,
  type saveProjectAsTemplateInput,
  type templateIdInput,
} from '../../../shared/schemas/templates';
import { notFoundOn } from '../../errors';
import { join, sql, TENANT, toBool, toDate, toInt, type SqlRunner } from '../../sql';
import type { ScopedDb } from '../../tenancy';
import type { StaffScope, TenantScope } from '../context';
import { isOurCompany } from '../companies/ours';
import { logFlow } from '../flows/log';
import { readFlow } from '../flows/read';
import { checkCompany } from '../flows/rules';
import { logProject } from '../projects';
import { addStarterTemplates } from './starters';

type Reader = Pick<TenantScope, 'sql'>;
type Writer = Pick<StaffScope, 'businessId' | 'db' | 'sql' | 'user'>;
type Tx = Parameters<Parameters<ScopedDb['$transaction']>[0]>[0];

const refuse = (code: 'NOT_FOUND' | 'BAD_REQUEST', message: string): never => {
  throw new TRPCError({ code, message });
};
const templateNotFound = () => refuse('NOT_FOUND', M.templates.notFound);
const flowTemplateNotFound = () => refuse('NOT_FOUND', M.templates.flowTemplateNotFound);
const DAY_MS = 86_400_000;

// ── Reads ───────────────────────────────────────────────────────────────────────────────────────────────────────

/** The flow templates each of the given project templates creates flows from, by name. */
async function linkedFlows(db: SqlRunner, templateIds: number[]) {
  const byTemplate = new Map<number, { id: number; name: string }[]>();
  if (!templateIds.length) return byTemplate;
  const rows = await db.all(sql`
    SELECT l."projectTemplateId", f."id", f."name" FROM "ProjectTemplateFlow" l
    JOIN "FlowTemplate" f ON f."businessId" = ${TENANT} AND f."id" = l."flowTemplateId"
    WHERE l."businessId" = ${TENANT} AND l."projectTemplateId" IN (${join(
      templateIds.map((id) => sql`${id}`),
      ', ',
    )})
    ORDER BY f."name", f."id"`);
  for (const r of rows) {
    const key = toInt(r.projectTemplateId);
    byTemplate.set(key, [...(byTemplate.get(key) ?? []), { id: toInt(r.id), name: String(r.name) }]);
  }
  return byTemplate;
}

async function readProjectTemplates(db: SqlRunner, id?: number) {
  const rows = await db.all(sql`
    SELECT t."id", t."name", t."description", t."createdAt", t."updatedAt",
      (SELECT COUNT(*) FROM "ProjectTemplateTask" x WHERE x."businessId" = ${TENANT} AND x."templateId" = t."id") AS "taskCount"
    FROM "ProjectTemplate" t WHERE t."businessId" = ${TENANT}${id !== undefined ? sql` AND t."id" = ${id}` : sql``}
    ORDER BY t."name", t."id" LIMIT ${TEMPLATE_LIMITS.perAgencyMax}`);
  const flows = await linkedFlows(
    db,
    rows.map((r) => toInt(r.id)),
  );
  return rows.map((r) => ({
    id: toInt(r.id),
    name: String(r.name),
    description: (r.description as string | null) ?? null,
    taskCount: toInt(r.taskCount),
    flowTemplates: flows.get(toInt(r.id)) ?? [],
    createdAt: toDate(r.createdAt),
    updatedAt: toDate(r.updatedAt),
  }));
}

/** The agency's project templates, A→Z, with their task counts and linked flow templates. */
export function listProjectTemplates(scope: Reader) {
  return readProjectTemplates(scope.sql);
}

async function readProjectTemplate(db: SqlRunner, id: number) {
  const [template] = await readProjectTemplates(db, id);
  if (!template) return null;
  const tasks = await db.all(sql`
    SELECT "id", "title", "description", "priority", "dueOffsetDays", "internal", "position" FROM "ProjectTemplateTask"
    WHERE "businessId" = ${TENANT} AND "templateId" = ${id} ORDER BY "position", "id"`);
  return {
    ...template,
    tasks: tasks.map((t) => ({
      id: toInt(t.id),
      title: String(t.title),
      description: (t.description as string | null) ?? null,
      priority: String(t.priority),
      dueOffsetDays: t.dueOffsetDays == null ? null : toInt(t.dueOffsetDays),
      internal: toBool(t.internal),
      position: toInt(t.position),
    })),
  };
}

/** One project template with its tasks in order. */
export async function getProjectTemplate(scope: Reader, input: z.output<typeof templateIdInput>) {
  return (await readProjectTemplate(scope.sql, input.id)) ?? templateNotFound();
}

const flowTemplateColumns = sql`t."id", t."name", t."description", t."workflowType", t."steps", t."createdAt", t."updatedAt"`;

/** A stored snapshot, checked again on the way out (a hand-edited row must not make a broken flow). */
function parseSnapshot(text: unknown) {
  let value: unknown;
  try {
    value = JSON.parse(String(text));
  } catch {
    return refuse('BAD_REQUEST', M.templates.snapshotInvalid);
  }
  const parsed = flowSnapshotSchema.safeParse(value);
  return parsed.success ? parsed.data : refuse('BAD_REQUEST', M.templates.snapshotInvalid);
}

/** The snapshot as stored text, within the size bound (400 past it). */
function snapshotText(steps: z.output<typeof flowSnapshotSchema>) {
  const text = JSON.stringify(steps);
  if (text.length > TEMPLATE_LIMITS.snapshotMaxChars) refuse('BAD_REQUEST', M.templates.tooLarge);
  return text;
}

function flowTemplateFromRow(r: Record<string, unknown>) {
  const steps = parseSnapshot(r.steps);
  return {
    id: toInt(r.id),
    name: String(r.name),
    description: String(r.description),
    workflowType: String(r.workflowType),
    stepCount: steps.length,
    steps,
    createdAt: toDate(r.createdAt),
    updatedAt: toDate(r.updatedAt),
  };
}

/** The agency's flow templates, A→Z. */
export async function listFlowTemplates(scope: Reader) {
  const rows = await scope.sql.all(sql`
    SELECT ${flowTemplateColumns} FROM "FlowTemplate" t WHERE t."businessId" = ${TENANT}
    ORDER BY t."name", t."id" LIMIT ${TEMPLATE_LIMITS.perAgencyMax}`);
  return rows.map((r) => {
    const { steps: _steps, ...template } = flowTemplateFromRow(r);
    return template;
  });
}

async function readFlowTemplate(db: SqlRunner, id: number) {
  const row = await db.get(
    sql`SELECT ${flowTemplateColumns} FROM "FlowTemplate" t WHERE t."businessId" = ${TENANT} AND t."id" = ${id}`,
  );
  return row ? flowTemplateFromRow(row) : null;
}

/** One flow template with its steps and fields. */
export async function getFlowTemplate(scope: Reader, input: z.output<typeof templateIdInput>) {
  return (await readFlowTemplate(scope.sql, input.id)) ?? flowTemplateNotFound();
}

// ── Project templates: writes ───────────────────────────────────────────────────────────────────────────────────

type TaskInput = z.output<typeof projectTemplateCreateInput>['tasks'][number];

const taskRows = (businessId: number, templateId: number, tasks: TaskInput[]) =>
  tasks.map((t, position) => ({
    businessId,
    templateId,
    title: t.title,
    description: t.description,
    priority: t.priority,
    dueOffsetDays: t.dueOffsetDays,
    internal: t.internal,
    position,
  }));

/** Every linked flow template must be the agency's (a foreign one is NOT_FOUND, like a missing one). */
async function requireFlowTemplates(scope: Pick<TenantScope, 'db'>, ids: number[]) {
  const unique = [...new Set(ids)];
  if (!unique.length) return unique;
  const found = await scope.db.flowTemplate.count({ where: { id: { in: unique } } });
  if (found !== unique.length) flowTemplateNotFound();
  return unique;
}

/** An agency keeps at most TEMPLATE_LIMITS.perAgencyMax templates of each kind (the list has no pages). */
async function requireRoom(scope: Pick<TenantScope, 'db'>, kind: 'project' | 'flow') {
  const count = kind === 'project' ? await scope.db.projectTemplate.count() : await scope.db.flowTemplate.count();
  if (count >= TEMPLATE_LIMITS.perAgencyMax) refuse('BAD_REQUEST', M.templates.perAgency(TEMPLATE_LIMITS.perAgencyMax));
}

async function writeProjectTemplate(
  tx: Tx,
  businessId: number,
  input: { name: string; description: string | null; tasks: TaskInput[]; flowTemplateIds: number[] },
) {
  const template = await tx.projectTemplate.create({
    data: { businessId, name: input.name, description: input.description },
    select: { id: true },
  });
  if (input.tasks.length)
    await tx.projectTemplateTask.createMany({ data: taskRows(businessId, template.id, input.tasks) });
  if (input.flowTemplateIds.length)
    await tx.projectTemplateFlow.createMany({
      data: input.flowTemplateIds.map((flowTemplateId) => ({
        businessId,
        projectTemplateId: template.id,
        flowTemplateId,
      })),
    });
  return template.id;
}

export async function createProjectTemplate(scope: Writer, input: z.output<typeof projectTemplateCreateInput>) {
  const flowTemplateIds = await requireFlowTemplates(scope, input.flowTemplateIds);
  await requireRoom(scope, 'project');
  const id = await scope.db.$transaction((tx) =>
    writeProjectTemplate(tx, scope.businessId, { ...input, flowTemplateIds }),
  );
  return (await readProjectTemplate(scope.sql, id)) ?? templateNotFound();
}

/** Rename, describe; a task list or flow list replaces the template's own. */
export async function updateProjectTemplate(scope: Writer, input: z.output<typeof projectTemplateUpdateInput>) {
  const { id, tasks, flowTemplateIds, ...fields } = input;
  const flows = flowTemplateIds === undefined ? undefined : await requireFlowTemplates(scope, flowTemplateIds);
  await scope.db
    .$transaction(async (tx) => {
      await tx.projectTemplate.update({
        where: { id },
        data: { ...fields, updatedAt: new Date() },
        select: { id: true },
      });
      if (tasks !== undefined) {
        await tx.projectTemplateTask.deleteMany({ where: { templateId: id } });
        if (tasks.length) await tx.projectTemplateTask.createMany({ data: taskRows(scope.businessId, id, tasks) });
      }
      if (flows !== undefined) {
        await tx.projectTemplateFlow.deleteMany({ where: { projectTemplateId: id } });
        if (flows.length)
          await tx.projectTemplateFlow.createMany({
            data: flows.map((flowTemplateId) => ({
              businessId: scope.businessId,
              projectTemplateId: id,
              flowTemplateId,
            })),
          });
      }
    })
    .catch(notFoundOn(M.templates.notFound));
  return (await readProjectTemplate(scope.sql, id)) ?? templateNotFound();
}

/** Deletes the template with its tasks and flow links; projects made from it stay as they are. */
export async function removeProjectTemplate(scope: Writer, input: z.output<typeof templateIdInput>) {
  await scope.db.projectTemplate
    .delete({ where: { id: input.id }, select: { id: true } })
    .catch(notFoundOn(M.templates.notFound));
  return { id: input.id };
}

/** A UTC day (yyyy-mm-dd or a stored date) as its midnight. */
const midnight = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));

/**
 * A new template from a project's tasks (at most TEMPLATE_LIMITS.tasksMax, else 400): each due date as days after
 * the project's start date (or, without one, the day it was created), clamped to 0…offsetMax; not its company,
 * contacts or files.
 */
export async function saveProjectAsTemplate(scope: Writer, input: z.output<typeof saveProjectAsTemplateInput>) {
  const project = await scope.db.project.findUnique({
    where: { id: input.projectId },
    select: { description: true, startDate: true, createdAt: true },
  });
  if (!project) return refuse('NOT_FOUND', M.projects.notFound);
  const tasks = await scope.db.task.findMany({
    where: { projectId: input.projectId },
    select: { title: true, description: true, priority: true, dueDate: true, internal: true },
    orderBy: [{ dueDate: { sort: 'asc', nulls: 'last' } }, { createdAt: 'asc' }, { id: 'asc' }],
    take: TEMPLATE_LIMITS.tasksMax + 1,
  });
  if (tasks.length > TEMPLATE_LIMITS.tasksMax)
    refuse('BAD_REQUEST', M.templates.tooManyTasks(TEMPLATE_LIMITS.tasksMax));
  await requireRoom(scope, 'project');
  const base = midnight(project.startDate ?? project.createdAt).getTime();
  const offset = (due: Date | null) =>
    due === null
      ? null
      : Math.min(TEMPLATE_LIMITS.offsetMax, Math.max(0, Math.round((midnight(due).getTime() - base) / DAY_MS)));
  const id = await scope.db.$transaction((tx) =>
    writeProjectTemplate(tx, scope.businessId, {
      name: input.name,
      description: project.description,
      tasks: tasks.map((t) => ({
        title: t.title.slice(0, TEMPLATE_LIMITS.taskTitleMax),
        description: t.description,
        priority: (['low', 'medium', 'high'] as const).find((p) => p === t.priority) ?? 'medium',
        dueOffsetDays: offset(t.dueDate),
        internal: t.internal,
      })),
      flowTemplateIds: [],
    }),
  );
  return (await readProjectTemplate(scope.sql, id)) ?? templateNotFound();
}

// ── Flows from snapshots ────────────────────────────────────────────────────────────────────────────────────────

/** A flow's steps and fields, written in the caller's transaction. */
async function writeFlowSteps(tx: Tx, businessId: number, flowId: number, steps: z.output<typeof flowSnapshotSchema>) {
  for (const [index, step] of steps.entries()) {
    const created = await tx.flowStep.create({
      data: { businessId, flowId, stepOrder: index + 1, stepTitle: step.stepTitle, content: step.content },
      select: { id: true },
    });
    if (step.fields.length)
      await tx.flowField.createMany({
        data: step.fields.map((f) => ({ businessId, flowStepId: created.id, ...f })),
      });
  }
}

type FlowTemplate = NonNullable<Awaited<ReturnType<typeof readFlowTemplate>>>;

/** A draft flow from a template, with its 'created' entry naming the template; written in the caller's transaction. */
async function writeFlowFromTemplate(
  tx: Tx,
  scope: Writer,
  template: FlowTemplate,
  name: string,
  companyId: number | null,
) {
  const flow = await tx.flow.create({
    data: {
      businessId: scope.businessId,
      name,
      description: template.description || template.name,
      workflowType: template.workflowType,
      companyId,
      createdById: scope.user.id,
      isActive: false,
    },
    select: { id: true, flowUid: true },
  });
  await writeFlowSteps(tx, scope.businessId, flow.id, template.steps);
  await logFlow(tx, scope, flow.id, null, [{ field: 'template', from: null, to: template.name }]);
  return flow;
}

/**
 * A project from a template, in one transaction: the project (internal, a draft, like a new project), its tasks
 * with due date = start + offset, and a draft flow for its company from each linked flow template.
 */
export async function createProjectFromTemplate(scope: Writer, input: z.output<typeof createProjectFromTemplateInput>) {
  const template = (await readProjectTemplate(scope.sql, input.id)) ?? templateNotFound();
  if (input.companyId !== null && !(await isOurCompany(scope.sql, input.companyId)))
    refuse('NOT_FOUND', M.projects.companyNotFound);
  const flowTemplates = await Promise.all(
    template.flowTemplates.map(async (f) => (await readFlowTemplate(scope.sql, f.id)) ?? flowTemplateNotFound()),
  );
  const start = new Date(`${input.startDate}T00:00:00.000Z`);
  const businessId = scope.businessId;
  return scope.db.$transaction(async (tx) => {
    const project = await tx.project.create({
      data: {
        businessId,
        name: input.name,
        description: template.description,
        companyId: input.companyId,
        startDate: start,
      },
      select: { id: true, projectUid: true, name: true },
    });
    if (template.tasks.length)
      await tx.task.createMany({
        data: template.tasks.map((t) => ({
          businessId,
          projectId: project.id,
          title: t.title,
          description: t.description,
          priority: t.priority,
          internal: t.internal,
          dueDate: t.dueOffsetDays === null ? null : new Date(start.getTime() + t.dueOffsetDays * DAY_MS),
        })),
      });
    await logProject(tx, scope, project.id, null);
    const flowIds: number[] = [];
    for (const flowTemplate of flowTemplates) {
      const flow = await writeFlowFromTemplate(tx, scope, flowTemplate, flowTemplate.name, input.companyId);
      flowIds.push(flow.id);
    }
    return { ...project, taskCount: template.tasks.length, flowIds };
  });
}

// ── Flow templates: writes ──────────────────────────────────────────────────────────────────────────────────────

export async function createFlowTemplate(scope: Writer, input: z.output<typeof flowTemplateCreateInput>) {
  const steps = snapshotText(input.steps);
  await requireRoom(scope, 'flow');
  const created = await scope.db.flowTemplate.create({
    data: {
      businessId: scope.businessId,
      name: input.name,
      description: input.description,
      workflowType: input.workflowType,
      steps,
    },
    select: { id: true },
  });
  return (await readFlowTemplate(scope.sql, created.id)) ?? flowTemplateNotFound();
}

export async function updateFlowTemplate(scope: Writer, input: z.output<typeof flowTemplateUpdateInput>) {
  const { id, steps, ...fields } = input;
  await scope.db.flowTemplate
    .update({
      where: { id },
      data: { ...fields, ...(steps !== undefined ? { steps: snapshotText(steps) } : {}), updatedAt: new Date() },
      select: { id: true },
    })
    .catch(notFoundOn(M.templates.flowTemplateNotFound));
  return (await readFlowTemplate(scope.sql, id)) ?? flowTemplateNotFound();
}

/** Deletes the flow template (project templates stop creating its flow); flows made from it stay. */
export async function removeFlowTemplate(scope: Writer, input: z.output<typeof templateIdInput>) {
  await scope.db.flowTemplate
    .delete({ where: { id: input.id }, select: { id: true } })
    .catch(notFoundOn(M.templates.flowTemplateNotFound));
  return { id: input.id };
}

/** A new flow template from a flow's type, description, steps and fields (never its company or submissions). */
export async function saveFlowAsTemplate(scope: Writer, input: z.output<typeof saveFlowAsTemplateInput>) {
  const flow = (await readFlow(scope.sql, { id: input.flowId })) ?? refuse('NOT_FOUND', M.flows.notFound);
  const steps: FlowSnapshot = flow.stepsOfFlow.map((step) => ({
    stepTitle: step.stepTitle,
    content: step.content,
    fields: step.fieldsOfFlowStep.map((f) => ({
      fieldLabel: f.fieldLabel,
      fieldType: f.fieldType,
      isRequired: f.isRequired,
      options: f.options,
      helpText: f.helpText,
      order: f.order,
    })),
  }));
  const parsed = flowSnapshotSchema.safeParse(steps);
  if (!parsed.success) refuse('BAD_REQUEST', M.templates.tooLarge);
  return createFlowTemplate(scope, {
    name: input.name,
    description: flow.description,
    workflowType: flow.workflowType,
    steps: parsed.data ?? [],
  });
}

/** A draft flow from a template, for one company or (companyId null) every client. */
export async function createFlowFromTemplate(scope: Writer, input: z.output<typeof createFlowFromTemplateInput>) {
  const template = (await readFlowTemplate(scope.sql, input.id)) ?? flowTemplateNotFound();
  await checkCompany(scope, input.companyId);
  const flow = await scope.db.$transaction((tx) =>
    writeFlowFromTemplate(tx, scope, template, input.name, input.companyId),
  );
  return { id: flow.id, flowUid: flow.flowUid, name: input.name };
}

// ── Starters ────────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * "Add the starter templates": the starters (starters.ts, as sign-up writes them) whose names the agency does not have
 * yet, in one transaction; a second call adds nothing. Past TEMPLATE_LIMITS.perAgencyMax of a kind, nothing is added.
 */
export async function addStarters(scope: Writer) {
  const added = await scope.db.$transaction(async (tx) => {
    const created = await addStarterTemplates(tx, scope.businessId);
    const [projects, flows] = [await tx.projectTemplate.count(), await tx.flowTemplate.count()];
    if (projects > TEMPLATE_LIMITS.perAgencyMax || flows > TEMPLATE_LIMITS.perAgencyMax)
      refuse('BAD_REQUEST', M.templates.perAgency(TEMPLATE_LIMITS.perAgencyMax));
    return created;
  });
  return { added };
}
