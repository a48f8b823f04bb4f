import { Check, Info } from 'lucide-react';
import type { ImportSummary } from '../../../../../shared/schemas/data';
import { entityName, order, P } from './importParts';

/** The last step: what was created and skipped per entity, and the server's notes. */
export function DoneStep({ summary }: { summary: ImportSummary }) {
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
