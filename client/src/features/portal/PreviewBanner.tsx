import { useQueryClient } from '@tanstack/react-query';
import { Eye, X } from 'lucide-react';
import { portal } from '../../../../shared/messages/portal';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import type { PortalUser } from './session';

/** The catalogue's sections this first-load module shows (not all of shared/messages.ts). */
const M = { portal } as const;

/**
 * A staff preview of the portal (issue 27, "Preview as this contact"): who is being previewed, that nothing can be
 * changed, and the way out. "Exit preview" ends the preview session, then closes the tab the hub opened, or (a tab
 * the script cannot close) goes back to the contact in the hub.
 */
export function PreviewBanner({ user }: { user: PortalUser & { preview: NonNullable<PortalUser['preview']> } }) {
  const queryClient = useQueryClient();
  const exit = trpc.portalAuth.logout.useMutation({
    // Ended either way (a preview that already ran out answers 401).
    onSettled: () => {
      queryClient.removeQueries({ queryKey: [['portalAuth']] });
      window.close();
      // Still here a moment later: this tab was not opened by the hub (a script may close only what it opened).
      window.setTimeout(() => window.location.assign(`/hub/contacts?contact=${user.id}`), 150);
    },
  });
  const name = `${user.firstName} ${user.lastName}`.trim();
  return (
    <div
      role="region"
      aria-label={M.portal.preview.banner(name, user.preview.companyName)}
      className="border-b border-amber-300 bg-amber-100 text-amber-950"
    >
      <div className="flex min-h-10 items-center gap-3 px-4 py-1.5 sm:px-6 lg:h-10 lg:py-0">
        <Eye className="size-4 shrink-0" aria-hidden />
        <p className="min-w-0 flex-1 text-sm leading-5 lg:truncate">
          <span className="font-semibold">{M.portal.preview.banner(name, user.preview.companyName)}</span>
          <span className="hidden text-amber-900/80 md:inline"> · {M.portal.preview.by(user.preview.staffName)}</span>
        </p>
        <Button variant="secondary" size="sm" busy={exit.isPending} onClick={() => exit.mutate()} className="shrink-0">
          {!exit.isPending && <X className="size-4" aria-hidden />}
          {M.portal.preview.exit}
        </Button>
      </div>
    </div>
  );
}
