import { Check, CircleAlert, CirclePlus, Copy } from 'lucide-react';
import { M } from '../../../../../shared/messages';
import {
  IMPORT_MAX_ISSUES,
  type ImportIssue,
  type ImportPreview,
  type ImportPreviewRow,
} from '../../../../../shared/schemas/data';
import { cn } from '../../../lib/cn';
import { Badge, type Tone } from '../../../ui/Badge';
import type { Step } from './importState';
import { formatDateTime } from '../../../../../shared/dates';

export const P = M.data.page;

export const fieldName = (field: string) => M.data.import.fieldLabels[field] ?? field;
export const entityName = (entity: string) => P.entities[entity] ?? entity;

/** The wizard's steps, the open one named (on phones only that one; screen readers hear every name). */
export function Stepper({ steps, current }: { steps: Step[]; current: number }) {
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

export const ROW_ENTITIES = ['companies', 'contacts'];
export const totalOf = (preview: ImportPreview, status: 'new' | 'duplicate' | 'error') =>
  Object.values(preview.counts).reduce((sum, c) => sum + c[status], 0);

/** Per entity: how many rows are new, duplicates and errors (errors and duplicates only when there are some). */
export function CountChips({ preview }: { preview: ImportPreview }) {
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
export const order = (entity: string) => {
  const i = ENTITY_ORDER.indexOf(entity);
  return i < 0 ? ENTITY_ORDER.length : i;
};

const statusTone: Record<ImportPreviewRow['status'], Tone> = { new: 'green', duplicate: 'yellow', error: 'red' };
const statusIcon = { new: CirclePlus, duplicate: Copy, error: CircleAlert } as const;

export function RowStatus({ status }: { status: ImportPreviewRow['status'] }) {
  const Icon = statusIcon[status];
  return (
    <Badge tone={statusTone[status]} className="gap-1 whitespace-nowrap">
      <Icon className="size-3" aria-hidden /> {P.rowStatus[status]}
    </Badge>
  );
}

/** A zip's row shows who or what it is (name, or first and last name, and e-mail); a CSV row its mapped columns. */
export const recordText = (values: Record<string, string>) =>
  [values.name || [values.firstName, values.lastName].filter(Boolean).join(' '), values.email]
    .filter(Boolean)
    .join(' · ') || Object.values(values).filter(Boolean).slice(0, 3).join(' · ');

export function sourceDate(text: string) {
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? text : formatDateTime(date);
}

/**
 * The first 20 problems, then how many more there are. `total`: every problem of the file (the preview's issueCount);
 * the server lists at most IMPORT_MAX_ISSUES of them, followed by a line that counts the rest, which is left out here.
 */
export function IssueList({ issues, total, className }: { issues: ImportIssue[]; total?: number; className?: string }) {
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
