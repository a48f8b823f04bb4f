import { CheckCircle2, Clock, Download, FileText, Inbox, LayoutList, Users } from 'lucide-react';
import { Link } from 'react-router-dom';
import { formatFileSize } from '../../../../shared/file-size';
import { M } from '../../../../shared/messages';
import type { FlowSubmissionRow } from '../../../../shared/schemas/portal-flows';
import { cn } from '../../lib/cn';
import { trpc } from '../../lib/trpc';
import { Badge } from '../../ui/Badge';
import { EmptyState, LoadFailed, Skeleton } from '../../ui/Feedback';
import { formatDateAnswer, formatDateTime } from '../../../../shared/dates';

const P = M.portalFlows;
const when = formatDateTime;

export type EditorView = 'builder' | 'submissions';

/** The flow editor's two views: the builder (steps and preview) and the clients' submissions, with their count. */
export function EditorViewTabs({
  flowId,
  view,
  onChange,
}: {
  flowId: number;
  view: EditorView;
  onChange: (view: EditorView) => void;
}) {
  const submissions = trpc.flows.submissions.useQuery({ flowId });
  const tabs = [
    { id: 'builder' as const, label: P.builder, Icon: LayoutList, count: null },
    { id: 'submissions' as const, label: P.submissions, Icon: Users, count: submissions.data?.total ?? null },
  ];
  return (
    <div role="tablist" aria-label={P.submissions} className="mb-6 flex gap-1 border-b border-slate-200">
      {tabs.map(({ id, label, Icon, count }) => (
        <button
          key={id}
          type="button"
          role="tab"
          aria-selected={view === id}
          onClick={() => onChange(id)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
              const next = view === 'builder' ? 'submissions' : 'builder';
              onChange(next);
              requestAnimationFrame(() =>
                (document.querySelector(`[data-editor-tab="${next}"]`) as HTMLElement | null)?.focus(),
              );
            }
          }}
          tabIndex={view === id ? 0 : -1}
          data-editor-tab={id}
          className={cn(
            '-mb-px inline-flex items-center gap-2 rounded-t-md border-b-2 px-3 py-2.5 text-sm font-medium focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none',
            view === id
              ? 'border-brand-600 text-brand-700'
              : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
          )}
        >
          <Icon className="size-4" aria-hidden /> {label}
          {count !== null && (
            <span
              className={cn(
                'rounded-full px-2 py-0.5 text-xs tabular-nums',
                view === id ? 'bg-brand-50 text-brand-700' : 'bg-slate-100 text-slate-600',
              )}
            >
              {count}
            </span>
          )}
        </button>
      ))}
    </div>
  );
}

function AnswerValue({ answer }: { answer: FlowSubmissionRow['answers'][number] }) {
  if (answer.fieldType === 'checkbox') return <>{answer.value === 'true' ? P.yes : P.no}</>;
  if (answer.fieldType === 'file') {
    if (!answer.file) return <span className="text-slate-500 italic">{P.fileRemoved}</span>;
    return (
      <a
        href={`${answer.file.url}?download`}
        className="inline-flex max-w-full items-center gap-1.5 rounded font-medium text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
        aria-label={`${P.download} ${answer.file.name}`}
      >
        <FileText className="size-4 shrink-0" aria-hidden />
        <span className="truncate">{answer.file.name}</span>
        <span className="shrink-0 font-normal text-slate-500">({formatFileSize(answer.file.size)})</span>
        <Download className="size-3.5 shrink-0" aria-hidden />
      </a>
    );
  }
  if (answer.fieldType === 'date') return <>{formatDateAnswer(answer.value)}</>;
  return <>{answer.value}</>;
}

function SubmissionCard({ submission }: { submission: FlowSubmissionRow }) {
  const done = submission.status === 'completed';
  return (
    <li className="rounded-xl bg-white shadow-xs ring-1 ring-slate-200">
      <header className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-100 px-5 py-4">
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">{submission.contact.name}</p>
          <p className="truncate text-sm text-slate-500">{submission.contact.email}</p>
          {submission.company && (
            <Link
              to={`/hub/companies/${submission.company.id}`}
              className="text-sm text-slate-500 rounded hover:text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
            >
              {submission.company.name}
            </Link>
          )}
        </div>
        {done ? (
          <Badge tone="green" className="gap-1">
            <CheckCircle2 className="size-3.5" aria-hidden /> {P.completed}
          </Badge>
        ) : (
          <Badge tone="yellow" className="gap-1">
            <Clock className="size-3.5" aria-hidden /> {P.inProgress} ·{' '}
            {P.stepOf(submission.currentStep, submission.stepCount)}
          </Badge>
        )}
      </header>
      <dl className="grid grid-cols-2 gap-3 border-b border-slate-100 px-5 py-3 text-xs sm:grid-cols-3">
        <div>
          <dt className="text-slate-500">{P.startedAt}</dt>
          <dd className="font-medium text-slate-800">{when(submission.startedAt)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{P.lastSaved}</dt>
          <dd className="font-medium text-slate-800">{when(submission.updatedAt)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{P.submittedAt}</dt>
          <dd className="font-medium text-slate-800">{submission.completedAt ? when(submission.completedAt) : '—'}</dd>
        </div>
      </dl>
      {submission.answers.length === 0 ? (
        <p className="px-5 py-4 text-sm text-slate-500 italic">{P.noAnswer}</p>
      ) : (
        <dl className="divide-y divide-slate-100 px-5">
          {submission.answers.map((answer) => (
            <div key={answer.fieldId} className="grid gap-1 py-3 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)] sm:gap-4">
              <dt className="text-sm text-slate-600">
                {answer.fieldLabel}
                <span className="block text-xs text-slate-500">{answer.stepTitle}</span>
              </dt>
              <dd className="min-w-0 text-sm break-words whitespace-pre-line text-slate-900">
                <AnswerValue answer={answer} />
              </dd>
            </div>
          ))}
        </dl>
      )}
    </li>
  );
}

/** The clients' submissions of a flow: per contact, progress, times, answers and uploaded files. */
export function FlowSubmissions({ flowId }: { flowId: number }) {
  const submissions = trpc.flows.submissions.useQuery({ flowId });
  if (submissions.isPending)
    return (
      <div role="status" aria-label={M.common.loading} className="space-y-4">
        {[0, 1].map((i) => (
          <Skeleton key={i} className="h-40 w-full rounded-xl" />
        ))}
      </div>
    );
  if (submissions.isError) return <LoadFailed onRetry={() => void submissions.refetch()} />;
  const { items, total } = submissions.data;
  if (items.length === 0)
    return (
      <EmptyState icon={<Inbox className="size-8" aria-hidden />} title={P.noSubmissions} text={P.noSubmissionsText} />
    );
  return (
    <section aria-label={P.submissions}>
      {total > items.length && (
        <p className="mb-3 text-sm text-slate-500">{P.showingSubmissions(items.length, total)}</p>
      )}
      <ul className="space-y-4" data-flow-submissions>
        {items.map((s) => (
          <SubmissionCard key={s.id} submission={s} />
        ))}
      </ul>
    </section>
  );
}
