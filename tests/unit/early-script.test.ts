// The page's early script (shared/early-script.ts): run as the browser runs it, it writes the time-zone cookie the hub's
// greeting is read from, for the hub's pages only, and never throws.
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { EARLY_SCRIPT } from '../../shared/early-script';
import { TIME_ZONE_COOKIE } from '../../shared/first-screen-constants';

/** Stand-ins for the Intl namespace: a browser that reports no time zone, and one whose Intl fails. */
const NO_ZONE = { DateTimeFormat: () => ({ resolvedOptions: () => ({ timeZone: '' }) }) };
const FAILING = {
  DateTimeFormat: () => {
    throw new RangeError('Incorrect locale information provided');
  },
};

function run(protocol: string, intl: unknown = Intl) {
  const document = { cookie: '' };
  vm.runInNewContext(EARLY_SCRIPT, { Intl: intl, document, location: { protocol }, encodeURIComponent });
  return document.cookie;
}

describe('the early script', () => {
  it("remembers the browser's time zone for the hub's pages, secure over HTTPS", () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(run('http:')).toBe(
      `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; path=/hub; max-age=31536000; samesite=lax`,
    );
    expect(run('https:')).toMatch(/; samesite=lax; secure$/);
  });

  it('writes nothing, and throws nothing, where the browser has no time zone or its Intl fails', () => {
    expect(run('https:', NO_ZONE)).toBe('');
    expect(run('https:', FAILING)).toBe('');
  });
});
