import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { M } from '../../shared/messages';
import { CORE } from '../../shared/messages-core';

const root = path.resolve(import.meta.dirname, '../..');
const catalogue = [
  'shared/messages-core.ts',
  'shared/messages.ts',
  ...fs
    .readdirSync(path.join(root, 'shared/messages'))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => `shared/messages/${f}`),
];

type Literal = { text: string; line: number; nested: boolean };

/**
 * The string and template literals of a catalogue file (those inside a template's ${} too), less object keys,
 * import paths and code values ('agency' | 'user', who === 'agency').
 */
function literalsOf(src: string): Literal[] {
  const out: Literal[] = [];
  const skipSpace = (j: number, step: number) => {
    while (j >= 0 && j < src.length && /\s/.test(src[j])) j += step;
    return j;
  };
  const add = (start: number, end: number, text: string, nested: boolean) => {
    const before = skipSpace(start - 1, -1);
    const after = skipSpace(end, 1);
    const isKey = (src[before] === '{' || src[before] === ',') && src[after] === ':';
    const isImport = /\b(from|import)\s*$/.test(src.slice(Math.max(0, start - 10), start));
    const isCode =
      src.slice(before - 1, before + 1) === '==' ||
      (src[before] === '|' && src[before - 1] !== '|') ||
      (src[after] === '|' && src[after + 1] !== '|');
    if (!isKey && !isImport && !isCode) out.push({ text, line: src.slice(0, start).split('\n').length, nested });
  };
  const scan = (from: number, depth: number): number => {
    let i = from;
    let braces = 0;
    while (i < src.length) {
      const c = src[i];
      if (c === '/' && src[i + 1] === '/') i = src.indexOf('\n', i);
      else if (c === '/' && src[i + 1] === '*') i = src.indexOf('*/', i) + 2;
      else if (c === "'" || c === '"') {
        let j = i + 1;
        let text = '';
        while (src[j] !== c) text += src[j] === '\\' ? src[(j += 2) - 1] : src[j++];
        add(i, j + 1, text, depth > 0);
        i = j + 1;
      } else if (c === '`') {
        let j = i + 1;
        while (src[j] !== '`') {
          if (src[j] === '\\') j += 2;
          else if (src[j] === '$' && src[j + 1] === '{') j = scan(j + 2, depth + 1);
          else j++;
        }
        add(i, j + 1, src.slice(i + 1, j), depth > 0);
        i = j + 1;
      } else {
        if (c === '{') braces++;
        if (c === '}' && braces-- === 0 && depth > 0) return i + 1;
        i++;
      }
      if (i <= 0) break;
    }
    return src.length;
  };
  scan(0, 0);
  return out;
}

/** A literal as people read it: a value in it (${name}, ${n}) is a blank, whatever it is called. */
const asRead = (text: string) => text.replace(/\$\{\s*[\w.]+\s*\}/g, '${}');

/** A text has a letter outside its values; a single word inside a template's value ('file' : 'files') is part of it. */
const isText = (l: Literal) => /[A-Za-z]/.test(l.text.replace(/\$\{[^}]*\}/g, '')) && !(l.nested && !/\s/.test(l.text));

describe('the message catalogue writes each text once', () => {
  it('finds every text of a section, and the nested ones', () => {
    const found = literalsOf(
      "import { x } from './y';\nexport const s = { a: 'One', 'b-c': `Two ${n === 1 ? 'x' : 'three words'}` };",
    );
    expect(found.map((l) => [l.text, l.nested])).toEqual([
      ['One', false],
      ['x', true],
      ['three words', true],
      ["Two ${n === 1 ? 'x' : 'three words'}", false],
    ]);
    const code = literalsOf("const f = (who: 'agency' | 'user') => (who === 'agency' ? 'Agency' : 'You');");
    expect(code.map((l) => l.text)).toEqual(['Agency', 'You']);
  });

  it('has no text written twice as a literal (shared texts live in shared/messages/texts.ts)', () => {
    const seen = new Map<string, string[]>();
    for (const file of catalogue) {
      for (const literal of literalsOf(fs.readFileSync(path.join(root, file), 'utf8')).filter(isText)) {
        const key = asRead(literal.text);
        seen.set(key, [...(seen.get(key) ?? []), `${file}:${literal.line}`]);
      }
    }
    const twice = [...seen]
      .filter(([, where]) => where.length > 1)
      .map(([text, where]) => `${text} (${where.join(', ')})`);
    expect(twice).toEqual([]);
  });

  it('keeps the shared texts where the sections show them', () => {
    expect(M.contacts.companyNotFound).toBe('That company does not exist in your agency.');
    expect(M.search.companyNotFound).toBe(M.contacts.companyNotFound);
    expect(M.contacts.deleteTitle('Ada')).toBe('Delete Ada?');
    expect(M.flows.stepsCount(1)).toBe('1 step');
    expect(M.flows.stepsCount(3)).toBe('3 steps');
    expect(CORE.shell.email).toBe('Email');
  });
});
