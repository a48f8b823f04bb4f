/**
 * Structured logs: one pino logger for the whole server, JSON lines on stdout (one object a line, `level` as its
 * name, `time` in ISO 8601 UTC). Every line written while a request is handled carries that request's `reqId`, and
 * every line written while a background job runs its `jobId` and `jobKind`, however deep the code that logs: the
 * ids live in an AsyncLocalStorage scope that pino's `mixin` reads, so code simply imports `log`.
 *
 * What never reaches a log line: request bodies, query strings, the Authorization, Cookie and Set-Cookie headers
 * (we never log headers; redaction below is the safety net), and one-time tokens in paths (reset and invite links,
 * API tokens), which redactPath / redactText mask.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import pino, { type DestinationStream, type LevelWithSilent, type Logger } from 'pino';

export const LOG_LEVELS = [
  'fatal',
  'error',
  'warn',
  'info',
  'debug',
  'trace',
  'silent',
] as const satisfies readonly LevelWithSilent[];
export type LogLevel = (typeof LOG_LEVELS)[number];

/** What a line logged inside a request or a job is tagged with. */
export type LogScope = { reqId?: string; jobId?: number; jobKind?: string };
const scope = new AsyncLocalStorage<LogScope>();

/** Runs fn with these ids on every line it (and whatever it awaits or starts) logs. */
export const withLogScope = <T>(bindings: LogScope, fn: () => T): T => scope.run(bindings, fn);

/** The id of the request being handled here, if any. */
const currentRequestId = (): string | undefined => scope.getStore()?.reqId;

/** Paths (of the object a line logs) that must never be written, should some code log a header map or an input. */
const REDACT_PATHS = [
  'authorization',
  'cookie',
  'password',
  'token',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.authorization',
  '*.cookie',
  '*.password',
  '*.token',
];

type LoggerOptions = { level?: LogLevel; destination?: DestinationStream; fixedFields?: boolean };

/**
 * A logger with the app's format; the app uses the one below (`log`), tests may build their own. fixedFields: for
 * lines whose fields the caller fixes and that carry their own ids (the access line): no scope mixin and no
 * redaction pass, which would change nothing in them, so the same line costs less.
 */
function createLogger({
  level = 'info',
  destination = pino.destination({ dest: 1, sync: true }),
  fixedFields = false,
}: LoggerOptions = {}): Logger {
  return pino(
    {
      level,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      ...(fixedFields
        ? {}
        : {
            // pino merges the log call's own fields into this object: a fresh copy each time.
            mixin: () => {
              const bindings = scope.getStore();
              return bindings ? { ...bindings } : {};
            },
            redact: { paths: REDACT_PATHS, censor: '[redacted]' },
            serializers: { err: pino.stdSerializers.errWithCause, error: pino.stdSerializers.errWithCause },
          }),
    },
    destination,
  );
}

/**
 * Where the app's lines go: stdout, or what a test asked for (captureLogs). One pino instance stays for the whole
 * process, so module-level child loggers keep working when the destination changes.
 */
class SwitchableDestination implements DestinationStream {
  target: DestinationStream = pino.destination({ dest: 1, sync: true });
  write(line: string) {
    this.target.write(line);
  }
}
const destination = new SwitchableDestination();

const initialLevel = (LOG_LEVELS as readonly string[]).includes(process.env.LOG_LEVEL ?? '')
  ? (process.env.LOG_LEVEL as LogLevel)
  : 'info';

/** The app's logger: `log.info('…')`, `log.error({ err }, '…')`. */
export const log: Logger = createLogger({ level: initialLevel, destination });
/**
 * The access lines' logger: the same format, level and destination as `log`. An access line's fields are fixed
 * below (reqId first, as the scope would add it; nothing a redaction path names), so it is written byte for byte as
 * `log` would write it.
 */
const accessLog: Logger = createLogger({ level: initialLevel, destination, fixedFields: true });

/** Sets the level (LOG_LEVEL, validated by server/env.ts) and, for tests, where the lines go. */
export function configureLogging(options: { level?: LogLevel; destination?: DestinationStream }) {
  if (options.level) {
    log.level = options.level;
    accessLog.level = options.level;
  }
  if (options.destination) destination.target = options.destination;
}

/** For tests: every line logged from now on, parsed, until stop() (which restores the previous destination). */
export function captureLogs() {
  const lines: string[] = [];
  const previous = destination.target;
  destination.target = { write: (line: string) => void lines.push(line) };
  return {
    /** The raw text, to search for what must never be there. */
    text: () => lines.join(''),
    entries: () =>
      lines.map(
        (line) => JSON.parse(line) as Record<string, unknown> & { msg?: string; level: string; reqId?: string },
      ),
    stop: () => {
      destination.target = previous;
    },
  };
}

/** Paths that carry a one-time secret in a segment, with the segment masked. */
const TOKEN_PATHS: [RegExp, string][] = [
  [/^(\/hub\/(?:reset-password|invite)\/)[^/]+/, '$1:token'],
  [/^(\/portal\/[^/]+\/(?:invite|magic)\/)[^/]+/, '$1:token'],
  [/^(\/auth\/v1\/password-reset\/)(?!confirm(?:\/|$))[^/]+/, '$1:token'],
  [/^(\/auth\/portal\/v1\/(?:invite|magic-link)\/[^/]+\/)[^/]+/, '$1:token'],
];
/** A segment that looks like a secret anywhere else: an API token, or 32+ characters of a token's alphabet. */
const SECRET_SEGMENT = /^(?:cf_[a-z]+_.*|[A-Za-z0-9_~+=%-]{32,})$/i;
/** What any segment SECRET_SEGMENT matches contains: without it, no segment of the path can match. */
const MAYBE_SECRET = /cf_|[A-Za-z0-9_~+=%-]{32}/i;

/** A URL as it may be logged: no query string or fragment, no token in its path, at most 300 characters. */
export function redactPath(url: string): string {
  let path = url.replace(/[?#].*$/s, '');
  for (const [pattern, replacement] of TOKEN_PATHS) path = path.replace(pattern, replacement);
  // Every access line passes here: split only a path that has a segment SECRET_SEGMENT could match.
  if (MAYBE_SECRET.test(path))
    path = path
      .split('/')
      .map((segment) => (SECRET_SEGMENT.test(segment) ? ':redacted' : segment))
      .join('/');
  return path.length > 300 ? `${path.slice(0, 300)}…` : path;
}

/** Free text (a mail that is logged instead of sent, an error message) with one-time links and tokens masked. */
export function redactText(text: string): string {
  return text
    .replace(/(\/hub\/(?:reset-password|invite)\/)[A-Za-z0-9%_~-]+/g, '$1[redacted]')
    .replace(/(\/portal\/[^\s/?#"'<>]+\/(?:invite|reset-password|magic)\/)[A-Za-z0-9%_~-]+/g, '$1[redacted]')
    .replace(/\bcf_[a-z]+_[A-Za-z0-9]+/gi, 'cf_[redacted]')
    .replace(/\b(Bearer\s+)[^\s"']+/gi, '$1[redacted]');
}

/** A load balancer's or a client's own request id is kept when it is a plain token; anything else gets a new one. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The request id of a reply (also its X-Request-Id header), for error bodies; undefined outside the app's chain. */
export function requestIdOf(res: Response | undefined): string | undefined {
  const id = res?.locals?.requestId;
  return typeof id === 'string' ? id : currentRequestId();
}

/** Light requests that a load balancer or Prometheus makes every few seconds: their access lines are `debug`. */
const QUIET_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/** A finished (or abandoned) request, as the access line and the metrics see it. route: a bounded label (server/metrics.ts). */
export type RequestDone = {
  req: Request;
  res: Response;
  route: string;
  status: number;
  seconds: number;
  aborted: boolean;
};

/**
 * The first middleware: gives the request its id (a sane incoming X-Request-Id, else a random UUID), answers it in
 * X-Request-Id, runs the rest of the chain in its log scope, and writes one access line when the reply is finished
 * or the connection closed: method, path (redacted), route (the matched pattern), status, ms. `done` sees the same
 * (server/metrics.ts counts it).
 */
export function requestLogging(options: {
  route: (req: Request, status: number) => string;
  done?: (request: RequestDone) => void;
}) {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    const incoming = req.headers['x-request-id'];
    const reqId = typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.locals.requestId = reqId;
    res.setHeader('X-Request-Id', reqId);
    res.once('close', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      // Closed before the reply was complete: the client went away (499, as nginx says) or a stream was cut.
      const aborted = !res.writableFinished;
      const status = aborted && !res.headersSent ? 499 : res.statusCode;
      const path = redactPath(req.originalUrl);
      const route = options.route(req, status);
      const line = {
        reqId,
        method: req.method,
        path,
        route,
        status,
        ms: Math.round(seconds * 1e4) / 10,
        ip: req.ip,
        ...(aborted ? { aborted } : {}),
      };
      if (status >= 500) accessLog.error(line, 'request');
      else if (QUIET_PATHS.has(path) && status < 400) accessLog.debug(line, 'request');
      else accessLog.info(line, 'request');
      options.done?.({ req, res, route, status, seconds, aborted });
    });
    withLogScope({ reqId }, next);
  };
}
