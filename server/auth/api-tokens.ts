import { API_TOKEN_PREFIX, API_TOKEN_SHOWN_CHARS } from '../../shared/schemas/integrations';
import { recordActivity, staffActor, type ActivityWriter } from '../activity';
import type { Database, Db } from '../db';
import { raw, sql, toDate, toInt } from '../sql';
import { isSetupNeeded, TWO_FACTOR_SETUP_NEEDED_SQL, type StaffSession } from './sessions';
import { generateSessionToken, hashToken } from './tokens';

/** lastUsedAt is written at most this often per token: a busy script must not turn every read into a write. */
export const API_TOKEN_TOUCH_MS = 60_000;

/** An API token never expires by itself (it is revoked): the session shape still needs a date. */
const NEVER = new Date(8_640_000_000_000_000);

/** True for the shape of a personal API token (`cf_pat_` + 32 base32 characters), whatever its validity. */
export const isApiToken = (token: string) => token.startsWith(API_TOKEN_PREFIX);

/** A new token: the secret (shown once), the SHA-256 it is stored under, and the first characters the list shows. */
export function newApiToken() {
  const token = API_TOKEN_PREFIX + generateSessionToken();
  return { token, tokenHash: hashToken(token), prefix: token.slice(0, API_TOKEN_SHOWN_CHARS) };
}

/**
 * The staff session an API token stands for: its owner, with the owner's role as it is now, in their agency.
 * One indexed statement by the token's hash (a revoked token is a deleted row, so it stops at once); lastUsedAt
 * moves at most once a minute. Never renewed, never a cookie (server/trpc.ts only asks with a Bearer header).
 */
export async function validateApiToken(
  database: Database,
  token: string,
  now = new Date(),
): Promise<StaffSession | null> {
  const row = await database.sql.get<Record<string, unknown>>(sql`
    SELECT t."id" AS "tokenId", t."lastUsedAt", u."id", u."email", u."firstName", u."lastName", u."role", u."businessId",
           b."name" AS "businessName", b."slug" AS "businessSlug", ${raw(TWO_FACTOR_SETUP_NEEDED_SQL)}
    FROM "ApiToken" t
    JOIN "User" u ON u."businessId" = t."businessId" AND u."id" = t."userId"
    JOIN "Business" b ON b."id" = t."businessId"
    WHERE t."tokenHash" = ${hashToken(token)}`);
  if (!row) return null;
  const tokenId = toInt(row.tokenId);
  const lastUsedAt = row.lastUsedAt === null || row.lastUsedAt === undefined ? null : toDate(row.lastUsedAt);
  if (!lastUsedAt || now.getTime() - lastUsedAt.getTime() >= API_TOKEN_TOUCH_MS) {
    await database.db.apiToken.updateMany({ where: { id: tokenId }, data: { lastUsedAt: now } });
  }
  const businessId = toInt(row.businessId);
  return {
    sessionId: '',
    apiTokenId: tokenId,
    expiresAt: NEVER,
    renewed: false,
    user: {
      id: toInt(row.id),
      email: String(row.email),
      firstName: String(row.firstName),
      lastName: String(row.lastName),
      role: String(row.role),
      businessId,
    },
    business: { id: businessId, name: String(row.businessName), slug: String(row.businessSlug) },
    twoFactorSetupNeeded: isSetupNeeded(row.twoFactorSetupNeeded),
  };
}

/**
 * Ends every personal API token of a user, inside the caller's transaction (a password reset always; a password
 * change unless the user keeps them): a token made with a stolen session must not outlive the recovery. Each one
 * is logged as revoked, like apiTokens.revoke does. Returns how many ended.
 */
export async function revokeUserApiTokens(
  tx: Pick<Db, 'apiToken'> & ActivityWriter,
  user: { id: number; businessId: number; firstName: string; lastName: string },
): Promise<number> {
  const where = { businessId: user.businessId, userId: user.id };
  const tokens = await tx.apiToken.findMany({ where, select: { id: true, name: true } });
  if (tokens.length === 0) return 0;
  await tx.apiToken.deleteMany({ where: { ...where, id: { in: tokens.map((t) => t.id) } } });
  for (const token of tokens) {
    await recordActivity(tx, user.businessId, staffActor(user), {
      entityType: 'api_token',
      entityId: token.id,
      entityName: token.name,
      action: 'deleted',
    });
  }
  return tokens.length;
}
