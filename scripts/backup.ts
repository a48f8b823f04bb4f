// `npm run backup [-- --out <folder>]`: a consistent copy of the SQLite database and of the uploads, taken while
// the app keeps running, into backups/<UTC timestamp>/ with a manifest.json of checksums (see scripts/restore.ts).
// PostgreSQL deployments back up with pg_dump instead (README, "Backups").
//
// Importable: `backup({ databaseUrl, uploadDir, out })` is what the CLI and tests/integration/backup.test.ts run.
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import { providerOfUrl, sqlitePathFromUrl } from '../server/config/database-url.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const MANIFEST = 'manifest.json';
export const DATABASE_FILE = 'database.db';
export const UPLOADS_FOLDER = 'uploads';
export const FORMAT_VERSION = 1;

export type ManifestFile = { path: string; size: number; sha256: string };
export type Manifest = {
  formatVersion: number;
  createdAt: string;
  appVersion: string;
  database: { file: string; size: number; sha256: string; migrations: string[] };
  uploads: { folder: string; fileCount: number; bytes: number; files: ManifestFile[] };
};

/** A refusal meant for the person at the terminal: the CLI prints its message only, no stack. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

export const POSTGRES_REFUSAL =
  'DATABASE_URL names a PostgreSQL database: back it up with pg_dump (e.g. `pg_dump -Fc "$DATABASE_URL" > clientflow.dump`) ' +
  'and copy UPLOAD_DIR alongside, as the README\'s "Backups" section shows. `npm run backup` and `npm run restore` handle SQLite only.';

export const S3_REFUSAL =
  'STORAGE=s3 keeps the files in a bucket, which `npm run backup` cannot copy: back up the database with your tools ' +
  'and the bucket with versioning, replication or `mc mirror`, as the README\'s "Several instances" section shows.';

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Every regular file under `dir`, as forward-slash paths relative to it, sorted. */
export async function listFiles(dir: string): Promise<string[]> {
  if (!fs.existsSync(dir)) return [];
  const entries = await fsp.readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

/** This checkout's migrations (folder names under prisma/migrations), oldest first. */
export function localMigrations(): string[] {
  const dir = path.join(ROOT, 'prisma', 'migrations');
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
}

/** The migrations a database has applied (and not rolled back), oldest first; [] when it has no migrations table. */
export function appliedMigrations(connection: BetterSqlite3.Database): string[] {
  const table = connection
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '_prisma_migrations'")
    .get();
  if (!table) return [];
  const rows = connection
    .prepare(
      'SELECT migration_name AS name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name',
    )
    .all() as { name: string }[];
  return [...new Set(rows.map((r) => r.name))];
}

export function appVersion(): string {
  return (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
}

/** 2026-11-22T20-33-15Z: sortable, and valid as a folder name everywhere. */
export const timestampName = (date = new Date()) =>
  date
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');

export type BackupOptions = {
  databaseUrl: string;
  uploadDir: string;
  /** The folder to create; default backups/<UTC timestamp> under the project root. It must not exist yet (or be empty). */
  out?: string;
};

export type BackupResult = { dir: string; manifest: Manifest; skippedFiles: string[] };

export async function backup({ databaseUrl, uploadDir, out }: BackupOptions): Promise<BackupResult> {
  if (providerOfUrl(databaseUrl) === 'postgresql') throw new BackupError(POSTGRES_REFUSAL);
  if (providerOfUrl(databaseUrl) !== 'sqlite') throw new BackupError('DATABASE_URL must start with file: (SQLite).');
  const source = sqlitePathFromUrl(databaseUrl);
  if (source === ':memory:' || !fs.existsSync(source))
    throw new BackupError(`There is no database at ${source}: nothing to back up.`);
  const dir = path.resolve(out ?? path.join(ROOT, 'backups', timestampName()));
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0)
    throw new BackupError(`${dir} already exists and is not empty: choose another --out.`);

  // Everything is written into a sibling work folder and renamed into place at the end: a folder under the final
  // name is always a complete backup, never the leftovers of an interrupted one.
  const work = `${dir}.partial-${randomUUID().slice(0, 8)}`;
  await fsp.mkdir(path.join(work, UPLOADS_FOLDER), { recursive: true });
  try {
    // 1. The database, through SQLite's online backup API: a consistent snapshot even while the app writes (WAL mode).
    // All pages are copied in ONE step (the progress callback asks for them all), inside one read transaction: in
    // WAL mode that never blocks the app's writers, and it avoids the restart SQLite makes when another connection
    // writes between two steps (which, under steady writes, could otherwise restart forever).
    const databaseFile = path.join(work, DATABASE_FILE);
    const connection = new BetterSqlite3(source, { fileMustExist: true });
    let migrations: string[];
    try {
      connection.pragma('busy_timeout = 5000');
      await connection.backup(databaseFile, { progress: () => 0x7fffffff });
    } finally {
      connection.close();
    }
    // The copy keeps the WAL flag of its source; a backup is one self-contained file, so switch it to a rollback journal
    // (the app turns WAL back on when it opens the restored file).
    const copy = new BetterSqlite3(databaseFile, { fileMustExist: true });
    try {
      copy.pragma('journal_mode = DELETE');
      migrations = appliedMigrations(copy);
    } finally {
      copy.close();
    }

    // 2. The uploads, AFTER the snapshot. Files are write-once under random names and each is complete on disk
    // (renamed from a .part file) before the row that names it commits, so every file the snapshot's rows name is
    // already there: files added since are harmless extras. Only a file removed in the seconds between the two
    // steps can be missing (its row then downloads as "not found"); it is skipped, not an error.
    const files: ManifestFile[] = [];
    const skippedFiles: string[] = [];
    for (const rel of await listFiles(uploadDir)) {
      if (rel.endsWith('.part')) continue; // an upload still in progress: not part of any row yet
      const from = path.join(uploadDir, rel);
      const to = path.join(work, UPLOADS_FOLDER, rel);
      await fsp.mkdir(path.dirname(to), { recursive: true });
      try {
        await fsp.copyFile(from, to);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
          skippedFiles.push(rel);
          continue;
        }
        throw error;
      }
      files.push({ path: rel, size: (await fsp.stat(to)).size, sha256: await sha256File(to) });
    }

    const manifest: Manifest = {
      formatVersion: FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      appVersion: appVersion(),
      database: {
        file: DATABASE_FILE,
        size: (await fsp.stat(databaseFile)).size,
        sha256: await sha256File(databaseFile),
        migrations,
      },
      uploads: {
        folder: UPLOADS_FOLDER,
        fileCount: files.length,
        bytes: files.reduce((sum, f) => sum + f.size, 0),
        files,
      },
    };
    await fsp.writeFile(path.join(work, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { flag: 'wx' });
    if (fs.existsSync(dir)) await fsp.rmdir(dir); // empty (checked above)
    await fsp.mkdir(path.dirname(dir), { recursive: true });
    await fsp.rename(work, dir);
    return { dir, manifest, skippedFiles };
  } catch (error) {
    await fsp.rm(work, { recursive: true, force: true }).catch(() => {});
    throw error;
  }
}

export const formatBytes = (n: number) =>
  n < 1024
    ? `${n} B`
    : n < 1024 ** 2
      ? `${(n / 1024).toFixed(1)} KiB`
      : n < 1024 ** 3
        ? `${(n / 1024 ** 2).toFixed(1)} MiB`
        : `${(n / 1024 ** 3).toFixed(2)} GiB`;

/** `--out <folder>` (or `--out=<folder>`); anything else is refused. */
function parseArgs(argv: string[]): { out?: string } {
  let out: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--out' && argv[i + 1]) out = argv[++i];
    else if (arg.startsWith('--out=')) out = arg.slice('--out='.length);
    else throw new BackupError(`Unknown argument ${arg}. Usage: npm run backup [-- --out <folder>]`);
  }
  return { out };
}

async function main() {
  try {
    const { loadEnv } = await import('../server/env');
    const env = loadEnv();
    if (env.STORAGE === 's3') throw new BackupError(S3_REFUSAL);
    const { out } = parseArgs(process.argv.slice(2));
    const started = Date.now();
    const { dir, manifest, skippedFiles } = await backup({
      databaseUrl: env.DATABASE_URL,
      uploadDir: env.uploadDir,
      out,
    });
    console.log(
      `Backed up to ${path.relative(process.cwd(), dir) || dir} in ${((Date.now() - started) / 1000).toFixed(1)} s:`,
    );
    console.log(
      `  database ${formatBytes(manifest.database.size)} (${manifest.database.migrations.length} migrations applied), sha256 ${manifest.database.sha256.slice(0, 16)}…`,
    );
    console.log(`  ${manifest.uploads.fileCount} uploaded files, ${formatBytes(manifest.uploads.bytes)}`);
    if (skippedFiles.length)
      console.log(`  ${skippedFiles.length} files were removed while the backup ran and are not in it`);
    console.log(`Restore with: npm run restore -- ${path.relative(process.cwd(), dir) || dir}`);
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
