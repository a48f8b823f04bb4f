import { useState } from 'react';
import { Link } from 'react-router-dom';
import { CalendarDays, FolderKanban, Plus } from 'lucide-react';
import { LIMITS } from '../../../../shared/constants';
import { M } from '../../../../shared/messages';
import { trpc } from '../../lib/trpc';
import { PanelResults } from '../../lists/ListResults';
import { useInfiniteList } from '../../lists/useInfiniteList';
import { Button } from '../../ui/Button';
import { ProjectDialog } from './ProjectDialog';
import {
  dateRange,
  projectPath,
  ProjectStatusBadge,
  ProjectVisibilityBadge,
  TaskProgress,
  type ProjectRow,
} from './projectParts';

/** A company's projects (the company page's Projects tab), newest first, with Add Project for this company. */
export function ProjectsPanel({ companyId }: { companyId: number }) {
  const list = useInfiniteList(trpc.projects.list, { limit: LIMITS.pageSize, companyId });
  const [adding, setAdding] = useState(false);
  return (
    <PanelResults
      list={list}
      label={M.projects.title}
      count={M.companies.projectsCount}
      action={
        <Button onClick={() => setAdding(true)}>
          <Plus className="size-4" aria-hidden /> {M.projects.add}
        </Button>
      }
      empty={{
        icon: <FolderKanban className="size-10" />,
        title: M.projects.panel.noProjects,
        text: M.projects.panel.noProjectsText,
      }}
      skeleton={{ rows: 4, lines: ['h-4 w-48', 'h-3 w-32'] }}
      rowKey={(project) => project.id}
      row={(project) => <ProjectItem project={project} />}
    >
      <ProjectDialog open={adding} project={null} defaultCompanyId={companyId} onClose={() => setAdding(false)} />
    </PanelResults>
  );
}

function ProjectItem({ project }: { project: ProjectRow }) {
  return (
    <li className="relative flex flex-col gap-2 px-4 py-3 hover:bg-slate-50 sm:flex-row sm:items-center sm:gap-4">
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
}
