import { z } from 'zod';
import { STAFF_ROLES } from '../constants';
import { M } from '../messages';
import { idSchema } from './common';

/** Who signs in through a connection: the agency's team, or its clients in the portal. One connection each. */
const SSO_AUDIENCES = ['staff', 'client'] as const;
export type SsoAudience = (typeof SSO_AUDIENCES)[number];

/** A sign-in's round trip through the provider must end within this time (the SsoFlow row's lifetime). */
export const SSO_FLOW_MS = 10 * 60 * 1000;
/** Sign-ins through one connection in flight at once (each a row until it ends or expires): the start's bound. */
export const SSO_FLOWS_MAX = 500;
/** A connection's allow-list holds at most this many domains. */
const SSO_MAX_DOMAINS = 50;

const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** "Agency.example, @agency.co.uk" → ['agency.example', 'agency.co.uk']; each must be a domain. */
const allowedDomainsSchema = z
  .string()
  .max(4000)
  .transform((value, ctx) => {
    const domains = [
      ...new Set(
        value
          .split(/[\s,;]+/)
          .map((d) => d.trim().toLowerCase().replace(/^@/, ''))
          .filter(Boolean),
      ),
    ];
    for (const domain of domains) {
      if (!DOMAIN.test(domain)) ctx.addIssue({ code: 'custom', message: M.sso.domainInvalid(domain) });
    }
    if (domains.length > SSO_MAX_DOMAINS) ctx.addIssue({ code: 'custom', message: M.sso.tooManyDomains });
    return domains;
  });

export const ssoAudienceInput = z.object({ audience: z.enum(SSO_AUDIENCES) });

export const ssoSaveInput = z.object({
  audience: z.enum(SSO_AUDIENCES),
  issuer: z
    .string()
    .trim()
    .max(500, M.sso.issuerInvalid)
    .refine((v) => /^https?:\/\/[^\s]+$/.test(v), M.sso.issuerInvalid),
  clientId: z.string().trim().min(1, M.sso.clientIdRequired).max(500),
  /** Empty: keep the stored secret (a new connection needs one). */
  clientSecret: z.string().max(2000).default(''),
  allowedDomains: allowedDomainsSchema,
  defaultRole: z.enum(STAFF_ROLES).exclude(['owner']).default('member'),
  autoCreateCompanyId: idSchema.nullable().default(null),
  enabled: z.boolean().default(true),
  required: z.boolean().default(false),
});

const connectionOutput = z.object({
  id: z.number().int(),
  audience: z.enum(SSO_AUDIENCES),
  issuer: z.string(),
  clientId: z.string(),
  /** Whether a secret is stored; the secret itself never leaves the server. */
  hasSecret: z.boolean(),
  allowedDomains: z.array(z.string()),
  defaultRole: z.string(),
  autoCreateCompanyId: z.number().int().nullable(),
  enabled: z.boolean(),
  required: z.boolean(),
  providerName: z.string(),
  updatedAt: z.date(),
});
export type SsoConnectionView = z.infer<typeof connectionOutput>;

export const ssoSettingsOutput = z.object({
  staff: connectionOutput.nullable(),
  client: connectionOutput.nullable(),
  /** The redirect URLs to register at the provider. */
  redirectUrls: z.object({ staff: z.string(), client: z.string() }),
  /** Staff the provider refused on a sign-in (User.blockedAt). */
  blockedUsers: z.array(z.object({ id: z.number().int(), name: z.string(), email: z.string(), blockedAt: z.date() })),
});

export const ssoSaveOutput = connectionOutput;
export const ssoOkOutput = z.object({ ok: z.literal(true) });
export const ssoUnblockInput = z.object({ userId: idSchema });

/** The test's id is the hash of its state: it says nothing the provider's answer needs. */
export const ssoTestStartOutput = z.object({ testId: z.string(), url: z.string() });
/** `test`: the testId startTest answered (not named …Id: it names no row a matrix could sample). */
export const ssoTestResultInput = z.object({ test: z.string().trim().min(1).max(64) });
export const ssoTestResultOutput = z.object({
  done: z.boolean(),
  ok: z.boolean(),
  /** What the provider sent (the ID token's and the user info's claims), when it signed the owner in. */
  claims: z.record(z.string(), z.unknown()).nullable(),
  error: z.string().nullable(),
});

/** Whether a sign-in page shows the button, and the provider's name on it. */
export const ssoOptionOutput = z.object({ enabled: z.boolean(), providerName: z.string(), passwordOff: z.boolean() });
export const ssoSlugInput = z.object({ slug: z.string().trim().min(1).max(60) });
