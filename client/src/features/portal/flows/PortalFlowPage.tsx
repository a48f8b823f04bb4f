import { useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { toast } from 'sonner';
import { ArrowLeft, ArrowRight, Check, CheckCircle2, FileText, SearchX } from 'lucide-react';
import { formatFileSize } from '../../../../../shared/file-size';
import { M } from '../../../../../shared/messages';
import type { AnswerValue, PortalFlowDetail } from '../../../../../shared/schemas/portal-flows';
import { cn } from '../../../lib/cn';
import { errorCode, errorText, fieldIssues, trpc } from '../../../lib/trpc';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { Button, buttonClass } from '../../../ui/Button';
import { EmptyState, LoadFailed, RecordPageSkeleton } from '../../../ui/Feedback';
import { Markdown } from '../../../ui/Markdown';
import { PortalNotFound } from '../PortalUi';
import { portalPath, usePortalUser } from '../session';
import { FlowStateBadge } from './flowState';
import { StepForm, type StepFormHandle } from './StepForm';
import { formatDateAnswer, formatDateTime } from '../../../../../shared/dates';

const P = M.portalFlows;

function BackLink({ slug }: { slug: string }) {
  return (
    <Link
      to={portalPath(slug, 'workflows')}
      className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
    >
      <ArrowLeft className="size-4" aria-hidden /> {P.backToFlows}
    </Link>
  );
}

/** Numbered steps: done ones ticked, the current one highlighted; a bar on small screens. */
function Progress({ flow, index }: { flow: PortalFlowDetail; index: number }) {
  const total = flow.steps.length;
  return (
    <nav aria-label={P.stepOf(index + 1, total)} className="mb-6">
      <p className="text-xs font-medium text-slate-600">{P.stepOf(index + 1, total)}</p>
      <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-slate-200" aria-hidden>
        <div
          className="h-full rounded-full bg-brand-600 transition-all"
          style={{ width: `${((index + 1) / total) * 100}%` }}
        />
      </div>
      <ol className="mt-4 hidden gap-2 sm:flex sm:flex-wrap">
        {flow.steps.map((step, i) => (
          <li
            key={step.id}
            aria-current={i === index ? 'step' : undefined}
            className={cn(
              'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-medium ring-1',
              i === index
                ? 'bg-brand-600 text-white ring-brand-600'
                : i < index
                  ? 'bg-brand-50 text-brand-700 ring-brand-100'
                  : 'bg-white text-slate-500 ring-slate-200',
            )}
          >
            {i < index ? <Check className="size-3.5" aria-hidden /> : <span className="tabular-nums">{i + 1}</span>}
            <span className="max-w-40 truncate">{step.stepTitle}</span>
          </li>
        ))}
      </ol>
    </nav>
  );
}

function Completed({ flow, slug }: { flow: PortalFlowDetail; slug: string }) {
  const when = flow.state.completedAt ? formatDateTime(flow.state.completedAt) : '';
  const labels = new Map(flow.steps.flatMap((s) => s.fields.map((f) => [f.id, f] as const)));
  const answers = flow.answers.filter((a) => labels.has(a.fieldId));
  return (
    <section className="rounded-2xl bg-white px-6 py-10 shadow-xs ring-1 ring-slate-200 sm:px-10">
      <div className="text-center">
        <span className="mx-auto grid size-14 place-items-center rounded-full bg-emerald-50 text-emerald-600 ring-1 ring-emerald-100">
          <CheckCircle2 className="size-8" aria-hidden />
        </span>
        <h2 className="mt-5 text-xl font-bold tracking-tight text-slate-900">{P.submitted}</h2>
        <p className="mx-auto mt-2 max-w-md text-sm leading-6 text-slate-600">{P.submittedText(when)}</p>
      </div>
      {answers.length > 0 && (
        <dl className="mx-auto mt-8 max-w-xl divide-y divide-slate-100 rounded-xl bg-slate-50 px-5 ring-1 ring-slate-200">
          {answers.map((a) => {
            const field = labels.get(a.fieldId)!;
            return (
              <div key={a.fieldId} className="grid gap-1 py-3 sm:grid-cols-3 sm:gap-4">
                <dt className="text-sm font-medium text-slate-600">{field.fieldLabel}</dt>
                <dd className="text-sm break-words whitespace-pre-line text-slate-900 sm:col-span-2">
                  {field.fieldType === 'checkbox' ? (
                    a.value === 'true' ? (
                      P.yes
                    ) : (
                      P.no
                    )
                  ) : field.fieldType === 'file' ? (
                    a.file ? (
                      <span className="inline-flex items-center gap-1.5">
                        <FileText className="size-4 text-slate-400" aria-hidden /> {a.file.name}{' '}
                        <span className="text-slate-500">({formatFileSize(a.file.size)})</span>
                      </span>
                    ) : (
                      P.fileRemoved
                    )
                  ) : field.fieldType === 'date' ? (
                    formatDateAnswer(a.value)
                  ) : (
                    a.value
                  )}
                </dd>
              </div>
            );
          })}
        </dl>
      )}
      <div className="mt-8 text-center">
        <Link to={portalPath(slug, 'workflows')} className={buttonClass('secondary')}>
          {P.backToFlows}
        </Link>
      </div>
    </section>
  );
}

/** The step's text (markdown, or plain text for an information step) above its form (issue 29: both in one step). */
function StepBody({
  flow,
  index,
  formRef,
}: {
  flow: PortalFlowDetail;
  index: number;
  formRef: React.Ref<StepFormHandle>;
}) {
  const step = flow.steps[index];
  const text =
    step.content.trim() === '' ? null : step.stepType === 'information' ? (
      <p className="text-[0.95rem] leading-7 break-words whitespace-pre-line text-slate-700">{step.content}</p>
    ) : (
      <Markdown shiftHeadings={1}>{step.content}</Markdown>
    );
  const form = step.fields.length ? (
    <StepForm key={step.id} ref={formRef} flowId={flow.id} fields={step.fields} answers={flow.answers} />
  ) : null;
  if (!text || !form) return text ?? form;
  return (
    <div className="space-y-8">
      <div data-step-text>{text}</div>
      <div className="border-t border-slate-100 pt-6">{form}</div>
    </div>
  );
}

/** The server's issue path for a field ("answers.12") → the field id. */
const issueField = (error: unknown) => {
  const path = fieldIssues(error)[0]?.path ?? '';
  const m = /^answers\.(\d+)$/.exec(path);
  return m ? Number(m[1]) : null;
};

function Walk({ flow }: { flow: PortalFlowDetail }) {
  const utils = trpc.useUtils();
  const [index, setIndex] = useState(() => Math.max(0, Math.min(flow.state.currentStep - 1, flow.steps.length - 1)));
  const formRef = useRef<StepFormHandle>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const save = trpc.portalFlows.saveStep.useMutation();
  const submit = trpc.portalFlows.submit.useMutation();
  const busy = save.isPending || submit.isPending;
  const step = flow.steps[index];
  const last = index === flow.steps.length - 1;

  const store = (detail: PortalFlowDetail) => {
    utils.portalFlows.get.setData({ flowUid: flow.flowUid }, detail);
    void utils.portalFlows.list.invalidate();
  };
  const go = (to: number) => {
    setIndex(to);
    window.scrollTo({ top: 0 });
    requestAnimationFrame(() => heading.current?.focus());
  };
  const failed = (error: unknown, fallback: string) => {
    const fieldId = issueField(error);
    const message = errorText(error) ?? fallback;
    if (fieldId !== null) {
      const inStep = step.fields.some((f) => f.id === fieldId);
      const at = flow.steps.findIndex((s) => s.fields.some((f) => f.id === fieldId));
      if (!inStep && at >= 0) go(at);
      formRef.current?.showServerError(fieldId, message);
    }
    toast.error(message);
  };

  const next = async () => {
    let answers: { field: number; value: AnswerValue }[] = [];
    if (step.fields.length) {
      const valid = await formRef.current?.validAnswers();
      if (!valid) return;
      answers = valid;
    }
    try {
      const saved = await save.mutateAsync({ flowId: flow.id, stepId: step.id, answers });
      if (!last) {
        store(saved);
        go(index + 1);
        return;
      }
      const done = await submit.mutateAsync({ flowId: flow.id });
      store(done);
      toast.success(P.submitted);
    } catch (error) {
      failed(error, last ? P.submitFailed : P.saveFailed);
    }
  };

  const back = async () => {
    // Saves what passes the rules as it is; an unfinished step is left as it was (no errors shown going back).
    const answers = step.fields.length ? formRef.current?.quietAnswers() : null;
    if (answers) {
      try {
        store(await save.mutateAsync({ flowId: flow.id, stepId: step.id, answers }));
      } catch {
        // Going back never fails: the step simply keeps its last saved answers.
      }
    }
    go(index - 1);
  };

  return (
    <>
      <Progress flow={flow} index={index} />
      <section aria-labelledby="flow-step-title" className="rounded-2xl bg-white shadow-xs ring-1 ring-slate-200">
        <header className="border-b border-slate-100 px-5 py-4 sm:px-8 sm:py-5">
          <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
            {P.stepOf(index + 1, flow.steps.length)}
          </p>
          <h2
            id="flow-step-title"
            ref={heading}
            tabIndex={-1}
            className="mt-1 text-lg font-semibold text-slate-900 focus:outline-none sm:text-xl"
          >
            {step.stepTitle}
          </h2>
        </header>
        <div className="px-5 py-6 sm:px-8 sm:py-8">
          <StepBody flow={flow} index={index} formRef={formRef} />
        </div>
        <footer className="flex items-center justify-between gap-3 rounded-b-2xl border-t border-slate-100 bg-slate-50/70 px-5 py-4 sm:px-8">
          {index > 0 ? (
            <Button variant="secondary" onClick={() => void back()} disabled={busy}>
              <ArrowLeft className="size-4" aria-hidden /> {P.back}
            </Button>
          ) : (
            <span />
          )}
          <Button onClick={() => void next()} busy={busy}>
            {last ? P.finish : P.next}
            {!busy && (last ? <Check className="size-4" aria-hidden /> : <ArrowRight className="size-4" aria-hidden />)}
          </Button>
        </footer>
      </section>
    </>
  );
}

/** /portal/{slug}/workflows/{flowUid}: the flow step by step, or its completed view. */
export default function PortalFlowPage() {
  const { slug = '', flowUid = '' } = useParams();
  const user = usePortalUser();
  const flow = trpc.portalFlows.get.useQuery(
    { flowUid },
    { retry: (count, error) => errorCode(error) !== 'NOT_FOUND' && count < 2 },
  );
  useDocumentTitle(`${flow.data?.name ?? P.title} · ${user.business.name}`);

  if (flow.isPending) return <RecordPageSkeleton />;
  if (flow.isError)
    return errorCode(flow.error) === 'NOT_FOUND' || errorCode(flow.error) === 'BAD_REQUEST' ? (
      <PortalNotFound
        title={P.notFound}
        text={P.notFoundText}
        to={portalPath(slug, 'workflows')}
        label={P.backToFlows}
        Icon={SearchX}
      />
    ) : (
      <LoadFailed onRetry={() => void flow.refetch()} />
    );

  const data = flow.data;
  return (
    <div className="mx-auto max-w-3xl">
      <BackLink slug={slug} />
      <div className="mt-4 mb-6 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">{data.name}</h1>
          {data.description && <p className="mt-1 text-sm leading-6 text-slate-600">{data.description}</p>}
        </div>
        <FlowStateBadge state={data.state} />
      </div>
      {data.state.status === 'completed' ? (
        <Completed flow={data} slug={slug} />
      ) : data.steps.length === 0 ? (
        <EmptyState title={P.noSteps} />
      ) : (
        <Walk flow={data} />
      )}
    </div>
  );
}
