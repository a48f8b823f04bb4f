/** Deep key conversion between the spec's snake_case wire names and the procedures' camelCase. */

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;

function convertKeys(value: unknown, convert: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((v) => convertKeys(v, convert));
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [convert(k), convertKeys(v, convert)]));
}

export const snakeToCamel = (key: string) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
/** Names the spec itself writes in camelCase on snake_case paths (the login reply's authToken). */
const KEEP_CAMEL = new Set(['authToken']);
export const camelToSnake = (key: string) => (KEEP_CAMEL.has(key) ? key : key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`));

export const keysToCamel = (value: unknown) => convertKeys(value, snakeToCamel);
export const keysToSnake = (value: unknown) => convertKeys(value, camelToSnake);
