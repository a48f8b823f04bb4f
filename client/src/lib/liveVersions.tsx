/**
 * A file's new version (or an older one shared or unshared) reaches every open window: the hub refetches its files,
 * their histories and approval requests; the portal its files, dashboard, histories and reviews. The server sends the
 * event to a portal only when the file is shown to that client (server/domain/documents/versions.ts).
 */
import { VERSIONS_LIVE_TOPIC } from '../../../shared/live';
import { useLiveEvents } from './live';
import { trpc } from './trpc';

export function LiveVersions({ audience }: { audience: 'staff' | 'portal' }) {
  const utils = trpc.useUtils();
  useLiveEvents(VERSIONS_LIVE_TOPIC, () => {
    if (audience === 'staff')
      void Promise.all([
        utils.documents.invalidate(),
        utils.approvals.invalidate(),
        utils.dashboard.overview.invalidate(),
      ]);
    else
      void Promise.all([utils.portal.invalidate(), utils.portalFiles.invalidate(), utils.portalApprovals.invalidate()]);
  });
  return null;
}
