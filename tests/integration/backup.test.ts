/**
 * Backups (scripts/backup.ts, scripts/restore.ts): a backup taken from the running app while it writes restores into
 * a fresh place with every row of the backup's moment and byte-identical uploads; a damaged backup, an existing
 * target and a running app are refused with nothing written.
 *
 * SQLite only: `npm run backup` / `npm run restore` handle the embedded database; PostgreSQL deployments use
 * pg_dump / pg_restore (README, "Backups"), so on TEST_DATABASE=postgres only the refusal is checked.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { backup, BackupError, listFiles, localMigrations, POSTGRES_REFUSAL, type Manifest } from '../../scripts/backup';
import { restore } from '../../scripts/restore';
import { client, signUpAgency, startApp, type TestApp } from '../support/app';
import { trpcClient } from '../support/trpc';

const onSqlite = inject('databaseUrl').startsWith('file:');

it('refuses a PostgreSQL DATABASE_URL and points to pg_dump', async () => {
  await expect(backup({ databaseUrl: 'postgresql://u@127.0.0.1:5432/x', uploadDir: os.tmpdir() })).rejects.toThrow(
    POSTGRES_REFUSAL,
  );
  await expect(
    restore({ from: os.tmpdir(), databaseUrl: 'postgresql://u@127.0.0.1:5432/x', uploadDir: os.tmpdir() }),
  ).rejects.toThrow(/pg_restore/);
});

describe.skipIf(!onSqlite)('SQLite backup and restore (skipped on PostgreSQL: pg_dump covers it)', () => {
  let dir: string;
  let databaseUrl: string;
  let app: TestApp;
  let api: ReturnType<typeof client>;
  let token: string;
  let businessId: number;
  let companyId: number;
  const uploaded: Buffer[] = [];

  const upload = async (content: Buffer, name: string) => {
    const form = new FormData();
    form.append('companyId', String(companyId));
    form.append('file', new Blob([new Uint8Array(content)], { type: 'application/octet-stream' }), name);
    const res = await fetch(`${app.baseUrl}/api/documents/upload`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(201);
  };
  const companyIds = (file: string) => {
    const c = new BetterSqlite3(file, { readonly: true });
    try {
      return (
        c.prepare('SELECT id FROM Company WHERE businessId = ? ORDER BY id').all(businessId) as { id: number }[]
      ).map((r) => r.id);
    } finally {
      c.close();
    }
  };
  /** Row counts of every table, read from a database file. */
  const counts = (file: string) => {
    const c = new BetterSqlite3(file, { readonly: true });
    try {
      const tables = (
        c
          .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
          .all() as { name: string }[]
      ).map((t) => t.name);
      return Object.fromEntries(
        tables.map((t) => [t, (c.prepare(`SELECT count(*) AS n FROM "${t}"`).get() as { n: number }).n]),
      );
    } finally {
      c.close();
    }
  };
  const fresh = (name: string) => {
    const target = path.join(dir, name);
    return { databaseUrl: `file:${path.join(target, 'app.db')}`, uploadDir: path.join(target, 'uploads'), target };
  };

  beforeAll(async () => {
    // A database of this file's own (the shared test database is written by other files at the same time).
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clientflow-backup-'));
    databaseUrl = `file:${path.join(dir, 'live', 'app.db')}`;
    fs.mkdirSync(path.join(dir, 'live'));
    execFileSync(process.execPath, ['scripts/prisma.mjs', 'migrate', 'deploy'], {
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: 'pipe',
    });
    app = await startApp(undefined, { databaseUrl });
    api = client(app.baseUrl);
    token = (await signUpAgency(api)).token;
    businessId = (await trpcClient(app.baseUrl, { token }).auth.me.query()).business.id;
    companyId = (await api.post('/api/companies', { name: 'Acme Studio' }, { token })).body.id;
    // Enough rows that the database spans many pages.
    await app.database.db.company.createMany({
      data: Array.from({ length: 400 }, (_, i) => ({ businessId, name: `Seeded client ${i} ${'x'.repeat(200)}` })),
    });
    for (let i = 0; i < 3; i++) {
      const bytes = crypto.randomBytes(50_000 + i * 1000);
      uploaded.push(bytes);
      await upload(bytes, `file-${i}.bin`);
    }
  });
  afterAll(async () => {
    await app?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  let backupDir: string;
  let before: number[];

  it('backs up while the app writes, and restores every row of that moment and byte-identical files', async () => {
    expect(businessId).toBeGreaterThan(0);
    const liveFile = path.join(dir, 'live', 'app.db');
    before = companyIds(liveFile);
    let writing = true;
    let written = 0;
    const writes = (async () => {
      while (writing) {
        const res = await api.post('/api/companies', { name: `Written during backup ${written}` }, { token });
        expect(res.status).toBe(201);
        written++;
      }
    })();
    // Let the writes get going, then back up in the middle of them.
    while (written < 5) await new Promise((r) => setTimeout(r, 5));
    const result = await backup({ databaseUrl, uploadDir: app.uploadDir, out: path.join(dir, 'backups', 'one') });
    const afterBackup = written;
    while (written < afterBackup + 5) await new Promise((r) => setTimeout(r, 5));
    writing = false;
    await writes;

    backupDir = result.dir;
    const manifest: Manifest = JSON.parse(fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({
      formatVersion: 1,
      appVersion: expect.any(String),
      database: { file: 'database.db', migrations: localMigrations() },
    });
    expect(manifest.uploads.fileCount).toBe(3);
    expect(manifest.uploads.bytes).toBe(uploaded.reduce((s, b) => s + b.length, 0));
    // Nothing half-written next to it.
    expect(fs.readdirSync(path.join(dir, 'backups'))).toEqual(['one']);

    const to = fresh('restored');
    const restored = await restore({ from: backupDir, ...to });
    expect(restored.missingMigrations).toEqual([]);
    expect(restored.unknownMigrations).toEqual([]);
    const file = path.join(to.target, 'app.db');
    const check = new BetterSqlite3(file, { readonly: true });
    expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
    check.close();
    // Every row the backup holds, and every company that existed before the backup started.
    expect(counts(file)).toEqual(counts(path.join(backupDir, 'database.db')));
    const ids = companyIds(file);
    expect(ids).toEqual(expect.arrayContaining(before));
    expect(ids.length).toBeGreaterThanOrEqual(before.length + 5);
    // The live database moved on past the backup.
    expect(companyIds(liveFile).length).toBeGreaterThan(ids.length);
    // Uploads byte-identical, under the same keys.
    const files = await listFiles(to.uploadDir);
    expect(files).toEqual(await listFiles(app.uploadDir));
    const contents = files.map((f) => fs.readFileSync(path.join(to.uploadDir, f)));
    for (const bytes of uploaded) expect(contents.some((c) => c.equals(bytes))).toBe(true);
    for (const f of files)
      expect(fs.readFileSync(path.join(to.uploadDir, f)).equals(fs.readFileSync(path.join(app.uploadDir, f)))).toBe(
        true,
      );
  });

  it('refuses an existing target without --force, and replaces it with --force', async () => {
    const to = fresh('restored');
    const file = path.join(to.target, 'app.db');
    const stamp = fs.statSync(file).mtimeMs;
    await expect(restore({ from: backupDir, ...to })).rejects.toThrow(/already exists.*--force/);
    expect(fs.statSync(file).mtimeMs).toBe(stamp);
    fs.writeFileSync(path.join(to.uploadDir, 'stray.txt'), 'not from the backup');
    const result = await restore({ from: backupDir, ...to, force: true });
    expect(result.previousUploads).toBeTruthy();
    expect(fs.existsSync(path.join(to.uploadDir, 'stray.txt'))).toBe(false);
    expect(fs.existsSync(path.join(result.previousUploads!, 'stray.txt'))).toBe(true);
    expect(counts(file)).toEqual(counts(path.join(backupDir, 'database.db')));
  });

  it('refuses to replace the database of a running app, even with --force', async () => {
    await expect(restore({ from: backupDir, databaseUrl, uploadDir: app.uploadDir, force: true })).rejects.toThrow(
      /in use \(is the app running\?\)/,
    );
    // The app still works on its own data.
    expect((await api.post('/api/companies', { name: 'Still here' }, { token })).status).toBe(201);
  });

  it('refuses a tampered upload, a tampered manifest and a missing file, with nothing written', async () => {
    const copy = (name: string) => {
      const to = path.join(dir, 'tampered', name);
      fs.cpSync(backupDir, to, { recursive: true });
      return to;
    };
    const manifestOf = (folder: string) =>
      JSON.parse(fs.readFileSync(path.join(folder, 'manifest.json'), 'utf8')) as Manifest;
    const attempts: [string, (folder: string) => void, RegExp][] = [
      [
        'file',
        (f) => fs.appendFileSync(path.join(f, 'uploads', manifestOf(f).uploads.files[0].path), 'x'),
        /uploaded file .* does not match its checksum/,
      ],
      [
        'database',
        (f) => fs.writeFileSync(path.join(f, 'database.db'), Buffer.alloc(manifestOf(f).database.size)),
        /database file database\.db does not match/,
      ],
      [
        'manifest',
        (f) => {
          const m = manifestOf(f);
          m.uploads.files[1].sha256 = '0'.repeat(64);
          fs.writeFileSync(path.join(f, 'manifest.json'), JSON.stringify(m));
        },
        /does not match its checksum/,
      ],
      [
        'escape',
        (f) => {
          const m = manifestOf(f);
          m.uploads.files[0].path = '../../etc/passwd';
          fs.writeFileSync(path.join(f, 'manifest.json'), JSON.stringify(m));
        },
        /damaged \(file entry/,
      ],
      [
        'missing',
        (f) => fs.rmSync(path.join(f, 'uploads', manifestOf(f).uploads.files[2].path)),
        /incomplete: the uploaded file .* is missing/,
      ],
      ['not json', (f) => fs.writeFileSync(path.join(f, 'manifest.json'), '{ "formatVersion": 1,'), /not valid JSON/],
    ];
    for (const [name, tamper, message] of attempts) {
      const folder = copy(name);
      tamper(folder);
      const to = fresh(`after-${name}`);
      await expect(restore({ from: folder, ...to }), name).rejects.toThrow(BackupError);
      await expect(restore({ from: folder, ...to }), name).rejects.toThrow(message);
      expect(fs.existsSync(to.target), `${name}: nothing written`).toBe(false);
    }
    // With --force over an existing restore, a tampered backup leaves it untouched too.
    const folder = copy('force');
    fs.appendFileSync(path.join(folder, 'uploads', manifestOf(folder).uploads.files[0].path), 'x');
    const to = fresh('restored');
    const before = fs.readdirSync(to.target).sort();
    const dbBytes = fs.readFileSync(path.join(to.target, 'app.db'));
    await expect(restore({ from: folder, ...to, force: true })).rejects.toThrow(/does not match/);
    expect(fs.readdirSync(to.target).sort()).toEqual(before);
    expect(fs.readFileSync(path.join(to.target, 'app.db')).equals(dbBytes)).toBe(true);
  });

  it("tells an older backup apart: the restored database lacks this version's newest migrations", async () => {
    const folder = path.join(dir, 'older');
    fs.cpSync(backupDir, folder, { recursive: true });
    const newest = localMigrations().at(-1)!;
    const c = new BetterSqlite3(path.join(folder, 'database.db'));
    c.prepare('DELETE FROM _prisma_migrations WHERE migration_name = ?').run(newest);
    c.close();
    const m = JSON.parse(fs.readFileSync(path.join(folder, 'manifest.json'), 'utf8')) as Manifest;
    const stat = fs.statSync(path.join(folder, 'database.db'));
    m.database.size = stat.size;
    m.database.sha256 = crypto
      .createHash('sha256')
      .update(fs.readFileSync(path.join(folder, 'database.db')))
      .digest('hex');
    fs.writeFileSync(path.join(folder, 'manifest.json'), JSON.stringify(m));
    const result = await restore({ from: folder, ...fresh('older-restored') });
    expect(result.missingMigrations).toEqual([newest]);
  });

  it('refuses to write into a non-empty --out folder', async () => {
    await expect(backup({ databaseUrl, uploadDir: app.uploadDir, out: backupDir })).rejects.toThrow(
      /already exists and is not empty/,
    );
  });
});
