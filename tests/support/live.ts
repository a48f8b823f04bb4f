/**
 * A live-update stream as an API client reads it: GET /trpc/<procedure>?input=… answered with server-sent events
 * (tRPC's SSE: "connected", then one `data:` per event with its `id:`, "ping", "serialized-error", "return").
 * No EventSource in Node: the bytes are read and split here, as the SSE specification says.
 */
import superjson from 'superjson';
import { SESSION } from '../../shared/constants';
import type { LiveMessage } from '../../shared/live';

type SseFrame = { event: string; data: string; id?: string };
export type LiveCredentials =
  | { token: string }
  | { staffCookie: string }
  | { portalCookie: string }
  | Record<string, never>;

export type LiveStream = {
  status: number;
  headers: Headers;
  /** Every frame so far, in order. */
  frames: SseFrame[];
  /** The events (data frames) so far. */
  messages: (LiveMessage & { eventId?: string })[];
  /** Waits for the first message (from `from` on) that matches; rejects when the stream ends first or after waitMs. */
  next(match: (m: LiveMessage) => boolean, options?: { from?: number; waitMs?: number }): Promise<LiveMessage>;
  /** Resolves with the stream's error ({ code, httpStatus }) or null when it ended without one. */
  ended: Promise<{ code?: string; httpStatus?: number; message?: string } | null>;
  close(): void;
};

function headersOf(credentials: LiveCredentials): Record<string, string> {
  if ('token' in credentials) return { authorization: `Bearer ${credentials.token}` };
  if ('staffCookie' in credentials) return { cookie: `${SESSION.staffCookie}=${credentials.staffCookie}` };
  if ('portalCookie' in credentials) return { cookie: `${SESSION.portalCookie}=${credentials.portalCookie}` };
  return {};
}

export async function openLiveStream(
  baseUrl: string,
  procedure: string,
  credentials: LiveCredentials,
  options: { lastEventId?: string; lastEventIdHeader?: string; input?: unknown } = {},
): Promise<LiveStream> {
  const input = options.lastEventId ? { lastEventId: options.lastEventId } : options.input;
  const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(superjson.serialize(input)))}`;
  const controller = new AbortController();
  const headers: Record<string, string> = { accept: 'text/event-stream', ...headersOf(credentials) };
  if (options.lastEventIdHeader) headers['last-event-id'] = options.lastEventIdHeader;
  const res = await fetch(`${baseUrl}/trpc/${procedure}${query}`, { headers, signal: controller.signal });
  const frames: SseFrame[] = [];
  const messages: LiveStream['messages'] = [];
  const waiters = new Set<() => void>();
  let done = false;
  let resolveEnded!: (value: Awaited<LiveStream['ended']>) => void;
  const ended = new Promise<Awaited<LiveStream['ended']>>((resolve) => {
    resolveEnded = resolve;
  });
  const wake = () => {
    for (const w of waiters) w();
  };

  const read = async () => {
    if (!res.body || res.status !== 200) {
      done = true;
      resolveEnded({ httpStatus: res.status, ...(await res.json().catch(() => ({}))) });
      wake();
      return;
    }
    const decoder = new TextDecoder();
    let buffer = '';
    let error: Awaited<LiveStream['ended']> = null;
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const frame: SseFrame = { event: 'message', data: '' };
          for (const line of block.split('\n')) {
            const colon = line.indexOf(':');
            if (colon <= 0) continue;
            const field = line.slice(0, colon);
            const value = line.slice(colon + 1).replace(/^ /, '');
            if (field === 'event') frame.event = value;
            else if (field === 'data') frame.data += value;
            else if (field === 'id') frame.id = value;
          }
          if (!block.trim()) continue;
          frames.push(frame);
          if (frame.event === 'message' && frame.data) {
            messages.push({ ...(superjson.deserialize(JSON.parse(frame.data)) as LiveMessage), eventId: frame.id });
          } else if (frame.event === 'serialized-error') {
            const shape = superjson.deserialize(JSON.parse(frame.data)) as {
              message: string;
              data: { code: string; httpStatus: number };
            };
            error = { code: shape.data.code, httpStatus: shape.data.httpStatus, message: shape.message };
            controller.abort();
          } else if (frame.event === 'return') controller.abort();
          wake();
        }
      }
    } catch {
      /* aborted */
    }
    done = true;
    resolveEnded(error);
    wake();
  };
  void read();

  return {
    status: res.status,
    headers: res.headers,
    frames,
    messages,
    ended,
    close: () => controller.abort(),
    next(match, { from = 0, waitMs = 10_000 } = {}) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.slice(from).find(match);
          if (found) return finish(() => resolve(found));
          if (done) return finish(() => reject(new Error(`the stream ended first: ${JSON.stringify(frames)}`)));
        };
        const timer = setTimeout(
          () => finish(() => reject(new Error(`no matching event in ${waitMs} ms: ${JSON.stringify(messages)}`))),
          waitMs,
        );
        const finish = (then: () => void) => {
          clearTimeout(timer);
          waiters.delete(check);
          then();
        };
        waiters.add(check);
        check();
      });
    },
  };
}
