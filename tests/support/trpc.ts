import { createTRPCClient, createTRPCUntypedClient, httpLink, TRPCClientError, type TRPCLink } from '@trpc/client';
import superjson from 'superjson';
import { SESSION } from '../../shared/constants';
import type { AppRouter } from '../../server/routers/_app';

/** How a request authenticates: a Bearer token (API clients) or a session cookie (browsers, who send their Origin). */
export type Credentials =
  | { token: string }
  | { staffCookie: string; origin: string }
  | { portalCookie: string; origin: string }
  | Record<string, never>;

function headersFor(credentials: Credentials): Record<string, string> {
  if ('token' in credentials) return { authorization: `Bearer ${credentials.token}` };
  if ('staffCookie' in credentials)
    return { cookie: `${SESSION.staffCookie}=${credentials.staffCookie}`, origin: credentials.origin };
  if ('portalCookie' in credentials)
    return { cookie: `${SESSION.portalCookie}=${credentials.portalCookie}`, origin: credentials.origin };
  return {};
}

function links(baseUrl: string, credentials: Credentials): TRPCLink<AppRouter>[] {
  return [httpLink({ url: `${baseUrl}/trpc`, transformer: superjson, headers: headersFor(credentials) })];
}

/** The app's own tRPC client over HTTP (superjson, like the browser client), typed against the router. */
export function trpcClient(baseUrl: string, credentials: Credentials = {}) {
  return createTRPCClient<AppRouter>({ links: links(baseUrl, credentials) });
}
export type TrpcClient = ReturnType<typeof trpcClient>;

/** The same client, calling procedures by their dotted path (for tests that walk the router). */
export function untypedTrpcClient(baseUrl: string, credentials: Credentials = {}) {
  return createTRPCUntypedClient<AppRouter>({ links: links(baseUrl, credentials) });
}

/** The tRPC error code and HTTP status a call was refused with (undefined for anything that is not a tRPC error). */
export function refusal(error: unknown): { code?: string; httpStatus?: number } {
  if (!(error instanceof TRPCClientError)) return {};
  const data = (error as TRPCClientError<AppRouter>).data;
  return { code: data?.code, httpStatus: data?.httpStatus };
}

/** The tRPC error code of a refused call. */
export const trpcCode = (error: unknown) => refusal(error).code;
