// `npm run restore -- <backup folder> [--force]`: puts a backup made by `npm run backup` back in place: the SQLite
// database DATABASE_URL names and the uploads under UPLOAD_DIR. Stop the app first.
//
// Order: verify the whole backup (manifest and every checksum) → check the targets (exist? in use?) → copy into
// temporary files next to the targets → check the copy (integrity) → rename into place → compare migrations.
// Nothing is written before the backup is verified, and a target is only ever replaced by a rename.
//
// Importable: `restore({ from, databaseUrl, uploadDir, force })` is what the CLI and the tests run.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import { providerOfUrl, sqlitePathFromUrl } from '../server/config/database-url.mjs';
import {
  appliedMigrations,
  BackupError,
  S3_REFUSAL,
  FORMAT_VERSION,
  formatBytes,
  localMigrations,
  MANIFEST,
  sha256File,
  timestampName,
  type Manifest,
} from './backup';

export type RestoreOptions = {
  /** The backup folder (the one holding manifest.json). */
  from: string;
  databaseUrl: string;
  uploadDir: string;
  /** Replace an existing database and a non-empty upload folder. */
  force?: boolean;
};

export type RestoreResult = {
  databaseFile: string;
  uploadDir: string;
  manifest: Manifest;
  /** Where the uploads that were in UPLOAD_DIR before were moved (with --force), else null. */
  previousUploads: string | null;
  /** This version's migrations the restored database lacks (an older backup: run `npm run db:migrate`). */
  missingMigrations: string[];
  /** Migrations in the restored database this version does not know (a backup made by a newer version). */
  unknownMigrations: string[];
};

const HEX64 = /^[0-9a-f]{64}$/;

/** Reads manifest.json and checks its shape; a relative path that could leave the folder is refused. */
function readManifest(from: string): Manifest {
  const file = path.join(from, MANIFEST);
  if (!fs.existsSync(file)) throw new BackupError(`${from} is not a backup: it has no ${MANIFEST}.`);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  } catch {
    throw new BackupError(`${file} is not valid JSON: the backup is damaged.`);
  }
  const bad = (what: string) => new BackupError(`${file} is damaged (${what}); nothing was restored.`);
  if (manifest?.formatVersion !== FORMAT_VERSION)
    throw bad(`format version ${String(manifest?.formatVersion)}, expected ${FORMAT_VERSION}`);
  const safe = (rel: unknown) =>
    typeof rel === 'string' &&
    rel !== '' &&
    !path.isAbsolute(rel) &&
    !rel.split(/[\\/]/).some((part) => part === '..' || part === '' || part === '.');
  const db = manifest.database;
  if (!db || !safe(db.file) || !HEX64.test(db.sha256) || !Number.isInteger(db.size)) throw bad('database entry');
  const up = manifest.uploads;
  if (!up || !safe(up.folder) || !Array.isArray(up.files) || up.files.length !== up.fileCount)
    throw bad('uploads entry');
  for (const f of up.files)
    if (!safe(f?.path) || !HEX64.test(f.sha256) || !Number.isInteger(f.size))
      throw bad(`file entry ${JSON.stringify(f?.path)}`);
  if (up.files.reduce((sum, f) => sum + f.size, 0) !== up.bytes) throw bad('uploads byte count');
  return manifest;
}

/** Size and sha256 of `file` against what the manifest says. */
async function verify(file: string, expected: { size: number; sha256: string }, what: string) {
  const stat = await fsp.stat(file).catch(() => null);
  if (!stat?.isFile()) throw new BackupError(`The backup is incomplete: ${what} is missing; nothing was restored.`);
  if (stat.size !== expected.size || (await sha256File(file)) !== expected.sha256)
    throw new BackupError(
      `The backup is damaged: ${what} does not match its checksum in ${MANIFEST}; nothing was restored.`,
    );
}

/**
 * Is some process (the app) using the database? The app keeps its connections open in WAL mode. Leaving WAL mode
 * needs the database to itself, so `PRAGMA journal_mode = DELETE` fails with "database is locked" while any other
 * connection is open; a plain `BEGIN EXCLUSIVE` would not tell (in WAL mode it does not exclude readers). On
 * success the database is in rollback-journal mode, its WAL checkpointed and gone, and this connection holds an
 * exclusive lock (kept until the swap is done, so nobody opens the old file in between).
 */
function lockExisting(file: string): BetterSqlite3.Database | null {
  let connection: BetterSqlite3.Database;
  try {
    connection = new BetterSqlite3(file, { fileMustExist: true, timeout: 0 });
  } catch (error) {
    throw new BackupError(`Cannot open the existing database ${file} to replace it: ${(error as Error).message}`);
  }
  try {
    const mode = connection.pragma('journal_mode = DELETE', { simple: true });
    if (String(mode).toLowerCase() !== 'delete') throw new Error('database is locked');
    connection.exec('BEGIN EXCLUSIVE');
    return connection;
  } catch (error) {
    connection.close();
    const message = (error as Error).message;
    if (/locked|busy/i.test(message))
      throw new BackupError(
        `The database ${file} is in use (is the app running?). Stop the app, then run the restore again; nothing was restored.`,
      );
    // Not a database at all (or damaged): --force replaces it like any other file.
    if (/not a database|malformed/i.test(message)) return null;
    throw error;
  }
}

async function exists(p: string) {
  return fsp.stat(p).then(
    () => true,
    () => false,
  );
}

export async function restore({ from, databaseUrl, uploadDir, force = false }: RestoreOptions): Promise<RestoreResult> {
  if (providerOfUrl(databaseUrl) === 'postgresql')
    throw new BackupError(
      'DATABASE_URL names a PostgreSQL database: restore it with pg_restore (README, "Backups"). `npm run restore` handles SQLite only.',
    );
  if (providerOfUrl(databaseUrl) !== 'sqlite') throw new BackupError('DATABASE_URL must start with file: (SQLite).');
  const source = path.resolve(from);
  const target = sqlitePathFromUrl(databaseUrl);
  if (target === ':memory:')
    throw new BackupError('DATABASE_URL names an in-memory database: there is nothing to restore into.');
  const uploads = path.resolve(uploadDir);

  // 1. Verify everything before touching anything.
  const manifest = readManifest(source);
  const backupDb = path.join(source, manifest.database.file);
  await verify(backupDb, manifest.database, `the database file ${manifest.database.file}`);
  for (const f of manifest.uploads.files)
    await verify(path.join(source, manifest.uploads.folder, f.path), f, `the uploaded file ${f.path}`);

  // 2. The targets: refuse to overwrite without --force, and never under a running app.
  const targetExists = await exists(target);
  const uploadsExist = await exists(uploads);
  const uploadsInUse = uploadsExist && (await fsp.readdir(uploads)).length > 0;
  if (!force && targetExists)
    throw new BackupError(
      `A database already exists at ${target}. Run again with --force to replace it; nothing was restored.`,
    );
  if (!force && uploadsInUse)
    throw new BackupError(
      `The upload folder ${uploads} is not empty. Run again with --force to replace it; nothing was restored.`,
    );
  const lock = targetExists ? lockExisting(target) : null;

  const suffix = randomUUID().slice(0, 8);
  const tempDb = `${target}.restore-${suffix}`;
  const tempUploads = `${uploads}.restore-${suffix}`;
  let previousUploads: string | null = null;
  try {
    // 3. Copy into temporary places next to the targets (same file system, so the renames below are atomic).
    await fsp.mkdir(path.dirname(target), { recursive: true });
    await fsp.copyFile(backupDb, tempDb);
    await verify(tempDb, manifest.database, 'the copied database');
    const check = new BetterSqlite3(tempDb, { fileMustExist: true });
    let migrations: string[];
    try {
      const integrity = check.pragma('integrity_check', { simple: true });
      if (integrity !== 'ok')
        throw new BackupError(
          `The backed-up database fails SQLite's integrity check (${String(integrity)}); nothing was restored.`,
        );
      migrations = appliedMigrations(check);
    } finally {
      check.close();
    }
    await fsp.mkdir(tempUploads, { recursive: true });
    for (const f of manifest.uploads.files) {
      const to = path.join(tempUploads, f.path);
      await fsp.mkdir(path.dirname(to), { recursive: true });
      await fsp.copyFile(path.join(source, manifest.uploads.folder, f.path), to);
      await verify(to, f, `the copied file ${f.path}`);
    }

    // 4. Swap. A stale -wal/-shm/-journal of the old file would be replayed into the new one: remove them first
    // (lockExisting has checkpointed the WAL, so they hold nothing of value).
    for (const extra of ['-wal', '-shm', '-journal']) await fsp.rm(`${target}${extra}`, { force: true });
    await fsp.rename(tempDb, target);
    if (uploadsExist) {
      if (uploadsInUse) {
        // Kept, not deleted: the user removes it once the restored hub looks right.
        previousUploads = `${uploads}.before-restore-${timestampName()}`;
        await fsp.rename(uploads, previousUploads);
      } else {
        await fsp.rm(uploads, { recursive: true, force: true });
      }
    }
    await fsp.rename(tempUploads, uploads);

    // 5. Does the restored database match this version's migrations?
    const local = localMigrations();
    return {
      databaseFile: target,
      uploadDir: uploads,
      manifest,
      previousUploads,
      missingMigrations: local.filter((m) => !migrations.includes(m)),
      unknownMigrations: migrations.filter((m) => !local.includes(m)),
    };
  } finally {
    if (lock) {
      try {
        lock.exec('ROLLBACK');
      } catch {
        /* nothing to roll back */
      }
      lock.close();
    }
    await fsp.rm(tempDb, { force: true }).catch(() => {});
    await fsp.rm(tempUploads, { recursive: true, force: true }).catch(() => {});
  }
}

function parseArgs(argv: string[]): { from: string; force: boolean } {
  const usage = 'Usage: npm run restore -- <backup folder> [--force]';
  let from: string | undefined;
  let force = false;
  for (const arg of argv) {
    if (arg === '--force') force = true;
    else if (arg.startsWith('-')) throw new BackupError(`Unknown option ${arg}. ${usage}`);
    else if (from) throw new BackupError(`Only one backup folder, please. ${usage}`);
    else from = arg;
  }
  if (!from) throw new BackupError(`Which backup? ${usage}`);
  return { from, force };
}

async function main() {
  try {
    const { loadEnv } = await import('../server/env');
    const env = loadEnv();
    if (env.STORAGE === 's3') throw new BackupError(S3_REFUSAL);
    const { from, force } = parseArgs(process.argv.slice(2));
    const result = await restore({ from, databaseUrl: env.DATABASE_URL, uploadDir: env.uploadDir, force });
    const m = result.manifest;
    console.log(`Restored the backup of ${m.createdAt} (Clientflow ${m.appVersion}):`);
    console.log(`  database → ${result.databaseFile} (integrity check ok)`);
    console.log(`  ${m.uploads.fileCount} uploaded files, ${formatBytes(m.uploads.bytes)} → ${result.uploadDir}`);
    if (result.previousUploads)
      console.log(`  the previous uploads were moved to ${result.previousUploads}: delete it once the hub looks right`);
    if (result.missingMigrations.length)
      console.log(
        `The backup is older than this version (${result.missingMigrations.length} migrations to apply): run \`npm run db:migrate\` before starting the app.`,
      );
    if (result.unknownMigrations.length)
      console.log(
        `Warning: the backup was made by a newer version of Clientflow (migrations ${result.unknownMigrations.join(', ')}); run that version.`,
      );
  } catch (error) {
    console.error(
      error instanceof BackupError || (error as Error).message?.startsWith('Invalid configuration')
        ? (error as Error).message
        : error,
    );
    process.exitCode = 1;
  }
}

const isEntry = !!process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isEntry) void main();
