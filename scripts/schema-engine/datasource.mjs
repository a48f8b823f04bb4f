// Datasource helpers shared by the stand-in's JSON-RPC server and its one-shot
// `cli` subcommands: URL parsing, and driver adapter factories that carry the
// workarounds for the known gaps between the WASM schema engine and the
// Prisma 7 driver adapters (see README.md, traps 1, 3, 4, 5 and 6).
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { randomUUID } from 'node:crypto';
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaPg } from '@prisma/adapter-pg';
import Database from 'better-sqlite3';
import pg from 'pg';
import { providerOfUrl, sqlitePathFromUrl } from '../../server/config/database-url.mjs';

export { providerOfUrl, sqlitePathFromUrl };

const require = createRequire(import.meta.url);
// pg-connection-string is what `pg` itself uses to parse connection strings.
const { parse: parsePgConnectionString } = createRequire(require.resolve('pg'))('pg-connection-string');

let log = () => {};
/** Install a trace function (the stand-in's SCHEMA_ENGINE_STANDIN_LOG). */
export function setTraceLogger(fn) {
  log = fn;
}

/** A user-facing error carrying a Prisma error code (P1001, P1003, ...). */
export class UserFacingError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

/** Provider named in a Prisma schema's datasource block, if any. */
export function providerOfSchema(content) {
  const block = /datasource\s+\w+\s*\{([\s\S]*?)\}/m.exec(content);
  const m = block && /provider\s*=\s*"([^"]+)"/.exec(block[1]);
  if (!m) return null;
  return m[1] === 'postgres' ? 'postgresql' : m[1];
}

// ---------------------------------------------------------------- SQLite ---

const SQLITE_SIDE_FILES = ['-wal', '-shm', '-journal'];

export function sqliteFileExists(file) {
  return fs.existsSync(file);
}

export function sqliteCreate(file) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (!fs.existsSync(file)) fs.closeSync(fs.openSync(file, 'w'));
}

export function sqliteDrop(file) {
  if (!fs.existsSync(file)) {
    throw new UserFacingError('P1003', `Database \`${path.basename(file)}\` does not exist at \`${file}\``);
  }
  fs.rmSync(file, { force: true });
  for (const s of SQLITE_SIDE_FILES) fs.rmSync(file + s, { force: true });
}

function openSqlite(file) {
  // Same settings as @prisma/adapter-better-sqlite3's own client.
  const db = new Database(file);
  db.defaultSafeIntegers(true);
  return db;
}

const MULTI_STATEMENT = /more than one statement/i;

/**
 * Trap 1: the engine sends whole multi-statement migration scripts through
 * `executeRaw`, but better-sqlite3 prepares one statement at a time. Run such
 * SQL (it never has bind parameters) through `exec`, as `executeScript` does.
 */
/**
 * Full-text search tables (FTS5 virtual tables named *_fts and their shadow tables *_fts_data, *_fts_idx, ...)
 * are written by hand in the migrations; Prisma's schema has no words for them. Hide them from the engine's
 * introspection, so `db:new` does not offer to drop them.
 */
const FTS_TABLE = /_fts(_(data|idx|content|docsize|config))?$/;

function hideFtsTables(result) {
  if (!result?.columnNames || !Array.isArray(result.rows)) return result;
  const columns = result.columnNames
    .map((name, i) => (['name', 'table_name', 'tbl_name'].includes(String(name).toLowerCase()) ? i : -1))
    .filter((i) => i >= 0);
  if (columns.length === 0) return result;
  return { ...result, rows: result.rows.filter((row) => !columns.some((i) => FTS_TABLE.test(String(row[i])))) };
}

function patchSqliteQueryable(q) {
  const queryRaw = q.queryRaw.bind(q);
  q.queryRaw = async (query) => hideFtsTables(await queryRaw(query));
  const executeRaw = q.executeRaw.bind(q);
  q.executeRaw = async (query) => {
    if (!query.args || query.args.length === 0) {
      let multi = false;
      try {
        q.client.prepare(query.sql);
      } catch (e) {
        multi = MULTI_STATEMENT.test(String(e?.message));
      }
      if (multi) {
        try {
          q.client.exec(query.sql);
        } catch (e) {
          q.onError(e);
        }
        return 0;
      }
    }
    return executeRaw(query);
  };
  if (typeof q.startTransaction === 'function') {
    const startTransaction = q.startTransaction.bind(q);
    q.startTransaction = async (...args) => {
      const tx = await startTransaction(...args);
      patchSqliteQueryable(tx);
      return tx;
    };
  }
  return q;
}

/**
 * Migration-aware adapter factory for SQLite. Besides trap 1 it implements
 * trap 3: `resetDatabase()` empties the database file (as the native engine
 * does) and reopens every live connection on the now empty file, because the
 * WASM engine's own reset only deletes rows.
 */
export function createSqliteFactory(file) {
  const inner = new PrismaBetterSqlite3({ url: file });
  const live = new Set();
  const track = (adapter, reopenable) => {
    patchSqliteQueryable(adapter);
    const entry = { adapter, reopenable };
    live.add(entry);
    const dispose = adapter.dispose.bind(adapter);
    adapter.dispose = async () => {
      live.delete(entry);
      try {
        adapter.client.close();
      } catch {
        /* already closed */
      }
      return dispose().catch(() => {});
    };
    return adapter;
  };
  return {
    provider: 'sqlite',
    adapterName: inner.adapterName,
    async connect() {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      return track(await inner.connect(), true);
    },
    async connectToShadowDb() {
      return track(await inner.connectToShadowDb(), false);
    },
    async resetDatabase() {
      const reopen = [...live].filter((e) => e.reopenable);
      for (const { adapter } of reopen) {
        try {
          adapter.client.close();
        } catch {
          /* ignore */
        }
      }
      fs.mkdirSync(path.dirname(file), { recursive: true });
      for (const s of SQLITE_SIDE_FILES) fs.rmSync(file + s, { force: true });
      fs.writeFileSync(file, '');
      log(`emptied ${file} and reopened ${reopen.length} connection(s)`);
      for (const { adapter } of reopen) adapter.client = openSqlite(file);
    },
    async close() {
      for (const { adapter } of [...live]) await adapter.dispose().catch(() => {});
    },
  };
}

// ------------------------------------------------------------ PostgreSQL ---

/**
 * Discrete `pg` config from a URL (trap 5: with `connectionString` set, `pg`
 * ignores a `database` override, so a shadow database would silently be the
 * main one). Returns the config plus Prisma's `schema` URL parameter.
 */
export function pgConfigFromUrl(url) {
  const parsed = parsePgConnectionString(url);
  const {
    schema,
    connection_limit,
    pool_timeout,
    connect_timeout,
    socket_timeout,
    sslaccept,
    pgbouncer,
    statement_cache_size,
    ...rest
  } = parsed;
  const config = {};
  for (const [k, v] of Object.entries(rest)) if (v !== undefined && v !== null) config[k] = v;
  if (config.port) config.port = Number(config.port);
  if (connect_timeout) config.connectionTimeoutMillis = Number(connect_timeout) * 1000;
  if (schema && schema !== 'public' && !config.options) config.options = `-c search_path="${schema}"`;
  return { config, schema: schema || undefined };
}

export function pgLocation(config) {
  return `${config.host ?? 'localhost'}:${config.port ?? 5432}`;
}

const quoteIdent = (name) => `"${String(name).replace(/"/g, '""')}"`;

/** Map a `pg` connection/query error to the native engine's P-codes. */
export function pgUserFacingError(e, config) {
  const loc = pgLocation(config);
  const code = e?.code;
  if (code === '3D000') {
    return new UserFacingError(
      'P1003',
      `Database \`${config.database}\` does not exist on the database server at \`${loc}\`.`,
    );
  }
  if (code === '42P04') {
    return new UserFacingError(
      'P1009',
      `Database \`${config.database}\` already exists on the database server at \`${loc}\``,
    );
  }
  if (code === '28P01' || code === '28000') {
    return new UserFacingError(
      'P1000',
      `Authentication failed against database server, the provided database credentials for \`${config.user}\` are not valid.\n\nPlease make sure to provide valid database credentials for the database server at \`${loc}\`.`,
    );
  }
  if (['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ETIMEDOUT', 'ECONNRESET', 'EAI_AGAIN', 'ENOENT'].includes(code)) {
    return new UserFacingError(
      'P1001',
      `Can't reach database server at \`${loc}\`\n\nPlease make sure your database server is running at \`${loc}\`.`,
    );
  }
  return e instanceof Error ? e : new Error(String(e));
}

async function withPgClient(config, fn) {
  const client = new pg.Client(config);
  try {
    await client.connect();
  } catch (e) {
    throw pgUserFacingError(e, config);
  }
  try {
    return await fn(client);
  } catch (e) {
    throw pgUserFacingError(e, config);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Run `fn` on a connection to a maintenance database of the same server. */
async function withPgMaintenanceClient(config, fn) {
  let lastError;
  for (const database of ['postgres', 'template1']) {
    if (database === config.database) continue;
    try {
      return await withPgClient({ ...config, database }, fn);
    } catch (e) {
      if (e?.code !== 'P1003') throw e;
      lastError = e;
    }
  }
  throw lastError ?? new Error('No maintenance database to connect to');
}

export async function pgCanConnect(url) {
  const { config } = pgConfigFromUrl(url);
  await withPgClient(config, (c) => c.query('SELECT 1'));
}

export async function pgCreateDatabase(url) {
  const { config } = pgConfigFromUrl(url);
  await withPgMaintenanceClient(config, async (c) => {
    try {
      await c.query(`CREATE DATABASE ${quoteIdent(config.database)}`);
    } catch (e) {
      throw pgUserFacingError(e, config);
    }
  });
  return config.database;
}

export async function pgDropDatabase(url) {
  const { config } = pgConfigFromUrl(url);
  await withPgMaintenanceClient(config, async (c) => {
    try {
      await c.query(`DROP DATABASE ${quoteIdent(config.database)}`);
    } catch (e) {
      throw pgUserFacingError(e, config);
    }
  });
  return config.database;
}

/**
 * Trap 4: the engine's introspection selects `char` (oid 18) and `name`
 * (oid 19) columns, which @prisma/adapter-pg refuses to map. Both arrive from
 * `pg` as plain strings; report them as `text` (oid 25).
 * Also: @prisma/adapter-pg's `executeScript` splits a script at every ";",
 * which cuts dollar-quoted function bodies (the search triggers) apart. A
 * migration script has no bind parameters, so send it whole: PostgreSQL's
 * simple query protocol runs several statements in one message.
 */
function patchPgQueryable(q) {
  if (typeof q.executeScript === 'function' && q.client && typeof q.client.query === 'function') {
    q.executeScript = async (script) => {
      try {
        await q.client.query(script);
      } catch (e) {
        q.onError(e);
      }
    };
  }
  const performIO = q.performIO.bind(q);
  q.performIO = async (query) => {
    const result = await performIO(query);
    if (result?.fields) {
      for (const field of result.fields) {
        if (field.dataTypeID === 18 || field.dataTypeID === 19) field.dataTypeID = 25;
      }
    }
    return result;
  };
  if (typeof q.startTransaction === 'function') {
    const startTransaction = q.startTransaction.bind(q);
    q.startTransaction = async (...args) => {
      const tx = await startTransaction(...args);
      patchPgQueryable(tx);
      return tx;
    };
  }
  return q;
}

/**
 * Drop a temporary database; WITH (FORCE) ends connections a request cut
 * short by a signal may still hold (PostgreSQL 13+, plain DROP before that).
 */
async function dropPgDatabase(admin, name) {
  try {
    await admin.executeScript(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
  } catch {
    await admin.executeScript(`DROP DATABASE IF EXISTS ${quoteIdent(name)}`);
  }
}

const withTimeout = (promise, ms) => Promise.race([promise, new Promise((resolve) => setTimeout(resolve, ms).unref())]);

/**
 * Migration-aware adapter factory for PostgreSQL with traps 4, 5 and 6
 * handled: discrete connection fields, and temporary shadow databases whose
 * pool is closed *before* they are dropped. Shadow databases still pending
 * when the process is told to stop are dropped by `close()`.
 */
export function createPgFactory(url, shadowDatabaseUrl) {
  const { config, schema } = pgConfigFromUrl(url);
  const options = schema ? { schema } : undefined;
  const inner = new PrismaPg(config, options);
  const live = new Set();
  const pendingShadowDbs = new Map(); // name -> drop()

  const track = (adapter) => {
    patchPgQueryable(adapter);
    live.add(adapter);
    const dispose = adapter.dispose.bind(adapter);
    let disposed;
    adapter.dispose = () => {
      live.delete(adapter);
      disposed ??= dispose();
      return disposed;
    };
    return adapter;
  };

  let closing = false;
  const shuttingDown = () => new Error('The schema engine is shutting down.');

  return {
    provider: 'postgres',
    adapterName: inner.adapterName,
    async connect() {
      if (closing) throw shuttingDown();
      return track(await inner.connect());
    },
    async connectToShadowDb() {
      if (closing) throw shuttingDown();
      if (shadowDatabaseUrl) {
        const s = pgConfigFromUrl(shadowDatabaseUrl);
        return track(await new PrismaPg(s.config, s.schema ? { schema: s.schema } : undefined).connect());
      }
      const admin = await inner.connect();
      const database = `prisma_migrate_shadow_db_${randomUUID()}`;
      // Registered before it exists, so a signal arriving mid-way still drops it.
      const created = admin.executeScript(`CREATE DATABASE ${quoteIdent(database)}`);
      let dropping = null;
      const drop = () =>
        (dropping ??= (async () => {
          await created.catch(() => {});
          await dropPgDatabase(admin, database);
          log(`dropped shadow database ${database}`);
          pendingShadowDbs.delete(database);
          await admin.dispose().catch(() => {});
        })().catch((e) => {
          dropping = null; // let close() try again
          throw e;
        }));
      pendingShadowDbs.set(database, drop);
      try {
        await created;
      } catch (e) {
        await drop().catch(() => {});
        throw e;
      }
      log(`created shadow database ${database}`);
      if (closing) {
        await drop().catch(() => {});
        throw shuttingDown();
      }
      const shadow = track(await new PrismaPg({ ...config, database }, options).connect());
      const disposeShadow = shadow.dispose;
      let disposed;
      shadow.dispose = () =>
        (disposed ??= (async () => {
          // Trap 6: close the shadow pool first, then drop the database.
          await withTimeout(
            disposeShadow().catch(() => {}),
            3000,
          );
          await drop();
        })());
      return shadow;
    },
    async close() {
      closing = true;
      for (const adapter of [...live])
        await withTimeout(
          adapter.dispose().catch(() => {}),
          5000,
        );
      for (const drop of [...pendingShadowDbs.values()])
        await withTimeout(
          drop().catch(() => {}),
          5000,
        );
    },
  };
}
