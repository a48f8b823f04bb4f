/**
 * The pieces the portal's work pages share: page header, status badges in the hub's own words (shared/status.ts; spec
 * §4's colours where it names them, a cancelled task grey) and priority badges in the spec's colours, stat cards,
 * project cards, file rows with Download, skeletons, and the dates and sizes as the spec writes them.
 */
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import {
  ArrowLeft,
  ArrowRight,
  BookOpen,
  CalendarDays,
  Download,
  FileText,
  Paperclip,
  ListChecks,
  MessageSquare,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import { CORE } from '../../../../shared/messages-core';
import { portal } from '../../../../shared/messages/portal';
import { sentInMessage } from '../../../../shared/messages/frames';
import { formatFileSize } from '../../../../shared/file-size';
import type { PortalFile, PortalProjectCard, PortalResource } from '../../../../shared/schemas/portal';
import { PreviewThumb } from '../documents/viewer/PreviewThumb';
import type { ViewerFile } from '../documents/viewer/types';
import {
  PORTAL_PRIORITY_TONE,
  PORTAL_PROJECT_STATUS_TONE,
  PORTAL_TASK_STATUS_TONE,
  type PortalProjectStatus,
  type PortalTaskStatus,
} from '../../../../shared/status';
import { cn } from '../../lib/cn';
import { Badge, statusLabel } from '../../ui/Badge';
import { buttonClass } from '../../ui/Button';
import { Skeleton } from '../../ui/Feedback';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { portalPath } from './session';
import { PortalFileVersions } from './PortalFileVersions';
import { versionNumber } from '../../../../shared/messages/texts';

/** The catalogue's sections this first-load module shows (not all of shared/messages.ts). */
const M = { common: CORE.common, portal } as const;

const P = M.portal;

/** Spec §9: "MMM dd, yyyy" in lists, "MMMM d, yyyy" on project detail. A yyyy-mm-dd day is read as that day. */
import { formatDate as listDate, formatLongDate as longDate } from '../../../../shared/dates';

export { listDate, longDate };

export function PortalPageHeader({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-col gap-3 sm:mb-8 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
        {subtitle && <p className="mt-1 text-sm text-slate-500">{subtitle}</p>}
      </div>
      {children}
    </div>
  );
}

export function ProjectStatusBadge({ status }: { status: PortalProjectStatus }) {
  return <Badge tone={PORTAL_PROJECT_STATUS_TONE[status]}>{P.status[status]}</Badge>;
}
export function TaskStatusBadge({ status }: { status: PortalTaskStatus }) {
  return <Badge tone={PORTAL_TASK_STATUS_TONE[status]}>{P.status[status]}</Badge>;
}
export function PriorityBadge({ priority }: { priority: 'low' | 'medium' | 'high' }) {
  return <Badge tone={PORTAL_PRIORITY_TONE[priority]}>{P.project.priority(priority)}</Badge>;
}

export function StatCard({
  label,
  value,
  icon,
  hint,
  to,
}: {
  label: string;
  value: number | undefined;
  icon: ReactNode;
  hint?: string;
  to?: string;
}) {
  const body = (
    <>
      <div className="flex items-start justify-between gap-2">
        <p className="text-xs font-medium text-slate-500 sm:text-sm">{label}</p>
        <span className="hidden size-8 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-700 sm:grid">
          {icon}
        </span>
      </div>
      {/* The placeholder is exactly as tall as the number's line, so nothing below moves when it arrives. */}
      {value === undefined ? (
        <div className="mt-1 flex h-8 items-center sm:mt-2 sm:h-9">
          <Skeleton className="h-6 w-12 sm:h-7" />
        </div>
      ) : (
        <p className="mt-1 text-2xl font-semibold tracking-tight text-slate-900 tabular-nums sm:mt-2 sm:text-3xl">
          {value}
        </p>
      )}
      {hint && <p className="mt-1 text-xs text-slate-500">{hint}</p>}
    </>
  );
  const box = 'block rounded-xl bg-white p-3 shadow-xs ring-1 ring-slate-200 sm:p-5';
  return to ? (
    <Link
      to={to}
      className={cn(
        box,
        'transition hover:ring-slate-300 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none',
      )}
    >
      {body}
    </Link>
  ) : (
    <div className={box}>{body}</div>
  );
}

export function ProgressBar({ value, label }: { value: number; label: string }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuenow={value}
      aria-valuemin={0}
      aria-valuemax={100}
      className="h-1.5 w-full overflow-hidden rounded-full bg-slate-100"
    >
      <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${value}%` }} />
    </div>
  );
}

/** Spec §2.13: status, name, description, tasks done/total, file count, progress, start and due dates, "View Project". */
export function ProjectCard({
  project,
  slug,
  heading: Heading = 'h2',
}: {
  project: PortalProjectCard;
  slug: string;
  /** The card's title level: h2 under the page's h1, h3 inside a section of the dashboard. */
  heading?: 'h2' | 'h3';
}) {
  return (
    <article className="flex flex-col rounded-xl bg-white p-5 shadow-xs ring-1 ring-slate-200 transition hover:ring-slate-300">
      <div className="flex items-start justify-between gap-3">
        <Heading className="min-w-0 text-base font-semibold text-slate-900">
          <Link
            to={portalPath(slug, `projects/${project.id}`)}
            className="rounded hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
          >
            {project.name}
          </Link>
        </Heading>
        <ProjectStatusBadge status={project.status} />
      </div>
      <p className="mt-1.5 line-clamp-2 min-h-10 text-sm text-slate-500">{project.description || '\u00a0'}</p>
      <div className="mt-4">
        <div className="mb-1.5 flex items-center justify-between text-xs">
          <span className="font-medium text-slate-600">{P.projects.progress}</span>
          <span className="font-semibold text-slate-900 tabular-nums">{project.progress}%</span>
        </div>
        <ProgressBar value={project.progress} label={`${project.name}: ${P.projects.progress}`} />
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-2 text-xs text-slate-600">
        <div className="flex items-center gap-1.5">
          <ListChecks className="size-3.5 text-slate-400" aria-hidden />
          <dt className="sr-only">{P.project.tasks}</dt>
          <dd>{P.projects.tasksDone(project.completedTaskCount, project.taskCount)}</dd>
        </div>
        <div className="flex items-center gap-1.5">
          <Paperclip className="size-3.5 text-slate-400" aria-hidden />
          <dt className="sr-only">{P.project.files}</dt>
          <dd>{P.projects.files(project.fileCount)}</dd>
        </div>
        <div className="flex items-center gap-1.5">
          <CalendarDays className="size-3.5 text-slate-400" aria-hidden />
          <dt>{P.projects.start}</dt>
          <dd className="font-medium text-slate-700">
            {project.startDate ? listDate(project.startDate) : P.projects.noDate}
          </dd>
        </div>
        <div className="flex items-center gap-1.5">
          <CalendarDays className="size-3.5 text-slate-400" aria-hidden />
          <dt>{P.projects.due}</dt>
          <dd className="font-medium text-slate-700">
            {project.endDate ? listDate(project.endDate) : P.projects.noDate}
          </dd>
        </div>
      </dl>
      <Link
        to={portalPath(slug, `projects/${project.id}`)}
        className={buttonClass('secondary', 'sm', 'mt-5 self-start')}
        aria-label={`${P.projects.viewProject}: ${project.name}`}
      >
        {P.projects.viewProject} <ArrowRight className="size-3.5" aria-hidden />
      </Link>
    </article>
  );
}

/** A file with its facts and a Download button (the authorised download route; the browser saves it). */
export function FileRow({
  file,
  showProject = true,
  onPreview,
}: {
  file: PortalFile;
  showProject?: boolean;
  /** Opens the image or PDF viewer from the thumbnail (the Files page). */
  onPreview?: (file: ViewerFile) => void;
}) {
  const { slug } = useParams();
  const icon = (
    <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-slate-100 text-slate-500">
      <FileText className="size-5" aria-hidden />
    </span>
  );
  return (
    <li className="flex items-center gap-3 px-4 py-3 sm:gap-4">
      <PreviewThumb
        file={
          onPreview && file.mimeType
            ? {
                name: file.name,
                url: file.downloadUrl,
                mimeType: file.mimeType,
                review: { documentId: file.id, number: file.version, portal: true },
              }
            : null
        }
        thumbUrl={file.thumbUrl}
        fallback={icon}
        onOpen={(f) => onPreview?.(f)}
        className="size-10"
      />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-slate-900">{file.name}</p>
        <p className="mt-0.5 truncate text-xs text-slate-500">
          {[
            showProject ? (file.project?.name ?? P.files.noProject) : null,
            file.version > 1 ? versionNumber(file.version) : null,
            formatFileSize(file.size),
            listDate(file.createdAt),
            file.uploadedByYou ? P.files.uploadedByYou : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
        {file.sharedVersions > 0 && <PortalFileVersions fileId={file.id} count={file.sharedVersions} />}
        {file.sentIn && slug && (
          <Link
            to={portalPath(slug, `messages/${file.sentIn.threadId}`)}
            className="mt-0.5 inline-flex max-w-full items-center gap-1 rounded-sm text-xs text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
            data-testid="file-sent-in"
          >
            <MessageSquare className="size-3 shrink-0" aria-hidden />
            <span className="truncate">{sentInMessage(file.sentIn.title)}</span>
          </Link>
        )}
      </div>
      <a
        href={`${file.downloadUrl}?download`}
        download
        className={buttonClass('secondary', 'sm', 'shrink-0')}
        aria-label={`${P.files.download} ${file.name}`}
      >
        <Download className="size-4" aria-hidden />
        <span className="hidden sm:inline">{P.files.download}</span>
      </a>
    </li>
  );
}

export function ListBox({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <ul
      className={cn(
        'divide-y divide-slate-100 overflow-hidden rounded-xl bg-white shadow-xs ring-1 ring-slate-200',
        className,
      )}
    >
      {children}
    </ul>
  );
}

export function RowsSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <div
      role="status"
      aria-label={M.common.loading}
      className="divide-y divide-slate-100 rounded-xl bg-white ring-1 ring-slate-200"
    >
      {Array.from({ length: rows }, (_, i) => (
        // FileRow's box: the same padding and a 40 px tall row.
        <div key={i} className="flex items-center gap-3 px-4 py-3 sm:gap-4">
          <Skeleton className="size-10 rounded-lg" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-3 w-1/4" />
          </div>
          <Skeleton className="h-8 w-10 sm:w-28" />
        </div>
      ))}
    </div>
  );
}

/**
 * The dashboard's body while what it shows first is on its way: the frame's (PortalLayout) and the page's own, so the
 * page draws its sections once, in their places, instead of pushing one another down as each reply lands.
 */
export function PortalDashboardSkeleton() {
  return (
    <div className="space-y-10">
      <Skeleton className="h-16 w-full rounded-xl" />
      <div className="grid grid-cols-3 gap-2 sm:gap-4">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-19.5 rounded-xl sm:h-23.5" />
        ))}
      </div>
      <CardsSkeleton cards={3} />
    </div>
  );
}

export function CardsSkeleton({ cards = 4 }: { cards?: number }) {
  return (
    <div role="status" aria-label={M.common.loading} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {Array.from({ length: cards }, (_, i) => (
        // ProjectCard's boxes line for line (title, two lines of description, progress, four facts, the button), so
        // that the sections below stay where they are when the cards arrive.
        <div key={i} className="flex flex-col rounded-xl bg-white p-5 ring-1 ring-slate-200">
          <div className="flex h-6 items-center justify-between gap-3">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-5 w-16 rounded-full" />
          </div>
          <div className="mt-1.5 flex h-10 flex-col justify-around">
            <Skeleton className="h-3.5 w-full" />
            <Skeleton className="h-3.5 w-3/4" />
          </div>
          <div className="mt-4 flex h-4 items-center justify-between">
            <Skeleton className="h-3 w-16" />
            <Skeleton className="h-3 w-8" />
          </div>
          <Skeleton className="mt-1.5 h-1.5 w-full" />
          <div className="mt-4 grid grid-cols-2 gap-x-4 gap-y-2">
            {[0, 1, 2, 3].map((fact) => (
              <div key={fact} className="flex h-4 items-center">
                <Skeleton className="h-3 w-20" />
              </div>
            ))}
          </div>
          <Skeleton className="mt-5 h-8 w-28" />
        </div>
      ))}
    </div>
  );
}

/**
 * The portal's designed not-found state: a record (project, flow, resource) or an address that does not exist or is
 * not shared with the client, with one way back. `to`: an address inside the app.
 */
export function PortalNotFound({
  title,
  text,
  to,
  label,
  Icon,
}: {
  title: string;
  text: string;
  to: string;
  label: string;
  Icon: LucideIcon;
}) {
  useDocumentTitle(title);
  return (
    <div className="mx-auto max-w-md py-16 text-center">
      <span className="mx-auto grid size-12 place-items-center rounded-full bg-slate-100 text-slate-500">
        <Icon className="size-6" aria-hidden />
      </span>
      <h1 className="mt-5 text-xl font-semibold text-slate-900">{title}</h1>
      <p className="mt-2 text-sm text-slate-500">{text}</p>
      <Link to={to} className={buttonClass('primary', 'md', 'mt-6')}>
        <ArrowLeft className="size-4" aria-hidden /> {label}
      </Link>
    </div>
  );
}

/** A resource shared with the client: its description and key/value details (values that are links open). */
export function ResourceCard({
  resource,
  to,
}: {
  resource: PortalResource /** Its own page, from a list. */;
  to?: string;
}) {
  const Icon = resource.type === 'tool' ? Wrench : BookOpen;
  return (
    <article className="min-w-0 rounded-xl bg-white p-5 shadow-xs ring-1 ring-slate-200">
      <div className="flex items-start gap-3">
        <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-700">
          <Icon className="size-4" aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="text-sm font-semibold text-slate-900">
              {to ? (
                <Link
                  to={to}
                  className="rounded-sm hover:text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
                >
                  {resource.title}
                </Link>
              ) : (
                resource.title
              )}
            </h3>
            <Badge tone="gray">{statusLabel(resource.type)}</Badge>
          </div>
          <p className="mt-1 text-sm text-slate-500">{resource.description}</p>
        </div>
      </div>
      {resource.details.length > 0 && (
        <dl className="mt-4 space-y-1.5 border-t border-slate-100 pt-3 text-sm">
          {resource.details.map((d) => (
            <div key={d.key} className="flex gap-3">
              <dt className="w-32 shrink-0 truncate text-slate-500">{d.key}</dt>
              <dd className="min-w-0 flex-1 font-medium wrap-anywhere text-slate-800">
                {/^https?:\/\//i.test(d.value) ? (
                  <a
                    href={d.value}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="text-brand-700 underline-offset-2 hover:underline"
                  >
                    {d.value}
                  </a>
                ) : (
                  d.value
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </article>
  );
}
