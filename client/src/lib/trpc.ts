import { createTRPCReact } from '@trpc/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/routers/_app';

export const trpc = createTRPCReact<AppRouter>();
export type RouterOutputs = inferRouterOutputs<AppRouter>;

type ErrorLike = {
  message?: string;
  cause?: unknown;
  data?: { code?: string; httpStatus?: number; issues?: { path: string; message: string }[] } | null;
};

/** Field issues of a validation error (path → message), for react-hook-form's setError. */
export function fieldIssues(error: unknown): { path: string; message: string }[] {
  return (error as ErrorLike)?.data?.issues ?? [];
}

export function errorCode(error: unknown): string | undefined {
  return (error as ErrorLike)?.data?.code;
}

export function errorStatus(error: unknown): number | undefined {
  return (error as ErrorLike)?.data?.httpStatus;
}

/**
 * A reply that is not our API's JSON (a proxy's HTML 502, a maintenance page): its message is the
 * spec's '{status}: {body text}', the status text when the body is empty.
 */
export class HttpReplyError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
  ) {
    super(`${status}: ${bodyText}`);
    this.name = 'HttpReplyError';
  }
}

const MAX_BODY_TEXT = 200;

/** The readable text of a reply body: an HTML page's title (or its text without tags), whitespace collapsed. */
export function replyBodyText(body: string, contentType: string | null): string {
  let text = body;
  if (/html/i.test(contentType ?? '') || /^\s*</.test(body)) {
    const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(body)?.[1];
    text = title?.trim() ? title : body.replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]*>/g, ' ');
    text = text
      .replace(/&nbsp;/g, ' ')
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'");
  }
  text = text.replace(/\s+/g, ' ').trim();
  return text.length > MAX_BODY_TEXT ? `${text.slice(0, MAX_BODY_TEXT - 1)}…` : text;
}

/**
 * fetch for tRPC's link: a reply that is not JSON becomes an HttpReplyError here, before tRPC would try to
 * parse it and fail with "Unexpected token '<' … is not valid JSON".
 */
export async function apiFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const response = await fetch(input, { ...init, credentials: 'same-origin' });
  const contentType = response.headers.get('content-type');
  if (contentType && /json/i.test(contentType)) {
    if (response.ok) return response;
    // A failed reply is ours when it has tRPC's shape (a batch array, or { error }); a proxy's JSON is not.
    const json: unknown = await response
      .clone()
      .json()
      .catch(() => undefined);
    if (Array.isArray(json) || (json && typeof json === 'object' && 'error' in json)) return response;
    const message =
      json && typeof json === 'object' && 'message' in json && typeof json.message === 'string' ? json.message : '';
    throw new HttpReplyError(
      response.status,
      replyBodyText(message, null) || response.statusText || String(response.status),
    );
  }
  const body = await response.text().catch(() => '');
  throw new HttpReplyError(
    response.status,
    replyBodyText(body, contentType) || response.statusText || String(response.status),
  );
}

/**
 * What an error toast may say about a failed call, in one place: our API's own message (always written for
 * people), or '{status}: {body text}' for a foreign reply; null when there is nothing readable (network
 * failure, a broken reply), so the caller shows the spec's fallback.
 */
export function errorText(error: unknown): string | null {
  const e = error as ErrorLike | null;
  if (!e || typeof e !== 'object') return null;
  if (e.cause instanceof HttpReplyError) return e.cause.message;
  if (error instanceof HttpReplyError) return error.message;
  // Only errors our server formatted carry data.code; anything else is a client-side message (JSON parse, fetch).
  if (e.data?.code && typeof e.message === 'string' && e.message.trim()) return e.message;
  return null;
}
