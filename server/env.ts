import path from 'node:path';
import { z } from 'zod';
import { LOG_LEVELS } from './log';

/** An optional text setting: unset, empty or blank all mean "not set". */
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || undefined);

/** A session lifetime in days: from 1 hour to 1 year. */
const sessionDays = z.coerce
  .number('must be a number of days, such as 30 or 0.5')
  .min(1 / 24, 'must be at least 1 hour (0.042 days)')
  .max(365, 'must be at most 365 days');

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATABASE_URL: z
      .string()
      .default('file:./data/app.db')
      .refine(
        (v) => /^(file:|postgres(ql)?:\/\/)/.test(v),
        'must start with file: (SQLite) or postgresql:// (PostgreSQL)',
      ),
    /** Where uploaded files, logos and exports are kept: `local` (UPLOAD_DIR on this machine) or `s3` (a bucket). */
    STORAGE: z.enum(['local', 's3'], 'must be local or s3').default('local'),
    UPLOAD_DIR: z.string().min(1).default('./data/uploads'),
    /** STORAGE=s3: the service's address; unset for AWS S3 itself (R2: https://<account>.r2.cloudflarestorage.com). */
    S3_ENDPOINT: optionalText.refine(
      (v) => v === undefined || /^https?:\/\/[^\s/]+/.test(v),
      'must be an address such as https://s3.example.com or http://minio:9000',
    ),
    S3_BUCKET: optionalText.refine(
      (v) => v === undefined || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(v),
      'must be a bucket name: 3 to 63 lower-case letters, digits, dots or hyphens',
    ),
    /** AWS region of the bucket (R2: auto; MinIO: us-east-1 unless configured otherwise). */
    S3_REGION: optionalText.refine(
      (v) => v === undefined || /^[a-z0-9-]{2,32}$/.test(v),
      'must be a region such as eu-west-1, auto or us-east-1',
    ),
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    /** true for MinIO and most self-hosted servers (https://host/bucket/key); false for AWS and R2. */
    S3_FORCE_PATH_STYLE: z
      .enum(['true', 'false', '1', '0', ''], 'must be true or false')
      .optional()
      .transform((v) => v === 'true' || v === '1'),
    /** The largest file one upload may carry, in bytes (sizes are stored as 32-bit integers: at most 2 GiB − 1). */
    MAX_UPLOAD_BYTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(2_147_483_647)
      .default(100 * 1024 * 1024),
    /**
     * Each agency's storage quota in bytes: the sum of its stored files (hub uploads, clients' flow uploads, imported
     * files). An upload or import that would go over it is refused with 413. 0 (the default): no quota.
     */
    STORAGE_QUOTA_BYTES: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
    /** The largest export zip an import may upload, in bytes (a temporary file on disk; default and most: 2 GiB − 1). */
    IMPORT_MAX_BYTES: z.coerce.number().int().min(1).max(2_147_483_647).default(2_147_483_647),
    /** The most an export zip may unpack to, all its entries together, in bytes (default 4 GiB). */
    IMPORT_MAX_UNPACKED_BYTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(Number.MAX_SAFE_INTEGER)
      .default(4 * 1024 ** 3),
    /** The most an export zip (and each of its entries over 1 MiB) may unpack to, as a multiple of its packed size. */
    IMPORT_MAX_RATIO: z.coerce.number().int().min(1).max(100_000).default(100),
    PUBLIC_URL: z.url('must be an absolute URL such as https://hub.example.com').optional(),
    /**
     * The key that encrypts secrets kept in the database (an identity provider's client secret): any long random text,
     * e.g. `openssl rand -hex 32`. Unset: a key generated once into secret.key in the data folder (server/auth/secret-box.ts).
     */
    SECRET_KEY: optionalText.refine(
      (v) => v === undefined || v.length >= 32,
      'must be at least 32 characters (e.g. openssl rand -hex 32)',
    ),
    /** Express's "trust proxy": which proxies may set X-Forwarded-For (the client IP used by login throttling). */
    TRUST_PROXY: z.string().default('loopback'),
    /**
     * The absolute lifetime of a staff session, in days from sign-in (decimals allowed: 0.5 is 12 hours): past it,
     * sign-in is asked again however active the session is. (A session unused for 30 days ends anyway: its sliding expiry.)
     */
    SESSION_MAX_AGE_DAYS: sessionDays.default(30),
    /** The same for a client's portal session. */
    PORTAL_SESSION_MAX_AGE_DAYS: sessionDays.default(30),
    /** Sign-ups allowed from one client address per hour (429 past it). */
    SIGNUPS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(10),
    /** Live-update streams (server/live) one session or API token may hold open on one instance (429 past it). */
    LIVE_CONNECTIONS_PER_SESSION: z.coerce.number().int().min(1).max(10_000).default(10),
    /** Live-update streams one client address may hold open on one instance (429 past it; IPv6 per /64). */
    LIVE_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(100),
    /** Invitation e-mails (staff and portal invites, and new links for them) one agency may send per hour (429 past it). */
    INVITES_PER_AGENCY_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(20),
    /** The same for one staff user (or their API tokens) of the agency. */
    INVITES_PER_USER_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(10),
    /** Outgoing mail (portal invites, password resets): smtp://user:pass@host:587 or smtps://…:465. Unset: mail is logged, not sent. */
    SMTP_URL: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || undefined)
      .refine(
        (v) => v === undefined || /^smtps?:\/\/[^\s/]+/.test(v),
        'must look like smtp://user:password@host:587 or smtps://user:password@host:465',
      ),
    /** The sender of that mail, e.g. "Clientflow <hub@agency.example>"; required with SMTP_URL. */
    MAIL_FROM: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || undefined)
      .refine(
        (v) => v === undefined || /^([^<>]*<)?[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>?$/.test(v),
        'must be an address such as hub@agency.example or "Agency <hub@agency.example>"',
      ),
    /** How often each app process looks for due background jobs (notifications, e-mail), in ms; 0 turns the runner off. */
    JOB_POLL_MS: z.coerce.number().int().min(0).default(1000),
    /**
     * On SIGTERM, how long /readyz answers 503 while the server still takes requests, before it stops accepting
     * connections and drains: set it to your load balancer's health-check interval (ms; default 0, for a single box).
     */
    SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(0),
    /** The hour (UTC, 0–23) daily notification digests are sent. */
    DIGEST_HOUR_UTC: z.coerce.number().int().min(0).max(23).default(8),
    /** An export with more rows than this is built in the background and e-mailed when ready; smaller ones download at once. */
    EXPORT_INLINE_MAX_ROWS: z.coerce.number().int().min(0).default(20_000),
    /** The same for the bytes of its stored files (default 200 MiB). */
    EXPORT_INLINE_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(0)
      .default(200 * 1024 * 1024),
    /** The least severe log lines written (JSON on stdout, server/log.ts); `silent` writes none. */
    LOG_LEVEL: z.enum(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(', ')}`).default('info'),
    /** GET /metrics (Prometheus) requires `Authorization: Bearer <this>`; unset: no /metrics on the main port. */
    METRICS_TOKEN: optionalText.refine(
      (v) => v === undefined || /^[A-Za-z0-9._~+/=-]{16,}$/.test(v),
      'must be at least 16 characters of letters, digits and ._~+/=- (e.g. openssl rand -hex 32)',
    ),
    /** A second listener that serves only /metrics (on METRICS_HOST); unset: none. */
    METRICS_PORT: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(65535).optional()),
    /** The address the metrics listener binds to: loopback by default (0.0.0.0 in the container image). */
    METRICS_HOST: z.string().trim().min(1).default('127.0.0.1'),
    /** The domain of reply addresses (reply+<token>@this): its MX record names this server or the IMAP mailbox's. */
    INBOUND_DOMAIN: optionalText
      .transform((v) => v?.toLowerCase())
      .refine(
        (v) => v === undefined || /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(v),
        'must be a domain name such as reply.agency.example',
      ),
    /** Receive e-mail replies over SMTP on this port (port 25 forwarded to it, or a relay); unset: no listener. */
    INBOUND_SMTP_PORT: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.coerce.number().int().min(1).max(65535).optional(),
    ),
    /** The address the inbound SMTP listener binds to. */
    INBOUND_SMTP_HOST: z.string().trim().min(1).default('0.0.0.0'),
    /** Or read e-mail replies from a mailbox: imaps://user:password@host:993/INBOX (?processed=Folder to move them). */
    INBOUND_IMAP_URL: optionalText.refine(
      (v) => v === undefined || /^imaps?:\/\/[^\s/:@]+(:[^\s/@]*)?@[^\s/]+/.test(v),
      'must look like imaps://user:password@imap.example.com:993/INBOX',
    ),
    /** How often that mailbox is read, in seconds. */
    INBOUND_IMAP_POLL_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  })
  .refine((env) => !env.SMTP_URL || env.MAIL_FROM, { path: ['MAIL_FROM'], message: 'is required when SMTP_URL is set' })
  .refine((env) => env.INBOUND_DOMAIN || (!env.INBOUND_SMTP_PORT && !env.INBOUND_IMAP_URL), {
    path: ['INBOUND_DOMAIN'],
    message: 'is required when INBOUND_SMTP_PORT or INBOUND_IMAP_URL is set',
  })
  .superRefine((env, ctx) => {
    if (env.STORAGE !== 's3') return;
    if (!env.S3_BUCKET) ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required when STORAGE=s3' });
    if (!env.S3_REGION)
      ctx.addIssue({
        code: 'custom',
        path: ['S3_REGION'],
        message: 'is required when STORAGE=s3 (R2: auto; MinIO: us-east-1)',
      });
    if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY) {
      const missing = env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: "is required with the other one (or leave both unset to use the machine's AWS role)",
      });
    }
  });

export type Env = z.infer<typeof schema> & {
  publicUrl: string;
  uploadDir: string;
  trustProxy: boolean | number | string;
};

/** Reads and validates configuration; on a bad value, prints which variable is wrong and exits. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT)
    throw new Error('Invalid configuration:\n  METRICS_PORT: must differ from PORT');
  if (env.INBOUND_SMTP_PORT !== undefined && [env.PORT, env.METRICS_PORT].includes(env.INBOUND_SMTP_PORT))
    throw new Error('Invalid configuration:\n  INBOUND_SMTP_PORT: must differ from PORT and METRICS_PORT');
  return {
    ...env,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    uploadDir: path.resolve(env.UPLOAD_DIR),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
  };
}

/** "true"/"false", a hop count, or Express's names and addresses ("loopback", "10.0.0.0/8, uniquelocal"). */
function parseTrustProxy(value: string): boolean | number | string {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}
