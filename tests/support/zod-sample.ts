import type { z } from 'zod';

/**
 * A valid sample value for a zod 4 schema, so a test can call any procedure without anyone writing its input:
 * objects get every key they accept (optional ones too, when a sample of them is valid), enums their first option,
 * strings a short text honouring length limits and formats (email, url…), numbers the smallest of a few usual values.
 * The caller checks the result with the schema itself; `sampleProblems` says why when it does not parse.
 */
type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  left?: z.ZodType;
  right?: z.ZodType;
  items?: z.ZodType[];
  getter?: () => z.ZodType;
  format?: string;
  checks?: { _zod: { def: { check: string; minimum?: number; length?: number; format?: string } } }[];
};

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;
const parses = (schema: z.ZodType, value: unknown) => schema.safeParse(value).success;

const WRAPPERS = new Set([
  'optional',
  'nullable',
  'default',
  'prefault',
  'catch',
  'readonly',
  'nonoptional',
  'success',
]);

/** The schema under optional/nullable/default… and under a pipe's input side when its output is a transform. */
function unwrap(schema: z.ZodType): z.ZodType {
  const def = defOf(schema);
  if (WRAPPERS.has(def.type) && def.innerType) return unwrap(def.innerType);
  if (def.type === 'pipe' && def.in && def.out) return unwrap(defOf(def.out).type === 'transform' ? def.in : def.out);
  if (def.type === 'lazy' && def.getter) return unwrap(def.getter());
  return schema;
}

/** The zod type name of a schema once unwrapped ('object', 'number', 'string'…). */
export const kindOf = (schema: z.ZodType) => defOf(unwrap(schema)).type;

/** An object schema's keys and their schemas (after unwrapping), or null when it is not an object. */
export function shapeOf(schema: z.ZodType): Record<string, z.ZodType> | null {
  const def = defOf(unwrap(schema));
  return def.type === 'object' && def.shape ? def.shape : null;
}

/** Examples for the string formats zod 4 knows; key names hint at the format of a free-form text. */
const FORMAT_SAMPLES: Record<string, string> = {
  email: 'sample@example.test',
  url: 'https://example.test',
  uuid: '3f0b6a1e-4c1d-4a8e-9f6b-2d7c1e5a9b40',
  guid: '3f0b6a1e-4c1d-4a8e-9f6b-2d7c1e5a9b40',
  cuid: 'cjld2cjxh0000qzrmn831i7rn',
  cuid2: 'tz4a98xxat96iws9zmbrgj3a',
  ulid: '01ARZ3NDEKTSV4RRFFQ69G5FAV',
  datetime: '2030-01-02T03:04:05.000Z',
  date: '2030-01-02',
  time: '03:04:05',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  e164: '+15550100',
};
const KEY_HINTS: [RegExp, string][] = [
  [/e-?mail/i, FORMAT_SAMPLES.email],
  [/url|website|link|href/i, FORMAT_SAMPLES.url],
  [/colou?r/i, '#123456'],
  [/date|At$/, FORMAT_SAMPLES.datetime],
  [/phone/i, '+1 555 0100'],
  /** A 6-digit authenticator code (two-factor sign-in). */
  [/^code$/, '123456'],
  /** A live-update conversation key (shared/live.ts). */
  [/^channel$/, 'thread:1'],
  /** E-mail domains (a single sign-on connection's allow-list). */
  [/[dD]omains?$/, 'example.test'],
];

function sampleString(schema: z.ZodType, key: string): string {
  const def = defOf(schema);
  const checks = (def.checks ?? []).map((c) => c._zod.def);
  const min = Math.max(
    0,
    ...checks.map((c) =>
      c.check === 'min_length' ? (c.minimum ?? 0) : c.check === 'length_equals' ? (c.length ?? 0) : 0,
    ),
  );
  const formats = [def.format, ...checks.map((c) => c.format)].filter((f): f is string => !!f && f in FORMAT_SAMPLES);
  const candidates = [
    ...formats.map((f) => FORMAT_SAMPLES[f]),
    ...KEY_HINTS.filter(([pattern]) => pattern.test(key)).map(([, sample]) => sample),
    'Sample',
    'sample',
    ...Object.values(FORMAT_SAMPLES),
    '#123456',
  ].map((c) => (c.length < min ? c + 'x'.repeat(min - c.length) : c));
  return candidates.find((c) => parses(schema, c)) ?? candidates[0];
}

/** A sample value for `schema`; `key` is the object key it sits under (a hint for free-form strings). */
export function sample(schema: z.ZodType, key = ''): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [k, child] of Object.entries(def.shape ?? {})) {
        // A list's cursor comes from its previous page (a sorted list's is an opaque token), never from a sample.
        if (k === 'cursor' && parses(child, undefined)) continue;
        const v = sample(child, k);
        // An optional key whose sample its own refinements refuse is left out rather than sent invalid.
        if (v === undefined || (parses(child, undefined) && !parses(child, v))) continue;
        value[k] = v;
      }
      return value;
    }
    case 'pipe': {
      const { in: input, out } = def as Required<Pick<Def, 'in' | 'out'>>;
      if (defOf(out).type === 'transform') return sample(input, key);
      const fromOut = sample(out, key);
      return parses(schema, fromOut) ? fromOut : sample(input, key);
    }
    case 'lazy':
      return sample(def.getter!(), key);
    case 'intersection':
      return { ...(sample(def.left!, key) as object), ...(sample(def.right!, key) as object) };
    case 'union':
      return def.options!.map((o) => sample(o, key)).find((v) => parses(schema, v)) ?? sample(def.options![0], key);
    case 'array':
    case 'set': {
      const item = sample(def.element ?? (def as { valueType?: z.ZodType }).valueType!, key);
      return def.type === 'set' ? new Set([item]) : [item];
    }
    case 'tuple':
      return def.items!.map((item) => sample(item, key));
    case 'record':
    case 'map':
      return def.type === 'map' ? new Map() : {};
    case 'enum':
      return Object.values(def.entries!)[0];
    case 'literal':
      return def.values![0];
    case 'string':
    case 'template_literal':
      return sampleString(schema, key);
    case 'number':
    case 'int':
      return [1, 2, 10, 100, 0, -1, 0.5].find((n) => parses(schema, n)) ?? 1;
    case 'bigint':
      return 1n;
    case 'boolean':
      // true: a switch that is off by default (visibleToClient, portalAccess…) then changes the row if a check is missing.
      return true;
    case 'date':
      return new Date('2030-01-02T03:04:05.000Z');
    case 'null':
      return null;
    case 'undefined':
    case 'void':
      return undefined;
    case 'any':
    case 'unknown':
      return 'sample';
    default:
      if (WRAPPERS.has(def.type) && def.innerType) return sample(def.innerType, key);
      throw new Error(`no sample for a zod ${def.type} schema (key "${key}"): teach tests/support/zod-sample.ts`);
  }
}

/** Why `value` does not satisfy `schema` (empty when it does). */
export function sampleProblems(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.') || '(input)'}: ${i.message}`);
}
