// tRPC queries read as plain JSON over tRPC's HTTP protocol, for the screens that paint before the data layer (tRPC's
// client, TanStack Query, superjson: about 33 KB of compressed script) has loaded: the hub's and the portal's sign-in
// pages. Only for replies made of plain JSON values, which superjson sends as they are (no dates, maps or sets).

export type PlainReply = {
  ok: boolean;
  /** The reply's value (tRPC's `result.data.json`), when it answered one. */
  value: unknown;
  /** The error's tRPC code (NOT_FOUND, UNAUTHORIZED…), when it answered an error of ours. */
  code?: string;
};

/** GET /trpc/{path}, with its input in superjson's envelope; or a reply already sent (an early reply). */
export async function plainQuery(path: string, input?: unknown, sent?: Promise<Response>): Promise<PlainReply> {
  const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
  const response = await (sent ?? fetch(`/trpc/${path}${query}`, { credentials: 'same-origin' }));
  const body = (await response.json().catch(() => null)) as {
    result?: { data?: { json?: unknown } };
    error?: { json?: { data?: { code?: string } } };
  } | null;
  return { ok: response.ok, value: body?.result?.data?.json, code: body?.error?.json?.data?.code };
}
