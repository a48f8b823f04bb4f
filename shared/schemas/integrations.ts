import { z } from 'zod';
import { M } from '../messages';
import { idSchema } from './common';

/** Every personal API token starts with this, so it is recognisable in logs and secret scanners. */
export const API_TOKEN_PREFIX = 'cf_pat_';
/** How many characters of a token the list shows (the prefix and the first random ones), to tell tokens apart. */
export const API_TOKEN_SHOWN_CHARS = API_TOKEN_PREFIX.length + 6;
/** Both databases keep a token's name as text; 100 characters is plenty for "Reporting script (staging)". */
const API_TOKEN_NAME_MAX = 100;

/** A token as the list shows it: never the token itself, only its first characters. */
const apiTokenOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string(),
  createdAt: z.date(),
  lastUsedAt: z.date().nullable(),
});
export const apiTokenListOutput = z.array(apiTokenOutput);

export const apiTokenCreateInput = z.object({
  name: z.string().trim().min(1, M.apiTokens.nameRequired).max(API_TOKEN_NAME_MAX),
});
export type ApiTokenCreateForm = z.input<typeof apiTokenCreateInput>;
/** token: the secret, answered this once (only its SHA-256 is stored). */
export const apiTokenCreatedOutput = apiTokenOutput.extend({ token: z.string() });

/** The signed-in user's own token; anyone else's (or another agency's) answers NOT_FOUND (M.apiTokens.notFound). */
export const apiTokenIdInput = z.object({ id: idSchema });
export const apiTokenRevokeOutput = z.object({ ok: z.literal(true) });

/** Whether outgoing e-mail is set up (SMTP_URL), and the From address (MAIL_FROM). */
export const emailStatusOutput = z.object({ configured: z.boolean(), from: z.string().nullable() });
/** A test e-mail to the signed-in user: sent (the SMTP server accepted it) or why not. */
export const testEmailOutput = z.object({
  sent: z.boolean(),
  to: z.string(),
  reason: z.enum(['sent', 'not-configured', 'failed']),
});
