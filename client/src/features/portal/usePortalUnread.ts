/**
 * Kept apart from PortalThread so the portal's first screen does not load the conversation (markdown, composer) just
 * to show the badge.
 */
import { MESSAGES_LIVE_TOPIC } from '../../../../shared/live';
import { useLiveEvents } from '../../lib/live';
import { trpc } from '../../lib/trpc';

/** The portal's unread badge: conversations with something the client has not read (one statement, refreshed live). */
export function usePortalUnread() {
  // Used by the portal layout (always mounted): a message change, live, refetches the client's messages screens too.
  const utils = trpc.useUtils();
  useLiveEvents(MESSAGES_LIVE_TOPIC, () => void utils.portalMessages.invalidate());
  const unread = trpc.portalMessages.unread.useQuery(undefined, { refetchOnWindowFocus: true });
  return unread.data?.threads ?? 0;
}
