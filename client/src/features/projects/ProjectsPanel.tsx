import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CalendarDays, FolderKanban, Plus } from 'lucide-react';
import { LIMITS } from '../../../../shared/constants';
import { M } from '../../../../shared/messages';
import { trpc } from '../../lib/trpc';
import { LoadMore } from '../../lists/ListViews';
import { useInfiniteList } from '../../lists/useInfiniteList';
import { Button } from '../../ui/Button';
import { EmptyState, LoadFailed, Skeleton } from '../../ui/Feedback';
import { ProjectDialog } from './ProjectDialog';
import { dateRange, projectPath, ProjectStatusBadge, ProjectVisibilityBadge, TaskProgress } from './projectParts';

/** A company's projects (the company page's Projects tab), newest first, with Add Project for this company. */
export function ProjectsPanel({ companyId }: { companyId: number }) {
  const list = useInfiniteList(trpc.projects.list, { limit: LIMITS.pageSize, companyId });
  const [adding, setAdding] = useState(false);
  const addButton = (
    <Button onClick={() => setAdding(true)}>
      <Plus className="size-4" aria-hidden /> {M.projects.add}
    </Button>
  );

  let body: ReactNode;
  if (list.state === 'error') body = <LoadFailed onRetry={list.retry} />;
  else if (list.state === 'loading')
    body = (
      <div
        role="status"
        aria-label={M.common.loading}
        className="divide-y divide-slate-100 rounded-xl bg-white ring-1 ring-slate-200"
      >
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="flex items-center gap-3 px-4 py-4">
            <Skeleton className="size-9 rounded-lg" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-48" />
              <Skeleton className="h-3 w-32" />
            </div>
            <Skeleton className="h-6 w-20 rounded-full" />
          </div>
        ))}
      </div>
    );
  else if (list.state === 'empty' || list.state === 'no-match')
    body = (
      <EmptyState
        icon={<FolderKanban className="size-10" />}
        title={M.projects.panel.noProjects}
        text={M.projects.panel.noProjectsText}
        action={addButton}
      />
    );
  else
    body = (
      <div className="rounded-xl bg-white shadow-xs ring-1 ring-slate-200">
        <ul className="divide-y divide-slate-100">
          {list.items.map((project) => {
            return (
              <li
                key={project.id}
                className="relative flex flex-col gap-2 px-4 py-3 hover:bg-slate-50 sm:flex-row sm:items-center sm:gap-4"
              >
                <div className="flex min-w-0 flex-1 items-center gap-3">
                  <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-700">
                    <FolderKanban className="size-4" aria-hidden />
                  </span>
                  <div className="min-w-0">
                    <Link
                      to={projectPath(project)}
                      className="block truncate rounded-sm text-sm font-medium text-slate-900 after:absolute after:inset-0 hover:text-brand-700 focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-brand-500 focus-visible:after:ring-inset"
                    >
                      {project.name}
                    </Link>
                    <p className="flex items-center gap-1.5 text-xs text-slate-500">
                      <CalendarDays className="size-3.5 shrink-0 text-slate-400" aria-hidden />
                      {dateRange(project.projectStartDate, project.projectCompletionDate)}
                    </p>
                  </div>
                </div>
                <div className="flex shrink-0 items-center gap-4 pl-12 sm:pl-0">
                  <TaskProgress done={project.completedTaskCount} total={project.taskCount} />
                  <ProjectVisibilityBadge project={project} />
                  <ProjectStatusBadge status={project.status} className="sm:w-24 sm:justify-center" />
                </div>
              </li>
            );
          })}
        </ul>
        <LoadMore
          hasMore={list.hasMore}
          loading={list.loadingMore}
          failed={list.loadMoreFailed}
          onLoad={list.loadMore}
          className="border-t border-slate-100 py-4"
        />
      </div>
    );

  return (
    <section aria-label={M.projects.title}>
      {list.state === 'ready' && (
        <div className="mb-3 flex items-center justify-between gap-3">
          <p className="text-sm text-slate-500">{M.companies.projectsCount(list.total)}</p>
          {addButton}
        </div>
      )}
      {body}
      <ProjectDialog open={adding} project={null} defaultCompanyId={companyId} onClose={() => setAdding(false)} />
    </section>
  );
}
