import { Component, lazy, Suspense, useEffect, useId, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useIsMutating } from '@tanstack/react-query';
import {
  ArrowLeft,
  Building2,
  CalendarCheck,
  CalendarDays,
  Clock,
  FileStack,
  FolderKanban,
  Mail,
  Pencil,
  Phone,
  Trash2,
  UserPlus,
  Wallet,
} from 'lucide-react';
import { LIMITS } from '../../../../shared/constants';
import { M } from '../../../../shared/messages';
import { projectUidSchema } from '../../../../shared/schemas/projects';
import { idSchema } from '../../../../shared/schemas/common';
import { errorCode, trpc } from '../../lib/trpc';
import { useMoney } from '../../lib/useMoney';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { Button, buttonClass } from '../../ui/Button';
import { Alert, EmptyState, LoadFailed, RecordPageSkeleton, Skeleton } from '../../ui/Feedback';
import { BackLink, Detail, NotSet, TabLabel, useTabParam } from '../../ui/RecordPage';
import { Tabs } from '../../ui/Tabs';
import { RecordThread } from '../messages/StaffThread';
import { messages as messagesText } from '../../../../shared/messages/messages';
import { PanelSkeleton } from '../../lists/ListViews';
import { ContactAvatar, fullName } from '../contacts/contactParts';
import { DeleteProjectDialog } from './DeleteProjectDialog';
import { ProjectDialog } from './ProjectDialog';
import { SaveAsTemplateDialog } from '../templates/TemplateDialogs';
import { ProjectShareControl } from './ProjectShare';
import {
  formatDay,
  formatHours,
  projectPath,
  ProjectStatusBadge,
  TaskProgress,
  type ProjectDetails,
} from './projectParts';

const P = M.projects.page;

// The Tasks and Files tabs are the tasks and files areas' own panels, each with its Add/Upload button and empty
// state; their code loads with the tab's page, not with the projects list.
const TasksPanel = lazy(() => import('../tasks/TasksPanel'));
const DocumentsPanel = lazy(() => import('../documents/DocumentsPanel').then((m) => ({ default: m.DocumentsPanel })));

/** The page's address names the project by uid, or by numeric id (spec §2.3's fallback). */
function keyOf(param: string): { id: number } | { projectUid: string } | null {
  if (/^\d+$/.test(param)) {
    const id = idSchema.safeParse(param);
    return id.success ? { id: id.data } : null;
  }
  return projectUidSchema.safeParse(param).success ? { projectUid: param } : null;
}

export default function ProjectDetailPage() {
  const { projectUid: param = '' } = useParams();
  const key = keyOf(param);
  const project = trpc.projects.get.useQuery(key ?? { id: 0 }, {
    enabled: key !== null,
    // A project that is not there will not appear on a second try.
    retry: (count, error) => errorCode(error) !== 'NOT_FOUND' && count < 2,
  });
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const data = project.data;
  useDocumentTitle(data?.name ?? (key === null || project.isError ? M.projects.notFound : M.projects.title));

  // Opened by numeric id: the address becomes the project's uid (the spec's shape), without a new history entry.
  useEffect(() => {
    if (!data || !key || !('id' in key) || !data.projectUid) return;
    utils.projects.get.setData({ projectUid: data.projectUid }, data);
    void navigate(projectPath(data) + window.location.search, { replace: true });
  }, [data, key, navigate, utils]);

  // The spec: a project that cannot be loaded is "Project not found".
  if (key === null || (project.isError && !data)) {
    const retry = project.isError && errorCode(project.error) !== 'NOT_FOUND';
    return (
      <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
        <FolderKanban className="mb-3 size-10 text-slate-400" aria-hidden />
        <h1 className="text-lg font-semibold text-slate-900">{M.projects.notFound}</h1>
        <p className="mt-1 max-w-sm text-sm text-slate-500">{retry ? M.common.loadFailed : M.projects.notFoundText}</p>
        <div className="mt-5 flex flex-wrap justify-center gap-2">
          <Link to="/hub/projects" className={buttonClass('secondary')}>
            <ArrowLeft className="size-4" aria-hidden /> {M.projects.backToProjects}
          </Link>
          {retry && (
            <Button variant="ghost" onClick={() => void project.refetch()}>
              {M.common.retry}
            </Button>
          )}
        </div>
      </div>
    );
  }
  if (!data) return <RecordPageSkeleton />;
  return <ProjectView project={data} />;
}

function ProjectView({ project }: { project: ProjectDetails }) {
  const [editing, setEditing] = useState(false);
  const [savingTemplate, setSavingTemplate] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const navigate = useNavigate();
  const utils = trpc.useUtils();

  // The tabs' panels change tasks and files through their own procedures: once any change settles, the
  // project's counts are read again.
  const mutating = useIsMutating();
  const [sawMutation, setSawMutation] = useState(false);
  useEffect(() => {
    if (mutating > 0) setSawMutation(true);
    else if (sawMutation) {
      setSawMutation(false);
      void utils.projects.get.invalidate();
    }
  }, [mutating, sawMutation, utils]);

  const extraContacts = project.contacts.filter((c) => c.companyId !== project.companyId).length;
  const contactCount = (project.companyId !== null ? project.companyContactCount : 0) + extraContacts;

  const tabs = [
    {
      key: 'tasks',
      label: <TabLabel text={P.tasks} count={project.taskCount} />,
      content: (
        <Panel>
          <TasksPanel projectId={project.id} />
        </Panel>
      ),
    },
    {
      key: 'files',
      label: <TabLabel text={P.files} count={project.fileCount} />,
      content: (
        <Panel>
          <DocumentsPanel projectId={project.id} />
        </Panel>
      ),
    },
    {
      key: 'contacts',
      label: <TabLabel text={P.contacts} count={contactCount} />,
      content: <ProjectContacts project={project} />,
    },
    // A project of a company has its conversation with that company's contacts.
    ...(project.companyId !== null
      ? [
          {
            key: 'messages',
            label: messagesText.title,
            content: (
              <Panel>
                <RecordThread projectId={project.id} />
              </Panel>
            ),
          },
        ]
      : []),
  ];
  const [selected, selectTab] = useTabParam(tabs.map((t) => t.key));

  const money = useMoney();
  const start = formatDay(project.projectStartDate, 'detail');
  const due = formatDay(project.projectCompletionDate, 'detail');
  const hours =
    project.totalHoursWorked !== null && project.totalHoursEstimated !== null
      ? P.hoursOf(formatHours(project.totalHoursWorked), formatHours(project.totalHoursEstimated))
      : project.totalHoursWorked !== null
        ? `${formatHours(project.totalHoursWorked)} h`
        : project.totalHoursEstimated !== null
          ? P.hoursOf('0', formatHours(project.totalHoursEstimated))
          : null;

  return (
    <>
      <BackLink to="/hub/projects">{M.projects.back}</BackLink>
      <header className="mt-4 mb-6 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 items-start gap-4">
          <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
            <FolderKanban className="size-6" aria-hidden />
          </span>
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <h1 className="min-w-0 text-2xl font-bold tracking-tight break-words text-slate-900">{project.name}</h1>
              <ProjectStatusBadge status={project.status} />
            </div>
            <p className="mt-1 flex min-w-0 items-center gap-1.5 text-sm text-slate-500">
              <Building2 className="size-4 shrink-0 text-slate-400" aria-hidden />
              {project.company ? (
                <Link
                  to={`/hub/companies/${project.company.id}`}
                  className="truncate rounded-sm hover:text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
                >
                  {project.company.name}
                </Link>
              ) : (
                <span>{M.projects.noCompany}</span>
              )}
            </p>
            {project.taskCount > 0 && (
              <TaskProgress done={project.completedTaskCount} total={project.taskCount} className="mt-2" />
            )}
          </div>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2 self-start" role="group" aria-label={P.actions}>
          <Button variant="secondary" onClick={() => setSavingTemplate(true)}>
            <FileStack className="size-4" aria-hidden /> {M.templates.saveAsTemplate}
          </Button>
          <Button variant="secondary" onClick={() => setEditing(true)}>
            <Pencil className="size-4" aria-hidden /> {M.projects.dialogEdit}
          </Button>
          <Button
            variant="secondary"
            onClick={() => setDeleting(true)}
            className="text-red-700! hover:bg-red-50!"
            aria-label={M.projects.deleteProject(project.name)}
          >
            <Trash2 className="size-4" aria-hidden /> {M.projects.delete}
          </Button>
        </div>
      </header>

      {project.description && (
        <p className="mb-6 max-w-3xl text-sm leading-6 whitespace-pre-line text-slate-700">{project.description}</p>
      )}

      <div className="mb-6 max-w-xl">
        <ProjectShareControl project={project} />
      </div>

      <dl className="mb-8 grid grid-cols-2 gap-px overflow-hidden rounded-xl bg-slate-200 shadow-xs ring-1 ring-slate-200 lg:grid-cols-4">
        <Detail icon={<CalendarDays className="size-4" />} term={P.startDate}>
          {start ? (
            <time dateTime={project.projectStartDate ?? undefined}>{start}</time>
          ) : (
            <NotSet text={M.projects.noDate} />
          )}
        </Detail>
        <Detail icon={<CalendarCheck className="size-4" />} term={P.dueDate}>
          {due ? (
            <time dateTime={project.projectCompletionDate ?? undefined}>{due}</time>
          ) : (
            <NotSet text={M.projects.noDate} />
          )}
        </Detail>
        <Detail icon={<Clock className="size-4" />} term={P.hours}>
          {hours ?? <NotSet text={M.projects.noDate} />}
        </Detail>
        <Detail icon={<Wallet className="size-4" />} term={P.billed}>
          {project.totalBilled !== null ? money.format(project.totalBilled) : <NotSet text={M.projects.noDate} />}
        </Detail>
      </dl>

      <Tabs
        tabs={tabs}
        selectedIndex={selected}
        onChange={selectTab}
        className="sm:[&>[role=tablist]]:w-fit sm:[&>[role=tablist]>*]:flex-none sm:[&>[role=tablist]>*]:px-5"
      />
      <ProjectDialog open={editing} project={project} onClose={() => setEditing(false)} />
      <SaveAsTemplateDialog
        open={savingTemplate}
        onClose={() => setSavingTemplate(false)}
        source={{ kind: 'project', id: project.id, name: project.name }}
      />
      <DeleteProjectDialog
        project={deleting ? project : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => void navigate('/hub/projects', { replace: true })}
      />
    </>
  );
}

/** A lazily loaded panel: a skeleton while its code arrives, and a retry if it cannot be loaded. */
function Panel({ children }: { children: ReactNode }) {
  return (
    <PanelBoundary>
      <Suspense
        fallback={
          <div
            role="status"
            aria-label={M.common.loading}
            className="space-y-3 rounded-xl bg-white p-4 ring-1 ring-slate-200"
          >
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-10 w-full" />
            ))}
          </div>
        }
      >
        {children}
      </Suspense>
    </PanelBoundary>
  );
}

class PanelBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    if (!this.state.failed) return this.props.children;
    return <LoadFailed onRetry={() => window.location.reload()} />;
  }
}

type PersonRow = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  title: string | null;
};

/** The Contacts tab: the project's contacts, then the other people at its company (spec §2.4), with mail and phone links. */
function ProjectContacts({ project }: { project: ProjectDetails }) {
  const companyId = project.companyId;
  const company = trpc.contacts.list.useQuery(
    { companyId: companyId ?? 0, limit: LIMITS.pageSizeMax },
    { enabled: companyId !== null },
  );
  const onProject = new Set(project.contacts.map((c) => c.id));
  const others = (company.data?.items ?? []).filter((c) => !onProject.has(c.id));
  const loading = companyId !== null && company.isPending;

  if (loading) return <PanelSkeleton lead="size-9 rounded-full" lines={['h-4 w-40', 'h-3 w-56']} trailing={null} />;
  if (project.contacts.length === 0 && others.length === 0)
    return (
      <EmptyState
        icon={<UserPlus className="size-10" />}
        title={P.noContacts}
        action={
          <Link to="/hub/contacts" className={buttonClass('primary')}>
            <UserPlus className="size-4" aria-hidden /> {P.addContact}
          </Link>
        }
      />
    );
  return (
    <div className="space-y-6">
      {project.contacts.length > 0 && <PeopleList title={P.onProject} people={project.contacts} />}
      {others.length > 0 && <PeopleList title={P.atCompany(project.company?.name ?? '')} people={others} />}
      {company.data?.nextCursor != null && (
        <Link
          to={`/hub/contacts?companyId=${companyId}`}
          className="inline-block rounded-sm text-sm font-medium text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
        >
          {M.projects.viewAllContacts}
        </Link>
      )}
      {company.isError && <Alert>{M.common.loadFailed}</Alert>}
    </div>
  );
}

function PeopleList({ title, people }: { title: string; people: PersonRow[] }) {
  const headingId = useId();
  const linkClass =
    'inline-flex min-w-0 items-center gap-1.5 rounded-sm hover:text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none';
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {title}
      </h2>
      <ul className="divide-y divide-slate-100 rounded-xl bg-white shadow-xs ring-1 ring-slate-200">
        {people.map((c) => {
          const name = fullName(c);
          return (
            <li key={c.id} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:gap-4">
              <div className="flex min-w-0 flex-1 items-center gap-3">
                <ContactAvatar contact={c} />
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium text-slate-900">{name}</p>
                  {c.title && <p className="truncate text-sm text-slate-500">{c.title}</p>}
                </div>
              </div>
              {/* Fixed slots, so e-mails and phones line up from row to row. */}
              <div className="flex min-w-0 flex-wrap gap-x-5 gap-y-1 pl-12 text-sm text-slate-600 sm:grid sm:shrink-0 sm:grid-cols-[17rem_9rem] sm:pl-0">
                <a href={`mailto:${c.email}`} className={linkClass} aria-label={P.emailContact(name)} title={c.email}>
                  <Mail className="size-4 shrink-0 text-slate-400" aria-hidden />
                  <span className="truncate">{c.email}</span>
                </a>
                {c.phone && (
                  <a href={`tel:${c.phone}`} className={linkClass} aria-label={P.callContact(name)}>
                    <Phone className="size-4 shrink-0 text-slate-400" aria-hidden />
                    <span className="truncate">{c.phone}</span>
                  </a>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
