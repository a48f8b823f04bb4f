// A migration that fails, or an engine that dies under it, must say why and exit non-zero: a silent exit 1 left a
// half-applied database behind that the next start refused (P3009).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ABORT_HOOK = pathToFileURL(path.join(import.meta.dirname, 'support', 'abort-engine.mjs')).href;

function deploy(databaseUrl: string, env: Record<string, string> = {}): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['scripts/prisma.mjs', 'migrate', 'deploy'],
      { cwd: ROOT, env: { ...process.env, DATABASE_URL: databaseUrl, ...env }, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        resolve({
          code: error ? (typeof error.code === 'number' ? error.code : 1) : 0,
          output: `${stdout}\n${stderr}`,
        });
      },
    );
  });
}

describe('migrate deploy that fails (SQLite)', () => {
  let dir: string;
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('prints the failing migration and its error, and exits non-zero', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clientflow-deploy-fail-'));
    const file = path.join(dir, 'app.db');
    const db = new BetterSqlite3(file);
    // Prisma's own bookkeeping table (so deploy does not refuse a non-empty database, P3005) and a table the first
    // migration creates.
    db.exec(`CREATE TABLE "_prisma_migrations" (
      "id" TEXT PRIMARY KEY NOT NULL, "checksum" TEXT NOT NULL, "finished_at" DATETIME, "migration_name" TEXT NOT NULL,
      "logs" TEXT, "rolled_back_at" DATETIME, "started_at" DATETIME NOT NULL DEFAULT current_timestamp,
      "applied_steps_count" INTEGER UNSIGNED NOT NULL DEFAULT 0)`);
    db.exec('CREATE TABLE "Business" ("id" INTEGER NOT NULL PRIMARY KEY)');
    db.close();

    const result = await deploy(`file:${file}`);
    expect(result.code, result.output).not.toBe(0);
    expect(result.output).toContain('20261121234538_init');
    expect(result.output).toMatch(/table "?Business"? already exists/);
  });

  it('says the engine crashed, with its signal, when the engine process dies part-way', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clientflow-deploy-crash-'));
    const nodeOptions = [process.env.NODE_OPTIONS, `--import=${ABORT_HOOK}`].filter(Boolean).join(' ');

    const result = await deploy(`file:${path.join(dir, 'app.db')}`, { NODE_OPTIONS: nodeOptions });
    expect(result.code, result.output).not.toBe(0);
    expect(result.output).toContain('The offline schema engine');
    expect(result.output).toContain('SIGABRT');
  });
});
