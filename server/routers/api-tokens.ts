import {
  apiTokenCreatedOutput,
  apiTokenCreateInput,
  apiTokenIdInput,
  apiTokenListOutput,
  apiTokenRevokeOutput,
} from '../../shared/schemas/integrations';
import { createApiToken, listApiTokens, revokeApiToken } from '../domain/api-tokens';
import { permittedProcedure, router } from '../trpc';

/**
 * Personal API tokens (`Authorization: Bearer cf_pat_…` on every REST path and /trpc, with the owner's rights; see
 * server/auth/api-tokens.ts). Each user sees and revokes only their own. Creating one needs a signed-in session: a
 * token cannot mint more tokens. Revoking is allowed with a token too (it only takes access away).
 */
export const apiTokensRouter = router({
  /** Newest first. Hand-written SQL, like team.list: Prisma's per-query cost was most of its time (npm run bench). */
  list: permittedProcedure('integrations.manage')
    .output(apiTokenListOutput)
    .query(({ ctx }) => listApiTokens(ctx)),

  /** The token is answered this once; only its SHA-256 is stored. */
  create: permittedProcedure('integrations.manage', { sessionOnly: true })
    .input(apiTokenCreateInput)
    .output(apiTokenCreatedOutput)
    .mutation(({ ctx, input }) => createApiToken(ctx, input)),

  /** Works at once: the next request with the token answers 401. */
  revoke: permittedProcedure('integrations.manage')
    .input(apiTokenIdInput)
    .output(apiTokenRevokeOutput)
    .mutation(({ ctx, input }) => revokeApiToken(ctx, input)),
});
