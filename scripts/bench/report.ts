// The bench's report: the table, the budgets (bench/budgets.json and the built-in ones), growth against an earlier
// run, the result file and the verdict. scripts/bench.ts measures; this file judges and writes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SeedCounts } from '../seed';
import type { Summary } from './load';
import type { Options } from './options';

export const BUDGET = { p50: 1.5, p99: 2, rssMb: 200, atConnections: 32, growth: 1.5, dashboardStatsSqliteMs: 10 };
/** How far over a limit bench:check lets a ratio be before it fails (the noise of its short rounds). */
const CHECK_NOISE = 1.2;

export const sec = (msValue: number) => `${(msValue / 1000).toFixed(1)} s`;
const fmtMs = (n: number) => (Number.isNaN(n) ? '–' : n < 10 ? n.toFixed(2) : n.toFixed(1));
const fmtRatio = (n: number) => (Number.isFinite(n) ? `${n.toFixed(2)}×` : '–');
export const mb = (kb: number) => kb / 1024;

export type Row = {
  call: string;
  path: string;
  connections: number;
  app: Summary;
  /** null: the call has no baseline (absolute budgets only). */
  baseline: Summary | null;
  /** The same baseline over plain node:http (null with no baseline). */
  http: Summary | null;
  ratio: { p50: number; p99: number; rps: number; cpuMs: number } | null;
  /** The app against the node:http baseline. */
  httpRatio: { p50: number; cpuMs: number } | null;
  appRssPeakMb: number;
  bytes: number;
};

/** What a run was, as far as judging and writing it needs. */
export type RunInfo = {
  kind: 'sqlite' | 'postgres';
  started: Date;
  state: { commit: string; serverDiff: string };
  options: Options;
  seeded: {
    ms: number;
    counts: SeedCounts;
    totals: SeedCounts | null;
    messages?: { ms: number; threads: number; messages: number };
  };
  sizeLabel: string;
  screens: Set<string>;
  compared: number;
  idleRssKb: number;
  appRssPeakKb: number;
};

type Budget = { name: string; value: number; limit: number; pass: boolean; exception?: string; gate: boolean };
type Growth = { call: string; p50: number; bytes: number; rss: number };
type Against = { scale: number; agencies: number | null; fraction: number | null; file: string };

// bench/budgets.json: the ratio budgets' known exceptions (a limit that must not get worse, and why), the screens'
// absolute limits (at the size they were measured at) and the RSS limit.
type Budgets = {
  calls?: Record<string, { p50?: number; why?: string }>;
  absolute?: {
    size: { database: string; agencies: number; fraction: number; connections: number };
    why?: string;
    p50Ms: Record<string, number>;
  };
  rssMb?: { limit: number; why?: string };
  /**
   * Growth within one run: a screen over much more data against the same screen over little (`of`), both measured
   * in this run; the app's p50 ratio at every connection count must stay within `p50`.
   */
  pairs?: { why?: string; limits: Record<string, { of: string; p50: number }> };
};

function table(head: string[], rows: string[][]) {
  const cells = [head, ...rows];
  const widths = head.map((_, i) => Math.max(...cells.map((r) => r[i].length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
}

export function printTable(rows: Row[], run: RunInfo) {
  const c = run.seeded.counts;
  console.log(
    `\n${run.kind === 'postgres' ? 'PostgreSQL' : 'SQLite'}, ${run.sizeLabel} (${c.companies} companies, ${c.tasks} tasks in the measured agency); ` +
      `latencies in ms; ×: app/baseline where the call has one (requests/s: below 1 means the app serves fewer); ` +
      `CPU: the serving process's CPU ms per request; http: the baseline over plain node:http instead of Express`,
  );
  table(
    'call|conns|p50 app|p50 base|p50 ×|p99 app|p99 base|p99 ×|req/s app|req/s base|req/s ×|CPU app|CPU base|CPU ×|p50 http|CPU http|CPU ×http|app RSS MB|KB'.split(
      '|',
    ),
    rows.map((r) => [
      r.call,
      String(r.connections),
      fmtMs(r.app.p50),
      fmtMs(r.baseline?.p50 ?? NaN),
      fmtRatio(r.ratio?.p50 ?? NaN),
      fmtMs(r.app.p99),
      fmtMs(r.baseline?.p99 ?? NaN),
      fmtRatio(r.ratio?.p99 ?? NaN),
      r.app.rps.toFixed(0),
      r.baseline?.rps.toFixed(0) ?? '–',
      fmtRatio(r.ratio?.rps ?? NaN),
      fmtMs(r.app.cpuMs),
      fmtMs(r.baseline?.cpuMs ?? NaN),
      fmtRatio(r.ratio?.cpuMs ?? NaN),
      fmtMs(r.http?.p50 ?? NaN),
      fmtMs(r.http?.cpuMs ?? NaN),
      fmtRatio(r.httpRatio?.cpuMs ?? NaN),
      String(r.appRssPeakMb),
      (r.bytes / 1024).toFixed(1),
    ]),
  );
}

/** A budget that passes at or under its limit, gated by --check unless said otherwise. */
const budget = (name: string, value: number, limit: number, more: Partial<Budget> = {}): Budget => ({
  name,
  value,
  limit,
  pass: value <= limit,
  gate: true,
  ...more,
});

function readBudgets(root: string): Budgets {
  const file = path.join(root, 'bench/budgets.json');
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
}

/** The calls with a baseline: p50 (gated) and p99 (reported; over bench:check's short rounds it is noise) ratios. */
function ratioBudgets(rows: Row[], limits: Budgets): Budget[] {
  return rows
    .filter((row) => row.ratio && row.connections === BUDGET.atConnections)
    .flatMap((r) => {
      const known = limits.calls?.[r.call];
      return [
        budget(`${r.call}: p50 app/baseline at ${r.connections} connections`, r.ratio!.p50, known?.p50 ?? BUDGET.p50, {
          exception: known?.why,
        }),
        budget(`${r.call}: p99 app/baseline at ${r.connections} connections`, r.ratio!.p99, BUDGET.p99, {
          gate: false,
        }),
      ];
    });
}

/** Screens without a baseline: the app's p50 against its absolute limit, at the size the limits were measured at. */
function absoluteBudgets(rows: Row[], limits: Budgets, run: RunInfo): Budget[] {
  const size = limits.absolute?.size;
  const atSize = (r: Row) =>
    size?.database === run.kind &&
    size.agencies === run.options.agencies &&
    size.fraction === run.options.fraction &&
    size.connections === r.connections;
  const absolute = rows.filter((r) => !r.ratio && run.screens.has(r.call) && atSize(r));
  if (!absolute.length && rows.some((r) => !r.ratio && run.screens.has(r.call)))
    console.log(
      `\nAbsolute budgets: measured at ${size ? `${size.database}, --agencies ${size.agencies} --fraction ${size.fraction}, ${size.connections} connections` : 'no size'} (bench/budgets.json); not applied to this run.`,
    );
  return absolute.map((r) => {
    const limit = limits.absolute!.p50Ms[r.call];
    // A screen without a limit fails, so that every screen keeps one.
    return budget(`${r.call}: p50 at ${r.connections} connections (ms)`, r.app.p50, limit ?? 0, {
      pass: limit !== undefined && r.app.p50 <= limit,
    });
  });
}

function memoryBudgets(rows: Row[], limits: Budgets, run: RunInfo): Budget[] {
  const peakMb = mb(run.appRssPeakKb);
  const rssLimit = limits.rssMb?.limit ?? BUDGET.rssMb;
  const out = [
    budget('app RSS peak under load (MB)', peakMb, rssLimit, { pass: peakMb < rssLimit, exception: limits.rssMb?.why }),
  ];
  if (run.kind === 'sqlite')
    for (const r of rows.filter((row) => row.call === 'screen: dashboard stats' && row.connections === 1)) {
      const limit = BUDGET.dashboardStatsSqliteMs;
      out.push(budget('dashboard stats p50 at 1 connection (ms)', r.app.p50, limit, { pass: r.app.p50 < limit }));
    }
  return out;
}

/** The pairs of bench/budgets.json: a screen over much more data ÷ the same screen over little, in this run. */
function pairBudgets(rows: Row[], limits: Budgets): Budget[] {
  return Object.entries(limits.pairs?.limits ?? {}).flatMap(([call, { of, p50 }]) =>
    rows
      .filter((r) => r.call === call)
      .flatMap((large) => {
        const small = rows.find((r) => r.call === of && r.connections === large.connections);
        return small
          ? [budget(`${call} ÷ ${of}: p50 at ${large.connections} connections`, large.app.p50 / small.app.p50, p50)]
          : [];
      }),
  );
}

/** Growth with the size of the data: this run against an earlier one (--compare), call by call. */
function growthBudgets(rows: Row[], run: RunInfo) {
  const growth: Growth[] = [];
  const budgets: Budget[] = [];
  if (!run.options.compare) return { growth, budgets, against: null };
  type Earlier = {
    scale: number;
    size?: { agencies: number | null; fraction: number };
    seed?: { counts?: SeedCounts; totals?: SeedCounts | null };
    calls: { call: string; connections: number; app: { p50: number }; appRssPeakMb: number; bytes?: number }[];
  };
  const earlier = JSON.parse(fs.readFileSync(path.resolve(run.options.compare), 'utf8')) as Earlier;
  const against: Against = {
    scale: earlier.scale,
    agencies: earlier.size?.agencies ?? null,
    fraction: earlier.size?.fraction ?? null,
    file: run.options.compare,
  };
  // Growth is the larger data's figure over the smaller's, whichever run came first.
  const earlierRows = (earlier.seed?.totals ?? earlier.seed?.counts)?.tasks ?? 0;
  const thisIsLarger = (run.seeded.totals ?? run.seeded.counts).tasks >= earlierRows;
  const over = (now: number, then: number) => (thisIsLarger ? now / then : then / now);
  for (const r of rows.filter((row) => row.connections === 1)) {
    const before = earlier.calls.find((e) => e.call === r.call && e.connections === 1);
    if (!before) continue;
    const g = {
      call: r.call,
      p50: over(r.app.p50, before.app.p50),
      bytes: before.bytes ? over(r.bytes, before.bytes) : 1,
      rss: over(r.appRssPeakMb, before.appRssPeakMb),
    };
    growth.push(g);
    budgets.push(
      budget(`${r.call}: p50 at 1 connection, larger data ÷ smaller`, g.p50, BUDGET.growth),
      budget(`${r.call}: response size, larger data ÷ smaller`, g.bytes, BUDGET.growth),
      budget(`${r.call}: app RSS, larger data ÷ smaller`, g.rss, BUDGET.growth),
    );
  }
  return { growth, budgets, against };
}

function printBudgets(budgets: Budget[], run: RunInfo) {
  console.log(
    `\nBudgets (with a baseline: app p50 ≤ ${BUDGET.p50}× and p99 ≤ ${BUDGET.p99}× it at ${BUDGET.atConnections} connections; the other screens: p50 within bench/budgets.json's absolute limits; RSS < ${BUDGET.rssMb} MB):`,
  );
  for (const b of budgets) {
    const unit = b.name.endsWith('(MB)') ? ' MB' : b.name.endsWith('(ms)') ? ' ms' : '×';
    const shown = unit === '×' ? fmtRatio(b.value) : `${b.value.toFixed(unit === ' ms' ? 2 : 0)}${unit}`;
    console.log(
      `  ${b.pass ? 'PASS' : 'FAIL'}  ${b.name}: ${shown} (limit ${b.limit}${unit}${b.exception ? ', a known exception: bench/budgets.json' : ''})`,
    );
  }
  console.log(
    `  App RSS: ${mb(run.idleRssKb).toFixed(0)} MB after the answers' check, ${mb(run.appRssPeakKb).toFixed(0)} MB peak under load.`,
  );
}

function resultFile(root: string, run: RunInfo) {
  const { started, options } = run;
  const date = `${started.getFullYear()}-${String(started.getMonth() + 1).padStart(2, '0')}-${String(started.getDate()).padStart(2, '0')}`;
  const size =
    options.agencies !== null
      ? `-agencies${options.agencies}${options.fraction === 1 ? '' : `-f${options.fraction}`}`
      : options.scale === 100
        ? ''
        : `-scale${options.scale}`;
  return path.join(
    root,
    'bench/results',
    `${date}-${run.kind}${size}${options.set === 'default' ? '' : `-${options.set}`}${options.tag ? `-${options.tag}` : ''}.json`,
  );
}

const round = (n: number) => (Number.isFinite(n) ? Math.round(n * 1000) / 1000 : null);
const summary = (s: Summary) => ({
  p50: round(s.p50),
  p99: round(s.p99),
  rps: Math.round(s.rps),
  requests: s.requests,
  roundsRps: s.roundsRps.map((v) => Math.round(v)),
  cpuMsPerRequest: round(s.cpuMs),
});

function writeResult(
  root: string,
  rows: Row[],
  run: RunInfo,
  judged: ReturnType<typeof growthBudgets> & { all: Budget[] },
) {
  const file = resultFile(root, run);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const { options } = run;
  const result = {
    date: run.started.toISOString(),
    database: run.kind,
    scale: options.scale,
    size: { agencies: options.agencies, fraction: options.fraction },
    set: options.set,
    state: run.state,
    machine: { node: process.version, cpus: os.cpus().length, loadAverageAtStart: os.loadavg().map((v) => round(v)) },
    settings: {
      rounds: options.rounds,
      secondsPerRound: options.duration,
      connections: options.connections,
      acceptEncoding: options.gzip ? 'gzip' : null,
    },
    seed: {
      seconds: round(run.seeded.ms / 1000),
      counts: run.seeded.counts,
      totals: run.seeded.totals,
      messages: run.seeded.messages && { ...run.seeded.messages, seconds: round(run.seeded.messages.ms / 1000) },
    },
    identicalAnswersCompared: run.compared,
    appRssMb: { afterCheck: Math.round(mb(run.idleRssKb)), peakUnderLoad: Math.round(mb(run.appRssPeakKb)) },
    calls: rows.map((r) => ({
      call: r.call,
      path: r.path,
      connections: r.connections,
      app: summary(r.app),
      baseline: r.baseline && summary(r.baseline),
      httpBaseline: r.http && summary(r.http),
      ratio: r.ratio && {
        p50: round(r.ratio.p50),
        p99: round(r.ratio.p99),
        rps: round(r.ratio.rps),
        cpuMs: round(r.ratio.cpuMs),
      },
      httpRatio: r.httpRatio && { p50: round(r.httpRatio.p50), cpuMs: round(r.httpRatio.cpuMs) },
      appRssPeakMb: r.appRssPeakMb,
      bytes: r.bytes,
    })),
    growth: judged.against
      ? {
          against: judged.against,
          calls: judged.growth.map((g) => ({
            call: g.call,
            p50: round(g.p50),
            bytes: round(g.bytes),
            rss: round(g.rss),
          })),
        }
      : null,
    budgets: judged.all.map((b) => ({ ...b, value: round(b.value) })),
  };
  fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\nWritten to ${path.relative(root, file)}`);
}

/** Prints the table and the budgets, writes the result file and returns the exit code. */
export function report(root: string, rows: Row[], run: RunInfo, loadFailed: boolean): number {
  printTable(rows, run);
  const limits = readBudgets(root);
  const growth = growthBudgets(rows, run);
  const all = [
    ...ratioBudgets(rows, limits),
    ...absoluteBudgets(rows, limits, run),
    ...memoryBudgets(rows, limits, run),
    ...pairBudgets(rows, limits),
    ...growth.budgets,
  ];
  printBudgets(all, run);
  writeResult(root, rows, run, { ...growth, all });
  if (loadFailed) {
    console.error('\nBenchmark FAILED: some requests failed under load (see above).');
    return 1;
  }
  // bench:check's one-second rounds measure ratios within about ±15% from run to run on a 2-core machine: it fails
  // a budget only when the ratio is more than CHECK_NOISE over its limit (the full bench applies the limits as they are).
  const check = run.options.check;
  const failed = all.filter((b) => b.gate && (check ? b.value > b.limit * CHECK_NOISE : !b.pass));
  if (check && failed.length) {
    console.error(
      `\nbench:check FAILED: ${failed.length} budget${failed.length === 1 ? '' : 's'} broken:\n${failed.map((b) => `  ${b.name}`).join('\n')}`,
    );
    return 1;
  }
  if (check)
    console.log(
      `\nbench:check passed: every gated budget holds within ${CHECK_NOISE}× of its limit (p50 ratios and absolute p50s, RSS, growth; p99 is reported only).`,
    );
  return 0;
}
