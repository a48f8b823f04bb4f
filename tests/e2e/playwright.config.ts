import path from 'node:path';
import { chromium, defineConfig } from '@playwright/test';
import { findChromium } from './chromium';

const root = path.resolve(import.meta.dirname, '../..');
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;
/** The e2e server sends mail here; specs that read mail start a real SMTP server on it (tests/support/smtp.ts). */
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 3125);

// No browser: one line saying how to get one, before the server starts, instead of every test failing to launch.
const browser = findChromium({
  env: process.env,
  platform: process.platform,
  playwrightChromium: () => chromium.executablePath(),
});
if ('error' in browser) {
  console.error(browser.error);
  process.exit(1);
}

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: './results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: browser.path,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // The built app (npm run build) on a fresh SQLite database, migrated the way a deployment is.
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    cwd: root,
    url: `${baseURL}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      PUBLIC_URL: baseURL,
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      MAIL_FROM: 'Clientflow e2e <hub@clientflow.test>',
    },
  },
});
