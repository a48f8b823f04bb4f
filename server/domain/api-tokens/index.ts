/**
 * Personal API tokens (`Authorization: Bearer cf_pat_…` on every REST path and /trpc, with the owner's rights; see
 * server/auth/api-tokens.ts). Each user sees and revokes only their own.
 */
import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import { M } from '../../../shared/messages';
import type { apiTokenCreateInput, apiTokenIdInput } from '../../../shared/schemas/integrations';
import { recordActivity, staffActor } from '../../activity';
import { newApiToken } from '../../auth/api-tokens';
import { sql, TENANT, toDate, toDateOrNull, toInt, type Row } from '../../sql';
import type { StaffScope } from '../context';

type Scope = Pick<StaffScope, 'db' | 'businessId' | 'user'>;

const tokenSelect = { id: true, name: true, prefix: true, createdAt: true, lastUsedAt: true } as const;

const notFound = (): never => {
  throw new TRPCError({ code: 'NOT_FOUND', message: M.apiTokens.notFound });
};

/** Newest first. Hand-written SQL, like team.list: Prisma's per-query cost was most of its time (npm run bench). */
export async function listApiTokens(scope: Pick<StaffScope, 'sql' | 'user'>) {
  const rows = await scope.sql.all<Row>(sql`
    SELECT "id", "name", "prefix", "createdAt", "lastUsedAt" FROM "ApiToken"
    WHERE "businessId" = ${TENANT} AND "userId" = ${scope.user.id} ORDER BY "createdAt" DESC, "id" DESC`);
  return rows.map((r) => ({
    id: toInt(r.id),
    name: String(r.name),
    prefix: String(r.prefix),
    createdAt: toDate(r.createdAt),
    lastUsedAt: toDateOrNull(r.lastUsedAt),
  }));
}

/** The token is answered this once; only its SHA-256 is stored. */
export async function createApiToken(scope: Scope, input: z.infer<typeof apiTokenCreateInput>) {
  const { token, tokenHash, prefix } = newApiToken();
  const row = await scope.db.$transaction(async (tx) => {
    const created = await tx.apiToken.create({
      data: { businessId: scope.businessId, userId: scope.user.id, name: input.name, tokenHash, prefix },
      select: tokenSelect,
    });
    // The token's name only: never the token, its prefix or its hash.
    await recordActivity(tx, scope.businessId, staffActor(scope.user), {
      entityType: 'api_token',
      entityId: created.id,
      entityName: created.name,
      action: 'created',
    });
    return created;
  });
  return { ...row, token };
}

/** Works at once: the next request with the token answers 401. */
export async function revokeApiToken(scope: Scope, input: z.infer<typeof apiTokenIdInput>) {
  await scope.db.$transaction(async (tx) => {
    const token =
      (await tx.apiToken.findFirst({ where: { id: input.id, userId: scope.user.id }, select: { name: true } })) ??
      notFound();
    const revoked = await tx.apiToken.deleteMany({ where: { id: input.id, userId: scope.user.id } });
    if (revoked.count !== 1) notFound();
    await recordActivity(tx, scope.businessId, staffActor(scope.user), {
      entityType: 'api_token',
      entityId: input.id,
      entityName: token.name,
      action: 'deleted',
    });
  });
  return { ok: true as const };
}
