/**
 * Resources (/hub/resources): tools and information items of a client company, each with ordered key/value
 * details (the spec's `value` map), shown in the client's portal when staff mark them visible. The list is
 * hand-written keyset SQL with the page's details in one more statement; writes replace the details in the same
 * transaction as the resource. The company must be the agency's, the project (optional) the agency's and that
 * company's; another agency's row looks exactly like a missing one (NOT_FOUND).
 */
import { TRPCError } from '@trpc/server';
import { M } from '../../../shared/messages';
import type { z } from 'zod';
import {
  detailsToValue,
  type resourceIdInput,
  type resourceListInput,
  type resourcesForCompanyInput,
  type resourceVisibilityInput,
  type ResourceCreate,
  type ResourceDetail,
  type ResourceRow,
  type ResourceUpdate,
} from '../../../shared/schemas/resources';
import type { shareAudienceInput } from '../../../shared/schemas/documents';
import { resourceTypesFor } from '../../../shared/status';
import { notFoundOn } from '../../errors';
import { resourceSorts } from '../../../shared/schemas/resources';
import { byColumns, containsText, sortedPage, listSort, type SortSegment } from '../../lib/pagination';
import { join, sql, TENANT, toBool, toDate, toInt, type Row, type Sql, type SqlRunner } from '../../sql';
import type { ScopedDb } from '../../tenancy';
import type { Prisma } from '../../generated/sqlite/client';
import type { StaffScope, TenantScope } from '../context';
import { changesOf, recordActivity, staffActor, type ActivityWriter } from '../../activity';
import type { ActivityChange } from '../../../shared/activity';
import { shareAudience } from '../../portal/audience';
import { isOurCompany } from '../companies/ours';

const R = M.resources;

const notFound = (): never => {
  throw new TRPCError({ code: 'NOT_FOUND', message: R.notFound });
};

const columns = sql`t."id", t."title", t."description", t."type", t."status", t."visibleToClient", t."companyId", t."projectId", t."createdAt", t."updatedAt"`;

/** The company and project names of a resource aliased `r`, each one indexed look-up by (businessId, id). */
const namesOf = (r: Sql) => sql`
  (SELECT rc."name" FROM "Company" rc WHERE rc."businessId" = ${TENANT} AND rc."id" = ${r}."companyId") AS "companyName",
  (SELECT rp."name" FROM "Project" rp WHERE rp."businessId" = ${TENANT} AND rp."id" = ${r}."projectId") AS "projectName"`;

function resourceFromRow(r: Row, details: ResourceDetail[]): ResourceRow {
  const companyId = toInt(r.companyId);
  const projectId = r.projectId == null ? null : toInt(r.projectId);
  return {
    id: toInt(r.id),
    title: String(r.title),
    description: String(r.description),
    type: String(r.type) as ResourceRow['type'],
    status: String(r.status) as ResourceRow['status'],
    visibleToClient: toBool(r.visibleToClient),
    companyId,
    projectId,
    company: { id: companyId, name: String(r.companyName ?? '') },
    project: projectId !== null && r.projectName != null ? { id: projectId, name: String(r.projectName) } : null,
    value: detailsToValue(details),
    details,
    createdAt: toDate(r.createdAt),
    updatedAt: toDate(r.updatedAt),
  };
}

/** The details of the given resources, in their order, in one statement over the (businessId, resourceId) index. */
async function detailsOf(db: SqlRunner, ids: number[]): Promise<Map<number, ResourceDetail[]>> {
  const byResource = new Map<number, ResourceDetail[]>(ids.map((id) => [id, []]));
  if (!ids.length) return byResource;
  const rows = await db.all(sql`
    SELECT d."resourceId", d."key", d."value" FROM "ResourceDetail" d
    WHERE d."businessId" = ${TENANT} AND d."resourceId" IN (${join(
      ids.map((id) => sql`${id}`),
      ', ',
    )})
    ORDER BY d."resourceId", d."position", d."id"`);
  for (const row of rows)
    byResource.get(toInt(row.resourceId))?.push({ key: String(row.key), value: String(row.value) });
  return byResource;
}

/** One resource with its names and details; null when it is not the agency's. */
async function readResource(db: SqlRunner, id: number): Promise<ResourceRow | null> {
  const [row, details] = await Promise.all([
    db.get(
      sql`SELECT ${columns}, ${namesOf(sql`t`)} FROM "Resource" t WHERE t."businessId" = ${TENANT} AND t."id" = ${id}`,
    ),
    detailsOf(db, [id]),
  ]);
  return row ? resourceFromRow(row, details.get(id) ?? []) : null;
}

/**
 * Where a resource goes, checked against the agency: the company must be the agency's, the project (optional)
 * the agency's and that company's. Either failure answers NOT_FOUND, like a missing row.
 */
async function placementOf(db: ScopedDb, companyId: number, projectId: number | null) {
  const [company, project] = await Promise.all([
    db.company.findUnique({ where: { id: companyId }, select: { id: true } }),
    projectId === null ? null : db.project.findUnique({ where: { id: projectId }, select: { companyId: true } }),
  ]);
  if (!company) throw new TRPCError({ code: 'NOT_FOUND', message: R.companyNotFound });
  if (projectId !== null && project?.companyId !== companyId)
    throw new TRPCError({ code: 'NOT_FOUND', message: R.projectNotFound });
  return { companyId, projectId };
}

type DetailWriter = { resourceDetail: Pick<ScopedDb['resourceDetail'], 'createMany' | 'deleteMany'> };

/** Writes a resource's details in their order (inside the caller's transaction). */
async function writeDetails(
  tx: DetailWriter,
  businessId: number,
  resourceId: number,
  details: ResourceDetail[],
  replace: boolean,
) {
  if (replace) await tx.resourceDetail.deleteMany({ where: { resourceId } });
  if (details.length) {
    await tx.resourceDetail.createMany({
      data: details.map((d, position) => ({ businessId, resourceId, key: d.key, value: d.value, position })),
    });
  }
}

/** What an activity entry compares of a resource: its fields, company and project by name, and its details' keys. */
const resourceStateSelect = {
  title: true,
  description: true,
  type: true,
  status: true,
  visibleToClient: true,
  companyId: true,
  projectId: true,
  company: { select: { name: true } },
  project: { select: { name: true } },
  details: { select: { key: true, value: true }, orderBy: { position: 'asc' } },
} as const;
type ResourceState = Prisma.ResourceGetPayload<{ select: typeof resourceStateSelect }>;
type ResourceTx = ActivityWriter & {
  resource: {
    findUnique(args: { where: { id: number }; select: typeof resourceStateSelect }): PromiseLike<ResourceState | null>;
  };
};

/**
 * A resource's changes, old → new. Its details may hold credentials: only their keys are shown (a change of values
 * alone is a 'details' change without any value).
 */
function resourceChanges(before: ResourceState | null, after: ResourceState): ActivityChange[] {
  const changes = changesOf(before, after, ['title', 'description', 'type', 'status', 'visibleToClient']);
  if (before?.companyId !== after.companyId)
    changes.push({ field: 'company', from: before?.company.name ?? null, to: after.company.name });
  if ((before?.projectId ?? null) !== after.projectId)
    changes.push({ field: 'project', from: before?.project?.name ?? null, to: after.project?.name ?? null });
  const keys = (r: ResourceState | null) => (r?.details ?? []).map((d) => d.key).join(', ') || null;
  if (JSON.stringify(before?.details ?? []) !== JSON.stringify(after.details)) {
    const [from, to] = [keys(before), keys(after)];
    changes.push(from === to ? { field: 'details', from: null, to: null } : { field: 'details', from, to });
  }
  return changes;
}

/** Logs a resource's creation or change in the write's transaction; a resource shown to the client is in its portal. */
async function logResource(
  tx: ResourceTx,
  ctx: Pick<StaffScope, 'businessId' | 'user'>,
  id: number,
  before: ResourceState | null,
) {
  const after = await tx.resource.findUnique({ where: { id }, select: resourceStateSelect });
  if (!after) return;
  const changes = resourceChanges(before, after);
  if (before && changes.length === 0) return;
  await recordActivity(tx, ctx.businessId, staffActor(ctx.user), {
    entityType: 'resource',
    entityId: id,
    entityName: after.title,
    companyId: after.companyId,
    action: before ? 'updated' : 'created',
    changes,
    clientVisible: after.visibleToClient,
  });
}

/** Who writes: the agency's clients and the staff user the activity log names. */
type Writer = Pick<StaffScope, 'businessId' | 'db' | 'sql' | 'user'>;

/**
 * Newest first (by id, over the (businessId, id) key), search on title and description, filters on type (the
 * route's words mapped in shared/status.ts), status and company; each row with its names and details.
 */
/** Each sort over its (businessId, key, id) index. */
const resourceSortSegments: Record<(typeof resourceSorts.keys)[number], SortSegment[]> = {
  title: byColumns({ expr: sql`t."title"`, type: 'text' }),
  // By id, as before sorting existed: the order of creation, over the primary key.
  created: byColumns(),
};

const resourceSort = listSort(resourceSorts, resourceSortSegments, { column: 'id', direction: 'desc' });

export async function listResources(scope: Pick<TenantScope, 'sql'>, input: z.output<typeof resourceListInput>) {
  const { search, type, status, companyId } = input;
  const filters: Sql[] = [];
  if (search)
    filters.push(
      sql`(${containsText(scope.sql, sql`t."title"`, search)} OR ${containsText(scope.sql, sql`t."description"`, search)})`,
    );
  if (type)
    filters.push(
      sql`t."type" IN (${join(
        resourceTypesFor(type).map((v) => sql`${v}`),
        ', ',
      )})`,
    );
  if (status) filters.push(sql`t."status" = ${status}`);
  if (companyId !== undefined) filters.push(sql`t."companyId" = ${companyId}`);
  const [company, page] = await Promise.all([
    companyId === undefined ? true : isOurCompany(scope.sql, companyId),
    sortedPage(scope.sql, {
      table: 'Resource',
      columns,
      filters,
      sort: resourceSort(input),
      pageExtras: namesOf(sql`p`),
      limit: input.limit,
      cursor: input.cursor,
      withOverall: input.withOverall,
      map: (row) => row,
    }),
  ]);
  if (!company) throw new TRPCError({ code: 'NOT_FOUND', message: R.companyNotFound });
  const details = await detailsOf(
    scope.sql,
    page.items.map((row) => toInt(row.id)),
  );
  return { ...page, items: page.items.map((row) => resourceFromRow(row, details.get(toInt(row.id)) ?? [])) };
}

export async function getResource(scope: Pick<TenantScope, 'sql'>, input: z.output<typeof resourceIdInput>) {
  return (await readResource(scope.sql, input.id)) ?? notFound();
}

/** POST /resources/v1 (spec §7.3): the resource and its details in one transaction. */
export async function createResource(scope: Writer, input: ResourceCreate) {
  const { details, ...fields } = input;
  const where = await placementOf(scope.db, fields.companyId, fields.projectId);
  const id = await scope.db.$transaction(async (tx) => {
    const resource = await tx.resource.create({
      data: {
        businessId: scope.businessId,
        ...where,
        title: fields.title,
        description: fields.description,
        type: fields.type,
        status: fields.status,
        visibleToClient: fields.visibleToClient,
      },
      select: { id: true },
    });
    await writeDetails(tx, scope.businessId, resource.id, details, false);
    await logResource(tx, scope, resource.id, null);
    return resource.id;
  });
  return (await readResource(scope.sql, id)) ?? notFound();
}

/**
 * Only the given fields change; given details (rows or map) replace all of them, in the same transaction. A new
 * company takes the resource out of its project unless a project of that company is given.
 */
export async function updateResource(scope: Writer, input: ResourceUpdate) {
  const { id, details, companyId, projectId, visibleToClient, ...fields } = input;
  const current = await scope.db.resource.findUnique({ where: { id }, select: { companyId: true, projectId: true } });
  if (!current) return notFound();
  const nextCompany = companyId ?? current.companyId;
  const nextProject =
    projectId !== undefined ? projectId : nextCompany !== current.companyId ? null : current.projectId;
  const moved = nextCompany !== current.companyId || nextProject !== current.projectId;
  const where = moved ? await placementOf(scope.db, nextCompany, nextProject) : {};
  await scope.db
    .$transaction(async (tx) => {
      // Always a real UPDATE (updatedAt set explicitly: with only details given Prisma would send none): its row
      // lock makes a concurrent edit wait, so on PostgreSQL two edits never interleave their delete and insert.
      const before = (await tx.resource.findUnique({ where: { id }, select: resourceStateSelect })) ?? notFound();
      await tx.resource.update({
        where: { id },
        data: {
          ...fields,
          ...where,
          ...(visibleToClient === undefined ? {} : { visibleToClient }),
          updatedAt: new Date(),
        },
        select: { id: true },
      });
      if (details !== undefined) await writeDetails(tx, scope.businessId, id, details, true);
      await logResource(tx, scope, id, before);
    })
    .catch(notFoundOn(R.notFound));
  return (await readResource(scope.sql, id)) ?? notFound();
}

/** DELETE /resources/v1/{id}: the resource and its details, in one transaction. */
export function removeResource(scope: Writer, input: z.output<typeof resourceIdInput>) {
  const { id } = input;
  return scope.db
    .$transaction(async (tx) => {
      const resource = await tx.resource.findUnique({
        where: { id },
        select: { title: true, companyId: true, visibleToClient: true },
      });
      if (!resource) return notFound();
      await tx.resourceDetail.deleteMany({ where: { resourceId: id } });
      await tx.resource.delete({ where: { id }, select: { id: true } });
      await recordActivity(tx, scope.businessId, staffActor(scope.user), {
        entityType: 'resource',
        entityId: id,
        entityName: resource.title,
        companyId: resource.companyId,
        action: 'deleted',
        clientVisible: resource.visibleToClient,
      });
      return { ok: true as const };
    })
    .catch(notFoundOn(R.notFound));
}

/** A company's resources, for the company dialog's Resources Access tab. */
export async function resourcesForCompany(
  scope: Pick<TenantScope, 'db'>,
  input: z.output<typeof resourcesForCompanyInput>,
) {
  const company = await scope.db.company.findFirst({ where: { id: input.companyId }, select: { id: true } });
  if (!company) throw new TRPCError({ code: 'NOT_FOUND', message: M.companies.notFound });
  return scope.db.resource.findMany({
    where: { companyId: company.id },
    select: {
      id: true,
      title: true,
      description: true,
      type: true,
      status: true,
      visibleToClient: true,
      projectId: true,
    },
    orderBy: [{ title: 'asc' }, { id: 'asc' }],
  });
}

/** Who sharing a resource with a company reaches: the share switch's question (the files' shareAudience). */
export function resourceShareAudience(
  scope: Pick<TenantScope, 'db' | 'sql'>,
  input: z.output<typeof shareAudienceInput>,
) {
  return shareAudience(scope, input);
}

/** Shows or hides a resource in the client's portal (the same flag as the resource's own `visibleToClient`). */
export function setResourceVisibility(scope: Writer, input: z.output<typeof resourceVisibilityInput>) {
  return scope.db
    .$transaction(async (tx) => {
      const before =
        (await tx.resource.findUnique({ where: { id: input.id }, select: resourceStateSelect })) ?? notFound();
      const row = await tx.resource.update({
        where: { id: input.id },
        data: { visibleToClient: input.visibleToClient },
        select: { id: true, visibleToClient: true },
      });
      await logResource(tx, scope, input.id, before);
      return row;
    })
    .catch(notFoundOn(R.notFound));
}
