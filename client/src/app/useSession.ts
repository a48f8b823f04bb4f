import { trpc } from '../lib/trpc';

/** The signed-in staff user, or null; the hub's single source of truth for "who am I". */
export function useSession() {
  const me = trpc.auth.me.useQuery(undefined, { retry: false });
  return { user: me.data ?? null, isPending: me.isPending, error: me.error };
}
