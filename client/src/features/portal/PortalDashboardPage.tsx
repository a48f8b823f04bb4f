import { Link, useParams } from 'react-router-dom';
import { ArrowRight, ClipboardList, FileText, FolderKanban, ListChecks } from 'lucide-react';
import { portal } from '../../../../shared/messages/portal';
import { portalAuth } from '../../../../shared/messages/portalAuth';
import { PORTAL_RECENT_ACTIVITY } from '../../../../shared/first-replies';
import { trpc } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { BELOW_FOLD } from '../../ui/belowFold';
import { EmptyState, LoadFailed, Skeleton } from '../../ui/Feedback';
import { FlowStateBadge } from './flows/flowState';
import { PortalActivityFeed } from './PortalActivityFeed';
import {
  CardsSkeleton,
  FileRow,
  ListBox,
  PortalDashboardSkeleton,
  PortalPageHeader,
  ProjectCard,
  ResourceCard,
  RowsSkeleton,
  StatCard,
} from './PortalUi';
import { portalPath, usePortalUser } from './session';
import { NeedsReviewSection } from '../approvals/NeedsReviewSection';

/** The catalogue's sections this first-load module shows (not all of shared/messages.ts). */
const M = { portal, portalAuth } as const;

const D = M.portal.dashboard;

function SectionHeader({ id, title, to, linkLabel }: { id: string; title: string; to?: string; linkLabel?: string }) {
  return (
    <div className="mb-3 flex items-center justify-between gap-3">
      <h2 id={id} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      {to && (
        <Link
          to={to}
          className="inline-flex items-center gap-1 rounded text-sm font-medium text-brand-700 hover:text-brand-800 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
        >
          {linkLabel} <ArrowRight className="size-3.5" aria-hidden />
        </Link>
      )}
    </div>
  );
}

/** How many flows "To do" lists before "View all flows". */
const TODO_SHOWN = 3;

/**
 * What the client has to do, first (issue 27): the flows waiting for them (not completed), each opening where they
 * left off. There is no other kind of request to clients yet (files awaiting a reply do not exist).
 */
function TodoSection({ slug }: { slug: string }) {
  const flows = trpc.portalFlows.list.useQuery();
  const waiting = flows.data?.filter((f) => f.state.status !== 'completed');
  return (
    <section aria-labelledby="portal-todo">
      <SectionHeader
        id="portal-todo"
        title={waiting ? D.todo(waiting.length) : D.todoTitle}
        to={waiting && waiting.length > TODO_SHOWN ? portalPath(slug, 'workflows') : undefined}
        linkLabel={D.viewAllFlows}
      />
      {flows.isError && !flows.data ? (
        <LoadFailed onRetry={() => void flows.refetch()} />
      ) : !waiting ? (
        <Skeleton className="h-16 w-full rounded-xl" />
      ) : waiting.length === 0 ? (
        <p className="rounded-xl bg-white px-4 py-4 text-sm text-slate-500 shadow-xs ring-1 ring-slate-200">
          {D.todoNoneText}
        </p>
      ) : (
        <ListBox>
          {waiting.slice(0, TODO_SHOWN).map((flow) => (
            <li key={flow.id}>
              <Link
                to={portalPath(slug, `workflows/${encodeURIComponent(flow.flowUid)}`)}
                className="flex flex-wrap items-center gap-3 px-4 py-3 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none focus-visible:ring-inset"
              >
                <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-700">
                  <ClipboardList className="size-4" aria-hidden />
                </span>
                <span className="min-w-0 flex-1 truncate text-sm font-medium text-slate-900">{flow.name}</span>
                <FlowStateBadge state={flow.state} />
              </Link>
            </li>
          ))}
        </ListBox>
      )}
    </section>
  );
}

/** The client's latest events (their feed), with a link to the whole Activity list. */
function RecentActivitySection({ slug }: { slug: string }) {
  const query = trpc.portalActivity.list.useQuery({ limit: PORTAL_RECENT_ACTIVITY });
  return (
    <section aria-labelledby="portal-recent-activity" className={BELOW_FOLD}>
      <SectionHeader
        id="portal-recent-activity"
        title={D.recentActivity}
        to={portalPath(slug, 'activity')}
        linkLabel={D.viewAllActivity}
      />
      <PortalActivityFeed
        entries={query.data?.items}
        isPending={query.isPending}
        isError={query.isError}
        onRetry={() => void query.refetch()}
        compact
      />
    </section>
  );
}

/**
 * /portal/{slug}/dashboard (spec §2.12): first what the client has to do, then the counts, 3 recent projects,
 * 5 recent files, the recent activity and the shared resources.
 */
export default function PortalDashboardPage() {
  const user = usePortalUser();
  const slug = useParams().slug ?? '';
  useDocumentTitle(`${D.title} · ${user.business.name}`);
  const query = trpc.portal.dashboard.useQuery();
  const data = query.data;
  // The sections above the projects (reviews, to do) change height with their replies: the body is drawn once the
  // three are in (or failed), so nothing the client is reading moves down (the same queries the sections read). On
  // the page's first load the three come with the page.
  const flows = trpc.portalFlows.list.useQuery();
  const reviews = trpc.portalApprovals.reviews.useQuery();
  const settled = (q: { data?: unknown; isError: boolean }) => q.data !== undefined || q.isError;
  const ready = settled(query) && settled(flows) && settled(reviews);
  return (
    <>
      <PortalPageHeader title={M.portalAuth.hello(user.firstName)} subtitle={D.subtitle} />
      {query.isError && !data ? (
        <LoadFailed onRetry={() => void query.refetch()} />
      ) : !ready ? (
        <PortalDashboardSkeleton />
      ) : (
        <div className="space-y-10">
          <NeedsReviewSection slug={slug} />
          <TodoSection slug={slug} />

          <section aria-label={D.title} className="grid grid-cols-3 gap-2 sm:gap-4">
            <StatCard
              label={D.activeProjects}
              value={data?.counts.activeProjects}
              icon={<FolderKanban className="size-4" aria-hidden />}
              to={portalPath(slug, 'projects')}
            />
            <StatCard
              label={D.pendingTasks}
              value={data?.counts.pendingTasks}
              icon={<ListChecks className="size-4" aria-hidden />}
              to={portalPath(slug, 'tasks')}
            />
            <StatCard
              label={D.totalFiles}
              value={data?.counts.totalFiles}
              icon={<FileText className="size-4" aria-hidden />}
              to={portalPath(slug, 'files')}
            />
          </section>

          <section aria-labelledby="portal-recent-projects">
            <SectionHeader
              id="portal-recent-projects"
              title={D.recentProjects}
              to={portalPath(slug, 'projects')}
              linkLabel={D.viewAllProjects}
            />
            {!data ? (
              <CardsSkeleton cards={3} />
            ) : data.recentProjects.length === 0 ? (
              <EmptyState
                icon={<FolderKanban className="size-8" aria-hidden />}
                title={D.noProjects}
                text={D.noProjectsText}
              />
            ) : (
              <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
                {data.recentProjects.map((p) => (
                  <ProjectCard key={p.id} project={p} slug={slug} heading="h3" />
                ))}
              </div>
            )}
          </section>

          <section aria-labelledby="portal-recent-files" className={BELOW_FOLD}>
            <SectionHeader
              id="portal-recent-files"
              title={D.recentFiles}
              to={portalPath(slug, 'files')}
              linkLabel={D.viewAllFiles}
            />
            {!data ? (
              <RowsSkeleton rows={5} />
            ) : data.recentFiles.length === 0 ? (
              <EmptyState icon={<FileText className="size-8" aria-hidden />} title={D.noFiles} text={D.noFilesText} />
            ) : (
              <ListBox>
                {data.recentFiles.map((f) => (
                  <FileRow key={f.id} file={f} />
                ))}
              </ListBox>
            )}
          </section>

          <RecentActivitySection slug={slug} />

          {(!data || data.resources.length > 0) && (
            <section aria-labelledby="portal-resources" className={BELOW_FOLD}>
              <SectionHeader id="portal-resources" title={D.resources} />
              <p className="-mt-2 mb-3 text-sm text-slate-500">{D.resourcesText}</p>
              {!data ? (
                <Skeleton className="h-28 w-full rounded-xl" />
              ) : (
                <div className="grid gap-4 lg:grid-cols-2">
                  {data.resources.map((r) => (
                    <ResourceCard key={r.id} resource={r} />
                  ))}
                </div>
              )}
            </section>
          )}
        </div>
      )}
    </>
  );
}
