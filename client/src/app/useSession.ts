import { errorCode, trpc } from '../lib/trpc';

/** The signed-in staff user, or null; the hub's single source of truth for "who am I". */
export function useSession() {
  // A 401 already in the cache (the shell's early session reply, or an earlier screen's) is the answer, not a reason to ask again.
  const me = trpc.auth.me.useQuery(undefined, { retry: false, retryOnMount: false });
  // Only a 401 means signed out (the cache may still hold the last user); other failures are shown as such.
  const signedOut = errorCode(me.error) === 'UNAUTHORIZED';
  return {
    user: signedOut ? null : (me.data ?? null),
    isPending: me.isPending,
    failed: me.isError && !signedOut && !me.data,
    retry: () => void me.refetch(),
  };
}
