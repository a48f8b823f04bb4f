// The hub dashboard's greeting: "Good morning" before 12:00, "Good afternoon" before 17:00, otherwise "Good evening",
// at the person's own time of day. The browser knows it (DashboardPage); the server knows it from the time zone the
// browser last reported (TIME_ZONE_COOKIE, shared/constants.ts), to write the greeting into the dashboard's first frame.
import { dashboard } from './messages/dashboard';

export function greetingAt(hour: number): string {
  if (hour < 12) return dashboard.morning;
  if (hour < 17) return dashboard.afternoon;
  return dashboard.evening;
}

/** The greeting at `now` in an IANA time zone; null for a zone this runtime does not know. */
export function greetingIn(timeZone: string, now = new Date()): string | null {
  if (!/^[A-Za-z0-9_+\-/]{1,64}$/.test(timeZone)) return null;
  try {
    const hour = Number(new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(now));
    return Number.isInteger(hour) ? greetingAt(hour) : null;
  } catch {
    return null;
  }
}
