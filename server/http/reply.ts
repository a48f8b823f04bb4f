/**
 * How the app's own Express routes (./registry.ts) answer a refusal or an error: the REST error shape
 * { message, code, issues?, requestId } (server/rest's sendRefusal/sendError), the same statuses and messages as a
 * procedure's. A route either returns refuse(res, …) or throws: a TRPCError, a RouteRefusal (statuses tRPC has no
 * code for: 410, 413, 416), or anything else (500, logged).
 */
import type { Response } from 'express';
import { log } from '../log';
import { sendError, sendRefusal, type ErrorBody } from '../rest';

export type Refusal = { status: number } & ErrorBody;

/** Answers a refusal, unless the reply has started or the client is gone. */
function refuse(res: Response, { status, ...body }: Refusal) {
  if (res.headersSent || res.destroyed) return;
  sendRefusal(res, status, body);
}

/** A refusal thrown from deep inside a route (e.g. from a stream's set-up), answered as is. */
export class RouteRefusal extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.message);
    this.name = 'RouteRefusal';
  }
}

/** The client went away (mid-upload): nobody is left to answer. */
export class ClientGone extends Error {}

export const badRequest = (message: string): Refusal => ({ status: 400, message, code: 'BAD_REQUEST' });
export const notFound = (message: string): Refusal => ({ status: 404, message, code: 'NOT_FOUND' });
export const tooLarge = (message: string): Refusal => ({ status: 413, message, code: 'PAYLOAD_TOO_LARGE' });

/**
 * A route's failure, answered: a refusal or an error in the REST shape before the reply started; once bytes have
 * gone out, the error is logged (as `what`) and the response destroyed, so a client never takes a cut-short file
 * for a whole one. A client already gone gets nothing and is no server error.
 */
export function replyError(res: Response, error: unknown, what: string) {
  if (res.destroyed || error instanceof ClientGone) return;
  if (res.headersSent) {
    log.error({ err: error }, `${what}: failed after the reply started`);
    res.destroy();
    return;
  }
  // A download's attachment header, set before the failure, must not turn the error's JSON into a file.
  res.removeHeader('Content-Disposition');
  if (error instanceof RouteRefusal) return refuse(res, error.refusal);
  sendError(res, error);
}
