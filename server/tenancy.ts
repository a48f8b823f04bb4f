/**
 * The tenant-scoped Prisma client handed to staff and portal procedures as `ctx.db`.
 *
 * A Prisma client extension adds the business to every `where` and every written `data` of the tenant-owned
 * models, so a router cannot forget it: a foreign id simply finds nothing (NOT_FOUND), and a create always
 * lands in the session's business. Models that are not tenant-owned (sessions, the throttle) are refused, and
 * the Business model answers only for the session's own business. Cross-tenant links are also impossible in
 * the database itself: every child names its parent by (businessId, id) (composite foreign keys).
 *
 * Writes use scalar ids (`companyId: 3`), not `connect`, so the business id is one column shared by the row
 * and all its links.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from './db';
import { Prisma } from './generated/sqlite/client';

/** Models that carry `businessId` but are not tenant-owned rows (none today; name one here, with the reason). */
const NOT_TENANT_OWNED: readonly string[] = [];

/**
 * Models whose rows carry `businessId`, read from the Prisma schema (each model's scalar fields, as the generated
 * client lists them), so a new tenant-owned model needs no entry here; the tests check the list against the schema.
 */
export const TENANT_MODELS: readonly Prisma.ModelName[] = Object.values(Prisma.ModelName).filter(
  (model) =>
    !NOT_TENANT_OWNED.includes(model) &&
    'businessId' in (Prisma as unknown as Record<string, object>)[`${model}ScalarFieldEnum`],
);
const tenantModels = new Set<string>(TENANT_MODELS);

const WHERE_OPERATIONS = new Set([
  'findUnique',
  'findUniqueOrThrow',
  'findFirst',
  'findFirstOrThrow',
  'findMany',
  'update',
  'updateMany',
  'updateManyAndReturn',
  'upsert',
  'delete',
  'deleteMany',
  'count',
  'aggregate',
  'groupBy',
]);

type Args = Record<string, unknown> & {
  where?: Record<string, unknown>;
  data?: unknown;
  create?: unknown;
  update?: unknown;
};

function withBusiness(data: unknown, businessId: number): unknown {
  if (Array.isArray(data)) return data.map((d) => withBusiness(d, businessId));
  return { ...(data as object), businessId };
}

/** Updates never move a row to another business. */
function withoutBusiness(data: unknown): unknown {
  if (!data || typeof data !== 'object' || !('businessId' in data)) return data;
  const { businessId: _ignored, ...rest } = data as Record<string, unknown>;
  return rest;
}

function scopeArgs(model: string, operation: string, input: unknown, businessId: number): Args {
  const args = { ...((input ?? {}) as Args) };
  if (model === 'Business') {
    // The tenant itself: reads and updates of the session's own business only.
    if (!['findUnique', 'findUniqueOrThrow', 'findFirst', 'findFirstOrThrow', 'update'].includes(operation)) {
      throw new Error(`Business.${operation} is not available on the tenant-scoped client.`);
    }
    args.where = { ...args.where, AND: [{ id: businessId }] };
    return args;
  }
  if (!tenantModels.has(model))
    throw new Error(`${model} is not tenant-owned; use the unscoped client where that is intended.`);
  if (WHERE_OPERATIONS.has(operation)) args.where = { ...args.where, businessId };
  switch (operation) {
    case 'create':
    case 'createMany':
    case 'createManyAndReturn':
      args.data = withBusiness(args.data, businessId);
      break;
    case 'update':
    case 'updateMany':
    case 'updateManyAndReturn':
      args.data = withoutBusiness(args.data);
      break;
    case 'upsert':
      args.create = withBusiness(args.create, businessId);
      args.update = withoutBusiness(args.update);
      break;
  }
  return args;
}

const tenant = new AsyncLocalStorage<number>();

/** Runs `fn` (a procedure) with `businessId` as the tenant of every query of the scoped client. */
export function runAsTenant<T>(businessId: number, fn: () => T): T {
  return tenant.run(businessId, fn);
}

/**
 * One extended client per app; the business comes from the procedure being run (AsyncLocalStorage), so no
 * per-request client is built (that costs ~0.1 ms). Used outside a tenant procedure, it throws.
 */
export function tenantScopedDb(db: Db) {
  return db.$extends({
    name: 'tenant',
    query: {
      $allModels: {
        $allOperations({ model, operation, args, query }) {
          const businessId = tenant.getStore();
          if (businessId === undefined)
            throw new Error('The tenant-scoped client was used outside a staff or portal procedure.');
          return query(scopeArgs(model, operation, args, businessId) as typeof args);
        },
      },
    },
  });
}

export type ScopedDb = ReturnType<typeof tenantScopedDb>;
