/**
 * Checks on untrusted input that must never recurse: a body nested a few thousand levels deep
 * (6 KB of brackets) would otherwise overflow the stack of any recursive walk and answer 500.
 * app.ts refuses too-deep input at the edge, before any procedure or key conversion sees it.
 */

/** Deeper than any form or API input of the product; wrappers (tRPC batch, superjson) included. */
export const MAX_INPUT_DEPTH = 32;

const OPEN_BRACE = 0x7b; // {
const OPEN_BRACKET = 0x5b; // [
const CLOSE_BRACE = 0x7d; // }
const CLOSE_BRACKET = 0x5d; // ]
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/**
 * True when JSON text nests objects/arrays deeper than `max`, read in one pass without parsing
 * (brackets inside strings do not count). Malformed text is left to the JSON parser.
 */
export function jsonTextTooDeep(text: string, max = MAX_INPUT_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > max) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
  }
  return false;
}

/** True when a parsed value nests objects/arrays deeper than `max` (an explicit stack, no recursion). */
export function valueTooDeep(value: unknown, max = MAX_INPUT_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth > max) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return false;
}

/**
 * True when a NUL character hides in any string or key of the input (PostgreSQL refuses to store it).
 * Iterative, so it is safe on any depth; meant to replace the recursive check in server/trpc.ts.
 */
export function hasNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const node = stack.pop();
    if (typeof node === 'string') {
      if (node.includes('\0')) return true;
    } else if (Array.isArray(node)) {
      for (const item of node) stack.push(item);
    } else if (node && typeof node === 'object') {
      for (const [key, item] of Object.entries(node)) {
        if (key.includes('\0')) return true;
        stack.push(item);
      }
    }
  }
  return false;
}
