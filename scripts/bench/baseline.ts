// The raw baseline of `npm run bench`: a minimal Express server answering every call of ./calls.ts with
// hand-written SQL on the same database as the app (better-sqlite3, or pg for a postgresql:// URL).
// Authentication is one statement: SHA-256 of the Bearer token → Session joined with User and Business. Replies
// are gzipped from the app's threshold, as the app's are.
//
// Run by scripts/bench.ts as a child process: `node --import tsx scripts/bench/baseline.ts <DATABASE_URL> <PORT>`;
// prints "ready" once it listens.
import { createHash } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import compression from 'compression';
import express, { type Request, type Response } from 'express';
import pg from 'pg';
import { API_COMPRESSION_THRESHOLD } from '../../server/lib/compression';
import { allCalls as benchCalls, isBadRequest, routeOf, type Auth, type Query, type Reply } from './calls';

type Handler = (query: Query, auth: Auth) => Reply | Promise<Reply>;
type Backend = {
  authenticate: (tokenHash: string) => Auth | null | Promise<Auth | null>;
  /** A portal session: its contact (with portal access and a company), company and business. */
  authenticatePortal: (tokenHash: string) => Auth | null | Promise<Auth | null>;
  handlers: Map<string, Handler>;
};

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** What a public call's handler gets instead of a session (it reads none of it). */
const PUBLIC = {} as Auth;

/** "YYYY-MM-DD HH:MM:SS" (CURRENT_TIMESTAMP) is UTC; ISO text and integer milliseconds parse as they are. */
function sqliteMs(value: unknown): number {
  if (typeof value === 'number' || typeof value === 'bigint') return Number(value);
  const text = String(value);
  return /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d+)?$/.test(text)
    ? Date.parse(`${text.replace(' ', 'T')}Z`)
    : Date.parse(text);
}

/** One handler per route: calls that share a route must share its SqlHandler. */
function routeHandlers<T>(make: (call: (typeof benchCalls)[number]) => T): Map<string, T> {
  const byRoute = new Map<string, { handler: unknown; made: T }>();
  for (const call of benchCalls) {
    const route = routeOf(call);
    const seen = byRoute.get(route);
    if (seen && seen.handler !== call.handler) throw new Error(`route ${route}: two different SQL handlers`);
    if (!seen) byRoute.set(route, { handler: call.handler, made: make(call) });
  }
  return new Map([...byRoute].map(([route, { made }]) => [route, made]));
}

function sqliteBackend(file: string): Backend {
  const db = new Database(file, { fileMustExist: true });
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  const session = db.prepare(
    `SELECT u.id AS userId, u.email, u.firstName, u.lastName, u.role, u.businessId,
            b.name AS businessName, b.slug AS businessSlug, s.expiresAt,
            CASE WHEN b.requireTwoFactor AND u.totpEnabledAt IS NULL THEN 1 ELSE 0 END AS twoFactorSetupNeeded
     FROM Session s JOIN User u ON u.id = s.userId JOIN Business b ON b.id = u.businessId
     WHERE s.id = ?`,
  );
  const portalSession = db.prepare(
    `SELECT c.id AS contactId, c.companyId, c.email, c.firstName, c.lastName, p.businessId, b.name AS businessName, b.slug AS businessSlug, p.expiresAt
     FROM PortalSession p JOIN Contact c ON c.businessId = p.businessId AND c.id = p.contactId JOIN Business b ON b.id = p.businessId
     WHERE p.id = ? AND c.portalAccess = 1 AND c.companyId IS NOT NULL`,
  );
  return {
    authenticate(tokenHash) {
      const row = session.get(tokenHash) as (Auth & { expiresAt: unknown }) | undefined;
      if (!row || sqliteMs(row.expiresAt) <= Date.now()) return null;
      return row;
    },
    authenticatePortal(tokenHash) {
      const row = portalSession.get(tokenHash) as (Auth & { expiresAt: unknown }) | undefined;
      if (!row || sqliteMs(row.expiresAt) <= Date.now()) return null;
      return row;
    },
    handlers: routeHandlers((call) => call.handler.sqlite(db)),
  };
}

function postgresBackend(url: string): Backend {
  // The same pool size as Prisma's pg adapter (pg's default, 10).
  const pool = new pg.Pool({ connectionString: url });
  return {
    async authenticate(tokenHash) {
      const { rows } = await pool.query({
        name: 'auth',
        text: `SELECT u.id AS "userId", u.email, u."firstName", u."lastName", u.role, u."businessId",
                      b.name AS "businessName", b.slug AS "businessSlug",
                      CASE WHEN b."requireTwoFactor" AND u."totpEnabledAt" IS NULL THEN 1 ELSE 0 END AS "twoFactorSetupNeeded"
               FROM "Session" s JOIN "User" u ON u.id = s."userId" JOIN "Business" b ON b.id = u."businessId"
               WHERE s.id = $1 AND s."expiresAt" > (now() AT TIME ZONE 'UTC')`,
        values: [tokenHash],
      });
      return (rows[0] as Auth | undefined) ?? null;
    },
    async authenticatePortal(tokenHash) {
      const { rows } = await pool.query({
        name: 'auth-portal',
        text: `SELECT c.id AS "contactId", c."companyId", c.email, c."firstName", c."lastName", p."businessId", b.name AS "businessName", b.slug AS "businessSlug"
               FROM "PortalSession" p JOIN "Contact" c ON c."businessId" = p."businessId" AND c.id = p."contactId" JOIN "Business" b ON b.id = p."businessId"
               WHERE p.id = $1 AND p."expiresAt" > (now() AT TIME ZONE 'UTC') AND c."portalAccess" AND c."companyId" IS NOT NULL`,
        values: [tokenHash],
      });
      return (rows[0] as Auth | undefined) ?? null;
    },
    handlers: routeHandlers((call) => call.handler.postgres(pool)),
  };
}

function main() {
  const [url, port] = process.argv.slice(2);
  if (!url || !port) throw new Error('usage: baseline.ts <DATABASE_URL> <PORT>');
  const backend = /^postgres(ql)?:\/\//.test(url)
    ? postgresBackend(url)
    : sqliteBackend(path.resolve(url.replace(/^file:(\/\/)?/, '')));

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  // The same bytes on the wire as the app: gzip from the same size (the bench asks with Accept-Encoding: gzip).
  app.use(compression({ threshold: API_COMPRESSION_THRESHOLD }));
  const publicRoutes = new Set(benchCalls.filter((call) => call.public).map(routeOf));
  const portalRoutes = new Set(benchCalls.filter((call) => call.portal).map(routeOf));
  for (const [route, handler] of backend.handlers) {
    const isPublic = publicRoutes.has(route);
    app.get(route, async (req: Request, res: Response) => {
      try {
        const token = isPublic ? undefined : /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
        // A public call's handler never reads the session, as the app never looks one up for it.
        const authenticate = portalRoutes.has(route) ? backend.authenticatePortal : backend.authenticate;
        const auth = isPublic ? PUBLIC : token ? await authenticate(hashToken(token)) : null;
        if (!auth) {
          res.status(401).json({ message: 'unauthenticated', code: 'UNAUTHORIZED' });
          return;
        }
        // Path parameters (/contact/v1/:id) join the query, as the app's REST layer joins them to the input.
        const reply = await handler({ ...req.query, ...req.params } as Query, auth);
        if (reply.headers) res.set(reply.headers);
        res.status(reply.status ?? 200).json(reply.body);
      } catch (error) {
        if (isBadRequest(error)) {
          res.status(400).json({ message: 'bad request', code: 'BAD_REQUEST' });
          return;
        }
        console.error(error);
        res.status(500).json({ message: 'internal error', code: 'INTERNAL_SERVER_ERROR' });
      }
    });
  }
  app.listen(Number(port), '127.0.0.1', () => console.log('ready'));
}

main();
