import { useFieldArray, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { Braces, Plus, Trash2 } from 'lucide-react';
import { M } from '../../../../shared/messages';
import { detailsToValue, keptDetails, RESOURCE_LIMITS } from '../../../../shared/schemas/resources';
import { Button } from '../../ui/Button';
import { controlClass, RequiredMark } from '../../ui/Field';
import { emptyRow, type ResourceFormApi } from './resourceForm';

const R = M.resources;
const F = R.fields;

/** The resource's details: key/value rows beside the live JSON preview of what is saved. */
export function ResourceDetailsEditor({ form }: { form: ResourceFormApi }) {
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <DetailRows form={form} />
      <JsonPreview form={form} />
    </div>
  );
}

/** The rows (the last one stays), each with its own errors, and 'Add Detail' up to the limit. */
function DetailRows({ form }: { form: ResourceFormApi }) {
  const rows = useFieldArray({ control: form.control, name: 'details' });
  const errors = form.formState.errors.details;
  const rowErrors = Array.isArray(errors) ? errors : [];
  const lastRow = rows.fields.length <= 1;
  return (
    <div>
      <div
        className="mb-1.5 hidden grid-cols-[minmax(0,2fr)_minmax(0,3fr)_2.25rem] gap-2 text-sm font-medium text-slate-700 sm:grid"
        aria-hidden
      >
        <span>
          {F.key}
          <RequiredMark />
        </span>
        <span>
          {F.value}
          <RequiredMark />
        </span>
      </div>
      <ol className="space-y-3 sm:space-y-2">
        {rows.fields.map((row, index) => {
          const n = index + 1;
          return (
            <li
              key={row.id}
              className="rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200 ring-inset sm:bg-transparent sm:p-0 sm:ring-0"
              data-testid="detail-row"
            >
              <p className="mb-2 text-xs font-medium text-slate-500 sm:sr-only">{R.detailRow(n)}</p>
              <div className="grid grid-cols-[minmax(0,1fr)_2.25rem] gap-2 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)_2.25rem]">
                <DetailInput
                  label={`${F.key} — ${R.detailRow(n)}`}
                  error={rowErrors[index]?.key?.message}
                  errorId={`detail-${row.id}-key-error`}
                  placeholder={R.keyPlaceholder}
                  maxLength={RESOURCE_LIMITS.keyMax}
                  className="min-w-0"
                  field={form.register(`details.${index}.key`)}
                />
                <DetailInput
                  label={`${F.value} — ${R.detailRow(n)}`}
                  error={rowErrors[index]?.value?.message}
                  errorId={`detail-${row.id}-value-error`}
                  placeholder={R.valuePlaceholder}
                  maxLength={RESOURCE_LIMITS.valueMax}
                  className="col-start-1 min-w-0 sm:col-start-auto"
                  field={form.register(`details.${index}.value`)}
                />
                <button
                  type="button"
                  onClick={() => rows.remove(index)}
                  disabled={lastRow}
                  aria-label={R.removeDetail(n)}
                  title={lastRow ? R.lastRowStays : R.removeDetail(n)}
                  className="col-start-2 row-span-2 row-start-1 grid size-9 place-items-center self-start rounded-lg text-slate-400 transition-colors hover:bg-red-50 hover:text-red-600 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none disabled:cursor-not-allowed disabled:text-slate-300 disabled:hover:bg-transparent sm:col-start-auto sm:row-span-1 sm:row-start-auto"
                >
                  <Trash2 className="size-4" aria-hidden />
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <Button
        variant="secondary"
        size="sm"
        className="mt-3"
        disabled={rows.fields.length >= RESOURCE_LIMITS.detailsMax}
        onClick={() => rows.append(emptyRow(), { shouldFocus: true, focusName: `details.${rows.fields.length}.key` })}
      >
        <Plus className="size-4" aria-hidden /> {R.addDetail}
      </Button>
    </div>
  );
}

/** A detail row's key or value: named by its row for screen readers, its error under it. */
function DetailInput({
  label,
  error,
  errorId,
  placeholder,
  maxLength,
  className,
  field,
}: {
  label: string;
  error: string | undefined;
  errorId: string;
  placeholder: string;
  maxLength: number;
  className: string;
  field: UseFormRegisterReturn;
}) {
  return (
    <div className={className}>
      <input
        aria-label={label}
        aria-invalid={!!error || undefined}
        aria-describedby={error ? errorId : undefined}
        placeholder={placeholder}
        maxLength={maxLength}
        autoComplete="off"
        className={controlClass(!!error)}
        {...field}
      />
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

/** The details as the spec's `value` map, as they will be saved (blank rows left out). */
function JsonPreview({ form }: { form: ResourceFormApi }) {
  const details = useWatch({ control: form.control, name: 'details' });
  const preview = JSON.stringify(detailsToValue(keptDetails(details ?? [])), null, 2);
  return (
    <div className="min-w-0">
      <h3 className="mb-1.5 flex items-center gap-1.5 text-sm font-medium text-slate-700">
        <Braces className="size-4 text-slate-400" aria-hidden /> {R.jsonPreview}
      </h3>
      {/* A named region that keyboard users can focus to scroll it (it holds no control of its own). */}
      <pre
        role="region"
        aria-label={R.jsonPreview}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to scroll by keyboard
        tabIndex={0}
        data-testid="json-preview"
        className="max-h-80 min-h-24 overflow-auto rounded-lg bg-slate-900 px-4 py-3 font-mono text-xs leading-relaxed text-slate-100 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
      >
        {preview}
      </pre>
      <p className="mt-1.5 text-xs text-slate-500">{R.jsonPreviewText}</p>
    </div>
  );
}
