/** The dashboards' and activity feeds' 'x ago' (client/src/features/dashboard/format.tsx, spec: "such as 'x ago'"). */
import { describe, expect, it } from 'vitest';
import { relativeTime } from '../../client/src/features/dashboard/format';

const now = new Date('2026-11-26T12:00:00Z');
const ago = (seconds: number) => relativeTime(new Date(now.getTime() - seconds * 1000), now);

describe('relativeTime', () => {
  it.each([
    [5, 'just now'],
    [61, '1 minute ago'],
    [59 * 60 + 59, '59 minutes ago'],
    [3_600, '1 hour ago'],
    [23 * 3_600, '23 hours ago'],
    [86_400, 'yesterday'],
    [3 * 86_400, '3 days ago'],
    [7 * 86_400, 'last week'],
    [20 * 86_400, '2 weeks ago'],
    [70 * 86_400, '2 months ago'],
    [400 * 86_400, 'last year'],
    // A clock a little behind the server's: the future reads as now.
    [-30, 'just now'],
  ])('%i seconds ago reads "%s"', (seconds, text) => {
    expect(ago(seconds)).toBe(text);
  });

  it('says "Unknown time" for a missing or unreadable date', () => {
    expect(relativeTime(null, now)).toBe('Unknown time');
    expect(relativeTime('not a date', now)).toBe('Unknown time');
    expect(relativeTime('2026-11-26T11:00:00.000Z', now)).toBe('1 hour ago');
  });
});
