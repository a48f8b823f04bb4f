import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { format } from 'date-fns';
import { toast } from 'sonner';
import {
  AlertCircle,
  ArrowLeft,
  Building2,
  Check,
  CircleAlert,
  CirclePlus,
  Copy,
  FileArchive,
  FileSpreadsheet,
  FileUp,
  Info,
  Loader2,
  RotateCcw,
  Users,
} from 'lucide-react';
import { M } from '../../../../shared/messages';
import {
  IMPORT_FIELDS,
  IMPORT_MAX_ISSUES,
  REQUIRED_IMPORT_FIELDS,
  type CsvImportKind,
  type ImportIssue,
  type ImportKind,
  type ImportMapping,
  type ImportPreview,
  type ImportPreviewRow,
  type ImportSummary,
} from '../../../../shared/schemas/data';
import { cn } from '../../lib/cn';
import { trpc } from '../../lib/trpc';
import { Badge, type Tone } from '../../ui/Badge';
import { Button, buttonClass } from '../../ui/Button';
import { controlClass, RequiredMark } from '../../ui/Field';
import { Alert } from '../../ui/Feedback';
import { FilePicker } from '../../ui/FilePicker';
import { SettingsCard } from '../account/accountParts';
import { sampleValues } from './csvHead';
import { commitImport, ImportRequestError, previewImport } from './importApi';

const P = M.data.page;

type Step = 'file' | 'map' | 'preview' | 'done';
type Failure = { title: string; message: string; issues: ImportIssue[] };
type RowFilter = 'all' | ImportPreviewRow['status'];

const kindIcon = { companies: Building2, contacts: Users, archive: FileArchive } as const;
const extensionOf = (kind: ImportKind) => (kind === 'archive' ? '.zip' : '.csv');
const isCsvKind = (kind: ImportKind): kind is CsvImportKind => kind !== 'archive';
const fieldName = (field: string) => M.data.import.fieldLabels[field] ?? field;
const entityName = (entity: string) => P.entities[entity] ?? entity;

function fileProblem(file: File, kind: ImportKind): string | null {
  if (file.size === 0) return P.emptyFile;
  return file.name.toLowerCase().endsWith(extensionOf(kind)) ? null : P.wrongType(extensionOf(kind));
}

/** The same columns for the same fields (a field left out and one mapped to nothing are alike). */
function sameMapping(a: ImportMapping | null, b: ImportMapping | null): boolean {
  const entries = (m: ImportMapping | null) => Object.entries(m ?? {}).filter(([, header]) => header);
  const left = entries(a);
  return left.length === entries(b).length && left.every(([field, header]) => b?.[field] === header);
}

function failureOf(error: unknown, title: string): Failure {
  if (error instanceof ImportRequestError) return { title, message: error.message, issues: error.issues };
  return { title, message: P.noReply, issues: [] };
}

/**
 * The import wizard: 1) what the file holds and the file, 2) (CSV) which column feeds which field, every change
 * re-running the preview, 3) the preview with new rows, duplicates and errors marked, 4) the summary. The server
 * does every check (POST /api/imports without commit) and writes all rows in one transaction, or none. The chosen
 * file and mapping stay when a request fails. The import sends the mapping the shown preview was made with
 * (preview.mapping), never a newer choice whose preview failed; until that choice is previewed, the wizard doesn't go on.
 */
export function ImportWizard({ canImportArchive }: { canImportArchive: boolean }) {
  const utils = trpc.useUtils();
  const [step, setStep] = useState<Step>('file');
  const [kind, setKind] = useState<ImportKind>('contacts');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [mapping, setMapping] = useState<ImportMapping | null>(null);
  const [samples, setSamples] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [summary, setSummary] = useState<ImportSummary | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [busy, setBusy] = useState<'preview' | 'commit' | null>(null);
  /** A zip's commit also takes over the export's agency details and branding (owner's choice, off by default). */
  const [applyBusiness, setApplyBusiness] = useState(false);
  const pending = useRef<AbortController | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  /** The file the current mapping was made for. */
  const mappedFile = useRef<File | null>(null);

  const steps: Step[] = kind === 'archive' ? ['file', 'preview', 'done'] : ['file', 'map', 'preview', 'done'];
  // A new step takes the focus to its heading (keyboard and screen reader users land on what changed).
  useEffect(() => {
    if (moved.current) heading.current?.focus();
    moved.current = true;
  }, [step]);
  useEffect(() => () => pending.current?.abort(), []);

  function choose(chosen: File | null | undefined) {
    if (!chosen || busy) return;
    setFile(chosen);
    setFileError(fileProblem(chosen, kind));
    setFailure(null);
    // The mapping stays for the columns the new file still has (a corrected file keeps its choices), see runPreview.
    setPreview(null);
    setApplyBusiness(false);
  }

  function chooseKind(next: ImportKind) {
    setKind(next);
    setMapping(null);
    setPreview(null);
    setApplyBusiness(false);
    setFailure(null);
    setFileError(file ? fileProblem(file, next) : null);
  }

  async function runPreview(nextMapping: ImportMapping | null, then?: Step) {
    if (!file) return;
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    setBusy('preview');
    setFailure(null);
    try {
      const firstLine = isCsvKind(kind) ? await sampleValues(file) : null;
      // A mapping chosen for another file keeps only the columns this one has; none left: the server guesses again.
      let sent = nextMapping;
      if (sent && firstLine && mappedFile.current !== file) {
        sent = Object.fromEntries(Object.entries(sent).filter(([, header]) => header.trim() in firstLine));
        if (Object.keys(sent).length === 0) sent = null;
      }
      const result = await previewImport({ file, kind, mapping: sent }, controller.signal);
      if (controller.signal.aborted) return;
      mappedFile.current = file;
      if (firstLine) setSamples(firstLine);
      setPreview(result);
      setMapping(result.mapping);
      if (then) setStep(then);
    } catch (error) {
      if (controller.signal.aborted) return;
      setFailure(failureOf(error, P.previewFailed));
    } finally {
      if (pending.current === controller) {
        pending.current = null;
        setBusy(null);
      }
    }
  }

  async function runImport() {
    if (!file || !preview || stale) return;
    setBusy('commit');
    setFailure(null);
    try {
      // The mapping of the preview the person saw (the server's, guesses included), not a newer unpreviewed choice.
      const result = await commitImport({
        file,
        kind,
        mapping: isCsvKind(kind) ? preview.mapping : null,
        applyBusiness: kind === 'archive' && canImportArchive && applyBusiness,
      });
      setSummary(result);
      setStep('done');
      toast.success(P.imported);
      void utils.invalidate();
    } catch (error) {
      setFailure(failureOf(error, P.importFailed));
    } finally {
      setBusy(null);
    }
  }

  function changeMapping(field: string, header: string) {
    const next = { ...(mapping ?? {}) };
    if (header) next[field] = header;
    else delete next[field];
    setMapping(next);
    void runPreview(next);
  }

  function startOver() {
    pending.current?.abort();
    setStep('file');
    setFile(null);
    setFileError(null);
    setMapping(null);
    setPreview(null);
    setSummary(null);
    setFailure(null);
    setBusy(null);
    setApplyBusiness(false);
  }

  const goBack = (to: Step) => {
    setFailure(null);
    setStep(to);
  };

  const missing =
    isCsvKind(kind) && mapping
      ? (REQUIRED_IMPORT_FIELDS[kind] as readonly string[]).filter((field) => !mapping[field])
      : [];
  /** The shown preview is not of the chosen columns (their re-preview is running, or failed). */
  const stale = isCsvKind(kind) && !!preview && !sameMapping(mapping, preview.mapping);

  let body: ReactNode;
  let footer: ReactNode;
  if (step === 'file') {
    body = (
      <FileStep
        kind={kind}
        onKind={chooseKind}
        canImportArchive={canImportArchive}
        file={file}
        fileError={fileError}
        onFile={choose}
        onRemove={() => {
          setFile(null);
          setFileError(null);
          setPreview(null);
          setMapping(null);
          setApplyBusiness(false);
        }}
        disabled={busy !== null}
      />
    );
    footer = (
      <Button
        onClick={() => {
          if (!file) return setFileError(P.noFile);
          if (!fileError) void runPreview(mapping, kind === 'archive' ? 'preview' : 'map');
        }}
        busy={busy === 'preview'}
        disabled={!!fileError}
      >
        {busy === 'preview' ? P.reading : P.continue}
      </Button>
    );
  } else if (step === 'map' && preview && isCsvKind(kind)) {
    body = (
      <MapStep
        kind={kind}
        preview={preview}
        mapping={mapping ?? {}}
        samples={samples}
        missing={missing}
        busy={busy === 'preview'}
        stale={stale}
        onChange={changeMapping}
      />
    );
    footer = (
      <>
        <Button variant="ghost" onClick={() => goBack('file')} className="mr-auto">
          <ArrowLeft className="size-4" aria-hidden /> {P.back}
        </Button>
        {stale && busy === null ? (
          // The last re-preview failed: try it again (the preview step only opens on a preview of these columns).
          <Button onClick={() => void runPreview(mapping)}>
            <RotateCcw className="size-4" aria-hidden /> {P.retryPreview}
          </Button>
        ) : (
          <Button onClick={() => goBack('preview')} disabled={busy !== null || stale || missing.length > 0}>
            {P.showPreview}
          </Button>
        )}
      </>
    );
  } else if (step === 'preview' && preview) {
    const errors = totalOf(preview, 'error');
    const fresh = totalOf(preview, 'new');
    body = (
      <PreviewStep
        preview={preview}
        kind={kind}
        onChooseFile={() => goBack('file')}
        applyBusiness={
          kind === 'archive' && canImportArchive
            ? { checked: applyBusiness, onChange: setApplyBusiness, disabled: busy !== null }
            : null
        }
      />
    );
    footer = (
      <>
        <Button
          variant="ghost"
          onClick={() => goBack(kind === 'archive' ? 'file' : 'map')}
          className="mr-auto"
          disabled={busy === 'commit'}
        >
          <ArrowLeft className="size-4" aria-hidden /> {P.back}
        </Button>
        {errors === 0 && <p className="hidden text-xs text-slate-500 md:block">{P.allOrNothing}</p>}
        <Button
          onClick={() => void runImport()}
          busy={busy === 'commit'}
          disabled={busy === 'preview' || stale || errors > 0 || fresh === 0}
          aria-describedby={errors > 0 ? 'import-blocked' : undefined}
        >
          {busy === 'commit' ? P.importing : kind === 'archive' ? P.importArchiveButton : P.importButton(fresh)}
        </Button>
      </>
    );
  } else if (step === 'done' && summary) {
    body = <DoneStep summary={summary} />;
    footer = (
      <>
        <Link to="/hub/companies" className={buttonClass('secondary')}>
          {P.openCompanies}
        </Link>
        <Link to="/hub/contacts" className={buttonClass('secondary')}>
          {P.openContacts}
        </Link>
        <Button onClick={startOver}>
          <RotateCcw className="size-4" aria-hidden /> {P.importAnother}
        </Button>
      </>
    );
  }

  const stepIndex = steps.indexOf(step);
  return (
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
  );
}

function Stepper({ steps, current }: { steps: Step[]; current: number }) {
  return (
    <ol aria-label={P.importTitle} className="flex items-center gap-2 sm:gap-3">
      {steps.map((step, i) => {
        const done = i < current;
        const active = i === current;
        return (
          <li
            key={step}
            aria-current={active ? 'step' : undefined}
            className={cn('flex min-w-0 items-center gap-2 sm:gap-3', i < steps.length - 1 && 'flex-1')}
          >
            <span
              className={cn(
                'grid size-7 shrink-0 place-items-center rounded-full text-xs font-semibold',
                done
                  ? 'bg-brand-600 text-white'
                  : active
                    ? 'bg-white text-brand-700 ring-2 ring-brand-600'
                    : 'bg-white text-slate-500 ring-1 ring-slate-300',
              )}
            >
              {done ? <Check className="size-4" aria-hidden /> : i + 1}
            </span>
            {active ? (
              <span className="shrink-0 text-sm font-semibold text-slate-900">{P.steps[step]}</span>
            ) : (
              // On phones only the open step is named beside its number; screen readers hear every name.
              <>
                <span
                  aria-hidden
                  className={cn(
                    'hidden truncate text-sm sm:block',
                    done ? 'font-medium text-slate-700' : 'text-slate-500',
                  )}
                >
                  {P.steps[step]}
                </span>
                <span className="sr-only">{done ? P.stepDone(P.steps[step]) : P.steps[step]}</span>
              </>
            )}
            {i < steps.length - 1 && (
              <span aria-hidden className={cn('h-px min-w-3 flex-1', done ? 'bg-brand-600' : 'bg-slate-200')} />
            )}
          </li>
        );
      })}
    </ol>
  );
}

function FileStep(props: {
  kind: ImportKind;
  onKind: (kind: ImportKind) => void;
  canImportArchive: boolean;
  file: File | null;
  fileError: string | null;
  onFile: (file: File | null | undefined) => void;
  onRemove: () => void;
  disabled: boolean;
}) {
  const { kind, onKind, canImportArchive, file, fileError, onFile, onRemove, disabled } = props;
  const kinds: ImportKind[] = canImportArchive ? ['companies', 'contacts', 'archive'] : ['companies', 'contacts'];
  return (
    <div className="space-y-6">
      <fieldset disabled={disabled}>
        <legend className="mb-2 block text-sm font-medium text-slate-700">{P.kindLegend}</legend>
        <div className={cn('grid gap-2', kinds.length === 3 ? 'sm:grid-cols-3' : 'sm:grid-cols-2')}>
          {kinds.map((option) => {
            const Icon = kindIcon[option];
            const chosen = option === kind;
            return (
              <label
                key={option}
                className={cn(
                  'relative flex cursor-pointer gap-3 rounded-lg border p-3 text-sm transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 sm:flex-col sm:gap-2',
                  chosen
                    ? 'border-brand-500 bg-brand-50/60 ring-1 ring-brand-500'
                    : 'border-slate-300 bg-white hover:border-slate-400',
                )}
              >
                <input
                  type="radio"
                  name="import-kind"
                  value={option}
                  checked={chosen}
                  onChange={() => onKind(option)}
                  className="sr-only"
                />
                <Icon
                  className={cn('mt-0.5 size-5 shrink-0 sm:mt-0', chosen ? 'text-brand-700' : 'text-slate-400')}
                  aria-hidden
                />
                <span className="min-w-0">
                  <span className="block font-medium text-slate-900">{P.kinds[option].label}</span>
                  <span className="block text-xs text-slate-500">{P.kinds[option].text}</span>
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>

      <FilePicker
        file={file}
        error={fileError}
        onFile={onFile}
        onRemove={onRemove}
        disabled={disabled}
        label={P.fileLabel}
        accept={kind === 'archive' ? '.zip,application/zip' : '.csv,text/csv'}
        icon={
          kind === 'archive' ? (
            <FileArchive className="size-4" aria-hidden />
          ) : (
            <FileSpreadsheet className="size-4" aria-hidden />
          )
        }
        hint={kind === 'archive' ? P.acceptZip : P.acceptCsv}
        texts={{ choose: P.chooseFile, drop: P.dropHere, replace: P.replaceFile, remove: P.removeFile }}
      />
    </div>
  );
}

function MapStep(props: {
  kind: CsvImportKind;
  preview: ImportPreview;
  mapping: ImportMapping;
  samples: Record<string, string>;
  missing: string[];
  busy: boolean;
  /** The counts below are of other columns than the chosen ones (their re-preview failed). */
  stale: boolean;
  onChange: (field: string, header: string) => void;
}) {
  const { kind, preview, mapping, samples, missing, busy, stale, onChange } = props;
  const required = REQUIRED_IMPORT_FIELDS[kind] as readonly string[];
  const id = useId();
  return (
    <div>
      <h4 className="text-sm font-semibold text-slate-900">{P.mapTitle}</h4>
      <p className="mt-1 text-sm text-slate-500">{P.mapText}</p>
      <ul className="mt-4 divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200">
        {IMPORT_FIELDS[kind].map((field) => {
          const header = mapping[field] ?? '';
          const sample = header ? samples[header.trim()] : undefined;
          const lacking = missing.includes(field);
          const hintId = `${id}-${field}-hint`;
          return (
            <li
              key={field}
              className="grid gap-2 px-4 py-3 sm:grid-cols-[10rem_minmax(0,16rem)_minmax(0,1fr)] sm:items-center sm:gap-4"
            >
              <label htmlFor={`${id}-${field}`} className="text-sm font-medium text-slate-700">
                {fieldName(field)}
                {required.includes(field) && <RequiredMark />}
              </label>
              <select
                id={`${id}-${field}`}
                value={header}
                onChange={(e) => onChange(field, e.target.value)}
                aria-invalid={lacking || undefined}
                aria-describedby={hintId}
                className={controlClass(lacking)}
              >
                <option value="">{P.skipColumn}</option>
                {preview.headers.map((h) => (
                  <option key={h} value={h}>
                    {h}
                  </option>
                ))}
              </select>
              <p
                id={hintId}
                className={cn('min-w-0 truncate text-xs', lacking ? 'font-medium text-red-600' : 'text-slate-500')}
                title={sample || undefined}
              >
                {lacking ? P.requiredMissing(fieldName(field)) : header ? (sample ? P.sample(sample) : P.noSample) : ''}
              </p>
            </li>
          );
        })}
      </ul>
      {preview.issues.some((issue) => issue.line === null) && (
        <Alert className="mt-4">
          <IssueList issues={preview.issues.filter((issue) => issue.line === null)} className="pl-4" />
        </Alert>
      )}
      <div aria-live="polite" className="mt-4 flex min-h-6 flex-wrap items-center gap-2 text-sm text-slate-600">
        {busy ? (
          <span className="inline-flex items-center gap-2 text-slate-500">
            <Loader2 className="size-4 animate-spin" aria-hidden /> {P.updatingPreview}
          </span>
        ) : stale ? (
          <span className="inline-flex items-center gap-2 text-amber-800">
            <Info className="size-4 shrink-0" aria-hidden /> {P.previewOutdated}
          </span>
        ) : (
          <CountChips preview={preview} />
        )}
      </div>
    </div>
  );
}

const ROW_ENTITIES = ['companies', 'contacts'];
const totalOf = (preview: ImportPreview, status: 'new' | 'duplicate' | 'error') =>
  Object.values(preview.counts).reduce((sum, c) => sum + c[status], 0);

/** Per entity: how many rows are new, duplicates and errors (errors and duplicates only when there are some). */
function CountChips({ preview }: { preview: ImportPreview }) {
  // Entities the file has no rows of (a zip's flow answers…) are left out.
  const entries = Object.entries(preview.counts)
    .filter(([, count]) => count.new + count.duplicate + count.error > 0)
    .sort(([a], [b]) => order(a) - order(b));
  return (
    <ul className="flex flex-wrap gap-2" aria-label={P.previewTitle}>
      {entries.map(([entity, count]) => (
        <li
          key={entity}
          className="inline-flex flex-wrap items-center gap-1.5 rounded-lg bg-white px-2.5 py-1.5 text-xs ring-1 ring-slate-200"
        >
          <span className="font-medium text-slate-900">{entityName(entity)}</span>
          <Badge tone="green">{P.countNew(count.new)}</Badge>
          {count.duplicate > 0 && <Badge tone="yellow">{P.countDuplicate(count.duplicate)}</Badge>}
          {count.error > 0 && <Badge tone="red">{P.countError(count.error)}</Badge>}
        </li>
      ))}
    </ul>
  );
}

const ENTITY_ORDER = Object.keys(P.entities);
const order = (entity: string) => {
  const i = ENTITY_ORDER.indexOf(entity);
  return i < 0 ? ENTITY_ORDER.length : i;
};

const statusTone: Record<ImportPreviewRow['status'], Tone> = { new: 'green', duplicate: 'yellow', error: 'red' };
const statusIcon = { new: CirclePlus, duplicate: Copy, error: CircleAlert } as const;

function RowStatus({ status }: { status: ImportPreviewRow['status'] }) {
  const Icon = statusIcon[status];
  return (
    <Badge tone={statusTone[status]} className="gap-1 whitespace-nowrap">
      <Icon className="size-3" aria-hidden /> {P.rowStatus[status]}
    </Badge>
  );
}

/** A zip's row shows who or what it is (name, or first and last name, and e-mail); a CSV row its mapped columns. */
const recordText = (values: Record<string, string>) =>
  [values.name || [values.firstName, values.lastName].filter(Boolean).join(' '), values.email]
    .filter(Boolean)
    .join(' · ') || Object.values(values).filter(Boolean).slice(0, 3).join(' · ');

type ApplyBusiness = { checked: boolean; onChange: (checked: boolean) => void; disabled: boolean };

function PreviewStep({
  preview,
  kind,
  onChooseFile,
  applyBusiness,
}: {
  preview: ImportPreview;
  kind: ImportKind;
  onChooseFile: () => void;
  applyBusiness: ApplyBusiness | null;
}) {
  const applyId = useId();
  const [filter, setFilter] = useState<RowFilter>('all');
  const errors = totalOf(preview, 'error');
  const fresh = totalOf(preview, 'new');
  const rows = filter === 'all' ? preview.rows : preview.rows.filter((row) => row.status === filter);
  const byStatus = (status: RowFilter) =>
    status === 'all' ? preview.rows.length : preview.rows.filter((row) => row.status === status).length;
  const columns = isCsvKind(kind) ? IMPORT_FIELDS[kind].filter((field) => preview.mapping[field]) : [];
  const rowTotal = Object.entries(preview.counts)
    .filter(([entity]) => (!isCsvKind(kind) ? ROW_ENTITIES.includes(entity) : true))
    .reduce((sum, [, c]) => sum + c.new + c.duplicate + c.error, 0);
  // A CSV's row problems are in its rows; a zip's other entities (projects, tasks…) only have their issues.
  const issues = isCsvKind(kind) ? preview.issues.filter((issue) => issue.line === null) : preview.issues;
  const filters: RowFilter[] = ['all', 'error', 'duplicate', 'new'];
  // A CSV's notes sit beside the status (its columns may scroll away); a zip's after the record they are about.
  const notesHead = (
    <th scope="col" className="px-3 py-2">
      {P.messagesColumn}
    </th>
  );
  const notes = (row: ImportPreviewRow) => (
    <td className={cn('px-3 py-2 text-xs', row.status === 'error' ? 'text-red-700' : 'text-slate-500')}>
      {/* Table cells ignore min-width: the notes' own box keeps them readable beside many columns. */}
      <div className="w-44 sm:w-56">
        {row.messages.map((message, j) => (
          <p key={j}>{message}</p>
        ))}
      </div>
    </td>
  );

  return (
    <div className="space-y-5">
      {preview.source && (
        <p className="flex items-start gap-2 rounded-lg bg-slate-50 px-3 py-2.5 text-sm text-slate-700 ring-1 ring-slate-200 ring-inset">
          <FileArchive className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden />
          {P.sourceText(preview.source.businessName, sourceDate(preview.source.exportedAt))}
        </p>
      )}
      {applyBusiness && (
        <div
          className={cn(
            'flex items-start gap-3 rounded-lg px-3 py-2.5 ring-1 ring-inset transition-colors',
            applyBusiness.checked ? 'bg-brand-50/60 ring-brand-200' : 'ring-slate-200',
          )}
        >
          <input
            id={applyId}
            type="checkbox"
            checked={applyBusiness.checked}
            disabled={applyBusiness.disabled}
            onChange={(e) => applyBusiness.onChange(e.target.checked)}
            aria-describedby={`${applyId}-hint`}
            className="mt-0.5 size-4 shrink-0 cursor-pointer rounded accent-brand-600 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-1 focus-visible:outline-none disabled:cursor-not-allowed"
          />
          <div className="min-w-0 text-sm">
            <label htmlFor={applyId} className="cursor-pointer font-medium text-slate-900">
              {P.applyBusiness}
            </label>
            <p id={`${applyId}-hint`} className="mt-0.5 text-slate-500">
              {P.applyBusinessHint}
            </p>
          </div>
        </div>
      )}
      <div>
        <h4 className="mb-2 text-sm font-semibold text-slate-900">{P.previewTitle}</h4>
        <CountChips preview={preview} />
      </div>

      {errors > 0 && (
        <div
          id="import-blocked"
          role="alert"
          className="flex flex-col gap-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-700 sm:flex-row sm:items-center sm:justify-between"
        >
          <p className="flex gap-2">
            <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>
              <span className="font-medium">{P.countError(errors)}.</span> {P.fixErrors}
            </span>
          </p>
          <Button variant="secondary" size="sm" onClick={onChooseFile} className="shrink-0 self-start sm:self-auto">
            <FileUp className="size-4" aria-hidden /> {P.chooseFile}
          </Button>
        </div>
      )}
      {errors === 0 && fresh === 0 && (
        <p className="flex items-center gap-2 rounded-lg bg-amber-50 px-3 py-2.5 text-sm text-amber-800 ring-1 ring-amber-200 ring-inset">
          <Info className="size-4 shrink-0" aria-hidden /> {P.nothingToImport}
        </p>
      )}
      {issues.length > 0 && (
        <div className="rounded-lg border border-red-200 px-3 py-2.5 text-sm">
          <p className="font-medium text-red-700">{P.fileIssues}</p>
          <IssueList
            issues={issues}
            total={isCsvKind(kind) ? undefined : preview.issueCount}
            className="mt-1 text-red-700"
          />
        </div>
      )}
      {preview.newCompanies.length > 0 && (
        <div className="text-sm">
          <p className="text-slate-700">{P.newCompanies(preview.newCompanies.length)}</p>
          <ul className="mt-2 flex flex-wrap gap-1.5">
            {preview.newCompanies.map((name) => (
              <li
                key={name}
                className="inline-flex items-center gap-1 rounded-md bg-slate-100 px-2 py-0.5 text-xs text-slate-700"
              >
                <Building2 className="size-3 text-slate-400" aria-hidden /> {name}
              </li>
            ))}
          </ul>
        </div>
      )}

      {preview.rows.length > 0 && (
        <div>
          <div role="group" aria-label={P.filterLabel} className="mb-3 flex flex-wrap gap-2">
            {filters
              .filter((f) => f === 'all' || f === filter || byStatus(f) > 0)
              .map((f) => (
                <button
                  key={f}
                  type="button"
                  aria-pressed={filter === f}
                  onClick={() => setFilter(f)}
                  className={cn(
                    'inline-flex h-8 items-center gap-1.5 rounded-full px-3 text-sm font-medium ring-1 transition-colors ring-inset focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none',
                    filter === f
                      ? 'bg-slate-900 text-white ring-slate-900'
                      : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
                  )}
                >
                  {P.filters[f]}
                  <span
                    className={cn(
                      'rounded-full px-1.5 text-xs tabular-nums',
                      filter === f ? 'bg-white/20' : 'bg-slate-100 text-slate-600',
                    )}
                  >
                    {byStatus(f)}
                  </span>
                </button>
              ))}
          </div>
          {/* Scrolls both ways with many rows or columns: a focus stop, so the keyboard scrolls it too. */}
          <div
            tabIndex={0}
            role="region"
            aria-label={P.rowsTable}
            className="max-h-[28rem] overflow-auto rounded-lg ring-1 ring-slate-200 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
          >
            <table className="min-w-full text-left text-sm">
              <caption className="sr-only">{P.rowsTable}</caption>
              <thead className="sticky top-0 z-10 bg-slate-50 text-xs font-medium text-slate-500">
                <tr>
                  <th scope="col" className="px-3 py-2 text-right">
                    {P.line}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {P.statusColumn}
                  </th>
                  {columns.length > 0 && notesHead}
                  {columns.length > 0 ? (
                    columns.map((field) => (
                      <th key={field} scope="col" className="px-3 py-2 whitespace-nowrap">
                        {fieldName(field)}
                      </th>
                    ))
                  ) : (
                    <th scope="col" className="px-3 py-2">
                      {P.entities.companies} / {P.entities.contacts}
                    </th>
                  )}
                  {columns.length === 0 && notesHead}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 bg-white">
                {rows.length === 0 ? (
                  <tr>
                    <td colSpan={columns.length + 3 || 4} className="px-3 py-6 text-center text-slate-500">
                      {P.noRows}
                    </td>
                  </tr>
                ) : (
                  rows.map((row, i) => (
                    <tr key={`${row.line}-${i}`} className={cn(row.status === 'error' && 'bg-red-50/40')}>
                      <td className="px-3 py-2 text-right text-slate-500 tabular-nums">{row.line}</td>
                      <td className="px-3 py-2">
                        <RowStatus status={row.status} />
                      </td>
                      {columns.length > 0 && notes(row)}
                      {columns.length > 0 ? (
                        columns.map((field) => (
                          <td
                            key={field}
                            className="max-w-[14rem] truncate px-3 py-2 whitespace-nowrap text-slate-700"
                            title={row.values[field]}
                          >
                            {row.values[field] || <span className="text-slate-300">—</span>}
                          </td>
                        ))
                      ) : (
                        <td className="max-w-[20rem] truncate px-3 py-2 text-slate-700">{recordText(row.values)}</td>
                      )}
                      {columns.length === 0 && notes(row)}
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
          {rowTotal > preview.rows.length && (
            <p className="mt-2 text-xs text-slate-500">{P.rowsShown(preview.rows.length, rowTotal)}</p>
          )}
          {preview.rows.some((row) => row.status === 'duplicate') && (
            <p className="mt-2 text-xs text-slate-500">{P.duplicatesNote}</p>
          )}
        </div>
      )}
    </div>
  );
}

function sourceDate(text: string) {
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? text : format(date, 'PPp');
}

/**
 * The first 20 problems, then how many more there are. `total`: every problem of the file (the preview's issueCount);
 * the server lists at most IMPORT_MAX_ISSUES of them, followed by a line that counts the rest, which is left out here.
 */
function IssueList({ issues, total, className }: { issues: ImportIssue[]; total?: number; className?: string }) {
  const capped = issues.length > IMPORT_MAX_ISSUES;
  const listed = capped ? issues.slice(0, IMPORT_MAX_ISSUES) : issues;
  const shown = listed.slice(0, 20);
  // A refused commit's list has no total (its message says how many): "…" then.
  const more = total !== undefined ? total - shown.length : capped ? null : listed.length - shown.length;
  return (
    <ul className={cn('list-disc space-y-0.5 pl-5 text-sm', className)}>
      {shown.map((issue, i) => (
        <li key={i}>
          {[issue.entity ? entityName(issue.entity) : null, issue.line !== null ? P.lineIssue(issue.line) : null]
            .filter(Boolean)
            .join(', ')}
          {(issue.entity || issue.line !== null) && ': '}
          {issue.message}
        </li>
      ))}
      {more === null ? <li>…</li> : more > 0 && <li>{M.data.import.moreIssues(more)}</li>}
    </ul>
  );
}

function DoneStep({ summary }: { summary: ImportSummary }) {
  const entities = [...new Set([...Object.keys(summary.created), ...Object.keys(summary.skipped)])]
    .filter((entity) => (summary.created[entity] ?? 0) + (summary.skipped[entity] ?? 0) > 0)
    .sort((a, b) => order(a) - order(b));
  return (
    <div>
      <div className="flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-emerald-50 text-emerald-600 ring-1 ring-emerald-200">
          <Check className="size-5" aria-hidden />
        </span>
        <div>
          <h4 className="text-base font-semibold text-slate-900">{P.doneTitle}</h4>
          <p className="text-sm text-slate-500">
            {entities.some((e) => (summary.created[e] ?? 0) > 0) ? P.doneText : P.nothingCreated}
          </p>
        </div>
      </div>
      {entities.length > 0 && (
        <dl aria-label={P.doneTitle} className="mt-5 grid grid-cols-2 gap-3 lg:grid-cols-3">
          {entities.map((entity) => (
            <div key={entity} className="rounded-lg bg-slate-50 px-4 py-3 ring-1 ring-slate-200 ring-inset">
              <dt className="text-xs font-medium text-slate-500">{entityName(entity)}</dt>
              <dd className="mt-0.5 text-sm text-slate-900">
                <span className="font-semibold">{P.createdCount(summary.created[entity] ?? 0)}</span>
                {(summary.skipped[entity] ?? 0) > 0 && (
                  <span className="block text-xs text-slate-500">{P.skippedCount(summary.skipped[entity])}</span>
                )}
                {entity === 'documents' && summary.files > 0 && (
                  <span className="block text-xs text-slate-500">{P.filesCount(summary.files)}</span>
                )}
              </dd>
            </div>
          ))}
          {summary.files > 0 && !entities.includes('documents') && (
            <div className="rounded-lg bg-slate-50 px-4 py-3 ring-1 ring-slate-200 ring-inset">
              <dt className="text-xs font-medium text-slate-500">{P.entities.documents}</dt>
              <dd className="mt-0.5 text-sm font-semibold text-slate-900">{P.filesCount(summary.files)}</dd>
            </div>
          )}
        </dl>
      )}
      {summary.notes.length > 0 && (
        <div className="mt-5 rounded-lg bg-sky-50 px-4 py-3 text-sm text-sky-900 ring-1 ring-sky-200 ring-inset">
          <p className="flex items-center gap-2 font-medium">
            <Info className="size-4" aria-hidden /> {P.notesTitle}
          </p>
          <ul className="mt-1 list-disc space-y-0.5 pl-6">
            {summary.notes.map((note, i) => (
              <li key={i}>{note}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
