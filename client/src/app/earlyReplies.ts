// Its own module so that screens (AppShell, SignInPage) take replies without importing the router that lazy-loads them.

/** Argument-less queries that screens need first: who is signed in, and the sign-in screen's demo hint. */
export type EarlyQuery = 'auth.me' | 'auth.demoHint';

/**
 * On the page's first load, a route's loader sends its early queries as plain GETs of tRPC's HTTP protocol the moment
 * the address matches, before any code beyond this chunk has arrived: their replies travel with the screens' code
 * instead of after it. The first screen to render takes the replies it reads (takeEarlyReplies) and the rest are
 * dropped, so a reply is never read late; after that, everything goes through the tRPC client as usual.
 */
const earlyReplies = new Map<EarlyQuery, Promise<Response>>();
let earlyOpen = true;
export const sendEarly =
  (...queries: EarlyQuery[]) =>
  () => {
    if (earlyOpen)
      for (const query of queries)
        if (!earlyReplies.has(query)) earlyReplies.set(query, fetch(`/trpc/${query}`, { credentials: 'same-origin' }));
    return null;
  };
export function takeEarlyReplies(queries: readonly EarlyQuery[]) {
  earlyOpen = false;
  const taken = new Map(
    queries.flatMap((query) => (earlyReplies.has(query) ? [[query, earlyReplies.get(query)!] as const] : [])),
  );
  earlyReplies.clear();
  return taken;
}

/**
 * A reply the server wrote into the page as JSON (server/app.ts, PAGE_DATA), taken once: the element is removed, so
 * that nothing reads it again later (after a sign-out and a sign-in in the same window).
 */
export function takePageData(id: string): unknown {
  const element = document.getElementById(id);
  if (!element) return undefined;
  element.remove();
  try {
    return JSON.parse(element.textContent ?? '') ?? undefined;
  } catch {
    return undefined;
  }
}
