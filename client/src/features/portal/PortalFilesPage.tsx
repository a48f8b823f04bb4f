import { useMemo, useState } from 'react';
import { Clock, FileText, FolderKanban } from 'lucide-react';
import { M } from '../../../../shared/messages';
import { cn } from '../../lib/cn';
import { trpc } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { FilterSelect, ListToolbar, SearchBox } from '../../lists/ListToolbar';
import { LoadMore } from '../../lists/ListViews';
import { Button } from '../../ui/Button';
import { EmptyState, LoadFailed } from '../../ui/Feedback';
import { FileRow, ListBox, PortalPageHeader, RowsSkeleton, StatCard } from './PortalUi';
import { usePortalUser } from './session';
import { portalListOptions, useDebouncedSearch } from './usePortalList';
import { usePortalReviewLink } from '../documents/reviewLink';
import { useFileViewer } from '../documents/viewer/useFileViewer';

const F = M.portal.files;

/** /portal/{slug}/files (spec §2.16): search, project filter, stat cards, the files shared with the client. */
export default function PortalFilesPage() {
  const user = usePortalUser();
  useDocumentTitle(`${F.title} · ${user.business.name}`);
  const { text, setText, search, flush } = useDebouncedSearch();
  const [projectId, setProjectId] = useState('');
  const input = useMemo(
    () => ({ search: search || undefined, projectId: projectId ? Number(projectId) : undefined }),
    [search, projectId],
  );
  const query = trpc.portal.files.useInfiniteQuery(input, portalListOptions);
  const viewer = useFileViewer();
  // ?view=…&version=…&comment=… (a review comment found by search): the viewer on that version, at the comment.
  usePortalReviewLink(viewer.open);
  const pages = query.data?.pages;
  const first = pages?.[0];
  const items = pages?.flatMap((p) => p.items) ?? [];
  const filtered = !!search || !!projectId;
  const clear = () => {
    setText('');
    setProjectId('');
  };

  return (
    <>
      <PortalPageHeader title={F.title} subtitle={F.subtitle} />
      <section aria-label={F.title} className="mb-6 grid grid-cols-3 gap-2 sm:gap-4">
        <StatCard label={F.total} value={first?.stats.total} icon={<FileText className="size-4" aria-hidden />} />
        <StatCard
          label={F.projects}
          value={first?.stats.projects}
          icon={<FolderKanban className="size-4" aria-hidden />}
        />
        <StatCard
          label={F.recent}
          value={first?.stats.recent}
          hint={F.recentHint}
          icon={<Clock className="size-4" aria-hidden />}
        />
      </section>

      <ListToolbar>
        <SearchBox
          value={text}
          onChange={setText}
          onSubmit={flush}
          placeholder={F.search}
          label={F.search}
          maxLength={100}
        />
        <FilterSelect
          label={F.projectFilter}
          value={projectId}
          onChange={setProjectId}
          options={[
            { value: '', label: F.allProjects },
            ...(first?.projectOptions ?? []).map((p) => ({ value: String(p.id), label: p.name })),
          ]}
        />
      </ListToolbar>

      {query.isError && !pages ? (
        <LoadFailed onRetry={() => void query.refetch()} />
      ) : !pages ? (
        <RowsSkeleton rows={5} />
      ) : items.length === 0 ? (
        filtered ? (
          <EmptyState
            title={F.noMatch}
            text={F.noMatchText}
            action={
              <Button variant="secondary" onClick={clear}>
                {M.lists.clearFilters}
              </Button>
            }
          />
        ) : (
          <EmptyState icon={<FileText className="size-8" aria-hidden />} title={F.empty} text={F.emptyText} />
        )
      ) : (
        <div className={cn('transition-opacity', query.isFetching && !query.isFetchingNextPage && 'opacity-60')}>
          <ListBox>
            {items.map((f) => (
              <FileRow key={f.id} file={f} onPreview={viewer.open} />
            ))}
          </ListBox>
          <LoadMore
            className="mt-6"
            hasMore={!!query.hasNextPage}
            loading={query.isFetchingNextPage}
            failed={query.isFetchNextPageError}
            onLoad={() => void query.fetchNextPage()}
          />
        </div>
      )}
      {viewer.viewer}
    </>
  );
}
