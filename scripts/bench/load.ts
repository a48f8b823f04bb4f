// Load generation and measurement helpers for scripts/bench.ts: autocannon runs with exact latencies
// (autocannon's own histogram has 1 ms resolution, too coarse for sub-millisecond baselines), percentiles,
// and peak RSS sampling of a process from /proc.
import fs from 'node:fs';
import type { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';

// autocannon ships no type declarations; this is the part of its API used here.
type AutocannonResult = {
  requests: { total: number };
  duration: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number }>;
};
type AutocannonOptions = {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  timeout?: number;
};
type Tracker = EventEmitter & PromiseLike<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as (options: AutocannonOptions) => Tracker;

export type Run = {
  /** Latencies of the 2xx answers, in ms (sub-millisecond precision). */
  latencies: number[];
  requests: number;
  seconds: number;
  /** non-2xx answers, connection errors and timeouts, with the status codes seen. */
  failures: number;
  /** CPU ms the serving process used during the run (set by the caller, which knows its pid). */
  cpuMs?: number;
  failureDetail: string;
};

export async function loadRun(
  url: string,
  connections: number,
  seconds: number,
  headers: Record<string, string>,
): Promise<Run> {
  const latencies: number[] = [];
  const tracker = autocannon({ url, connections, duration: seconds, headers, timeout: 30 });
  tracker.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
    if (status >= 200 && status < 300) latencies.push(ms);
  });
  const r = await tracker;
  const failures = r.non2xx + r.errors + r.timeouts;
  const codes = Object.entries(r.statusCodeStats)
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, s]) => `${code}×${s.count}`)
    .join(', ');
  return {
    latencies,
    requests: r.requests.total,
    seconds: r.duration,
    failures,
    failureDetail: failures ? `${r.non2xx} non-2xx (${codes}), ${r.errors} errors, ${r.timeouts} timeouts` : '',
  };
}

/** Nearest-rank percentile (q in 0..1) of unsorted values. */
export function percentile(sorted: Float64Array, q: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

export type Summary = {
  p50: number;
  p99: number;
  rps: number;
  requests: number;
  roundsRps: number[];
  /** The serving process's CPU time (user + system, all its threads) per request served, in ms; NaN if unread. */
  cpuMs: number;
};

/** All rounds of one side together: percentiles over every latency, requests/s over the total time. */
export function summarize(runs: Run[]): Summary {
  const all = new Float64Array(runs.reduce((n, r) => n + r.latencies.length, 0));
  let i = 0;
  for (const r of runs) for (const v of r.latencies) all[i++] = v;
  all.sort();
  const requests = runs.reduce((n, r) => n + r.requests, 0);
  const seconds = runs.reduce((n, r) => n + r.seconds, 0);
  return {
    p50: percentile(all, 0.5),
    p99: percentile(all, 0.99),
    rps: requests / seconds,
    requests,
    roundsRps: runs.map((r) => r.requests / r.seconds),
    cpuMs: runs.reduce((n, r) => n + (r.cpuMs ?? NaN), 0) / requests,
  };
}

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on every Linux this runs on). */
const TICKS_PER_SECOND = 100;

/**
 * The CPU time a process has used so far (user + system, every thread: the JS thread, GC helpers, libuv's pool), in
 * ms, from /proc/<pid>/stat; null once it has exited. 10 ms resolution: a run of a few seconds serves thousands of
 * requests, so the per-request figure is exact to about 0.01 ms.
 */
export function cpuMsOf(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): state is the 3rd field, utime the 14th, stime the 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** Resident set size of a process in KiB (VmRSS), or null once it has exited. */
export function rssKb(pid: number): number | null {
  try {
    const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/** Samples a process's RSS every `everyMs` while running; `stop()` answers the peak in KiB. */
export function sampleRss(pid: number, everyMs = 50) {
  let peak = rssKb(pid) ?? 0;
  const timer = setInterval(() => {
    const kb = rssKb(pid);
    if (kb !== null && kb > peak) peak = kb;
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      const kb = rssKb(pid);
      if (kb !== null && kb > peak) peak = kb;
      return peak;
    },
  };
}
