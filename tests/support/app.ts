// The server's own V8 settings first (server/index.ts imports them first too): tests run and measure the app as it runs.
import '../../server/v8-flags';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { inject } from 'vitest';
import { createApp } from '../../server/app';
import { LoginThrottle, type ThrottleLimits } from '../../server/auth/throttle';
import { openDatabase, type Database } from '../../server/db';
import { loadEnv, type Env } from '../../server/env';
import { configureLogging } from '../../server/log';
import { createStorage } from '../../server/files/s3-storage';
import type { FileStorage } from '../../server/files/storage';
import { Mailer } from '../../server/mail';
import { createJobRunner } from '../../server/jobs';
import type { JobRunner } from '../../server/jobs/queue';

/** jobs: the app's background job runner; it does not poll in tests: call `await app.jobs.drain()` to run what is due. */
/** http: the Express app itself (e.g. to set `locals.draining` as a SIGTERM would). */
export type TestApp = {
  baseUrl: string;
  http: ReturnType<typeof createApp>;
  database: Database;
  uploadDir: string;
  storage: FileStorage;
  mailer: Mailer;
  env: Env;
  jobs: JobRunner;
  close: () => Promise<void>;
};

/** The real app on an ephemeral port, over this run's fresh database. */
/** smtpUrl: send mail to that server (tests/support/smtp.ts); without it mail is logged, as on a server without SMTP. */
/** env: further configuration (e.g. MAX_UPLOAD_BYTES), as the server would read it from its environment. */
/** databaseUrl: another (migrated) database than this run's shared one, e.g. tests/integration/backup.test.ts's own file. */
/** uploadDir: share another app's upload folder (left in place on close), e.g. two configurations over the same files. */
export async function startApp(
  throttleLimits?: Partial<ThrottleLimits>,
  options: { smtpUrl?: string; env?: Record<string, string>; databaseUrl?: string; uploadDir?: string } = {},
): Promise<TestApp> {
  const databaseUrl = options.databaseUrl ?? inject('databaseUrl');
  const uploadDir = options.uploadDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'clientflow-uploads-'));
  // TEST_STORAGE=s3: the run's S3-protocol server holds the files, unless the test names a storage itself.
  const s3 = options.env?.STORAGE ? null : inject('s3');
  // Logs: warnings and errors only (an unexpected 500 still shows), unless LOG_LEVEL says otherwise.
  const env = loadEnv({
    LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
    ...s3?.env,
    ...options.env,
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    UPLOAD_DIR: uploadDir,
    PORT: '0',
  });
  configureLogging({ level: env.LOG_LEVEL });
  const database = await openDatabase(databaseUrl);
  // Every test file signs agencies up from 127.0.0.1 into one database: the per-address sign-up budget is lifted
  // unless a test asks for the real one (tests/integration/security.test.ts).
  const throttle = new LoginThrottle(database.db, throttleLimits ?? { signupsPerAddress: 100_000 });
  const mailer = new Mailer({ smtpUrl: options.smtpUrl, from: 'Clientflow <hub@clientflow.test>' }, () => {});
  // STORAGE=s3 with the S3_* settings of tests/support/s3-server.ts in options.env: the files go to that bucket.
  const storage = createStorage(env);
  const app = createApp({ env, database, throttle, storage, mailer });
  const jobs = createJobRunner({ database, mailer, env, storage }, { pollMs: 0, log: () => {} });
  const server = await new Promise<import('node:http').Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    http: app,
    database,
    uploadDir,
    storage,
    mailer,
    env,
    jobs,
    close: async () => {
      await new Promise((r) => server.close(r));
      await jobs.stop();
      mailer.close();
      await database.close();
      storage.close?.();
      if (!options.uploadDir) fs.rmSync(uploadDir, { recursive: true, force: true });
    },
  };
}

export type Reply<T = any> = { status: number; body: T; headers: Headers };

/** A small HTTP client: JSON in, JSON out, optional Bearer token, cookie and Origin. */
export function client(baseUrl: string) {
  async function call<T = any>(
    method: string,
    url: string,
    options: { body?: unknown; token?: string; cookie?: string; origin?: string; raw?: string } = {},
  ): Promise<Reply<T>> {
    const headers: Record<string, string> = {};
    if (options.body !== undefined || options.raw !== undefined) headers['content-type'] = 'application/json';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.cookie) headers.cookie = options.cookie;
    if (options.origin) headers.origin = options.origin;
    const res = await fetch(baseUrl + url, {
      method,
      headers,
      body: options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, body: body as T, headers: res.headers };
  }
  return {
    get: <T = any>(url: string, o?: Parameters<typeof call>[2]) => call<T>('GET', url, o),
    post: <T = any>(url: string, body?: unknown, o?: Parameters<typeof call>[2]) =>
      call<T>('POST', url, { ...o, body }),
    patch: <T = any>(url: string, body?: unknown, o?: Parameters<typeof call>[2]) =>
      call<T>('PATCH', url, { ...o, body }),
    call,
  };
}

let counter = 0;
/** Unique sign-up data, so tests never collide on slug or email even on a shared database. */
export function newAgency(overrides: Record<string, string> = {}) {
  const n = `${Date.now().toString(36)}${process.pid.toString(36)}${(counter++).toString(36)}`;
  return {
    first_name: 'Ada',
    last_name: 'Lovelace',
    name: `Agency ${n}`,
    email: `owner-${n}@example.test`,
    phone: '+1 555 0100',
    password: 'correct horse battery',
    slug: `ag${n}`.slice(0, 30),
    ...overrides,
  };
}

/** Signs a new agency up and returns its owner's Bearer token. */
export async function signUpAgency(api: ReturnType<typeof client>, overrides: Record<string, string> = {}) {
  const agency = newAgency(overrides);
  const res = await api.post('/auth/signup', agency);
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...agency, token: res.body.authToken as string };
}
