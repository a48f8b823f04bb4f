import { LOGIN_THROTTLE } from '../../shared/constants';

/**
 * Counts failed sign-ins per key (an email or an IP) in a sliding window.
 * In memory: the app runs as one process; a restart forgets the counts, which only favours users.
 */
export class LoginThrottle {
  private failures = new Map<string, number[]>();
  constructor(
    private readonly max = LOGIN_THROTTLE.maxFailures,
    private readonly windowMs = LOGIN_THROTTLE.windowMs,
    private readonly now = () => Date.now(),
  ) {}

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    const kept = (this.failures.get(key) ?? []).filter((t) => t > since);
    if (kept.length) this.failures.set(key, kept);
    else this.failures.delete(key);
    return kept;
  }

  /** Seconds until the key may try again, or 0 when it may try now. */
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

  fail(...keys: string[]): void {
    for (const key of keys) this.failures.set(key, [...this.recent(key), this.now()]);
  }

  succeed(...keys: string[]): void {
    for (const key of keys) this.failures.delete(key);
  }
}
