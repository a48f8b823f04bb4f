import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: path.resolve(import.meta.dirname, '..'),
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    globalSetup: ['tests/support/global-setup.ts'],
    // Server logs (server/log.ts): warnings and errors only, so an unexpected 500 still shows; LOG_LEVEL=debug to see all.
    env: { LOG_LEVEL: process.env.LOG_LEVEL || 'warn' },
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
