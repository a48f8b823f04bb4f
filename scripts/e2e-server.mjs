// Starts the built app for the browser tests on a fresh, migrated SQLite database.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';

const dir = 'data/e2e';
fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir, { recursive: true });
const env = {
  ...process.env,
  NODE_ENV: 'production',
  DATABASE_URL: `file:./${dir}/app.db`,
  UPLOAD_DIR: `./${dir}/uploads`,
  // Every browser test signs up from 127.0.0.1.
  SIGNUPS_PER_ADDRESS_PER_HOUR: '10000',
};
execFileSync(process.execPath, ['scripts/prisma.mjs', 'migrate', 'deploy'], { env, stdio: 'inherit' });
const server = spawn(process.execPath, ['dist/server/index.mjs'], { env, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
