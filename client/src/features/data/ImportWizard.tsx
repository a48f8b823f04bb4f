import { useEffect, useReducer, useRef, type Dispatch, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { ArrowLeft, RotateCcw } from 'lucide-react';
import type { ImportMapping } from '../../../../shared/schemas/data';
import { trpc } from '../../lib/trpc';
import { Button, buttonClass } from '../../ui/Button';
import { Alert } from '../../ui/Feedback';
import { SettingsCard } from '../account/accountParts';
import { sampleValues } from './csvHead';
import { commitImport, previewImport } from './importApi';
import { DoneStep } from './import/DoneStep';
import { FileStep } from './import/FileStep';
import { IssueList, P, Stepper, totalOf } from './import/importParts';
import {
  failureOf,
  importReducer,
  initialImportState,
  isCsvKind,
  isStale,
  mappingForFile,
  missingFields,
  stepsOf,
  type ImportAction,
  type ImportState,
  type Step,
} from './import/importState';
import { MapStep } from './import/MapStep';
import { PreviewStep } from './import/PreviewStep';

/**
 * The import wizard: 1) what the file holds and the file, 2) (CSV) which column feeds which field, every change
 * re-running the preview, 3) the preview with new rows, duplicates and errors marked, 4) the summary. The server
 * does every check (POST /api/imports without commit) and writes all rows in one transaction, or none. The chosen
 * file and mapping stay when a request fails. The import sends the mapping the shown preview was made with
 * (preview.mapping), never a newer choice whose preview failed; until that choice is previewed, the wizard doesn't go on.
 * Its state is one reducer (import/importState.ts); each step is a file of import/.
 */
export function ImportWizard({ canImportArchive }: { canImportArchive: boolean }) {
  // ?import=companies|contacts (the empty lists' and the getting-started card's "Import from CSV") picks the kind.
  const [params] = useSearchParams();
  const asked = params.get('import');
  const [state, dispatch] = useReducer(
    importReducer,
    initialImportState,
    (initial): ImportState => (asked === 'companies' || asked === 'contacts' ? { ...initial, kind: asked } : initial),
  );
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (asked) card.current?.scrollIntoView({ block: 'start' });
  }, [asked]);
  const { step, kind, failure } = state;
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const actions = useImportActions(state, dispatch, canImportArchive);

  // A new step takes the focus to its heading (keyboard and screen reader users land on what changed).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes, reading the heading through its ref
  useEffect(() => {
    if (moved.current) heading.current?.focus();
    moved.current = true;
  }, [step]);

  const steps = stepsOf(kind);
  const stepIndex = steps.indexOf(step);
  const { body, footer } = stepView(state, dispatch, actions, canImportArchive);
  return (
    <div ref={card} className="scroll-mt-20">
      <SettingsCard title={P.importTitle} text={P.importText} footer={footer}>
        <Stepper steps={steps} current={stepIndex} />
        <h3 ref={heading} tabIndex={-1} className="sr-only">
          {P.stepOf(stepIndex + 1, steps.length, P.steps[step])}
        </h3>
        <div className="mt-6">{body}</div>
        {failure && (
          <Alert className="mt-5">
            <p className="font-medium">{failure.title}</p>
            <p>{failure.message}</p>
            {failure.issues.length > 0 && <IssueList issues={failure.issues} className="mt-2" />}
          </Alert>
        )}
      </SettingsCard>
    </div>
  );
}

type ImportActions = ReturnType<typeof useImportActions>;

/** The wizard's requests: the preview (the newest one wins, an older one is aborted) and the import. */
function useImportActions(state: ImportState, dispatch: Dispatch<ImportAction>, canImportArchive: boolean) {
  const utils = trpc.useUtils();
  const pending = useRef<AbortController | null>(null);
  /** The file the current mapping was made for. */
  const mappedFile = useRef<File | null>(null);
  useEffect(() => () => pending.current?.abort(), []);
  const { file, kind, preview, busy } = state;

  async function runPreview(nextMapping: ImportMapping | null, then?: Step) {
    if (!file) return;
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    dispatch({ type: 'previewStarted' });
    try {
      const firstLine = isCsvKind(kind) ? await sampleValues(file) : null;
      const sent = firstLine && mappedFile.current !== file ? mappingForFile(nextMapping, firstLine) : nextMapping;
      const result = await previewImport({ file, kind, mapping: sent }, controller.signal);
      if (controller.signal.aborted) return;
      mappedFile.current = file;
      dispatch({ type: 'previewed', preview: result, samples: firstLine, then });
    } catch (error) {
      if (controller.signal.aborted) return;
      dispatch({ type: 'failed', failure: failureOf(error, P.previewFailed) });
    } finally {
      if (pending.current === controller) {
        pending.current = null;
        dispatch({ type: 'idle' });
      }
    }
  }

  async function runImport() {
    if (!file || !preview || isStale(state)) return;
    dispatch({ type: 'commitStarted' });
    try {
      // The mapping of the preview the person saw (the server's, guesses included), not a newer unpreviewed choice.
      const result = await commitImport({
        file,
        kind,
        mapping: isCsvKind(kind) ? preview.mapping : null,
        applyBusiness: kind === 'archive' && canImportArchive && state.applyBusiness,
      });
      dispatch({ type: 'committed', summary: result });
      toast.success(P.imported);
      void utils.invalidate();
    } catch (error) {
      dispatch({ type: 'failed', failure: failureOf(error, P.importFailed) });
    } finally {
      dispatch({ type: 'idle' });
    }
  }

  return {
    runPreview,
    runImport,
    choose: (chosen: File | null | undefined) => {
      if (chosen && !busy) dispatch({ type: 'chooseFile', file: chosen });
    },
    changeMapping: (field: string, header: string) => {
      const next = { ...(state.mapping ?? {}) };
      if (header) next[field] = header;
      else delete next[field];
      dispatch({ type: 'setMapping', mapping: next });
      void runPreview(next);
    },
    startOver: () => {
      pending.current?.abort();
      dispatch({ type: 'startOver' });
    },
  };
}

/** The open step's body and its footer buttons. */
function stepView(
  state: ImportState,
  dispatch: Dispatch<ImportAction>,
  actions: ImportActions,
  canImportArchive: boolean,
): { body?: ReactNode; footer?: ReactNode } {
  const { step, kind, file, fileError, mapping, preview, summary, busy } = state;
  const stale = isStale(state);
  const back = (to: Step) => dispatch({ type: 'goTo', step: to });

  if (step === 'file')
    return {
      body: (
        <FileStep
          kind={kind}
          onKind={(next) => dispatch({ type: 'chooseKind', kind: next })}
          canImportArchive={canImportArchive}
          file={file}
          fileError={fileError}
          onFile={actions.choose}
          onRemove={() => dispatch({ type: 'removeFile' })}
          disabled={busy !== null}
        />
      ),
      footer: (
        <Button
          onClick={() => {
            if (!file) return dispatch({ type: 'noFile' });
            if (!fileError) void actions.runPreview(mapping, kind === 'archive' ? 'preview' : 'map');
          }}
          busy={busy === 'preview'}
          disabled={!!fileError}
        >
          {busy === 'preview' ? P.reading : P.continue}
        </Button>
      ),
    };
  if (step === 'map' && preview && isCsvKind(kind)) {
    const missing = missingFields(state);
    return {
      body: (
        <MapStep
          kind={kind}
          preview={preview}
          mapping={mapping ?? {}}
          samples={state.samples}
          missing={missing}
          busy={busy === 'preview'}
          stale={stale}
          onChange={actions.changeMapping}
        />
      ),
      footer: (
        <>
          <Button variant="ghost" onClick={() => back('file')} className="mr-auto">
            <ArrowLeft className="size-4" aria-hidden /> {P.back}
          </Button>
          {stale && busy === null ? (
            // The last re-preview failed: try it again (the preview step only opens on a preview of these columns).
            <Button onClick={() => void actions.runPreview(mapping)}>
              <RotateCcw className="size-4" aria-hidden /> {P.retryPreview}
            </Button>
          ) : (
            <Button onClick={() => back('preview')} disabled={busy !== null || stale || missing.length > 0}>
              {P.showPreview}
            </Button>
          )}
        </>
      ),
    };
  }
  if (step === 'preview' && preview) return previewView(state, dispatch, actions, canImportArchive);
  if (step === 'done' && summary)
    return {
      body: <DoneStep summary={summary} />,
      footer: (
        <>
          <Link to="/hub/companies" className={buttonClass('secondary')}>
            {P.openCompanies}
          </Link>
          <Link to="/hub/contacts" className={buttonClass('secondary')}>
            {P.openContacts}
          </Link>
          <Button onClick={actions.startOver}>
            <RotateCcw className="size-4" aria-hidden /> {P.importAnother}
          </Button>
        </>
      ),
    };
  return {};
}

/** The preview step: the rows and, below, Back and Import (blocked by errors, by nothing new, by a stale preview). */
function previewView(
  state: ImportState,
  dispatch: Dispatch<ImportAction>,
  actions: ImportActions,
  canImportArchive: boolean,
): { body: ReactNode; footer: ReactNode } {
  const { kind, busy, applyBusiness } = state;
  const preview = state.preview!;
  const errors = totalOf(preview, 'error');
  const fresh = totalOf(preview, 'new');
  return {
    body: (
      <PreviewStep
        preview={preview}
        kind={kind}
        onChooseFile={() => dispatch({ type: 'goTo', step: 'file' })}
        applyBusiness={
          kind === 'archive' && canImportArchive
            ? {
                checked: applyBusiness,
                onChange: (checked) => dispatch({ type: 'setApplyBusiness', checked }),
                disabled: busy !== null,
              }
            : null
        }
      />
    ),
    footer: (
      <>
        <Button
          variant="ghost"
          onClick={() => dispatch({ type: 'goTo', step: kind === 'archive' ? 'file' : 'map' })}
          className="mr-auto"
          disabled={busy === 'commit'}
        >
          <ArrowLeft className="size-4" aria-hidden /> {P.back}
        </Button>
        {errors === 0 && <p className="hidden text-xs text-slate-500 md:block">{P.allOrNothing}</p>}
        <Button
          onClick={() => void actions.runImport()}
          busy={busy === 'commit'}
          disabled={busy === 'preview' || isStale(state) || errors > 0 || fresh === 0}
          aria-describedby={errors > 0 ? 'import-blocked' : undefined}
        >
          {busy === 'commit' ? P.importing : kind === 'archive' ? P.importArchiveButton : P.importButton(fresh)}
        </Button>
      </>
    ),
  };
}
