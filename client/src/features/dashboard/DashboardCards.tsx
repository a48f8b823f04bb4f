import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Building2, FileText, FolderKanban, ListTodo, Plus, Users } from 'lucide-react';
import { PRIORITY_ORDER } from '../../../../shared/status';
import { noIndustry } from '../../../../shared/messages/frames';
import { addCompany, addContact, noCompany, portalAccess } from '../../../../shared/messages/texts';
import { dashboard } from '../../../../shared/messages/dashboard';
import { cn } from '../../lib/cn';
import type { RouterOutputs } from '../../lib/trpc';
import { Badge } from '../../ui/Badge';
import { Button, buttonClass } from '../../ui/Button';
import { Skeleton } from '../../ui/Feedback';
import { Card, EmptyRow, FooterLink, LoadFailed, rowClass, rowLinkClass, SkeletonRows } from './Card';
import { ProjectStatusBadge } from '../projects/projectStatus';
import { CompanyStatusBadge, FileTypeIcon, initials, relativeTime } from './format';
import { formatDateTime } from '../../../../shared/dates';

/**
 * The catalogue's sections this first-load module shows (not all of shared/messages.ts): the dashboard's, and the
 * four texts of companies and contacts it shows, without those sections.
 */
const M = {
  companies: { add: addCompany, noIndustry },
  contacts: { add: addContact, noCompanyText: noCompany, portal: { accessOn: portalAccess } },
  dashboard,
} as const;

type Overview = RouterOutputs['dashboard']['overview'];
type Stats = RouterOutputs['dashboard']['stats'];

/** What a card needs of a query: its data, and whether it is loading or failed. */
export type QueryState<T> = { data: T | undefined; isPending: boolean; isError: boolean; refetch: () => void };

/** Loading (5 skeleton rows), failed (retry), empty, or the rows. */
function ListBody<T>({
  query,
  items,
  empty,
  label,
  badge,
  children,
}: {
  query: QueryState<unknown>;
  items: T[] | undefined;
  empty: ReactNode;
  label: string;
  /** Whether the rows end in a badge (the skeleton draws one). */
  badge?: boolean;
  children: (items: T[]) => ReactNode;
}) {
  if (query.isPending) return <SkeletonRows label={label} badge={badge} />;
  if (query.isError || !items) return <LoadFailed onRetry={query.refetch} />;
  if (!items.length) return <>{empty}</>;
  return <ul className="divide-y divide-slate-100">{children(items)}</ul>;
}

const nameClass = 'truncate text-sm font-medium text-slate-900';
const metaClass = 'truncate text-xs text-slate-500';

export function ActiveProjectsCard({ query, className }: { query: QueryState<Overview>; className?: string }) {
  return (
    <Card
      title={M.dashboard.activeProjects}
      labelledBy="dash-projects"
      icon={<FolderKanban className="size-4" />}
      className={className}
      footer={<FooterLink to="/hub/projects">{M.dashboard.viewAllProjects}</FooterLink>}
    >
      <ListBody
        query={query}
        items={query.data?.activeProjects}
        label={M.dashboard.activeProjects}
        empty={<EmptyRow icon={<FolderKanban className="size-8" />} text={M.dashboard.noProjects} />}
      >
        {(projects) =>
          projects.map((project) => (
            <li key={project.id}>
              <Link to={`/hub/projects/${project.projectUid}`} className={rowLinkClass}>
                <span
                  className="grid size-8 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-700"
                  aria-hidden
                >
                  <FolderKanban className="size-4" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className={cn(nameClass, 'block group-hover:text-brand-700')}>{project.name}</span>
                  <span className={cn(metaClass, 'block')}>{project.company?.name ?? M.dashboard.unknownCompany}</span>
                </span>
                <ProjectStatusBadge status={project.status} />
              </Link>
            </li>
          ))
        }
      </ListBody>
    </Card>
  );
}

const priorityStyle = {
  high: { label: M.dashboard.highPriority, dot: 'bg-red-500' },
  medium: { label: M.dashboard.mediumPriority, dot: 'bg-amber-400' },
  low: { label: M.dashboard.lowPriority, dot: 'bg-slate-300' },
} as const;

export function TasksOverviewCard({ query, className }: { query: QueryState<Stats>; className?: string }) {
  const stats = query.data;
  const total = stats ? PRIORITY_ORDER.reduce((n, p) => n + stats.tasksByPriority[p], 0) : 0;
  return (
    <Card
      title={M.dashboard.tasksOverview}
      labelledBy="dash-tasks"
      icon={<ListTodo className="size-4" />}
      className={className}
      footer={
        <Link to="/hub/tasks" className={buttonClass('secondary', 'sm', 'w-full')}>
          {M.dashboard.viewAllTasks}
        </Link>
      }
    >
      {query.isPending ? (
        <div className="space-y-4 px-4 py-4 sm:px-5" role="status" aria-label={M.dashboard.tasksOverview}>
          <Skeleton className="h-8 w-16" />
          <Skeleton className="h-2 w-full rounded-full" />
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-4 w-full" />
          ))}
        </div>
      ) : query.isError || !stats ? (
        <LoadFailed text={M.dashboard.statsFailed} onRetry={query.refetch} />
      ) : (
        <div className="px-4 py-4 sm:px-5">
          <p className="flex items-baseline gap-2">
            <span className="text-3xl font-semibold tracking-tight text-slate-900 tabular-nums">
              {stats.pendingTasks.toLocaleString()}
            </span>
            <span className="text-sm text-slate-500">{M.dashboard.openTasksLine}</span>
          </p>
          {/* The split by priority at a glance; the numbers below say the same in text. */}
          <div className="mt-4 flex h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden>
            {total > 0 &&
              PRIORITY_ORDER.map((p) => (
                <div
                  key={p}
                  className={priorityStyle[p].dot}
                  style={{ width: `${(stats.tasksByPriority[p] / total) * 100}%` }}
                />
              ))}
          </div>
          <dl className="mt-4 space-y-2.5">
            {PRIORITY_ORDER.map((p) => (
              <div key={p} className="flex items-center justify-between text-sm">
                <dt className="flex items-center gap-2 text-slate-600">
                  <span className={cn('size-2 rounded-full', priorityStyle[p].dot)} aria-hidden />
                  {priorityStyle[p].label}
                </dt>
                <dd className="font-medium text-slate-900 tabular-nums">{stats.tasksByPriority[p].toLocaleString()}</dd>
              </div>
            ))}
          </dl>
        </div>
      )}
    </Card>
  );
}

export function RecentFilesCard({ query, className }: { query: QueryState<Overview>; className?: string }) {
  return (
    <Card
      title={M.dashboard.recentFiles}
      labelledBy="dash-files"
      icon={<FileText className="size-4" />}
      className={className}
      footer={<FooterLink to="/hub/documents">{M.dashboard.browseAllFiles}</FooterLink>}
    >
      <ListBody
        query={query}
        items={query.data?.recentFiles}
        label={M.dashboard.recentFiles}
        badge={false}
        empty={<EmptyRow icon={<FileText className="size-8" />} text={M.dashboard.noFiles} />}
      >
        {(files) =>
          files.map((file) => (
            <li key={file.id} className={rowClass}>
              <FileTypeIcon type={file.type} />
              <span className="min-w-0 flex-1">
                <span className={cn(nameClass, 'block')} title={file.name}>
                  {file.name}
                </span>
                <span className={cn(metaClass, 'block')}>
                  <time dateTime={file.createdAt.toISOString()} title={formatDateTime(file.createdAt)}>
                    {relativeTime(file.createdAt)}
                  </time>
                </span>
              </span>
            </li>
          ))
        }
      </ListBody>
    </Card>
  );
}

function AddButton({ label, onClick, onIntent }: { label: string; onClick: () => void; onIntent?: () => void }) {
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={onClick}
      onMouseEnter={onIntent}
      onFocus={onIntent}
      className="shrink-0"
    >
      <Plus className="size-4" aria-hidden /> {label}
    </Button>
  );
}

export function RecentCompaniesCard({
  query,
  onAdd,
  onIntent,
  className,
}: {
  query: QueryState<Overview>;
  onAdd: () => void;
  onIntent: () => void;
  className?: string;
}) {
  return (
    <Card
      title={M.dashboard.recentCompanies}
      labelledBy="dash-companies"
      icon={<Building2 className="size-4" />}
      className={className}
      action={<AddButton label={M.companies.add} onClick={onAdd} onIntent={onIntent} />}
      footer={<FooterLink to="/hub/companies">{M.dashboard.viewAllCompanies}</FooterLink>}
    >
      <ListBody
        query={query}
        items={query.data?.recentCompanies}
        label={M.dashboard.recentCompanies}
        empty={<EmptyRow icon={<Building2 className="size-8" />} text={M.dashboard.noCompanies} />}
      >
        {(companies) =>
          companies.map((company) => (
            <li key={company.id}>
              <Link to={`/hub/companies/${company.id}`} className={rowLinkClass}>
                <span
                  className="grid size-8 shrink-0 place-items-center rounded-lg bg-slate-100 text-slate-500"
                  aria-hidden
                >
                  <Building2 className="size-4" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className={cn(nameClass, 'block group-hover:text-brand-700')}>{company.name}</span>
                  <span className={cn(metaClass, 'block')}>{company.industry || M.companies.noIndustry}</span>
                </span>
                <CompanyStatusBadge status={company.status} />
              </Link>
            </li>
          ))
        }
      </ListBody>
    </Card>
  );
}

export function RecentContactsCard({
  query,
  onAdd,
  onOpen,
  onIntent,
  className,
}: {
  query: QueryState<Overview>;
  onAdd: () => void;
  onOpen: (contactId: number) => void;
  onIntent: () => void;
  className?: string;
}) {
  return (
    <Card
      title={M.dashboard.recentContacts}
      labelledBy="dash-contacts"
      icon={<Users className="size-4" />}
      className={className}
      action={<AddButton label={M.contacts.add} onClick={onAdd} onIntent={onIntent} />}
      footer={<FooterLink to="/hub/contacts">{M.dashboard.viewAllContacts}</FooterLink>}
    >
      <ListBody
        query={query}
        items={query.data?.recentContacts}
        label={M.dashboard.recentContacts}
        empty={<EmptyRow icon={<Users className="size-8" />} text={M.dashboard.noContacts} />}
      >
        {(contacts) =>
          contacts.map((contact) => {
            const name = `${contact.firstName} ${contact.lastName}`;
            return (
              <li key={contact.id}>
                <button
                  type="button"
                  onClick={() => onOpen(contact.id)}
                  onMouseEnter={onIntent}
                  onFocus={onIntent}
                  className={cn(rowLinkClass, 'w-full text-left')}
                >
                  <span
                    className="grid size-8 shrink-0 place-items-center rounded-full bg-brand-50 text-xs font-semibold text-brand-700"
                    aria-hidden
                  >
                    {initials(contact.firstName, contact.lastName)}
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className={cn(nameClass, 'block group-hover:text-brand-700')}>{name}</span>
                    <span className={cn(metaClass, 'block')}>{contact.company?.name ?? M.contacts.noCompanyText}</span>
                  </span>
                  {contact.portalAccess && <Badge tone="green">{M.contacts.portal.accessOn}</Badge>}
                </button>
              </li>
            );
          })
        }
      </ListBody>
    </Card>
  );
}
