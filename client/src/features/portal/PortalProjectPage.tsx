import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ArrowLeft, CalendarDays, FileText, FolderX, ListChecks, Mail, Phone, Users } from 'lucide-react';
import { M } from '../../../../shared/messages';
import { errorCode, trpc } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { EmptyState, LoadFailed, RecordPageSkeleton, Spinner } from '../../ui/Feedback';
import { messages as messagesText } from '../../../../shared/messages/messages';
import { PortalThread } from './PortalThread';
import { Tabs } from '../../ui/Tabs';
import {
  FileRow,
  ListBox,
  longDate,
  listDate,
  PortalNotFound,
  PriorityBadge,
  ProgressBar,
  ProjectStatusBadge,
  TaskStatusBadge,
} from './PortalUi';
import { portalPath, usePortalUser } from './session';

const P = M.portal.project;

function BackLink({ slug }: { slug: string }) {
  return (
    <Link
      to={portalPath(slug, 'projects')}
      className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-slate-500 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
    >
      <ArrowLeft className="size-4" aria-hidden /> {M.portal.backToProjects}
    </Link>
  );
}

/** Spec §2.14: "Project not found" with a way back, for a project that is missing or not the client's. */
function ProjectNotFound({ slug }: { slug: string }) {
  return (
    <PortalNotFound
      title={M.portal.projectNotFound}
      text={P.notFoundText}
      to={portalPath(slug, 'projects')}
      label={M.portal.backToProjects}
      Icon={FolderX}
    />
  );
}

function Fact({ label, children, icon }: { label: string; children: React.ReactNode; icon: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="flex items-center gap-1.5 text-xs font-medium text-slate-500">
        {icon} {label}
      </dt>
      <dd className="mt-1 text-sm font-semibold text-slate-900">{children}</dd>
    </div>
  );
}

/** /portal/{slug}/projects/{id} (spec §2.14). */
/** The project's conversation with the agency (opened, and created the first time, when the tab shows). */
function ProjectConversation({ projectId }: { projectId: number }) {
  const preview = Boolean(usePortalUser().preview);
  const open = trpc.portalMessages.open.useMutation();
  const { mutate } = open;
  // A staff preview changes nothing, so it does not open (create) the conversation.
  useEffect(() => {
    if (!preview) mutate({ projectId });
  }, [mutate, projectId, preview]);
  if (preview) return <p className="text-sm text-slate-500">{messagesText.noMessages}</p>;
  if (open.isError) return <LoadFailed onRetry={() => mutate({ projectId })} />;
  if (!open.data) return <Spinner />;
  return (
    <div className="rounded-xl bg-white p-4 shadow-xs ring-1 ring-slate-200 sm:p-6">
      <PortalThread threadId={open.data.thread.id} />
    </div>
  );
}

export default function PortalProjectPage() {
  const user = usePortalUser();
  const { slug = '', id = '' } = useParams();
  const projectId = Number(id);
  const valid = Number.isInteger(projectId) && projectId > 0 && projectId <= 2_147_483_647;
  const query = trpc.portal.project.useQuery({ id: projectId }, { enabled: valid, retry: false });
  const [tab, setTab] = useState(0);
  const project = query.data;
  useDocumentTitle(`${project?.name ?? M.portal.projects.title} · ${user.business.name}`);

  if (!valid || errorCode(query.error) === 'NOT_FOUND' || errorCode(query.error) === 'BAD_REQUEST')
    return <ProjectNotFound slug={slug} />;
  if (query.isError)
    return (
      <>
        <BackLink slug={slug} />
        <div className="mt-6">
          <LoadFailed onRetry={() => void query.refetch()} />
        </div>
      </>
    );
  if (!project) return <RecordPageSkeleton />;

  const tabs = [
    {
      label: `${P.tasks} (${project.tasks.length})`,
      content: project.tasks.length ? (
        <ListBox>
          {project.tasks.map((t) => (
            <li key={t.id} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:gap-4">
              <div className="min-w-0 flex-1">
                <p className="text-sm font-medium text-slate-900">{t.title}</p>
                {t.description && <p className="mt-0.5 line-clamp-2 text-xs text-slate-500">{t.description}</p>}
              </div>
              <div className="flex flex-wrap items-center gap-2">
                {t.dueDate && <span className="text-xs text-slate-500">{M.portal.tasks.due(listDate(t.dueDate))}</span>}
                <PriorityBadge priority={t.priority} />
                <TaskStatusBadge status={t.status} />
              </div>
            </li>
          ))}
        </ListBox>
      ) : (
        <EmptyState icon={<ListChecks className="size-8" aria-hidden />} title={P.noTasks} />
      ),
    },
    {
      label: `${P.files} (${project.files.length})`,
      content: project.files.length ? (
        <ListBox>
          {project.files.map((f) => (
            <FileRow key={f.id} file={f} showProject={false} />
          ))}
        </ListBox>
      ) : (
        <EmptyState icon={<FileText className="size-8" aria-hidden />} title={P.noFiles} />
      ),
    },
    {
      label: `${P.contacts} (${project.contacts.length})`,
      content: project.contacts.length ? (
        <ul className="grid gap-3 sm:grid-cols-2">
          {project.contacts.map((c) => (
            <li key={c.id} className="rounded-xl bg-white p-4 shadow-xs ring-1 ring-slate-200">
              <p className="text-sm font-semibold text-slate-900">{c.name}</p>
              <a
                href={`mailto:${c.email}`}
                className="mt-2 flex items-center gap-2 truncate text-sm text-brand-700 hover:underline"
              >
                <Mail className="size-4 shrink-0 text-slate-400" aria-hidden /> {c.email}
              </a>
              {c.phone && (
                <a
                  href={`tel:${c.phone}`}
                  className="mt-1 flex items-center gap-2 text-sm text-slate-600 hover:underline"
                >
                  <Phone className="size-4 shrink-0 text-slate-400" aria-hidden /> {c.phone}
                </a>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState icon={<Users className="size-8" aria-hidden />} title={P.noContacts} />
      ),
    },
    { label: messagesText.title, content: <ProjectConversation projectId={project.id} /> },
  ];

  return (
    <>
      <BackLink slug={slug} />
      <div className="mt-4 mb-6 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{project.name}</h1>
          {project.description && <p className="mt-1 max-w-2xl text-sm text-slate-500">{project.description}</p>}
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <ProjectStatusBadge status={project.status} />
          <PriorityBadge priority={project.priority} />
        </div>
      </div>

      <section aria-label={P.progress} className="mb-8 rounded-xl bg-white p-5 shadow-xs ring-1 ring-slate-200">
        <div className="mb-2 flex items-baseline justify-between gap-3">
          <h2 className="text-sm font-semibold text-slate-900">{P.progress}</h2>
          <span className="text-2xl font-semibold text-slate-900 tabular-nums">{project.progress}%</span>
        </div>
        <ProgressBar value={project.progress} label={P.progress} />
        <p className="mt-2 text-xs text-slate-500">{P.progressText(project.completedTaskCount, project.taskCount)}</p>
        <dl className="mt-5 grid grid-cols-2 gap-4 border-t border-slate-100 pt-4 lg:grid-cols-4">
          <Fact label={P.startDate} icon={<CalendarDays className="size-3.5" aria-hidden />}>
            {project.startDate ? longDate(project.startDate) : M.portal.projects.noDate}
          </Fact>
          <Fact label={P.dueDate} icon={<CalendarDays className="size-3.5" aria-hidden />}>
            {project.endDate ? longDate(project.endDate) : M.portal.projects.noDate}
          </Fact>
          <Fact label={P.tasks} icon={<ListChecks className="size-3.5" aria-hidden />}>
            {M.portal.projects.tasksDone(project.completedTaskCount, project.taskCount)}
          </Fact>
          <Fact label={P.files} icon={<FileText className="size-3.5" aria-hidden />}>
            {M.portal.projects.files(project.fileCount)}
          </Fact>
        </dl>
      </section>

      <Tabs tabs={tabs} selectedIndex={tab} onChange={setTab} className="max-w-full" />
    </>
  );
}
