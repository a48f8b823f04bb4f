// The browser tests' Chromium is found (CHROMIUM_PATH, the system's, Playwright's own), or the run stops at once
// with one line saying how to get one: tests/e2e/chromium.ts.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ChromiumSearch, findChromium } from '../e2e/chromium';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PLAYWRIGHT_OWN = '/home/u/.cache/ms-playwright/chromium-1/chrome-linux64/chrome';

/** A machine that has exactly `files` as executables. */
function machine(files: string[], env: Record<string, string> = {}): ChromiumSearch {
  return {
    env: { PATH: '/home/u/bin:/usr/local/bin:/usr/bin', ...env },
    platform: 'linux',
    playwrightChromium: () => PLAYWRIGHT_OWN,
    isExecutable: (file) => files.includes(file),
  };
}

describe('findChromium', () => {
  it('takes CHROMIUM_PATH first, over any other browser', () => {
    const found = findChromium(machine(['/opt/c/chrome', '/usr/bin/chromium'], { CHROMIUM_PATH: '/opt/c/chrome' }));
    expect(found).toEqual({ path: '/opt/c/chrome', from: 'CHROMIUM_PATH' });
  });

  it('refuses a CHROMIUM_PATH that is not there, in one line, rather than silently taking another browser', () => {
    const found = findChromium(machine(['/usr/bin/chromium'], { CHROMIUM_PATH: '/nowhere/chrome' }));
    expect(found).toEqual({ error: expect.stringContaining('CHROMIUM_PATH=/nowhere/chrome is not an executable') });
    expect((found as { error: string }).error).not.toContain('\n');
  });

  it('then looks for chromium and google-chrome on PATH, in PATH order', () => {
    expect(findChromium(machine(['/usr/local/bin/chromium', '/home/u/bin/chromium']))).toEqual({
      path: '/home/u/bin/chromium',
      from: 'PATH',
    });
    expect(findChromium(machine(['/usr/local/bin/google-chrome']))).toEqual({
      path: '/usr/local/bin/google-chrome',
      from: 'PATH',
    });
  });

  it('then where packages put it, then Playwright’s own browser', () => {
    expect(findChromium({ ...machine(['/snap/bin/chromium', PLAYWRIGHT_OWN]), env: { PATH: '' } })).toEqual({
      path: '/snap/bin/chromium',
      from: 'system',
    });
    expect(findChromium(machine([PLAYWRIGHT_OWN]))).toEqual({ path: PLAYWRIGHT_OWN, from: 'Playwright' });
  });

  it('finds none on a machine without one, and says in one line how to get one', () => {
    const found = findChromium(machine([]));
    expect(found).toHaveProperty('error');
    const { error } = found as { error: string };
    expect(error).not.toContain('\n');
    expect(error).toContain('`npx playwright install chromium`');
    expect(error).toContain("distribution's `chromium` package");
  });
});

describe('the Playwright run without a browser', () => {
  it('stops at once with that one line and a failing exit code, before any test or server', async () => {
    const result = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        [
          path.join(ROOT, 'node_modules/@playwright/test/cli.js'),
          'test',
          '-c',
          'tests/e2e/playwright.config.ts',
          '--list',
        ],
        { cwd: ROOT, env: { ...process.env, CHROMIUM_PATH: '/nowhere/chromium' } },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
      );
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^CHROMIUM_PATH=\/nowhere\/chromium is not an executable file: .*npx playwright install/),
    ]);
  }, 60_000);
});
