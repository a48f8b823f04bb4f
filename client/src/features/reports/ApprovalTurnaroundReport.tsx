import { Download } from 'lucide-react';
import { M } from '../../../../shared/messages';
import type { ReportsOverviewInput } from '../../../../shared/schemas/reports';
import { trpc } from '../../lib/trpc';
import { buttonClass } from '../../ui/Button';
import { Skeleton } from '../../ui/Feedback';
import { downloadCsv, toCsv } from './csv';

const A = M.approvals;

/**
 * "Approval turnaround" (issue 31): per client company, the requests decided in the range and the median time from
 * request to final decision, computed in SQL (approvals.turnaround), with its CSV. Its own section of the Reports page.
 */
export function ApprovalTurnaroundReport({ input }: { input: ReportsOverviewInput }) {
  const query = trpc.approvals.turnaround.useQuery(input);
  const rows = query.data?.rows ?? [];
  const [client, decided, median] = A.turnaroundColumns;
  const onDownload = () =>
    downloadCsv(
      'approval-turnaround.csv',
      toCsv(
        [client, decided, `${median} (hours)`],
        rows.map((r) => [r.name, r.decided, r.medianHours]),
      ),
    );
  return (
    <section
      aria-labelledby="report-approval-turnaround"
      className="flex min-w-0 flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-xs sm:p-5"
    >
      <div className="mb-3 flex items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <h2 id="report-approval-turnaround" className="text-base font-semibold text-slate-900">
            {A.turnaroundTitle}
          </h2>
          <p className="mt-0.5 text-sm text-slate-500">{A.turnaroundHint}</p>
        </div>
        <button
          type="button"
          onClick={onDownload}
          disabled={rows.length === 0}
          className={buttonClass('secondary', 'sm', 'shrink-0')}
          aria-label={`${M.reports.downloadCsv}: ${A.turnaroundTitle}`}
        >
          <Download className="size-4" aria-hidden /> CSV
        </button>
      </div>
      {!query.data ? (
        <Skeleton className="h-24 w-full" />
      ) : rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-200 px-4 py-10 text-center text-sm text-slate-500">
          {A.turnaroundEmpty}
        </p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b border-slate-200 text-left text-xs text-slate-500">
                <th className="py-2 pr-3 font-medium">{client}</th>
                <th className="py-2 pr-3 text-right font-medium">{decided}</th>
                <th className="py-2 text-right font-medium">{median}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.companyId} className="border-b border-slate-100 last:border-0">
                  <td className="py-2 pr-3 text-slate-800">{r.name}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{r.decided}</td>
                  <td className="py-2 text-right tabular-nums">{A.hours(r.medianHours)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
