import { useId } from 'react';
import { Info, Loader2 } from 'lucide-react';
import {
  IMPORT_FIELDS,
  REQUIRED_IMPORT_FIELDS,
  type CsvImportKind,
  type ImportMapping,
  type ImportPreview,
} from '../../../../../shared/schemas/data';
import { cn } from '../../../lib/cn';
import { controlClass, RequiredMark } from '../../../ui/Field';
import { Alert } from '../../../ui/Feedback';
import { CountChips, fieldName, IssueList, P } from './importParts';

/** Step 2 (CSV): which column feeds which field, with the first line's value as a sample and the preview's counts. */
export function MapStep(props: {
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
