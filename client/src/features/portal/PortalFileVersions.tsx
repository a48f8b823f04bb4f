import { useState } from 'react';
import { ChevronDown, Download } from 'lucide-react';
import { formatDate as listDate } from '../../../../shared/dates';
import { formatFileSize } from '../../../../shared/file-size';
import { downloadVersion, portalOlderVersions } from '../../../../shared/messages/frames';
import { versionNumber } from '../../../../shared/messages/texts';

/** The versions' texts the portal's dashboard shows, without the section. */
const V = { portalOlder: portalOlderVersions, versionLabel: versionNumber, download: downloadVersion } as const;
import { cn } from '../../lib/cn';
import { trpc } from '../../lib/trpc';
import { buttonClass } from '../../ui/Button';

/**
 * A shared file's earlier versions that staff shared with the client (issue 31), listed when opened: each with its
 * number, date, size and a download (the version's own route, which serves nothing else to a client).
 */
export function PortalFileVersions({ fileId, count }: { fileId: number; count: number }) {
  const [open, setOpen] = useState(false);
  const versions = trpc.portalFiles.versions.useQuery({ id: fileId }, { enabled: open });
  const panel = `file-${fileId}-versions`;
  return (
    <div className="mt-1">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panel}
        onClick={() => setOpen((o) => !o)}
        className="inline-flex items-center gap-1 rounded-sm text-xs font-medium text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
      >
        {V.portalOlder} ({count})
        <ChevronDown className={cn('size-3.5 transition-transform', open && 'rotate-180')} aria-hidden />
      </button>
      {open && (
        <ul id={panel} className="mt-2 space-y-1.5">
          {(versions.data?.items ?? []).map((v) => (
            <li key={v.number} className="flex items-center gap-2 text-xs text-slate-600">
              <span className="shrink-0 font-medium whitespace-nowrap text-slate-800">{V.versionLabel(v.number)}</span>
              <span className="min-w-0 truncate tabular-nums">
                {[listDate(v.createdAt), formatFileSize(v.size)].join(' · ')}
              </span>
              <a
                href={`${v.url}?download`}
                download
                className={buttonClass('ghost', 'sm', 'ml-auto shrink-0')}
                aria-label={V.download(v.number)}
                title={V.download(v.number)}
              >
                <Download className="size-3.5" aria-hidden />
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
