import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { trpc } from '../../lib/trpc';
import type { FlowDetail, FlowStepRow } from './flowParts';

/** How long typing pauses before a step's title or content is saved. */
const SAVE_DELAY_MS = 600;

type Draft = { stepTitle?: string; content?: string };
type Confirmed = { stepTitle: string; content: string; updatedAt: number };
export type SaveState = 'idle' | 'saving' | 'saved' | 'error';
type FlowKey = { flowUid: string };

/**
 * The editor's step drafts and their automatic saving (flowSteps.update):
 * - what is typed lives here until the server has it, so a refetch of the flow never overwrites typing;
 * - a step is saved after a pause in typing, at once when its field loses focus (flush), and before the page goes;
 * - one save per step at a time: typing during a save is sent right after it;
 * - an empty title is never sent (the card says 'Step title is required'); the rest of the step still is;
 * - a failed save keeps the draft and says so; the next edit or Retry sends it again.
 */
export function useStepSaver(flowKey: FlowKey, serverSteps: FlowStepRow[]) {
  const utils = trpc.useUtils();
  const [drafts, setDrafts] = useState<Record<number, Draft>>({});
  const draftsRef = useRef(drafts);
  // The server's answer to our own saves: a refetch that left before a save landed must not undo it on screen.
  const [confirmed, setConfirmed] = useState<Record<number, Confirmed>>({});
  const [state, setState] = useState<SaveState>('idle');

  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const dirty = useRef(new Set<number>());
  const inFlight = useRef(new Set<number>());
  const failed = useRef(new Set<number>());
  const savedOnce = useRef(false);

  const writeDrafts = (next: Record<number, Draft>) => {
    draftsRef.current = next;
    setDrafts(next);
  };

  const refreshState = useCallback(() => {
    if (inFlight.current.size > 0 || dirty.current.size > 0) setState('saving');
    else if (failed.current.size > 0) setState('error');
    else setState(savedOnce.current ? 'saved' : 'idle');
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: refs and stable mutation callbacks; listing them would recreate the saver on every render
  const save = useCallback(
    async (stepId: number): Promise<void> => {
      clearTimeout(timers.current.get(stepId));
      timers.current.delete(stepId);
      // One save per step at a time; the one running sends the rest when it ends.
      if (inFlight.current.has(stepId)) return;
      const draft = draftsRef.current[stepId];
      const title = draft?.stepTitle;
      const payload: { id: number; stepTitle?: string; content?: string } = { id: stepId };
      if (title !== undefined && title.trim() !== '') payload.stepTitle = title;
      if (draft?.content !== undefined) payload.content = draft.content;
      dirty.current.delete(stepId);
      if (payload.stepTitle === undefined && payload.content === undefined) {
        refreshState();
        return;
      }
      inFlight.current.add(stepId);
      refreshState();
      try {
        const step = await utils.client.flowSteps.update.mutate(payload);
        failed.current.delete(stepId);
        savedOnce.current = true;
        setConfirmed((all) => ({
          ...all,
          [stepId]: { stepTitle: step.stepTitle, content: step.content, updatedAt: step.updatedAt.getTime() },
        }));
        utils.flows.get.setData(
          flowKey,
          (flow: FlowDetail | undefined) =>
            flow && {
              ...flow,
              stepsOfFlow: flow.stepsOfFlow.map((s) =>
                s.id === stepId
                  ? { ...s, stepTitle: step.stepTitle, content: step.content, updatedAt: step.updatedAt }
                  : s,
              ),
            },
        );
        // Drop the parts of the draft the server now holds as typed (a title keeps its draft while only spaces differ).
        const now = draftsRef.current[stepId];
        if (now) {
          const rest: Draft = { ...now };
          if (rest.stepTitle !== undefined && rest.stepTitle === payload.stepTitle && rest.stepTitle === step.stepTitle)
            delete rest.stepTitle;
          if (rest.content !== undefined && rest.content === payload.content && rest.content === step.content)
            delete rest.content;
          const next = { ...draftsRef.current };
          if (rest.stepTitle === undefined && rest.content === undefined) delete next[stepId];
          else next[stepId] = rest;
          writeDrafts(next);
        }
      } catch {
        // Not retried on its own (the server may be down): the next edit, a blur or Retry sends it again.
        failed.current.add(stepId);
        dirty.current.delete(stepId);
        inFlight.current.delete(stepId);
        refreshState();
        return;
      }
      inFlight.current.delete(stepId);
      // Typed during the save: send that too, after the usual pause.
      if (dirty.current.has(stepId) && !timers.current.has(stepId)) void save(stepId);
      refreshState();
    },
    [flowKey, refreshState, utils],
  );

  /** A change typed into a step: shown at once, saved after a pause. */
  // biome-ignore lint/correctness/useExhaustiveDependencies: refs and stable callbacks; listing them would recreate the saver on every render
  const edit = useCallback(
    (stepId: number, change: Draft) => {
      writeDrafts({ ...draftsRef.current, [stepId]: { ...draftsRef.current[stepId], ...change } });
      dirty.current.add(stepId);
      clearTimeout(timers.current.get(stepId));
      timers.current.set(
        stepId,
        setTimeout(() => void save(stepId), SAVE_DELAY_MS),
      );
      refreshState();
    },
    [save, refreshState],
  );

  /** Saves a step now if it has changes waiting (its field lost focus). */
  const flush = useCallback(
    (stepId: number) => {
      if (dirty.current.has(stepId) || failed.current.has(stepId)) void save(stepId);
    },
    [save],
  );

  const retry = useCallback(() => {
    for (const id of [...failed.current]) void save(id);
  }, [save]);

  /** A deleted step: its draft and any save waiting for it go. */
  // biome-ignore lint/correctness/useExhaustiveDependencies: refs and stable callbacks; listing them would recreate the saver on every render
  const forget = useCallback(
    (stepId: number) => {
      clearTimeout(timers.current.get(stepId));
      timers.current.delete(stepId);
      dirty.current.delete(stepId);
      failed.current.delete(stepId);
      const next = { ...draftsRef.current };
      delete next[stepId];
      writeDrafts(next);
      refreshState();
    },
    [refreshState],
  );

  // Leaving the page (another screen of the hub): what is still waiting is sent now. Closing or reloading the tab
  // with changes not yet saved asks first.
  useEffect(() => {
    const pending = () => dirty.current.size > 0 || inFlight.current.size > 0 || failed.current.size > 0;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!pending()) return;
      for (const id of [...dirty.current]) void save(id);
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    const waiting = timers.current;
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      for (const [id, timer] of waiting) {
        clearTimeout(timer);
        void save(id);
      }
    };
  }, [save]);

  /** The steps as the editor and the preview show them: the server's, then our saves, then what is being typed. */
  const steps = useMemo(
    () =>
      serverSteps.map((s) => {
        const mine = confirmed[s.id];
        const base =
          mine && mine.updatedAt >= s.updatedAt.getTime()
            ? { ...s, stepTitle: mine.stepTitle, content: mine.content }
            : s;
        const draft = drafts[s.id];
        return draft
          ? { ...base, stepTitle: draft.stepTitle ?? base.stepTitle, content: draft.content ?? base.content }
          : base;
      }),
    [serverSteps, confirmed, drafts],
  );

  return { steps, state, edit, flush, retry, forget };
}
