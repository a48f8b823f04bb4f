import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import {
  ArrowRight,
  Building2,
  CalendarDays,
  FileStack,
  FileText,
  FolderKanban,
  Pencil,
  Plus,
  Trash2,
} from 'lucide-react';
import { LIMITS, PROJECT_STATUSES } from '../../../../shared/constants';
import { M } from '../../../../shared/messages';
import { projectListInput, projectSorts } from '../../../../shared/schemas/projects';
import { cn } from '../../lib/cn';
import { trpc } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { Button, buttonClass } from '../../ui/Button';
import { controlClass } from '../../ui/Field';
import { PageHeader } from '../../ui/PageHeader';
import { ListFilters } from '../../lists/ListFilters';
import { FilterChips, ListToolbar, SearchBox, ViewToggle, SortSelect } from '../../lists/ListToolbar';
import { ListResults } from '../../lists/ListResults';
import type { Column } from '../../lists/ListViews';
import { useInfiniteList } from '../../lists/useInfiniteList';
import { useListFilters, useListSort } from '../../lists/useListParams';
import { LIST_PARAMS } from '../../../../shared/saved-views';
import { CompanyPicker, useCompanyName } from '../contacts/CompanyPicker';
import { DeleteProjectDialog } from './DeleteProjectDialog';
import { ProjectDialog } from './ProjectDialog';
import { ProjectFromTemplateDialog } from '../templates/TemplateDialogs';
import { useLinkParam } from '../search/useLinkParam';
import {
  dateRange,
  formatDay,
  projectPath,
  projectStatusName,
  ProjectStatusBadge,
  ProjectVisibilityBadge,
  TaskProgress,
  type ProjectRow,
} from './projectParts';

const searchMaxLength = projectListInput.shape.search.unwrap().maxLength ?? undefined;
const linkClass =
  'rounded-sm hover:text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none';

/** The project's name as a link to its page (middle-click, copy address); in a card it covers the card. */
function OpenLink({ project, stretched }: { project: ProjectRow; stretched?: boolean }) {
  return (
    <Link
      to={projectPath(project)}
      title={project.name}
      className={
        stretched
          ? 'block w-full truncate rounded-sm text-left after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-brand-500'
          : 'block max-w-full truncate rounded-sm text-left font-medium text-slate-900 hover:text-brand-700 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none'
      }
    >
      {project.name}
    </Link>
  );
}

function CompanyLink({ project, className }: { project: ProjectRow; className?: string }) {
  if (!project.company) return <span className={cn('text-slate-500', className)}>{M.projects.noCompany}</span>;
  return (
    <Link
      to={`/hub/companies/${project.company.id}`}
      title={project.company.name}
      className={cn('relative z-10 block truncate', linkClass, className)}
    >
      {project.company.name}
    </Link>
  );
}

function Day({ day }: { day: string | null }) {
  const text = formatDay(day);
  return text ? <time dateTime={day ?? undefined}>{text}</time> : <span className="text-slate-500">—</span>;
}

type RowActionsProps = { project: ProjectRow; onEdit: () => void; onDelete: () => void; labels?: boolean };

function RowActions({ project, onEdit, onDelete, labels }: RowActionsProps) {
  return (
    <div className="relative z-10 flex justify-end gap-1">
      <Button
        variant="ghost"
        size="sm"
        onClick={onEdit}
        aria-label={M.projects.editProject(project.name)}
        title={M.projects.editProject(project.name)}
      >
        <Pencil className="size-4" aria-hidden /> {labels && M.projects.edit}
      </Button>
      <Button
        variant="ghost"
        size="sm"
        onClick={onDelete}
        aria-label={M.projects.deleteProject(project.name)}
        title={M.projects.deleteProject(project.name)}
        className="text-slate-500! hover:bg-red-50 hover:text-red-600!"
      >
        <Trash2 className="size-4" aria-hidden />
      </Button>
    </div>
  );
}

function ProjectCard({ project, onEdit, onDelete }: { project: ProjectRow; onEdit: () => void; onDelete: () => void }) {
  return (
    <li className="relative flex min-w-0 flex-col rounded-xl bg-white p-5 shadow-xs ring-1 ring-slate-200 transition hover:shadow-md hover:ring-slate-300">
      <div className="flex items-start justify-between gap-2">
        <div className="flex flex-wrap gap-1.5">
          <ProjectStatusBadge status={project.status} />
          <ProjectVisibilityBadge project={project} />
        </div>
        <div className="-mt-1 -mr-2">
          <RowActions project={project} onEdit={onEdit} onDelete={onDelete} />
        </div>
      </div>
      <h2 className="mt-3 text-base font-semibold text-slate-900">
        <OpenLink project={project} stretched />
      </h2>
      <p className="flex min-w-0 items-center gap-1.5 text-sm text-slate-500">
        <Building2 className="size-3.5 shrink-0 text-slate-400" aria-hidden />
        <CompanyLink project={project} className="min-w-0" />
      </p>
      <p className="mt-2 line-clamp-2 min-h-10 text-sm text-slate-600">
        {project.description || <span className="text-slate-500">{M.projects.noDescription}</span>}
      </p>
      <div className="mt-4 space-y-2 border-t border-slate-100 pt-3 text-sm text-slate-600">
        <div className="flex items-center justify-between gap-3">
          <TaskProgress done={project.completedTaskCount} total={project.taskCount} />
          <span className="inline-flex items-center gap-1 text-xs text-slate-500">
            <FileText className="size-3.5 text-slate-400" aria-hidden /> {M.projects.filesCount(project.fileCount)}
          </span>
        </div>
        <p className="flex items-center gap-1.5 text-xs text-slate-500">
          <CalendarDays className="size-3.5 shrink-0 text-slate-400" aria-hidden />
          <span className="truncate">{dateRange(project.projectStartDate, project.projectCompletionDate)}</span>
        </p>
      </div>
      <span className="mt-3 inline-flex items-center gap-1 text-sm font-medium text-brand-700" aria-hidden>
        {M.projects.viewDetails} <ArrowRight className="size-4" />
      </span>
    </li>
  );
}

/** "All active" (every in-flight status, as the dashboard counts them), then each status in the form's words. */
function StatusFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <select
      aria-label={M.projects.filterStatus}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      className={cn(controlClass(), 'md:w-44')}
    >
      <option value="">{M.projects.allStatus}</option>
      <option value="active">{M.projects.allActive}</option>
      {PROJECT_STATUSES.map((s) => (
        <option key={s} value={s}>
          {projectStatusName(s)}
        </option>
      ))}
    </select>
  );
}

export default function ProjectsPage() {
  useDocumentTitle(M.projects.title);
  const filters = useListFilters(projectListInput, { search: 'search', ...LIST_PARAMS.project });
  const sort = useListSort(projectSorts);
  const list = useInfiniteList(trpc.projects.list, {
    limit: LIMITS.pageSize,
    withOverall: true,
    ...filters.values,
    ...sort.input,
  });
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<{ open: boolean; project: ProjectRow | null }>({ open: false, project: null });
  const [toDelete, setToDelete] = useState<ProjectRow | null>(null);

  const openAdd = () => setDialog({ open: true, project: null });
  // ?new=1 (the search palette's quick actions) opens the create dialog.
  useLinkParam('new', openAdd);
  const openEdit = (project: ProjectRow) => setDialog({ open: true, project });

  const filteredCompanyId = filters.values.companyId ?? null;
  const filteredCompany = useCompanyName(filteredCompanyId);
  const companyChip = filteredCompany.name ?? (filteredCompany.missing ? M.contacts.unknownCompany : '…');

  const [fromTemplate, setFromTemplate] = useState(false);
  const addButton = (
    <Button onClick={openAdd}>
      <Plus className="size-4" aria-hidden /> {M.projects.add}
    </Button>
  );
  const templateButtons = (
    <>
      <Link to="/hub/templates" className={buttonClass('ghost')}>
        {M.templates.title}
      </Link>
      <Button variant="secondary" onClick={() => setFromTemplate(true)}>
        <FileStack className="size-4" aria-hidden /> {M.templates.fromTemplate}
      </Button>
    </>
  );

  const [colProject, colCompany, colStatus, colStart, colDue, colTasks, colFiles, colActions] = M.projects.columns;
  const columns: Column<ProjectRow>[] = [
    {
      header: colProject,
      sort: 'name',
      cell: (p) => (
        <div className="flex max-w-80 min-w-48 items-center gap-3">
          <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-700">
            <FolderKanban className="size-4" aria-hidden />
          </span>
          <div className="min-w-0">
            <OpenLink project={p} />
            {p.description && (
              <p className="truncate text-xs text-slate-500" title={p.description}>
                {p.description}
              </p>
            )}
            {/* Phones see the first column only (the table scrolls sideways): the status travels with the name. */}
            <ProjectStatusBadge status={p.status} className="mt-1 sm:hidden" />
          </div>
        </div>
      ),
    },
    { header: colCompany, className: 'max-w-52', cell: (p) => <CompanyLink project={p} /> },
    {
      header: colStatus,
      sort: 'status',
      cell: (p) => (
        <div className="flex flex-wrap gap-1.5">
          <ProjectStatusBadge status={p.status} />
          <ProjectVisibilityBadge project={p} />
        </div>
      ),
    },
    { header: colStart, className: 'tabular-nums', cell: (p) => <Day day={p.projectStartDate} /> },
    { header: colDue, sort: 'dueDate', className: 'tabular-nums', cell: (p) => <Day day={p.projectCompletionDate} /> },
    { header: colTasks, cell: (p) => <TaskProgress done={p.completedTaskCount} total={p.taskCount} /> },
    { header: colFiles, className: 'text-right tabular-nums', cell: (p) => p.fileCount },
    {
      header: colActions,
      className: 'text-right',
      cell: (p) => <RowActions project={p} onEdit={() => openEdit(p)} onDelete={() => setToDelete(p)} />,
    },
  ];

  const chipValue = (key: string, value: string) =>
    key === 'status'
      ? value === 'active'
        ? M.projects.allActive
        : projectStatusName(value)
      : key === 'companyId'
        ? companyChip
        : value;

  return (
    <>
      <PageHeader
        title={M.projects.title}
        subtitle={M.projects.subtitle}
        actions={
          <>
            <ViewToggle value={filters.view} onChange={filters.setView} />
            {templateButtons}
            {addButton}
          </>
        }
      />
      <ListToolbar views="project">
        <SearchBox
          {...filters.searchBox}
          maxLength={searchMaxLength}
          placeholder={M.projects.searchPlaceholder}
          label={M.projects.searchLabel}
        />
        <ListFilters active={filters.filterCount}>
          <CompanyPicker
            label={M.projects.filterCompany}
            className="md:w-60"
            value={filters.valueFor('companyId')}
            selectedName={filteredCompany.name}
            onChange={(value) => filters.set('companyId', value)}
            fixedOptions={[{ value: '', label: M.projects.allCompanies }]}
          />
          <StatusFilter value={filters.valueFor('status')} onChange={(v) => filters.set('status', v)} />
        </ListFilters>
        <SortSelect sorts={projectSorts} sort={sort} view={filters.view} columns={columns} />
      </ListToolbar>
      <FilterChips
        chips={filters.active.map(({ key, value }) => ({
          key,
          name: M.projects.filterNames[key],
          value: chipValue(key, value),
        }))}
        onRemove={(key) => filters.remove(key as 'search' | 'companyId' | 'status')}
        onClearAll={filters.clearAll}
      />
      <ListResults
        list={list}
        view={filters.view}
        count={M.projects.showing}
        rowKey={(p) => p.id}
        onOpen={(p) => navigate(projectPath(p))}
        skeletons={4}
        empty={{
          icon: <FolderKanban className="size-10" />,
          title: M.projects.emptyTitle,
          text: M.projects.emptyText,
          action: addButton,
        }}
        noMatch={{ title: M.projects.noMatchTitle, text: M.projects.noMatchText, onClear: filters.clearAll }}
        table={{ caption: M.projects.title, columns, sort }}
        card={(p) => <ProjectCard project={p} onEdit={() => openEdit(p)} onDelete={() => setToDelete(p)} />}
      />
      <ProjectDialog
        open={dialog.open}
        project={dialog.project}
        defaultCompanyId={filteredCompanyId}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
      />
      <DeleteProjectDialog project={toDelete} onClose={() => setToDelete(null)} />
      <ProjectFromTemplateDialog open={fromTemplate} onClose={() => setFromTemplate(false)} />
    </>
  );
}
