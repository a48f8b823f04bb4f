// Offline stand-in for Prisma's native `schema-engine` binary, built on the
// official WASM build of the same engine (@prisma/schema-engine-wasm) and the
// Prisma driver adapters. The CLI runs it through schema-engine.mjs (next to
// this file), which reports a crash of this process as an engine error.
// See README.md in this folder for why it exists and the traps it handles.
//
// Invocations made by the Prisma CLI:
//   schema-engine --version
//   schema-engine --datasource '<json>' cli can-connect-to-database|create-database|drop-database
//   schema-engine --datamodels <schema file> [--datamodels ...] [--datasource '<json>']
//     -> JSON-RPC 2.0 server, one JSON object per line on stdin/stdout.
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { bindMigrationAwareSqlAdapterFactory, ColumnTypeEnum } from '@prisma/driver-adapter-utils';
import {
  UserFacingError,
  createPgFactory,
  createSqliteFactory,
  pgCanConnect,
  pgCreateDatabase,
  pgDropDatabase,
  providerOfSchema,
  providerOfUrl,
  setTraceLogger,
  sqliteCreate,
  sqliteDrop,
  sqliteFileExists,
  sqlitePathFromUrl,
} from './datasource.mjs';

// Debugging: SCHEMA_ENGINE_STANDIN_LOG=/path/to/file appends a trace of every
// request, result and error (the CLI swallows the engine's stderr).
const LOG_FILE = process.env.SCHEMA_ENGINE_STANDIN_LOG?.trim();
const DEBUG = Boolean(LOG_FILE);
const debug = (...args) => {
  if (!DEBUG) return;
  const line = args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' ');
  try {
    fs.appendFileSync(LOG_FILE, `${new Date().toISOString()} [${process.pid}] ${line}\n`);
  } catch {
    /* ignore */
  }
};

setTraceLogger((...args) => debug(...args));

// ------------------------------------------------------------ arguments ---

function parseArgs(argv) {
  const out = { datamodels: [], datasource: null, rest: [], version: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--version' || a === '-V') out.version = true;
    else if (a === '--datamodels' || a === '-d') out.datamodels.push(argv[++i]);
    else if (a === '--datasource') out.datasource = JSON.parse(argv[++i]);
    else if (a === '--enabled-preview-features' || a === '--extension-types') i++;
    else if (a.startsWith('--datamodels=')) out.datamodels.push(a.slice('--datamodels='.length));
    else if (a.startsWith('--datasource=')) out.datasource = JSON.parse(a.slice('--datasource='.length));
    else out.rest.push(a);
  }
  return out;
}

function wasmPackageDir() {
  return path.dirname(fileURLToPath(import.meta.resolve('@prisma/schema-engine-wasm/schema_engine_bg')));
}

function engineCommitHash() {
  try {
    const pkg = JSON.parse(fs.readFileSync(path.join(wasmPackageDir(), 'package.json'), 'utf8'));
    return String(pkg.version).split('.').pop();
  } catch {
    return 'unknown';
  }
}

// ------------------------------------------- one-shot `cli` subcommands ---

function logLine(level, fields) {
  return JSON.stringify({ timestamp: new Date().toISOString(), level, fields, target: 'schema_engine::logger' });
}

async function runCli(args) {
  const [cli, command] = args.rest;
  const url = args.datasource?.url;
  try {
    if (cli !== 'cli' || !command) throw new Error(`Unknown command: ${args.rest.join(' ')}`);
    if (!url) throw new UserFacingError('P1012', 'No datasource URL given (--datasource \'{"url": "..."}\').');
    const provider = providerOfUrl(url);
    if (provider === 'sqlite') {
      const file = sqlitePathFromUrl(url);
      if (command === 'can-connect-to-database') {
        if (!sqliteFileExists(file)) {
          throw new UserFacingError('P1003', `Database \`${path.basename(file)}\` does not exist at \`${file}\``);
        }
      } else if (command === 'create-database') {
        sqliteCreate(file);
        process.stdout.write(`Database '${path.basename(file)}' was successfully created.\n`);
      } else if (command === 'drop-database') {
        sqliteDrop(file);
        process.stdout.write(`The database was successfully dropped.\n`);
      } else throw new Error(`Unknown cli command: ${command}`);
    } else if (provider === 'postgresql') {
      if (command === 'can-connect-to-database') await pgCanConnect(url);
      else if (command === 'create-database') {
        const name = await pgCreateDatabase(url);
        process.stdout.write(`Database '${name}' was successfully created.\n`);
      } else if (command === 'drop-database') {
        await pgDropDatabase(url);
        process.stdout.write(`The database was successfully dropped.\n`);
      } else throw new Error(`Unknown cli command: ${command}`);
    } else {
      throw new UserFacingError(
        'P1013',
        'The provided database string is invalid. Only file: (SQLite) and postgresql:// URLs are supported by this offline schema engine.',
      );
    }
    return 0;
  } catch (e) {
    // The CLI skips the first stderr line and parses every other one as JSON.
    process.stderr.write(`${logLine('INFO', { message: `Starting schema engine CLI (${command ?? '?'})` })}\n`);
    const fields = { message: String(e?.message ?? e) };
    if (e?.code && /^P\d{4}$/.test(e.code)) fields.error_code = e.code;
    process.stderr.write(logLine('ERROR', fields));
    return 1;
  }
}

// --------------------------------------------------------- WASM engine ---

async function loadWasmModule() {
  const glueUrl = import.meta.resolve('@prisma/schema-engine-wasm/schema_engine_bg');
  const glue = await import(glueUrl);
  const bytes = fs.readFileSync(path.join(wasmPackageDir(), 'schema_engine_bg.wasm'));
  const { instance } = await WebAssembly.instantiate(bytes, { './schema_engine_bg.js': glue });
  glue.__wbg_set_wasm(instance.exports);
  instance.exports.__wbindgen_start();
  return glue;
}

/** Provider of the first Prisma schema found in a request's params (e.g. `diff --to-schema`). */
function providerOfParams(value, depth = 0) {
  if (!value || typeof value !== 'object' || depth > 6) return null;
  if (typeof value.content === 'string') {
    const p = providerOfSchema(value.content);
    if (p) return p;
  }
  for (const v of Array.isArray(value) ? value : Object.values(value)) {
    const p = providerOfParams(v, depth + 1);
    if (p) return p;
  }
  return null;
}

function createAdapterFactory(datasource, provider) {
  const url = datasource?.url;
  if (provider === 'sqlite') {
    return createSqliteFactory(url ? sqlitePathFromUrl(url) : ':memory:');
  }
  if (provider === 'postgresql') {
    if (!url) {
      // No database configured (e.g. `migrate diff --from-empty --to-schema`):
      // hand out a connection that only fails when actually used.
      const fail = () =>
        Promise.reject(
          new UserFacingError('P1012', 'The datasource URL is missing: set DATABASE_URL (see prisma.config.ts).'),
        );
      const offline = () => ({
        provider: 'postgres',
        adapterName: '@prisma/adapter-pg',
        // The engine's connection probe (schema exists, server version) gets
        // a neutral answer so schema-only diffs work as with the native engine.
        queryRaw: (q) =>
          /^\s*SELECT EXISTS\(SELECT 1 FROM pg_namespace/i.test(q.sql)
            ? Promise.resolve({
                columnNames: ['exists', 'version', 'numeric_version'],
                columnTypes: [ColumnTypeEnum.Boolean, ColumnTypeEnum.Text, ColumnTypeEnum.Int32],
                rows: [[true, 'PostgreSQL 15.0 (no database: offline schema engine)', 150000]],
              })
            : fail(),
        executeRaw: fail,
        executeScript: fail,
        startTransaction: fail,
        getConnectionInfo: () => ({ schemaName: undefined, supportsRelationJoins: true }),
        dispose: async () => {},
      });
      return {
        provider: 'postgres',
        adapterName: '@prisma/adapter-pg',
        connect: async () => offline(),
        connectToShadowDb: async () => offline(),
        close: async () => {},
      };
    }
    return createPgFactory(url, datasource?.shadowDatabaseUrl);
  }
  throw new UserFacingError(
    'P1013',
    url
      ? 'The provided database string is invalid: only SQLite (file:) and PostgreSQL URLs are supported by this offline schema engine.'
      : 'Cannot tell the database provider: no datasource URL and no Prisma schema were given.',
  );
}

const EMPTY_FILTER = { externalTables: [], externalEnums: [] };

async function runServer(args) {
  const datamodels = args.datamodels.map((p) => [p, fs.readFileSync(p, 'utf8')]);
  // The adapter (and so the provider) is settled on the first request: from
  // the datasource URL, else the --datamodels schema, else a schema in the
  // request itself (e.g. `migrate diff --from-empty --to-schema x`).
  let factory = null;
  let provider = null;
  const ensureFactory = (params) => {
    if (factory) return;
    const url = args.datasource?.url;
    let p = url ? providerOfUrl(url) : null;
    if (!p && !url) {
      for (const [, content] of datamodels) p ??= providerOfSchema(content);
      p ??= providerOfParams(params);
    }
    factory = createAdapterFactory(args.datasource, p);
    provider = p;
  };
  let enginePromise = null;
  let engine = null;
  let boundFactory = null;

  // Errors thrown by the driver adapters reach us from the engine as
  // "External error id#N"; the original is kept in the adapter's registry.
  const ADAPTER_ERROR_CODES = {
    DatabaseNotReachable: 'P1001',
    DatabaseDoesNotExist: 'P1003',
    AuthenticationFailed: 'P1000',
    DatabaseAccessDenied: 'P1010',
    DatabaseAlreadyExists: 'P1009',
    SocketTimeout: 'P1008',
    TooManyConnections: 'P2037',
  };
  const resolveExternalError = (e) => {
    const m = /External error id#(\d+)/.exec(String(e?.message ?? ''));
    const original = m && boundFactory?.errorRegistry?.consumeError?.(Number(m[1]))?.error;
    if (!original) return e;
    const cause = original.cause;
    if (original.name === 'DriverAdapterError' && cause?.kind) {
      const detail = cause.originalMessage ?? cause.message ?? cause.cause ?? '';
      const where = cause.host ? ` at \`${cause.host}${cause.port ? `:${cause.port}` : ''}\`` : '';
      const text = `${cause.kind}${where}${detail ? `: ${detail}` : ''}${cause.db ? ` (database \`${cause.db}\`)` : ''}`;
      return Object.assign(new Error(text), { code: ADAPTER_ERROR_CODES[cause.kind] });
    }
    return original;
  };

  const getEngine = () => {
    enginePromise ??= (async () => {
      const { SchemaEngine } = await loadWasmModule();
      const log = (line) => {
        const text = String(line).replace(/\n/g, ' ');
        if (text.trim()) process.stderr.write(`${text}\n`);
        debug('engine:', text);
      };
      boundFactory = bindMigrationAwareSqlAdapterFactory(factory);
      engine = await SchemaEngine.new({ datamodels: datamodels.length ? datamodels : undefined }, log, boundFactory);
      return engine;
    })().catch((e) => {
      enginePromise = null; // allow a retry on the next request
      throw e;
    });
    return enginePromise;
  };

  // Trap 2: on a fresh SQLite database the WASM engine fails with P1014
  // (`_prisma_migrations` missing) where the native engine copes:
  // - devDiagnostic, markMigrationApplied: applying an empty migration list
  //   creates the table (as `migrate dev`/`resolve` would), then retry;
  // - diagnoseMigrationHistory (`migrate status`, read-only): answer what the
  //   native engine answers for a database without the table.
  const isMissingMigrationsTable = (err) => provider === 'sqlite' && err?.code === 'P1014';
  const createMigrationsTable = (e, migrationsList, filters) => {
    debug('P1014: creating the migrations table');
    return e.applyMigrations({
      migrationsList: { ...migrationsList, migrationDirectories: [] },
      filters: filters ?? EMPTY_FILTER,
    });
  };
  const devDiagnostic = async (e, input) => {
    try {
      return await e.devDiagnostic(input);
    } catch (err) {
      if (!isMissingMigrationsTable(err)) throw err;
      await createMigrationsTable(e, input.migrationsList, input.filters);
      return await e.devDiagnostic(input);
    }
  };

  let nextOwnId = 1_000_000_000;
  const ownRequests = new Map();
  const send = (msg) => process.stdout.write(`${JSON.stringify(msg)}\n`);
  const request = (method, params) =>
    new Promise((resolve) => {
      const id = nextOwnId++;
      ownRequests.set(id, resolve);
      send({ jsonrpc: '2.0', id, method, params });
    });

  const handlers = {
    async getDatabaseVersion(params) {
      return (await getEngine()).version(params ?? undefined);
    },
    async devDiagnostic(params) {
      return devDiagnostic(await getEngine(), params);
    },
    async markMigrationApplied(params) {
      const e = await getEngine();
      try {
        return await e.markMigrationApplied(params);
      } catch (err) {
        if (!isMissingMigrationsTable(err)) throw err;
        await createMigrationsTable(e, params.migrationsList);
        return await e.markMigrationApplied(params);
      }
    },
    async diagnoseMigrationHistory(params) {
      const e = await getEngine();
      try {
        return await e.diagnoseMigrationHistory(params);
      } catch (err) {
        if (!isMissingMigrationsTable(err)) throw err;
        const local = (params.migrationsList?.migrationDirectories ?? []).map((d) => d.path);
        return {
          editedMigrationNames: [],
          failedMigrationNames: [],
          hasMigrationsTable: false,
          history: local.length ? { diagnostic: 'databaseIsBehind', unappliedMigrationNames: local } : null,
        };
      }
    },
    // Trap 7: the WASM engine has no shadow database of its own between calls:
    // createMigration and evaluateDataLoss need a devDiagnostic on the same
    // migrations list right before them.
    async createMigration(params) {
      const e = await getEngine();
      await devDiagnostic(e, { migrationsList: params.migrationsList, filters: params.filters ?? EMPTY_FILTER });
      return e.createMigration(params);
    },
    async evaluateDataLoss(params) {
      const e = await getEngine();
      await devDiagnostic(e, { migrationsList: params.migrationsList, filters: params.filters ?? EMPTY_FILTER });
      return e.evaluateDataLoss(params);
    },
    // The native engine prints `diff` output through a `print` request to the
    // CLI; the WASM engine returns it as `stdout` instead.
    async diff(params) {
      const result = await (await getEngine()).diff(params);
      if (result?.stdout) {
        await request('print', { content: result.stdout.replace(/\n$/, '') });
      }
      return { ...result, stdout: null };
    },
    // Trap 3: the WASM engine's SQLite reset only deletes rows. Empty the file.
    async reset(params) {
      if (provider === 'sqlite') {
        await getEngine();
        await factory.resetDatabase();
        return null;
      }
      return (await getEngine()).reset(params);
    },
    async createDatabase(params) {
      const url = params?.datasource?.url ?? args.datasource?.url;
      if (!url) throw new UserFacingError('P1012', 'No datasource URL to create a database from.');
      if (providerOfUrl(url) === 'sqlite') {
        const file = sqlitePathFromUrl(url);
        sqliteCreate(file);
        return { databaseName: path.basename(file) };
      }
      return { databaseName: await pgCreateDatabase(url) };
    },
  };

  const toRpcError = (err) => {
    const e = resolveExternalError(err);
    const message = String(e?.message ?? e);
    const isPanic = e?.name === 'RuntimeError' || /unreachable|panicked/i.test(e?.name ?? '');
    const data = { is_panic: isPanic, message, meta: e?.meta ?? null };
    if (typeof e?.code === 'string' && /^P\d{4}$/.test(e.code)) data.error_code = e.code;
    if (isPanic) data.error = { message };
    return { code: 4466, message: 'An error happened. Check the data field for details.', data };
  };

  let inFlight;
  const handle = async (msg) => {
    const { id, method, params } = msg;
    inFlight = id;
    debug('->', method, DEBUG ? params : '');
    try {
      ensureFactory(params);
      let result;
      if (handlers[method]) result = await handlers[method](params);
      else {
        const e = await getEngine();
        if (typeof e[method] !== 'function' || method === 'free' || method.startsWith('_')) {
          if (id !== undefined)
            send({ jsonrpc: '2.0', id, error: { code: -32601, message: `Method not found: ${method}` } });
          return;
        }
        result = await e[method](params);
      }
      debug('<-', method, DEBUG ? result : '');
      if (id !== undefined) send({ jsonrpc: '2.0', id, result: result ?? null });
    } catch (e) {
      debug('<- error', method, {
        name: e?.name,
        code: e?.code,
        meta: e?.meta,
        message: e?.message,
        cause: e?.cause ? String(e.cause) : undefined,
      });
      if (id !== undefined) send({ jsonrpc: '2.0', id, error: toRpcError(e) });
    } finally {
      inFlight = undefined;
    }
  };

  // Requests run one at a time, in order (as the native engine does).
  let queue = Promise.resolve();
  const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  rl.on('line', (line) => {
    if (!line.trim()) return;
    let msg;
    try {
      msg = JSON.parse(line);
    } catch {
      send({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
      return;
    }
    if (msg.method === undefined && msg.id !== undefined && ownRequests.has(msg.id)) {
      const resolve = ownRequests.get(msg.id);
      ownRequests.delete(msg.id);
      resolve(msg);
      return;
    }
    if (typeof msg.method === 'string') queue = queue.then(() => handle(msg));
  });

  // The CLI closes stdin and sends SIGTERM right away: release the database
  // (SQLite handles, pg pools, temporary shadow databases) before exiting.
  let shuttingDown = null;
  const shutdown = (code) =>
    (shuttingDown ??= (async () => {
      debug('shutdown');
      try {
        await factory?.close?.();
      } catch (e) {
        debug('shutdown error', String(e));
      }
      process.exit(code);
    })());
  rl.on('close', () => {
    queue.then(() => shutdown(0));
  });
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => shutdown(0));
  // Never die silently: answer the request in flight, log like the native
  // engine (the CLI reads JSON log lines from stderr), then stop.
  const fatal = (e) => {
    debug('fatal', String(e?.stack ?? e));
    if (inFlight !== undefined) send({ jsonrpc: '2.0', id: inFlight, error: toRpcError(e) });
    process.stderr.write(`${logLine('ERROR', { message: String(e?.message ?? e) })}\n`);
    shutdown(1);
  };
  process.on('uncaughtException', fatal);
  process.on('unhandledRejection', fatal);
}

// ------------------------------------------------------------------ main ---

const args = parseArgs(process.argv.slice(2));
debug(
  'start',
  process.argv
    .slice(2)
    .map((a) => a.replace(/\/\/([^:@/]+):[^@/]*@/g, '//$1:***@'))
    .join(' '),
);
if (args.version) {
  process.stdout.write(`schema-engine-cli ${engineCommitHash()} (wasm stand-in)\n`);
} else if (args.rest[0] === 'cli') {
  process.exitCode = await runCli(args);
} else {
  await runServer(args);
}
