import { LOGIN_THROTTLE } from '../../shared/constants';

/**
 * Counts sign-in attempts per key (an email or an IP) in a sliding window.
 * An attempt counts from the moment it starts, so parallel guesses cannot all slip
 * through while the slow password check runs; a successful sign-in is then forgiven.
 * In memory: the app runs as one process; a restart forgets the counts, which only favours users.
 */
export class LoginThrottle {
  private attempts = new Map<string, number[]>();
  private lastSweep = 0;
  constructor(
    private readonly max: number = LOGIN_THROTTLE.maxFailures,
    private readonly windowMs: number = LOGIN_THROTTLE.windowMs,
    private readonly now = () => Date.now(),
  ) {}

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    const kept = (this.attempts.get(key) ?? []).filter((t) => t > since);
    if (kept.length) this.attempts.set(key, kept);
    else this.attempts.delete(key);
    return kept;
  }

  /** Keys that are never seen again would otherwise stay in memory forever. */
  private sweep() {
    if (this.now() - this.lastSweep < 60_000) return;
    this.lastSweep = this.now();
    for (const key of [...this.attempts.keys()]) this.recent(key);
  }

  /** Seconds until the keys may try again, or 0 when they may try now. */
  retryAfter(...keys: string[]): number {
    let wait = 0;
    for (const key of keys) {
      const times = this.recent(key);
      if (times.length >= this.max) {
        const oldestThatCounts = times[times.length - this.max];
        wait = Math.max(wait, Math.ceil((oldestThatCounts + this.windowMs - this.now()) / 1000));
      }
    }
    return wait;
  }

  /** Starts an attempt: 0 when allowed (and counted), else the seconds to wait (and not counted). */
  begin(...keys: string[]): number {
    this.sweep();
    const wait = this.retryAfter(...keys);
    if (wait === 0) for (const key of keys) this.attempts.set(key, [...this.recent(key), this.now()]);
    return wait;
  }

  /** A successful sign-in: the email starts afresh, and the attempt no longer counts for the other keys. */
  succeed(clearKey: string, ...forgiveKeys: string[]): void {
    this.attempts.delete(clearKey);
    for (const key of forgiveKeys) {
      const times = this.recent(key);
      times.pop();
      if (times.length) this.attempts.set(key, times);
      else this.attempts.delete(key);
    }
  }
}
