/**
 * The code's shape, checked: dependencies point one way (transports → domain → infrastructure; server never imports
 * scripts or tests; pages never import the router that lazy-loads them), no router imports another, the server has
 * no import cycle, and the unwritten data rule is written: reads are hand-written SQL, writes go through Prisma, and
 * no hand-written statement runs inside a Prisma transaction (on SQLite the two use different connections).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { parseSync } from 'oxc-parser';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');

function filesUnder(dir: string, pattern = /\.(ts|tsx|mts|mjs)$/): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(ROOT, dir))) {
    const path = join(dir, name);
    if (name === 'generated' || name === 'node_modules') continue;
    if (statSync(join(ROOT, path)).isDirectory()) out.push(...filesUnder(path, pattern));
    else if (pattern.test(name) && !name.endsWith('.d.ts') && !name.endsWith('.d.mts')) out.push(path);
  }
  return out;
}

type Node = { type: string; start: number; end: number; [key: string]: unknown };

const parsed = new Map<string, { program: Node; text: string }>();
function source(file: string) {
  let hit = parsed.get(file);
  if (!hit) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    hit = { program: parseSync(file, text).program as unknown as Node, text };
    parsed.set(file, hit);
  }
  return hit;
}

/** Every node below `node`, with whether it sits inside a callback given to `$transaction(…)`. */
function walk(node: unknown, visit: (node: Node, inTransaction: boolean) => void, inTransaction = false) {
  if (Array.isArray(node)) {
    for (const child of node) walk(child, visit, inTransaction);
    return;
  }
  if (!node || typeof node !== 'object' || typeof (node as Node).type !== 'string') return;
  const n = node as Node;
  visit(n, inTransaction);
  const callee = n.type === 'CallExpression' ? (n.callee as Node) : null;
  const opensTransaction =
    callee?.type === 'MemberExpression' && (callee.property as { name?: string }).name === '$transaction';
  for (const [key, child] of Object.entries(n)) {
    if (key === 'type' || key === 'start' || key === 'end') continue;
    walk(child, visit, inTransaction || (opensTransaction && key === 'arguments'));
  }
}

/** The file's relative imports (static, dynamic and `export … from`), resolved to repository paths. */
function importsOf(file: string): { target: string; typeOnly: boolean }[] {
  const found: { target: string; typeOnly: boolean }[] = [];
  walk(source(file).program, (node) => {
    let spec: string | undefined;
    let typeOnly = false;
    if (
      node.type === 'ImportDeclaration' ||
      node.type === 'ExportNamedDeclaration' ||
      node.type === 'ExportAllDeclaration'
    ) {
      spec = (node.source as { value?: string } | null)?.value;
      typeOnly = node.importKind === 'type' || node.exportKind === 'type';
    } else if (node.type === 'ImportExpression') {
      spec = (node.source as { value?: unknown }).value as string | undefined;
    }
    if (typeof spec === 'string' && spec.startsWith('.')) {
      const target = relative(ROOT, resolve(ROOT, dirname(file), spec)).replace(/\.(js|mjs|ts|tsx)$/, '');
      found.push({ target, typeOnly });
    }
  });
  return found;
}

const lineOf = (text: string, offset: number) => text.slice(0, offset).split('\n').length;

const stem = (file: string) => file.replace(/\.(ts|tsx|mts|mjs)$/, '');
const SERVER = filesUnder('server');
const isRouter = (path: string) => path.startsWith('server/routers/');

describe('dependencies point one way', () => {
  it('no router imports another router (only _app joins them), and nothing else imports a router but _app', () => {
    const wrong: string[] = [];
    for (const file of [...SERVER, ...filesUnder('scripts'), ...filesUnder('tests'), ...filesUnder('client/src')]) {
      for (const { target } of importsOf(file)) {
        if (!isRouter(target) || target === 'server/routers/_app') continue;
        if (stem(file) === 'server/routers/_app') continue;
        wrong.push(`${file} → ${target}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('the server imports neither scripts/ nor tests/, and shared/ imports neither server/ nor client/', () => {
    const wrong: string[] = [];
    for (const file of SERVER)
      for (const { target } of importsOf(file))
        if (target.startsWith('scripts/') || target.startsWith('tests/')) wrong.push(`${file} → ${target}`);
    for (const file of filesUnder('shared'))
      for (const { target } of importsOf(file))
        if (target.startsWith('server/') || target.startsWith('client/')) wrong.push(`${file} → ${target}`);
    expect(wrong).toEqual([]);
  });

  it('the bench imports test support, never the other way round', () => {
    const wrong = filesUnder('tests').flatMap((file) =>
      importsOf(file)
        .filter(({ target }) => target.startsWith('scripts/bench'))
        .map(({ target }) => `${file} → ${target}`),
    );
    expect(wrong).toEqual([]);
  });

  it('pages do not import the client router that lazy-loads them', () => {
    const wrong = filesUnder('client/src/features').flatMap((file) =>
      importsOf(file)
        .filter(({ target }) => target === 'client/src/app/router')
        .map(() => file),
    );
    expect(wrong).toEqual([]);
  });

  it('the server has no import cycle, type imports included', () => {
    const graph = new Map(
      SERVER.map((file) => [
        stem(file),
        importsOf(file)
          .filter((i) => i.target.startsWith('server/'))
          .map((i) => i.target.replace(/\/index$/, '')),
      ]),
    );
    for (const key of [...graph.keys()])
      if (key.endsWith('/index')) graph.set(key.replace(/\/index$/, ''), graph.get(key)!);
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const walk = (node: string, path: string[]) => {
      if (state.get(node) === 'done') return;
      if (state.get(node) === 'open') {
        cycles.push([...path.slice(path.indexOf(node)), node].join(' → '));
        return;
      }
      state.set(node, 'open');
      for (const next of graph.get(node) ?? []) if (graph.has(next)) walk(next, [...path, node]);
      state.set(node, 'done');
    };
    for (const node of graph.keys()) walk(node, []);
    expect(cycles).toEqual([]);
  });
});

describe('reads are hand-written SQL, writes go through Prisma', () => {
  /** Infrastructure that writes with SQL on purpose: a job claim, a lock, a bulk re-link after an import. */
  const SQL_WRITERS = new Set([
    'server/jobs/queue.ts', // claims a job with one conditional UPDATE (no read-then-write race)
    'server/lib/agency-lock.ts', // takes a lease with INSERT … ON CONFLICT
    'server/files/sweep.ts', // schedules every agency's sweep in one INSERT … SELECT
    'server/files/previews/job.ts', // queues an agency's preview job with INSERT … ON CONFLICT (never a failed statement)
    'server/data/import-archive.ts', // rewrites imported files' URLs in one UPDATE per batch
    'server/live/hub.ts', // stores a live event with INSERT … RETURNING (SQLite) and prunes old ones in bulk
  ]);

  it('no hand-written INSERT, UPDATE or DELETE outside the listed infrastructure', () => {
    const wrong: string[] = [];
    for (const file of SERVER) {
      if (SQL_WRITERS.has(file)) continue;
      const { program, text } = source(file);
      walk(program, (node) => {
        if (node.type !== 'TaggedTemplateExpression' || (node.tag as { name?: string }).name !== 'sql') return;
        const statement = text.slice(node.start, node.end);
        if (/\b(INSERT\s+INTO|UPDATE\s+"|DELETE\s+FROM)\b/i.test(statement))
          wrong.push(`${file}:${lineOf(text, node.start)}`);
      });
    }
    expect(wrong).toEqual([]);
  });

  it('no hand-written statement runs inside a Prisma transaction (SQLite: another connection)', () => {
    const wrong: string[] = [];
    for (const file of SERVER) {
      const { program, text } = source(file);
      walk(program, (node, inTransaction) => {
        if (inTransaction && node.type === 'MemberExpression' && (node.property as { name?: string }).name === 'sql')
          wrong.push(`${file}:${lineOf(text, node.start)} ${text.slice(node.start, node.end)}`);
      });
    }
    expect(wrong).toEqual([]);
  });
});
