// The bench's command-line options (see scripts/bench.ts).

export type Options = ReturnType<typeof parseArgs>;

/** The options, with --only: just the calls whose name contains one of these texts (`=name`: exactly that name). */
export function parseArgs(argv: string[]) {
  const value = (name: string): string | undefined => {
    for (let i = 0; i < argv.length; i++) {
      if (argv[i] === `--${name}`) return argv[i + 1];
      if (argv[i].startsWith(`--${name}=`)) return argv[i].slice(name.length + 3);
    }
    return undefined;
  };
  const positive = (name: string, fallback: number, integer: boolean) => {
    const raw = value(name);
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!Number.isFinite(n) || n <= 0 || (integer && !Number.isInteger(n))) {
      throw new Error(`--${name} expects a positive ${integer ? 'whole ' : ''}number (got ${raw})`);
    }
    return n;
  };
  const connections = (value('connections') ?? '1,32').split(',').map((c) => Number(c.trim()));
  if (connections.some((c) => !Number.isInteger(c) || c < 1)) throw new Error('--connections expects e.g. 1,32');
  const tag = value('tag') ?? null;
  if (tag !== null && !/^[a-z0-9][a-z0-9-]*$/i.test(tag)) throw new Error('--tag expects letters, digits and dashes');
  return {
    scale: positive('scale', 100, true),
    pg: argv.includes('--pg'),
    duration: positive('duration', 3, false),
    rounds: positive('rounds', 3, true),
    connections,
    tag,
    gzip: !argv.includes('--no-gzip'),
    only: value('only')?.split(',') ?? null,
    set: setOf(value('set')),
    agencies: value('agencies') === undefined ? null : positive('agencies', 1, true),
    fraction: fractionOf(value('fraction')),
    compare: value('compare') ?? null,
    check: argv.includes('--check'),
    checkPages: positive('check-pages', 1000, true),
  };
}

function setOf(raw: string | undefined): 'default' | 'screens' | 'all' {
  if (raw === undefined) return 'default';
  if (raw === 'default' || raw === 'screens' || raw === 'all') return raw;
  throw new Error(`--set expects default, screens or all (got ${raw})`);
}

function fractionOf(raw: string | undefined): number {
  if (raw === undefined) return 1;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0 || n > 1)
    throw new Error(`--fraction expects a number above 0 and at most 1 (got ${raw})`);
  return n;
}
