import { useId, useState } from 'react';
import { AlertCircle, Building2, FileArchive, FileUp, Info } from 'lucide-react';
import {
  IMPORT_FIELDS,
  type ImportKind,
  type ImportPreview,
  type ImportPreviewRow,
} from '../../../../../shared/schemas/data';
import { cn } from '../../../lib/cn';
import { Button } from '../../../ui/Button';
import { isCsvKind } from './importState';
import {
  CountChips,
  fieldName,
  IssueList,
  P,
  recordText,
  ROW_ENTITIES,
  RowStatus,
  sourceDate,
  totalOf,
} from './importParts';

type RowFilter = 'all' | ImportPreviewRow['status'];

type ApplyBusiness = { checked: boolean; onChange: (checked: boolean) => void; disabled: boolean };

/** Step 3: the preview, new rows, duplicates and errors marked; an error blocks the import. */
export function PreviewStep({
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
  return (
    <div className="space-y-5">
      {preview.source && (
        <p className="flex items-start gap-2 rounded-lg bg-slate-50 px-3 py-2.5 text-sm text-slate-700 ring-1 ring-slate-200 ring-inset">
          <FileArchive className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden />
          {P.sourceText(preview.source.businessName, sourceDate(preview.source.exportedAt))}
        </p>
      )}
      {applyBusiness && <ApplyBusinessBox applyBusiness={applyBusiness} />}
      <div>
        <h4 className="mb-2 text-sm font-semibold text-slate-900">{P.previewTitle}</h4>
        <CountChips preview={preview} />
      </div>
      <PreviewNotices preview={preview} kind={kind} onChooseFile={onChooseFile} />
      {preview.rows.length > 0 && <PreviewRows preview={preview} kind={kind} />}
    </div>
  );
}

/** A zip's option to take over the export's agency details and branding as well. */
function ApplyBusinessBox({ applyBusiness }: { applyBusiness: ApplyBusiness }) {
  const applyId = useId();
  return (
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
  );
}

/** What stops or empties the import: error rows (choose a corrected file), nothing new, file issues; new companies. */
function PreviewNotices({
  preview,
  kind,
  onChooseFile,
}: {
  preview: ImportPreview;
  kind: ImportKind;
  onChooseFile: () => void;
}) {
  const errors = totalOf(preview, 'error');
  const fresh = totalOf(preview, 'new');
  // A CSV's row problems are in its rows; a zip's other entities (projects, tasks…) only have their issues.
  const issues = isCsvKind(kind) ? preview.issues.filter((issue) => issue.line === null) : preview.issues;
  return (
    <>
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
    </>
  );
}

/** The rows of the file with their status, filtered by status; the table scrolls both ways. */
function PreviewRows({ preview, kind }: { preview: ImportPreview; kind: ImportKind }) {
  const [filter, setFilter] = useState<RowFilter>('all');
  const rows = filter === 'all' ? preview.rows : preview.rows.filter((row) => row.status === filter);
  const byStatus = (status: RowFilter) =>
    status === 'all' ? preview.rows.length : preview.rows.filter((row) => row.status === status).length;
  const columns = isCsvKind(kind) ? IMPORT_FIELDS[kind].filter((field) => preview.mapping[field]) : [];
  const rowTotal = Object.entries(preview.counts)
    .filter(([entity]) => (!isCsvKind(kind) ? ROW_ENTITIES.includes(entity) : true))
    .reduce((sum, [, c]) => sum + c.new + c.duplicate + c.error, 0);
  const filters: RowFilter[] = ['all', 'error', 'duplicate', 'new'];
  return (
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
      <RowsTable rows={rows} columns={columns} />
      {rowTotal > preview.rows.length && (
        <p className="mt-2 text-xs text-slate-500">{P.rowsShown(preview.rows.length, rowTotal)}</p>
      )}
      {preview.rows.some((row) => row.status === 'duplicate') && (
        <p className="mt-2 text-xs text-slate-500">{P.duplicatesNote}</p>
      )}
    </div>
  );
}

/** The rows' table: line, status, then a CSV's mapped columns or a zip's record, with the server's notes. */
function RowsTable({ rows, columns }: { rows: ImportPreviewRow[]; columns: string[] }) {
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
  // Scrolls both ways with many rows or columns: a focus stop, so the keyboard scrolls it too.
  return (
    <div
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the focus to scroll from the keyboard (axe: scrollable-region-focusable)
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
                      {row.values[field] || <span className="text-slate-500">—</span>}
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
  );
}
