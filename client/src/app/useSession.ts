import { trpc } from '../lib/trpc';

/** The signed-in staff user, or null; the hub's single source of truth for "who am I". */
export function useSession() {
  const me = trpc.auth.me.useQuery(undefined, { retry: false });
  // After a failed re-check the cache still holds the last user: an error means signed out.
  return { user: me.isError ? null : (me.data ?? null), isPending: me.isPending, error: me.error };
}
