// The Chromium the browser tests run in: CHROMIUM_PATH; else the system's Chromium or Chrome (on PATH, then where
// packages put it); else Playwright's own (npx playwright install chromium). None: one line that says how to get one,
// instead of every test failing to launch.
import fs from 'node:fs';
import path from 'node:path';

/** Where to look; the Playwright config passes the real machine, tests pass a made-up one. */
export type ChromiumSearch = {
  env: Record<string, string | undefined>;
  platform: NodeJS.Platform;
  /** Where Playwright's own Chromium is (or would be, once `npx playwright install chromium` ran). */
  playwrightChromium: () => string;
  isExecutable?: (file: string) => boolean;
};

const ON_PATH = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable', 'chrome'];
const USUAL: Partial<Record<NodeJS.Platform, string[]>> = {
  linux: [
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/snap/bin/chromium',
    '/usr/bin/google-chrome',
    '/usr/bin/google-chrome-stable',
    '/opt/google/chrome/chrome',
  ],
  darwin: [
    '/Applications/Chromium.app/Contents/MacOS/Chromium',
    '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  ],
};

const GET_ONE =
  "get one with `npx playwright install chromium` (downloads it; needs the internet) or your distribution's " +
  '`chromium` package (e.g. `apt-get install chromium`)';

function executable(file: string): boolean {
  try {
    if (!fs.statSync(file).isFile()) return false;
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The browser's path and where it was found, or the one line to print when there is none. */
export function findChromium(search: ChromiumSearch): { path: string; from: string } | { error: string } {
  const isExecutable = search.isExecutable ?? executable;
  const asked = search.env.CHROMIUM_PATH?.trim();
  if (asked) {
    if (isExecutable(asked)) return { path: asked, from: 'CHROMIUM_PATH' };
    return {
      error: `CHROMIUM_PATH=${asked} is not an executable file: point it at a Chromium or Chrome, or unset it and ${GET_ONE}.`,
    };
  }
  const dirs = (search.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  for (const name of ON_PATH) {
    for (const dir of dirs) {
      const file = path.join(dir, name);
      if (isExecutable(file)) return { path: file, from: 'PATH' };
    }
  }
  for (const file of USUAL[search.platform] ?? []) if (isExecutable(file)) return { path: file, from: 'system' };
  const own = search.playwrightChromium();
  if (own && isExecutable(own)) return { path: own, from: 'Playwright' };
  return {
    error:
      "No Chromium for the browser tests (none in CHROMIUM_PATH, on PATH, in the usual places or in Playwright's " +
      `browsers): ${GET_ONE}, or set CHROMIUM_PATH to one.`,
  };
}
