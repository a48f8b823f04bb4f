import { useRef } from 'react';
import { Download, History, Upload } from 'lucide-react';
import { toast } from 'sonner';
import { formatFileSize } from '../../../../shared/file-size';
import { M } from '../../../../shared/messages';
import type { VersionRow } from '../../../../shared/schemas/document-versions';
import { errorText, trpc } from '../../lib/trpc';
import { Button, buttonClass } from '../../ui/Button';
import { Alert, Skeleton } from '../../ui/Feedback';
import { Switch } from '../../ui/Switch';
import { formatListDate, type DocumentRow } from './documentParts';
import { useVersionUpload, VersionProgress } from './versionUpload';

const V = M.versions;
const PAGE = 10;

/** One version: number (the current one marked), uploader, date, size and SHA-256; download; sharing when older. */
function VersionItem({ documentId, version }: { documentId: number; version: VersionRow }) {
  const utils = trpc.useUtils();
  const share = trpc.documents.shareVersion.useMutation({
    onSuccess: (v) => {
      toast.success(v.sharedWithClient ? V.shared(v.number) : V.unshared(v.number));
      void utils.documents.versions.invalidate({ id: documentId });
    },
    onError: (error) => toast.error(M.common.error, { description: errorText(error) ?? V.shareFailed }),
  });
  const facts = [
    version.uploadedByName ? V.by(version.uploadedByName) : V.unknownUploader,
    formatListDate(version.createdAt),
    version.stored ? formatFileSize(version.size) : null,
  ].filter(Boolean);
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:gap-4" data-version={version.number}>
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-2 text-sm font-medium text-slate-900">
          {V.versionLabel(version.number)}
          {version.current && (
            <span className="rounded-full bg-brand-50 px-2 py-px text-[11px] font-semibold text-brand-700 ring-1 ring-brand-200 ring-inset">
              {V.current}
            </span>
          )}
        </p>
        <p className="truncate text-xs text-slate-500">
          {version.originalName && <span className="text-slate-600">{version.originalName} · </span>}
          {facts.join(' · ')}
        </p>
        {version.sha256 && (
          <p className="truncate font-mono text-[11px] text-slate-500" title={version.sha256}>
            <span className="sr-only">{V.sha256}: </span>
            <span aria-hidden>{V.sha256} </span>
            {version.sha256}
          </p>
        )}
      </div>
      <div className="flex shrink-0 items-center gap-3">
        {!version.current && (
          <span className="flex items-center gap-2 text-xs text-slate-600">
            <Switch
              checked={version.sharedWithClient}
              busy={share.isPending}
              label={`${V.shareLabel}: ${V.versionLabel(version.number)}`}
              onChange={(sharedWithClient) =>
                share.mutate({ id: documentId, number: version.number, sharedWithClient })
              }
            />
            <span aria-hidden>{V.shareLabel}</span>
          </span>
        )}
        <a
          href={version.stored ? `${version.url}?download=1` : version.url}
          download={version.stored || undefined}
          target={version.stored ? undefined : '_blank'}
          rel={version.stored ? undefined : 'noreferrer'}
          aria-label={V.download(version.number)}
          title={V.download(version.number)}
          className={buttonClass('ghost', 'sm')}
        >
          <Download className="size-4" aria-hidden />
        </a>
      </div>
    </li>
  );
}

/**
 * A file's versions in its detail (issue 31): the history newest first, "Upload new version" with its progress and
 * the server's refusals, a download per version and the client sharing of older ones.
 */
export function VersionHistory({ document }: { document: DocumentRow }) {
  const versions = trpc.documents.versions.useInfiniteQuery(
    { id: document.id, limit: PAGE },
    { getNextPageParam: (last) => last.nextCursor ?? undefined },
  );
  const input = useRef<HTMLInputElement>(null);
  const upload = useVersionUpload(document.id);
  const items = versions.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section aria-labelledby="file-versions" className="mt-6 border-t border-slate-100 pt-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="file-versions" className="flex items-center gap-2 text-sm font-semibold text-slate-900">
          <History className="size-4 text-slate-500" aria-hidden /> {V.title}
          {versions.data?.pages[0]?.total != null && (
            <span className="text-xs font-normal text-slate-500 tabular-nums">({versions.data.pages[0].total})</span>
          )}
        </h3>
        <input
          ref={input}
          type="file"
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) upload.start(file);
          }}
        />
        <Button variant="secondary" size="sm" busy={upload.busy} onClick={() => input.current?.click()}>
          <Upload className="size-4" aria-hidden /> {V.uploadNew}
        </Button>
      </div>
      <p className="mt-1 text-xs text-slate-500">{V.shareHint}</p>
      {upload.percent !== null && (
        <div className="mt-3">
          <VersionProgress percent={upload.percent} />
        </div>
      )}
      {upload.error && <Alert className="mt-3">{upload.error}</Alert>}
      {versions.isLoading ? (
        <div className="mt-3 space-y-2">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : versions.isError ? (
        <Alert className="mt-3">{V.loadFailed}</Alert>
      ) : items.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">{V.empty}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100">
          {items.map((v) => (
            <VersionItem key={v.number} documentId={document.id} version={v} />
          ))}
        </ul>
      )}
      {versions.hasNextPage && (
        <Button
          variant="ghost"
          size="sm"
          className="mt-2"
          busy={versions.isFetchingNextPage}
          onClick={() => void versions.fetchNextPage()}
        >
          {V.loadMore}
        </Button>
      )}
    </section>
  );
}
