/**
 * Bounds the live streams one session (or API token) and one client address hold open on this instance, before tRPC
 * sees the request: past either bound a plain 429 with Retry-After and a sentence (an SSE stream itself always
 * starts 200). Each open stream is a socket and a little memory, nothing more (server/live/hub.ts).
 */
import { createHash } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { SESSION } from '../../shared/constants';
import { M } from '../../shared/messages';
import { throttleAddress } from '../auth/throttle';
import { sendRefusal } from '../rest';

/** The subscription procedures, as tRPC's paths under /trpc. */
const LIVE_STREAM_PATHS = new Set(['/live.events', '/portalLive.events']);

const RETRY_AFTER_S = 30;

export function liveConnectionLimit(limits: { perSession: number; perAddress: number }) {
  const open = new Map<string, number>();
  const streams = new Set<Response>();
  const take = (key: string) => open.set(key, (open.get(key) ?? 0) + 1);
  const give = (key: string) => {
    const left = (open.get(key) ?? 1) - 1;
    if (left <= 0) open.delete(key);
    else open.set(key, left);
  };
  const middleware = (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' || !LIVE_STREAM_PATHS.has(req.path)) return next();
    const cookies = (req.cookies ?? {}) as Record<string, string | undefined>;
    const credential =
      req.headers.authorization ??
      (req.path === '/portalLive.events' ? cookies[SESSION.portalCookie] : cookies[SESSION.staffCookie]) ??
      '';
    // Hashed: the map never holds a usable token.
    const sessionKey = `s:${createHash('sha256').update(credential).digest('base64url')}`;
    const addressKey = `a:${throttleAddress(req.ip ?? 'unknown')}`;
    const max =
      (open.get(sessionKey) ?? 0) >= limits.perSession
        ? limits.perSession
        : (open.get(addressKey) ?? 0) >= limits.perAddress
          ? limits.perAddress
          : null;
    if (max !== null) {
      res.setHeader('Retry-After', String(RETRY_AFTER_S));
      return sendRefusal(res, 429, { message: M.live.tooManyConnections(max), code: 'TOO_MANY_REQUESTS' });
    }
    take(sessionKey);
    take(addressKey);
    streams.add(res);
    res.once('close', () => {
      streams.delete(res);
      give(sessionKey);
      give(addressKey);
    });
    next();
  };
  return Object.assign(middleware, {
    /**
     * Cuts every open stream (a stopping instance): the windows see a dropped connection, reconnect through the load
     * balancer to another instance and catch up from their last event id. Ending them cleanly would tell the
     * windows the stream is over for good.
     */
    endAll() {
      for (const res of streams) res.socket?.destroy();
    },
  });
}
