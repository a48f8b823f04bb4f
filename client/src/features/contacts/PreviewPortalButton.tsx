import { Eye } from 'lucide-react';
import { toast } from 'sonner';
import { M } from '../../../../shared/messages';
import { errorText, trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';

type Previewable = {
  id: number;
  firstName: string;
  lastName: string;
  portalAccess: boolean;
  companyOfContact: { id: number } | null;
};

/**
 * "Preview portal as this contact" (issue 27): opens the portal in a new tab exactly as the contact sees it,
 * read-only (server/domain/portal-preview). Shown only for a contact who can use the portal (access on, a
 * company). The tab is opened on the click itself, so a pop-up blocker lets it through, and pointed at the portal
 * once the preview exists; when the browser blocks it anyway, a toast offers to open the preview here.
 */
export function PreviewPortalButton({
  contact,
  compact,
  company,
}: {
  contact: Previewable;
  compact?: boolean;
  /** One of a contact's several companies to preview (their own when left out). */
  company?: { id: number; name: string };
}) {
  const start = trpc.portalPreview.start.useMutation();
  if (!contact.portalAccess || !contact.companyOfContact) return null;
  const name = `${contact.firstName} ${contact.lastName}`.trim();

  const open = () => {
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    start.mutate(
      { contactId: contact.id, companyId: company?.id },
      {
        onSuccess: ({ url }) => {
          if (tab && !tab.closed) tab.location.href = url;
          else
            toast(M.portal.preview.popupBlocked, {
              action: { label: M.portal.preview.openHere, onClick: () => window.location.assign(url) },
            });
        },
        onError: (error) => {
          tab?.close();
          toast.error(M.common.error, { description: errorText(error) ?? undefined });
        },
      },
    );
  };

  return (
    <Button
      variant="ghost"
      size="sm"
      busy={start.isPending}
      onClick={open}
      aria-label={company ? M.portalCompanies.hub.previewIn(name, company.name) : M.portal.preview.startLabel(name)}
      title={M.portal.preview.startTitle}
      className={compact ? 'relative z-10 -mt-1 shrink-0' : undefined}
    >
      {!start.isPending && <Eye className="size-4" aria-hidden />}
      {!compact && <span className="hidden xl:inline">{M.portal.preview.start}</span>}
    </Button>
  );
}
