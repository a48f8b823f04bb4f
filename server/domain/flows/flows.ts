/**
 * Flows (work-flows-account-portal.md §2.8, §2.9, §4, §7.4): the list, one flow with its steps and their fields,
 * create/update/delete/duplicate, and publishing. Steps are ./steps.ts, form fields ./fields.ts, the clients'
 * submissions ./submissions.ts. Reads are hand-written SQL over (businessId, …) indexes; writes go through the
 * tenant-scoped Prisma client, multi-row ones in one transaction.
 */
import type { z } from 'zod';
import { M } from '../../../shared/messages';
import {
  FLOW_LIMITS,
  PUBLISH_PREVIEW_NAMES,
  type companyFlowsInput,
  type flowCreateInput,
  type flowGetInput,
  type flowIdInput,
  type flowListInput,
  type flowUpdateInput,
} from '../../../shared/schemas/flows';
import { recordActivity, staffActor } from '../../activity';
import { notFoundOn } from '../../errors';
import { containsText, keysetPage } from '../../lib/pagination';
import { clientVisible } from '../../portal/visibility';
import { sql, TENANT, toInt, type Row, type Sql } from '../../sql';
import type { StaffScope, TenantScope } from '../context';
import { logFlow, logPublication, readFlowState, shownToClients } from './log';
import { flowColumns, flowExtras, flowFromRow, readFlow, readFlowRow } from './read';
import { checkCompany, fail, flowNotFound, lockFlow } from './rules';

/** Who writes: the agency's clients and the staff user the activity log names. */
type Writer = Pick<StaffScope, 'businessId' | 'db' | 'sql' | 'user'>;

/** Newest first over (businessId, createdAt); company names and step counts for the page's rows only. */
export async function listFlows(scope: Pick<TenantScope, 'db' | 'sql'>, input: z.output<typeof flowListInput>) {
  const filters: Sql[] = [];
  if (input.search)
    filters.push(
      sql`(${containsText(scope.sql, sql`t."name"`, input.search)} OR ${containsText(scope.sql, sql`t."description"`, input.search)})`,
    );
  if (input.workflowType) filters.push(sql`t."workflowType" = ${input.workflowType}`);
  if (input.companyId !== undefined) filters.push(sql`t."companyId" = ${input.companyId}`);
  if (input.isActive !== undefined) filters.push(sql`t."isActive" = ${input.isActive}`);
  const [, page] = await Promise.all([
    checkCompany(scope, input.companyId),
    keysetPage(scope.sql, {
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
}

/**
 * The company page's Flows tab: the company's own flows (published or not) and the flows for all companies its
 * contacts see in the portal (the portal's rule, clientVisible.flow), newest first. Each with its progress at this
 * company: its submissions by the company's contacts, counted in the page's one statement over
 * FlowSubmission(businessId, flowId), never one read per flow; the company's portal contacts in one more count.
 */
export async function listCompanyFlows(
  scope: Pick<TenantScope, 'db' | 'sql'>,
  input: z.output<typeof companyFlowsInput>,
) {
  const { companyId } = input;
  const progress = sql`
  (SELECT COUNT(*) FROM "FlowSubmission" s JOIN "Contact" k ON k."businessId" = s."businessId" AND k."id" = s."contactId"
    WHERE s."businessId" = p."businessId" AND s."flowId" = p."id" AND k."companyId" = ${companyId}) AS "started",
  (SELECT COUNT(CASE WHEN s."status" = 'completed' THEN 1 END) FROM "FlowSubmission" s JOIN "Contact" k ON k."businessId" = s."businessId" AND k."id" = s."contactId"
    WHERE s."businessId" = p."businessId" AND s."flowId" = p."id" AND k."companyId" = ${companyId}) AS "completed"`;
  const [, page, contacts] = await Promise.all([
    checkCompany(scope, companyId),
    keysetPage(scope.sql, {
      table: 'Flow',
      columns: flowColumns,
      filters: [
        sql`(t."companyId" = ${companyId} OR (t."companyId" IS NULL AND ${clientVisible.flow(sql`t`, companyId)}))`,
      ],
      sort: { column: 'createdAt', direction: 'desc' },
      pageExtras: sql`${flowExtras(sql`p`)}, ${progress}`,
      limit: input.limit,
      cursor: input.cursor,
      map: (r: Row) => ({ ...flowFromRow(r), started: toInt(r.started ?? 0), completed: toInt(r.completed ?? 0) }),
    }),
    scope.sql.get<Row>(sql`
      SELECT COUNT(*) AS "n" FROM "Contact" k
      WHERE k."businessId" = ${TENANT} AND k."companyId" = ${companyId} AND k."portalAccess" = ${true}`),
  ]);
  const reached = toInt(contacts?.n ?? 0);
  return {
    items: page.items.map(({ started, completed, ...flow }) => ({
      ...flow,
      progress: { started, completed, contacts: reached },
    })),
    nextCursor: page.nextCursor,
    total: page.total,
  };
}

/** GET /flows/v1/?flow_uid= (spec §7.4): the flow with steps_of_flow (each with its fields) and company_of_flow. */
export async function getFlow(scope: Pick<TenantScope, 'db' | 'sql'>, input: z.output<typeof flowGetInput>) {
  return (await readFlow(scope.sql, input)) ?? flowNotFound();
}

/**
 * The business is the session's whatever the payload says. A new flow is a draft unless the API sends isActive
 * true; it has no step yet, so no client sees it either way (its first step publishes an active one).
 */
export async function createFlow(scope: Writer, input: z.output<typeof flowCreateInput>) {
  await checkCompany(scope, input.companyId);
  const flow = await scope.db.$transaction(async (tx) => {
    const created = await tx.flow.create({
      data: {
        businessId: scope.businessId,
        name: input.name,
        description: input.description,
        workflowType: input.workflowType,
        companyId: input.companyId,
        createdById: scope.user.id,
        isActive: input.isActive ?? false,
      },
      select: { id: true },
    });
    await logFlow(tx, scope, created.id, null);
    return created;
  });
  return (await readFlowRow(scope.sql, flow.id)) ?? flowNotFound();
}

/**
 * Rename, describe, move; isActive (the API's is_active) publishes or unpublishes like the buttons, except that a
 * flow without steps may be switched on: clients see it once it has one.
 */
export async function updateFlow(scope: Writer, input: z.output<typeof flowUpdateInput>) {
  const { id, ...data } = input;
  await checkCompany(scope, data.companyId);
  await scope.db
    .$transaction(async (tx) => {
      const before = (await readFlowState(tx, id)) ?? flowNotFound();
      await tx.flow.update({ where: { id }, data, select: { id: true } });
      const after = (await readFlowState(tx, id)) ?? flowNotFound();
      const published = await logPublication(tx, scope, id, before, after);
      await logFlow(tx, scope, id, before, [], !published);
    })
    .catch(notFoundOn(M.flows.notFound));
  return (await readFlowRow(scope.sql, id)) ?? flowNotFound();
}

/** Deletes the flow with its steps, fields and clients' submissions (the foreign keys cascade). */
export async function removeFlow(scope: Writer, input: z.output<typeof flowIdInput>) {
  await scope.db
    .$transaction(async (tx) => {
      const before = (await readFlowState(tx, input.id)) ?? flowNotFound();
      await tx.flow.delete({ where: { id: input.id }, select: { id: true } });
      await recordActivity(tx, scope.businessId, staffActor(scope.user), {
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
}

/** A copy of the flow with every step and field (never the clients' submissions), in one transaction: a draft. */
export async function duplicateFlow(scope: Writer, input: z.output<typeof flowIdInput>) {
  const source = (await readFlow(scope.sql, { id: input.id })) ?? flowNotFound();
  const businessId = scope.businessId;
  const copyId = await scope.db.$transaction(async (tx) => {
    const copy = await tx.flow.create({
      data: {
        businessId,
        name: M.flows.copyName(source.name).slice(0, FLOW_LIMITS.nameMax),
        description: source.description,
        workflowType: source.workflowType,
        companyId: source.companyId,
        createdById: scope.user.id,
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
          stepType: step.stepType,
          addedContent: step.stepType === 'form' && step.hasContent,
          addedFields: step.stepType !== 'form' && step.hasFields,
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
    await logFlow(tx, scope, copy.id, null, [{ field: 'copiedFrom', from: null, to: source.name }]);
    return copy.id;
  });
  return (await readFlowRow(scope.sql, copyId)) ?? flowNotFound();
}

/**
 * Who the flow reaches once published (the Publish dialog): the contacts with portal access of its company, or of
 * every client company for a flow for all companies; their count and the first few first names.
 */
export async function flowPublishPreview(scope: Pick<TenantScope, 'db' | 'sql'>, input: z.output<typeof flowIdInput>) {
  const flow = (await readFlowRow(scope.sql, input.id)) ?? flowNotFound();
  // A portal user always has a company (server/auth/sessions.ts): contacts without one are never asked.
  // An archived company's contacts are not asked (its portal is closed), as server/notifications/fanout.ts.
  const live = sql`NOT EXISTS (SELECT 1 FROM "Company" ac WHERE ac."businessId" = ${TENANT} AND ac."id" = c."companyId" AND ac."archivedAt" IS NOT NULL)`;
  const audience =
    flow.companyId === null
      ? sql`c."businessId" = ${TENANT} AND c."portalAccess" = ${true} AND c."companyId" IS NOT NULL AND ${live}`
      : sql`c."businessId" = ${TENANT} AND c."portalAccess" = ${true} AND c."companyId" = ${flow.companyId} AND ${live}`;
  const [count, names] = await Promise.all([
    scope.sql.get(sql`SELECT COUNT(*) AS "n" FROM "Contact" c WHERE ${audience}`),
    scope.sql.all(
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
}

/**
 * Publishes a draft: refused (400) while it has no step. Clients then see it, and an activity entry 'published'
 * (client-visible when it is for a company) lets server/notifications ask them to complete it. Publishing a
 * published flow changes nothing.
 */
export async function publishFlow(scope: Writer, input: z.output<typeof flowIdInput>) {
  await scope.db
    .$transaction(async (tx) => {
      // Locked first: a step deleted meanwhile waits, so the step count read below still holds at commit.
      await lockFlow(tx, input.id, { id: true });
      const before = (await readFlowState(tx, input.id)) ?? flowNotFound();
      if (before.stepCount === 0) fail('BAD_REQUEST', M.flows.publishNeedsStep);
      if (before.isActive) return;
      await tx.flow.update({ where: { id: input.id }, data: { isActive: true }, select: { id: true } });
      await logPublication(tx, scope, input.id, before, (await readFlowState(tx, input.id)) ?? flowNotFound());
    })
    .catch(notFoundOn(M.flows.notFound));
  return (await readFlowRow(scope.sql, input.id)) ?? flowNotFound();
}

/** Hides a published flow from clients again; their submissions stay. Unpublishing a draft changes nothing. */
export async function unpublishFlow(scope: Writer, input: z.output<typeof flowIdInput>) {
  await scope.db
    .$transaction(async (tx) => {
      const before = (await readFlowState(tx, input.id)) ?? flowNotFound();
      if (!before.isActive) return;
      await tx.flow.update({ where: { id: input.id }, data: { isActive: false }, select: { id: true } });
      await logPublication(tx, scope, input.id, before, (await readFlowState(tx, input.id)) ?? flowNotFound());
    })
    .catch(notFoundOn(M.flows.notFound));
  return (await readFlowRow(scope.sql, input.id)) ?? flowNotFound();
}
