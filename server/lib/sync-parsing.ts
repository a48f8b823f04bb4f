/**
 * tRPC parses every procedure's input and output with the schema's parseAsync. zod compiles an object schema's parse
 * into one function, but only a synchronous parse takes that path: on a page of 24 rows, parseAsync measured about
 * 6× slower than parse. withSyncParsing(builder) hands tRPC, for each schema given to .input() and .output(), a
 * parseAsync that runs the synchronous parse and, when the schema turns out to need the asynchronous one (an async
 * refinement or transform, which none of ours has: parse throws $ZodAsyncError before it returns anything), the
 * original parseAsync. Same value, same issues, same error either way.
 */
import { z } from 'zod';

type Parsing = {
  parse: (data: unknown, params?: unknown) => unknown;
  parseAsync: (data: unknown, params?: unknown) => Promise<unknown>;
};

const fastened = new WeakSet<object>();

function syncFirst<S>(schema: S): S {
  const parsing = schema as Partial<Parsing> | null;
  if (!parsing || typeof parsing.parse !== 'function' || typeof parsing.parseAsync !== 'function') return schema;
  if (fastened.has(parsing)) return schema;
  fastened.add(parsing);
  const parse = parsing.parse.bind(parsing);
  const parseAsync = parsing.parseAsync.bind(parsing);
  Object.defineProperty(parsing, 'parseAsync', {
    configurable: true,
    writable: true,
    value: async (data: unknown, params?: unknown) => {
      try {
        return parse(data, params);
      } catch (error) {
        if (error instanceof z.core.$ZodAsyncError) return parseAsync(data, params);
        throw error;
      }
    },
  });
  return schema;
}

/** A procedure builder (not a built procedure, which is a function): what .use(), .input(), .meta()… return. */
const isBuilder = (value: unknown): value is object =>
  typeof value === 'object' &&
  value !== null &&
  '_def' in value &&
  typeof (value as { input?: unknown }).input === 'function';

/** The builder, and every builder made from it, with synchronous-first parsing of its input and output schemas. */
export function withSyncParsing<B extends object>(builder: B): B {
  return new Proxy(builder, {
    get(target, key, receiver) {
      const member: unknown = Reflect.get(target, key, receiver);
      if (typeof member !== 'function') return member;
      return (...args: unknown[]) => {
        if ((key === 'input' || key === 'output') && args.length) args[0] = syncFirst(args[0]);
        const result: unknown = member.apply(target, args);
        return isBuilder(result) ? withSyncParsing(result) : result;
      };
    },
  });
}
