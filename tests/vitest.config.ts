import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Three projects: `unit` (pure functions, no database: starts in seconds), `integration` (the real app over a fresh,
// migrated database: tests/support/global-setup.ts) and `migrations` (migrate deploy on many fresh databases; slow,
// so only `npm run test:migrations` runs it). Pick one with `--project <name>`. The PostgreSQL they use (the
// integration project with TEST_DATABASE=postgres, and migrations) is POSTGRES_ADMIN_URL's, else the one on the
// default address, else an embedded one started for the run: tests/support/postgres.ts.
export default defineConfig({
  root: path.resolve(import.meta.dirname, '..'),
  test: {
    environment: 'node',
    pool: 'forks',
    // Server logs (server/log.ts): warnings and errors only, so an unexpected 500 still shows; LOG_LEVEL=debug to see all.
    env: { LOG_LEVEL: process.env.LOG_LEVEL || 'warn' },
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'] } },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          // The server's young-generation bound (server/v8-flags.ts), set before the heap is: memory tests measure it;
          // --expose-gc lets them collect garbage before they measure what is held.
          execArgv: ['--max-semi-space-size=16', '--expose-gc'],
        },
      },
      {
        extends: true,
        test: {
          name: 'migrations',
          include: ['tests/migrations/**/*.test.ts'],
          globalSetup: ['tests/support/postgres-setup.ts'],
        },
      },
    ],
  },
});
