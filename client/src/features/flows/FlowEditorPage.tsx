import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { useQueryClient } from '@tanstack/react-query';
import {
  ArrowLeft,
  Building2,
  Check,
  CloudOff,
  Copy,
  EyeOff,
  Loader2,
  Plus,
  Send,
  Trash2,
  Workflow,
} from 'lucide-react';
import { toast } from 'sonner';
import { M } from '../../../../shared/messages';
import { FLOW_LIMITS } from '../../../../shared/schemas/flows';
import { cn } from '../../lib/cn';
import { errorCode, errorText, trpc } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { Button, buttonClass } from '../../ui/Button';
import { Alert, Skeleton } from '../../ui/Feedback';
import { DeleteFlowDialog, PublishFlowDialog, useDuplicateFlow, useUnpublishFlow } from './flowActions';
import {
  ActiveBadge,
  ConfirmDialog,
  FlowTypeBadge,
  FlowTypeTile,
  type FlowDetail,
  type FlowFieldRow,
  type FlowStepRow,
  type FlowType,
} from './flowParts';
import { FieldDialog } from './FieldDialog';
import { FlowPreview } from './FlowPreview';
import { EditorViewTabs, FlowSubmissions, type EditorView } from './FlowSubmissions';
import { StepCard } from './StepCard';
import { useStepSaver, type SaveState } from './useStepSaver';

const F = M.flows;

/** The add-step button of each flow type (spec §2.9). */
const addStepLabel: Record<FlowType, string> = {
  onboard: F.addContentStep,
  inform: F.addInformationStep,
  collect: F.addFormStep,
};

function BackLink() {
  return (
    <Link
      to="/hub/flows"
      className="inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-slate-500 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
    >
      <ArrowLeft className="size-4" aria-hidden /> {F.backToFlows}
    </Link>
  );
}

export default function FlowEditorPage() {
  const { flowUid = '' } = useParams();
  const flowKey = useMemo(() => ({ flowUid }), [flowUid]);
  const flow = trpc.flows.get.useQuery(flowKey, { enabled: flowUid !== '' });
  const code = errorCode(flow.error);
  // A malformed address is as missing as a deleted flow.
  const missing = flowUid === '' || code === 'NOT_FOUND' || code === 'BAD_REQUEST';
  useDocumentTitle(flow.data?.name ?? (missing ? F.notFound : F.title));

  // The spec's toast for a failed load (the page says the rest).
  const failedAt = flow.isError && !missing ? flow.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) toast.error(F.fetchOneFailed);
  }, [failedAt]);

  if (missing)
    return (
      <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
        <Workflow className="mb-3 size-10 text-slate-400" aria-hidden />
        <h1 className="text-lg font-semibold text-slate-900">{F.notFound}</h1>
        <p className="mt-1 max-w-sm text-sm text-slate-500">{F.notFoundText}</p>
        <Link to="/hub/flows" className={buttonClass('secondary', 'md', 'mt-5')}>
          <ArrowLeft className="size-4" aria-hidden /> {F.backToFlows}
        </Link>
      </div>
    );
  if (flow.isError && !flow.data)
    return (
      <div className="space-y-4">
        <BackLink />
        <Alert>
          {F.loadFailed}{' '}
          <button
            type="button"
            className="font-medium underline focus-visible:ring-2 focus-visible:ring-red-500 focus-visible:outline-none"
            onClick={() => void flow.refetch()}
          >
            {M.common.retry}
          </button>
        </Alert>
      </div>
    );
  if (!flow.data) return <EditorSkeleton />;
  return <FlowEditor key={flow.data.id} flow={flow.data} flowKey={flowKey} />;
}

function EditorSkeleton() {
  return (
    <div role="status" aria-label={M.common.loading}>
      <Skeleton className="h-4 w-28" />
      <div className="mt-4 mb-8 flex items-start gap-4">
        <Skeleton className="size-12 rounded-xl" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-7 w-72 max-w-full" />
          <Skeleton className="h-4 w-96 max-w-full" />
          <Skeleton className="h-4 w-40" />
        </div>
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(20rem,30rem)]">
        <div className="space-y-4">
          {[0, 1].map((i) => (
            <div key={i} className="space-y-3 rounded-xl bg-white p-4 ring-1 ring-slate-200">
              <Skeleton className="h-6 w-1/2" />
              <Skeleton className="h-28 w-full" />
            </div>
          ))}
        </div>
        <Skeleton className="h-80 w-full rounded-xl" />
      </div>
    </div>
  );
}

/** The steps in their saved order (step_order, then id). */
const byOrder = (a: FlowStepRow, b: FlowStepRow) => a.stepOrder - b.stepOrder || a.id - b.id;

function FlowEditor({ flow, flowKey }: { flow: FlowDetail; flowKey: { flowUid: string } }) {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const type = flow.workflowType;
  const saver = useStepSaver(flowKey, flow.stepsOfFlow);

  /** The flow lists show step counts: they are read again after a step is added or deleted. */
  const invalidateLists = useCallback(
    () =>
      void queryClient.invalidateQueries({
        predicate: (query) => {
          const path = query.queryKey[0];
          return Array.isArray(path) && path[0] === 'flows' && path[1] === 'list';
        },
      }),
    [queryClient],
  );
  const refreshFlow = useCallback(() => void utils.flows.get.invalidate(flowKey), [utils, flowKey]);

  // ── Order: shown at once, saved one request at a time (the last order wins), reverted if a save fails.
  const [order, setOrder] = useState<number[] | null>(null);
  const reorderQueue = useRef<{ running: boolean; next: number[] | null }>({ running: false, next: null });
  const steps = useMemo(() => {
    const saved = [...saver.steps].sort(byOrder);
    if (!order) return saved;
    const byId = new Map(saved.map((s) => [s.id, s]));
    const placed = order.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
    return [...placed, ...saved.filter((s) => !order.includes(s.id))];
  }, [saver.steps, order]);

  const sendOrder = useCallback(
    async (ids: number[]) => {
      const queue = reorderQueue.current;
      queue.next = ids;
      if (queue.running) return;
      queue.running = true;
      try {
        while (queue.next) {
          const stepIds = queue.next;
          queue.next = null;
          await utils.client.flowSteps.reorder.mutate({ flowId: flow.id, stepIds });
          const position = new Map(stepIds.map((id, i) => [id, i + 1]));
          utils.flows.get.setData(
            flowKey,
            (f) =>
              f && {
                ...f,
                stepsOfFlow: f.stepsOfFlow
                  .map((s) => ({ ...s, stepOrder: position.get(s.id) ?? s.stepOrder }))
                  .sort(byOrder),
              },
          );
        }
        setOrder(null);
      } catch (error) {
        queue.next = null;
        setOrder(null);
        toast.error(F.reorderFailed, { description: errorText(error) ?? undefined });
        refreshFlow();
      } finally {
        queue.running = false;
      }
    },
    [utils, flow.id, flowKey, refreshFlow],
  );
  const reorder = (ids: number[]) => {
    setOrder(ids);
    void sendOrder(ids);
  };
  const moveStep = (index: number, by: -1 | 1) => {
    const target = index + by;
    if (target < 0 || target >= steps.length) return;
    reorder(
      arrayMove(
        steps.map((s) => s.id),
        index,
        target,
      ),
    );
  };

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = steps.map((s) => s.id);
  const nameOf = (id: UniqueIdentifier) => {
    const i = ids.indexOf(Number(id));
    return steps[i]?.stepTitle.trim() || F.stepTitle(i + 1);
  };
  const positionOf = (id: UniqueIdentifier | undefined) => ids.indexOf(Number(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => F.pickedUp(nameOf(active.id)),
    onDragOver: ({ active, over }) =>
      over ? F.movedTo(nameOf(active.id), positionOf(over.id), ids.length) : undefined,
    onDragEnd: ({ active, over }) =>
      over ? F.droppedAt(nameOf(active.id), positionOf(over.id), ids.length) : F.reorderCancelled(nameOf(active.id)),
    onDragCancel: ({ active }) => F.reorderCancelled(nameOf(active.id)),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    reorder(arrayMove(ids, ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id))));
  };

  // ── Adding and deleting steps.
  const [focusId, setFocusId] = useState<number | null>(null);
  const clearFocus = useCallback(() => setFocusId(null), []);
  const createStep = trpc.flowSteps.create.useMutation({
    onSuccess: (step) => {
      toast.success(F.stepCreated);
      utils.flows.get.setData(flowKey, (f) =>
        f && !f.stepsOfFlow.some((s) => s.id === step.id)
          ? { ...f, stepCount: f.stepCount + 1, stepsOfFlow: [...f.stepsOfFlow, step] }
          : f,
      );
      setFocusId(step.id);
      invalidateLists();
    },
    onError: (error) => toast.error(F.stepCreateFailed, { description: errorText(error) ?? undefined }),
  });

  const [stepToDelete, setStepToDelete] = useState<FlowStepRow | null>(null);
  const [lastStepAsked, setLastStepAsked] = useState<FlowStepRow | null>(null);
  if (stepToDelete && stepToDelete !== lastStepAsked) setLastStepAsked(stepToDelete);
  const removeStep = trpc.flowSteps.remove.useMutation({
    onSuccess: ({ id }) => {
      saver.forget(id);
      utils.flows.get.setData(flowKey, (f) => {
        if (!f) return f;
        const left = f.stepsOfFlow.filter((s) => s.id !== id).sort(byOrder);
        return { ...f, stepCount: left.length, stepsOfFlow: left.map((s, i) => ({ ...s, stepOrder: i + 1 })) };
      });
      toast.success(F.stepDeleted);
      setStepToDelete(null);
      invalidateLists();
    },
    onError: (error) => toast.error(F.stepDeleteFailed, { description: errorText(error) ?? undefined }),
  });

  // ── Form fields (collect): the dialog, and delete with a confirmation. Each change reads the flow again.
  const [fieldDialog, setFieldDialog] = useState<{
    open: boolean;
    stepId: number;
    field: FlowFieldRow | null;
    nextOrder: number;
  }>({
    open: false,
    stepId: 0,
    field: null,
    nextOrder: 0,
  });
  const openField = (step: FlowStepRow, field: FlowFieldRow | null) =>
    setFieldDialog({
      open: true,
      stepId: step.id,
      field,
      nextOrder: step.fieldsOfFlowStep.length
        ? Math.min(FLOW_LIMITS.orderMax, Math.max(...step.fieldsOfFlowStep.map((f) => f.order)) + 1)
        : 0,
    });
  const [fieldToDelete, setFieldToDelete] = useState<FlowFieldRow | null>(null);
  const [lastFieldAsked, setLastFieldAsked] = useState<FlowFieldRow | null>(null);
  if (fieldToDelete && fieldToDelete !== lastFieldAsked) setLastFieldAsked(fieldToDelete);
  const removeField = trpc.flowFields.remove.useMutation({
    onSuccess: () => {
      toast.success(F.fieldDeleted);
      setFieldToDelete(null);
      refreshFlow();
    },
    onError: (error) => toast.error(F.fieldDeleteFailed, { description: errorText(error) ?? undefined }),
  });

  // ── The flow itself: publish or unpublish (issue 27), duplicate, delete.
  const [publishing, setPublishing] = useState(false);
  const { unpublish, pendingId: unpublishingId } = useUnpublishFlow();
  const { duplicate, pendingId } = useDuplicateFlow();
  const [deletingFlow, setDeletingFlow] = useState(false);

  const reordering = order !== null;
  const [view, setView] = useState<EditorView>('builder');
  const stepLimit = steps.length >= FLOW_LIMITS.stepsMax;

  return (
    <>
      <BackLink />
      <header className="mt-4 mb-6 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 items-start gap-4">
          <FlowTypeTile type={type} size="lg" />
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
              <h1 className="min-w-0 text-2xl font-bold tracking-tight break-words text-slate-900">{flow.name}</h1>
              <span className="flex items-center gap-1.5">
                <FlowTypeBadge type={type} />
                <ActiveBadge active={flow.isActive} />
              </span>
            </div>
            <p className="mt-1 max-w-3xl text-sm leading-6 break-words whitespace-pre-line text-slate-600">
              {flow.description}
            </p>
            <PublicationHint active={flow.isActive} steps={steps.length} />
            <p className="mt-1 flex min-w-0 items-center gap-1.5 text-sm text-slate-500">
              <Building2 className="size-4 shrink-0 text-slate-400" aria-hidden />
              {flow.companyOfFlow ? (
                <Link
                  to={`/hub/companies/${flow.companyOfFlow.id}`}
                  className="truncate rounded-sm hover:text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
                >
                  {flow.companyOfFlow.name}
                </Link>
              ) : (
                <span>{F.noCompany}</span>
              )}
            </p>
          </div>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2 self-start" role="group" aria-label={F.flowActions}>
          {flow.isActive ? (
            <Button variant="secondary" busy={unpublishingId === flow.id} onClick={() => unpublish(flow)}>
              {unpublishingId !== flow.id && <EyeOff className="size-4" aria-hidden />}{' '}
              {unpublishingId === flow.id ? F.unpublishing : F.unpublish}
            </Button>
          ) : (
            <Button onClick={() => setPublishing(true)}>
              <Send className="size-4" aria-hidden /> {F.publish}
            </Button>
          )}
          <Button variant="secondary" busy={pendingId === flow.id} onClick={() => duplicate(flow)}>
            {pendingId !== flow.id && <Copy className="size-4" aria-hidden />} {F.duplicate}
          </Button>
          <Button
            variant="secondary"
            onClick={() => setDeletingFlow(true)}
            className="text-red-700! hover:bg-red-50!"
            aria-label={F.deleteFlowNamed(flow.name)}
            title={F.deleteFlowNamed(flow.name)}
          >
            <Trash2 className="size-4" aria-hidden /> <span className="hidden sm:inline">{F.delete}</span>
          </Button>
        </div>
      </header>

      <EditorViewTabs flowId={flow.id} view={view} onChange={setView} />
      {view === 'submissions' && <FlowSubmissions flowId={flow.id} />}
      <div
        className={cn(
          'grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(20rem,26rem)] xl:grid-cols-[minmax(0,1fr)_minmax(24rem,32rem)]',
          view !== 'builder' && 'hidden',
        )}
      >
        <section aria-labelledby="flow-steps-heading" className="min-w-0">
          <div className="mb-3 flex min-h-8 items-center justify-between gap-3">
            <h2 id="flow-steps-heading" className="flex items-center gap-2 text-base font-semibold text-slate-900">
              {F.steps}
              {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: the count badge names its number; axe accepts it and the e2e tests read it */}
              <span
                className="rounded-full bg-slate-200/80 px-2 py-0.5 text-xs font-medium text-slate-600 tabular-nums"
                aria-label={F.stepsCount(steps.length)}
              >
                {steps.length}
              </span>
            </h2>
            <SaveIndicator state={saver.state} onRetry={saver.retry} />
          </div>

          {steps.length > 0 && (
            <DndContext
              sensors={sensors}
              collisionDetection={closestCenter}
              onDragEnd={onDragEnd}
              accessibility={{ announcements, screenReaderInstructions: { draggable: F.reorderInstructions } }}
            >
              <SortableContext items={ids} strategy={verticalListSortingStrategy}>
                <ol className="mb-4 space-y-4" aria-label={F.steps}>
                  {steps.map((step, index) => (
                    <StepCard
                      key={step.id}
                      step={step}
                      index={index}
                      total={steps.length}
                      type={type}
                      focusTitle={focusId === step.id}
                      onFocused={clearFocus}
                      onChange={(change) => saver.edit(step.id, change)}
                      onFlush={() => saver.flush(step.id)}
                      onMove={(by) => moveStep(index, by)}
                      onDelete={() => setStepToDelete(step)}
                      onAddField={() => openField(step, null)}
                      onEditField={(field) => openField(step, field)}
                      onDeleteField={setFieldToDelete}
                    />
                  ))}
                </ol>
              </SortableContext>
            </DndContext>
          )}

          {/* The add-step card (spec §2.9); with no steps yet it is the page's empty state. */}
          <div
            className={cn(
              'flex flex-col items-center gap-2 rounded-xl border-2 border-dashed px-6 text-center',
              steps.length ? 'border-slate-200 bg-slate-50/60 py-6' : 'border-slate-300 bg-white py-12',
            )}
          >
            {steps.length === 0 && (
              <>
                <FlowTypeTile type={type} />
                <p className="mt-1 text-sm font-semibold text-slate-900">{F.noSteps}</p>
                <p className="mb-3 max-w-sm text-sm text-slate-500">{F.noStepsText}</p>
              </>
            )}
            <Button
              variant={steps.length ? 'secondary' : 'primary'}
              busy={createStep.isPending}
              disabled={reordering || stepLimit}
              onClick={() => createStep.mutate({ flowId: flow.id })}
            >
              {!createStep.isPending && <Plus className="size-4" aria-hidden />} {addStepLabel[type]}
            </Button>
            <p className="text-xs text-slate-500">
              {stepLimit ? F.tooManySteps(FLOW_LIMITS.stepsMax) : F.typeHints[type]}
            </p>
          </div>
        </section>

        <aside className="min-w-0 lg:sticky lg:top-24" aria-label={F.previewOf(flow.name)}>
          <FlowPreview type={type} steps={steps} className="lg:max-h-[calc(100dvh-7.5rem)] lg:overflow-y-auto" />
        </aside>
      </div>

      <FieldDialog
        open={fieldDialog.open}
        stepId={fieldDialog.stepId}
        field={fieldDialog.field}
        nextOrder={fieldDialog.nextOrder}
        onClose={() => setFieldDialog((d) => ({ ...d, open: false }))}
        onSaved={refreshFlow}
      />
      <ConfirmDialog
        open={stepToDelete !== null}
        title={F.deleteStepTitle(lastStepAsked?.stepTitle.trim() || F.deleteStep)}
        text={F.deleteStepText(lastStepAsked?.fieldsOfFlowStep.length ?? 0)}
        confirmLabel={F.delete}
        busyLabel={F.deleting}
        busy={removeStep.isPending}
        onConfirm={() => stepToDelete && removeStep.mutate({ id: stepToDelete.id })}
        onClose={() => setStepToDelete(null)}
      />
      <ConfirmDialog
        open={fieldToDelete !== null}
        title={F.deleteFieldTitle(lastFieldAsked?.fieldLabel ?? '')}
        text={F.deleteFieldText}
        confirmLabel={F.delete}
        busyLabel={F.deleting}
        busy={removeField.isPending}
        onConfirm={() => fieldToDelete && removeField.mutate({ id: fieldToDelete.id })}
        onClose={() => setFieldToDelete(null)}
      />
      <PublishFlowDialog flow={publishing ? flow : null} onClose={() => setPublishing(false)} />
      <DeleteFlowDialog
        flow={deletingFlow ? { id: flow.id, name: flow.name, stepCount: steps.length } : null}
        onClose={() => setDeletingFlow(false)}
        onDeleted={() => void navigate('/hub/flows', { replace: true })}
      />
    </>
  );
}

/** Whether clients see the flow, in words (the badge says Draft / Published). */
function PublicationHint({ active, steps }: { active: boolean; steps: number }) {
  const text = !active ? F.draftHint : steps === 0 ? F.publishedNoStepsHint : F.publishedHint;
  return (
    <p
      data-publication={active ? 'published' : 'draft'}
      className={cn('mt-2 max-w-3xl text-sm', active && steps > 0 ? 'text-emerald-700' : 'text-amber-700')}
    >
      {text}
    </p>
  );
}

/** The page's save state, next to the steps: 'Saving…', 'Saved', or the failure with Retry. */
function SaveIndicator({ state, onRetry }: { state: SaveState; onRetry: () => void }) {
  return (
    <div
      role="status"
      aria-live="polite"
      data-save-state={state}
      className="flex min-w-0 items-center gap-1.5 text-xs font-medium"
    >
      {state === 'saving' && (
        <span className="inline-flex items-center gap-1.5 text-slate-500">
          <Loader2 className="size-3.5 animate-spin" aria-hidden /> {F.saving}
        </span>
      )}
      {state === 'saved' && (
        <span className="inline-flex items-center gap-1.5 text-emerald-700">
          <Check className="size-3.5" aria-hidden /> {F.saved}
        </span>
      )}
      {state === 'error' && (
        <span className="inline-flex min-w-0 items-center gap-1.5 text-red-700">
          <CloudOff className="size-3.5 shrink-0" aria-hidden />
          <span className="min-w-0">{F.saveFailed}</span>
          <button
            type="button"
            onClick={onRetry}
            className={cn(
              'shrink-0 rounded-sm underline focus-visible:ring-2 focus-visible:ring-red-500 focus-visible:outline-none',
            )}
          >
            {F.retrySave}
          </button>
        </span>
      )}
    </div>
  );
}
