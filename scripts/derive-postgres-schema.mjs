#!/usr/bin/env node
// Writes prisma/postgres/schema.prisma from the source schema prisma/schema.prisma:
// same models, datasource provider "postgresql", client generated into
// server/generated/postgres. `--check` only reports (exit 1) when the copy is stale.
//
//   node scripts/derive-postgres-schema.mjs [--check]     (npm run db:derive)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SOURCE = path.join(root, 'prisma', 'schema.prisma');
export const TARGET = path.join(root, 'prisma', 'postgres', 'schema.prisma');

const HEADER = `// DERIVED FILE - DO NOT EDIT.
// Generated from prisma/schema.prisma by scripts/derive-postgres-schema.mjs
// (npm run db:derive; also run by npm run db:new and the generate step).
// Edit prisma/schema.prisma instead; only the datasource provider and the
// generator output differ here.
`;

/** Replace `key = "..."` inside the first `<kind> <name> { ... }` block(s). */
function rewriteBlocks(schema, kind, key, replace) {
  let count = 0;
  const out = schema.replace(
    new RegExp(`(^\\s*${kind}\\s+\\w+\\s*\\{)([\\s\\S]*?)(^\\s*\\})`, 'gm'),
    (_, open, body, close) => {
      const newBody = body.replace(new RegExp(`(^\\s*${key}\\s*=\\s*)"([^"]*)"`, 'm'), (_m, lhs, value) => {
        count++;
        return `${lhs}"${replace(value)}"`;
      });
      return open + newBody + close;
    },
  );
  return { out, count };
}

export function derivePostgresSchema(source) {
  // Drop the source's leading comment block (it describes the source file).
  const lines = source.split('\n');
  let i = 0;
  while (i < lines.length && (lines[i].startsWith('//') || lines[i].trim() === '')) i++;
  let body = lines.slice(i).join('\n');

  const ds = rewriteBlocks(body, 'datasource', 'provider', (value) => {
    if (value !== 'sqlite')
      throw new Error(`prisma/schema.prisma: expected datasource provider "sqlite", found "${value}"`);
    return 'postgresql';
  });
  if (ds.count !== 1) throw new Error('prisma/schema.prisma: expected exactly one datasource block with a provider');
  body = ds.out;

  const gen = rewriteBlocks(body, 'generator', 'output', (value) => {
    // ../server/generated/sqlite (relative to prisma/) -> ../../server/generated/postgres (relative to prisma/postgres/)
    const abs = path.resolve(path.dirname(SOURCE), value);
    const renamed = path.basename(abs) === 'sqlite' ? path.join(path.dirname(abs), 'postgres') : `${abs}-postgres`;
    return path.relative(path.dirname(TARGET), renamed).split(path.sep).join('/');
  });
  if (gen.count < 1) throw new Error('prisma/schema.prisma: expected a generator block with an output path');
  body = gen.out;

  return `${HEADER}\n${body.replace(/\s*$/, '\n')}`;
}

function main() {
  const check = process.argv.includes('--check');
  const derived = derivePostgresSchema(fs.readFileSync(SOURCE, 'utf8'));
  const current = fs.existsSync(TARGET) ? fs.readFileSync(TARGET, 'utf8') : null;
  const rel = path.relative(process.cwd(), TARGET) || TARGET;
  if (current === derived) {
    if (!process.argv.includes('--quiet')) console.log(`${rel} is up to date.`);
    return;
  }
  if (check) {
    console.error(`${rel} is out of date: run npm run db:derive`);
    process.exitCode = 1;
    return;
  }
  fs.mkdirSync(path.dirname(TARGET), { recursive: true });
  fs.writeFileSync(TARGET, derived);
  console.log(`Wrote ${rel} (derived from prisma/schema.prisma).`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
