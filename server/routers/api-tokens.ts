import { TRPCError } from '@trpc/server';
import { M } from '../../shared/messages';
import {
  apiTokenCreatedOutput,
  apiTokenCreateInput,
  apiTokenIdInput,
  apiTokenListOutput,
  apiTokenRevokeOutput,
} from '../../shared/schemas/integrations';
import { newApiToken } from '../auth/api-tokens';
import { sql, TENANT, toDate, toInt, type Row } from '../sql';
import { permittedProcedure, router } from '../trpc';
import { recordActivity, staffActor } from '../activity';

const tokenSelect = { id: true, name: true, prefix: true, createdAt: true, lastUsedAt: true } as const;

/**
 * Personal API tokens (`Authorization: Bearer cf_pat_…` on every REST path and /trpc, with the owner's rights; see
 * server/auth/api-tokens.ts). Each user sees and revokes only their own. Creating one needs a signed-in session: a
 * token cannot mint more tokens. Revoking is allowed with a token too (it only takes access away).
 */
export const apiTokensRouter = router({
  /** Newest first. Hand-written SQL, like team.list: Prisma's per-query cost was most of its time (npm run bench). */
  list: permittedProcedure('integrations.manage')
    .output(apiTokenListOutput)
    .query(async ({ ctx }) => {
      const rows = await ctx.sql.all<Row>(sql`
        SELECT "id", "name", "prefix", "createdAt", "lastUsedAt" FROM "ApiToken"
        WHERE "businessId" = ${TENANT} AND "userId" = ${ctx.user.id} ORDER BY "createdAt" DESC, "id" DESC`);
      return rows.map((r) => ({
        id: toInt(r.id),
        name: String(r.name),
        prefix: String(r.prefix),
        createdAt: toDate(r.createdAt),
        lastUsedAt: r.lastUsedAt === null ? null : toDate(r.lastUsedAt),
      }));
    }),

  /** The token is answered this once; only its SHA-256 is stored. */
  create: permittedProcedure('integrations.manage', { sessionOnly: true })
    .input(apiTokenCreateInput)
    .output(apiTokenCreatedOutput)
    .mutation(async ({ ctx, input }) => {
      const { token, tokenHash, prefix } = newApiToken();
      const row = await ctx.db.$transaction(async (tx) => {
        const created = await tx.apiToken.create({
          data: { businessId: ctx.businessId, userId: ctx.user.id, name: input.name, tokenHash, prefix },
          select: tokenSelect,
        });
        // The token's name only: never the token, its prefix or its hash.
        await recordActivity(tx, ctx.businessId, staffActor(ctx.user), {
          entityType: 'api_token',
          entityId: created.id,
          entityName: created.name,
          action: 'created',
        });
        return created;
      });
      return { ...row, token };
    }),

  /** Works at once: the next request with the token answers 401. */
  revoke: permittedProcedure('integrations.manage')
    .input(apiTokenIdInput)
    .output(apiTokenRevokeOutput)
    .mutation(async ({ ctx, input }) => {
      const notFound = (): never => {
        throw new TRPCError({ code: 'NOT_FOUND', message: M.apiTokens.notFound });
      };
      await ctx.db.$transaction(async (tx) => {
        const token =
          (await tx.apiToken.findFirst({ where: { id: input.id, userId: ctx.user.id }, select: { name: true } })) ??
          notFound();
        const revoked = await tx.apiToken.deleteMany({ where: { id: input.id, userId: ctx.user.id } });
        if (revoked.count !== 1) notFound();
        await recordActivity(tx, ctx.businessId, staffActor(ctx.user), {
          entityType: 'api_token',
          entityId: input.id,
          entityName: token.name,
          action: 'deleted',
        });
      });
      return { ok: true as const };
    }),
});
