import { formatDistanceToNow } from 'date-fns';
import { AlertCircle, Building2, CheckCircle2, Download, FileArchive, HardDrive, Loader2, Mail } from 'lucide-react';
import { formatFileSize } from '../../../../shared/file-size';
import { M } from '../../../../shared/messages';
import { can } from '../../../../shared/permissions';
import type { ExportItem, ExportStatus, StorageUsage } from '../../../../shared/schemas/data';
import { useSession } from '../../app/useSession';
import { cn } from '../../lib/cn';
import { trpc } from '../../lib/trpc';
import { Badge, type Tone } from '../../ui/Badge';
import { Button, buttonClass } from '../../ui/Button';
import { LoadFailed, Skeleton } from '../../ui/Feedback';
import { SettingsCard } from '../account/accountParts';
import { ImportWizard } from './ImportWizard';
import { useAgencyExport } from './useExport';
import { formatDate, formatDateTime } from '../../../../shared/dates';

const P = M.data.page;

/**
 * Account → Data: the owner's whole-agency export, the exports built in the background (owner and admin: company
 * exports too), and the import wizard (CSV for owners and admins, a Clientflow export zip for owners).
 */
export function DataPanel() {
  const { user } = useSession();
  if (!user) return <Skeleton className="h-64 w-full max-w-4xl rounded-xl" />;
  return (
    <div className="max-w-4xl space-y-6">
      {can(user.role, 'data.export') && <ExportCard />}
      {can(user.role, 'data.exportCompany') && <ExportsCard />}
      {can(user.role, 'data.import') && <ImportWizard canImportArchive={can(user.role, 'data.importArchive')} />}
      <StorageCard />
    </div>
  );
}

/** "0 Bytes" rather than formatFileSize's "Unknown size". */
const sizeText = (bytes: number) => (bytes > 0 ? formatFileSize(bytes) : M.documents.noBytes);

/** Storage: the space the agency's files take, and of how much when a quota is set (STORAGE_QUOTA_BYTES). */
function StorageCard() {
  const storage = trpc.data.storage.useQuery();
  const usage = storage.data;
  return (
    <SettingsCard title={P.storageTitle} text={P.storageText}>
      {storage.isError && !usage ? (
        <LoadFailed onRetry={() => void storage.refetch()} />
      ) : !usage ? (
        <div role="status" aria-label={M.common.loading}>
          <Skeleton className="h-12 w-full" />
        </div>
      ) : (
        <StorageMeter usage={usage} />
      )}
    </SettingsCard>
  );
}

function StorageMeter({ usage }: { usage: StorageUsage }) {
  const used = sizeText(usage.usedBytes);
  const quota = usage.quotaBytes;
  const percent = quota === null ? 0 : Math.min(100, Math.round((usage.usedBytes / quota) * 100));
  const full = quota !== null && usage.usedBytes >= quota;
  return (
    <div className="flex gap-3">
      <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-700 ring-1 ring-brand-100">
        <HardDrive className="size-5" aria-hidden />
      </span>
      <div className="min-w-0 flex-1 space-y-2 text-sm">
        <p className="font-medium text-slate-900 tabular-nums">
          {quota === null ? P.storageUsed(used) : P.storageUsedOf(used, sizeText(quota))}
        </p>
        {quota !== null && (
          <div
            role="progressbar"
            aria-label={P.storageTitle}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={P.storagePercent(percent)}
            className="h-2 w-full overflow-hidden rounded-full bg-slate-100"
          >
            <div
              className={cn(
                'h-full rounded-full',
                full ? 'bg-red-500' : percent >= 90 ? 'bg-amber-500' : 'bg-brand-600',
              )}
              style={{ width: `${percent}%` }}
            />
          </div>
        )}
        <p className={full ? 'font-medium text-red-700' : 'text-slate-500'}>
          {quota === null ? P.storageNoQuota : full ? P.storageFull : P.storageQuotaHint}
        </p>
      </div>
    </div>
  );
}

function ExportCard() {
  const { mutation: requestExport, downloadFailed } = useAgencyExport();
  const result = requestExport.data;
  // The same list as "Your exports" (one query): the notice turns into a download once the export is built.
  const exports = trpc.data.exports.useQuery(undefined, { enabled: result?.mode === 'background' });
  const built =
    result?.mode === 'background'
      ? exports.data?.items.find((item) => item.id === result.exportId && item.status === 'ready')
      : undefined;
  return (
    <SettingsCard
      title={P.exportTitle}
      text={P.exportText}
      footer={
        <Button onClick={() => requestExport.mutate()} busy={requestExport.isPending}>
          {!requestExport.isPending && <Download className="size-4" aria-hidden />}
          {requestExport.isPending ? P.exporting : P.exportButton}
        </Button>
      }
    >
      <div className="flex gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-700 ring-1 ring-brand-100">
          <FileArchive className="size-5" aria-hidden />
        </span>
        <div className="min-w-0 space-y-1 text-sm">
          <p className="text-slate-700">{P.exportContents}</p>
          <p className="text-slate-500">{P.exportNoSecrets}</p>
        </div>
      </div>
      {/* What happened to the last request stays in the card (the toast goes away). */}
      <div aria-live="polite">
        {built?.downloadUrl && !requestExport.isPending && (
          <p className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg bg-emerald-50 px-3 py-2.5 text-sm text-emerald-800 ring-1 ring-emerald-200 ring-inset">
            <CheckCircle2 className="size-4 shrink-0" aria-hidden />
            <span className="flex-1">{P.backgroundReady}</span>
            <a
              href={built.downloadUrl}
              download
              aria-label={P.downloadOf(P.scopeAgency)}
              className="inline-flex items-center gap-1.5 rounded-sm font-medium text-emerald-900 underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:outline-none"
            >
              <Download className="size-4" aria-hidden /> {P.download}
            </a>
          </p>
        )}
        {result?.mode === 'background' && !built && !requestExport.isPending && (
          <p className="mt-4 flex items-start gap-2 rounded-lg bg-sky-50 px-3 py-2.5 text-sm text-sky-800 ring-1 ring-sky-200 ring-inset">
            <Mail className="mt-0.5 size-4 shrink-0" aria-hidden />
            {P.preparing(result.email)}
          </p>
        )}
        {result?.mode === 'download' && !requestExport.isPending && !downloadFailed && (
          <p className="mt-4 flex items-start gap-2 rounded-lg bg-emerald-50 px-3 py-2.5 text-sm text-emerald-800 ring-1 ring-emerald-200 ring-inset">
            <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden />
            {P.downloadStarted}
          </p>
        )}
        {result?.mode === 'download' && !requestExport.isPending && downloadFailed && (
          <p className="mt-4 flex items-start gap-2 rounded-lg bg-red-50 px-3 py-2.5 text-sm text-red-700 ring-1 ring-red-200 ring-inset">
            <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>
              <span className="font-medium">{P.downloadFailed}</span> {downloadFailed}
            </span>
          </p>
        )}
      </div>
    </SettingsCard>
  );
}

const statusTone: Record<ExportStatus, Tone> = { pending: 'yellow', ready: 'green', failed: 'red', expired: 'gray' };
const day = formatDate;

function ExportsCard() {
  // While one is being built, look again every few seconds: it turns Ready without a page reload.
  const exports = trpc.data.exports.useQuery(undefined, {
    refetchInterval: (query) => (query.state.data?.items.some((item) => item.status === 'pending') ? 4000 : false),
  });
  const items = exports.data?.items;
  const polling = !!items?.some((item) => item.status === 'pending');
  return (
    <SettingsCard
      title={P.exportsTitle}
      text={P.exportsText}
      actions={
        polling ? (
          <span role="status" className="inline-flex items-center gap-1.5 text-xs text-slate-500">
            <Loader2 className="size-3.5 animate-spin" aria-hidden />
            <span className="sr-only sm:not-sr-only">{P.exportsRefreshing}</span>
          </span>
        ) : undefined
      }
    >
      {exports.isError && !items ? (
        <LoadFailed onRetry={() => void exports.refetch()} />
      ) : !items ? (
        <div role="status" aria-label={M.common.loading} className="space-y-3">
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
        </div>
      ) : items.length === 0 ? (
        <div className="flex flex-col items-center rounded-lg border border-dashed border-slate-300 px-6 py-8 text-center">
          <FileArchive className="mb-2 size-8 text-slate-300" aria-hidden />
          <p className="text-sm font-medium text-slate-900">{P.exportsEmpty}</p>
          <p className="mt-1 max-w-sm text-sm text-slate-500">{P.exportsEmptyText}</p>
        </div>
      ) : (
        <ul aria-label={P.exportsTitle} className="-my-3 divide-y divide-slate-100">
          {items.map((item) => (
            <ExportRow key={item.id} item={item} />
          ))}
        </ul>
      )}
    </SettingsCard>
  );
}

function ExportRow({ item }: { item: ExportItem }) {
  const scope = item.scope === 'agency' ? P.scopeAgency : P.scopeCompany(item.companyName);
  const Icon = item.scope === 'agency' ? FileArchive : Building2;
  const facts = [
    <time key="requested" dateTime={item.createdAt.toISOString()} title={formatDateTime(item.createdAt)}>
      {P.requested(formatDistanceToNow(item.createdAt, { addSuffix: true }))}
    </time>,
  ];
  if (item.status === 'ready') {
    facts.push(<span key="size">{formatFileSize(item.size)}</span>);
    facts.push(
      <time key="expires" dateTime={item.expiresAt.toISOString()} title={formatDateTime(item.expiresAt)}>
        {P.expires(day(item.expiresAt))}
      </time>,
    );
  }
  if (item.status === 'expired') facts.push(<span key="expired">{P.expired(day(item.expiresAt))}</span>);
  return (
    <li className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-4 gap-y-2 py-3 sm:grid-cols-[auto_minmax(0,1fr)_auto]">
      <span
        className={cn(
          'grid size-9 shrink-0 place-items-center rounded-lg ring-1',
          item.status === 'ready'
            ? 'bg-brand-50 text-brand-700 ring-brand-100'
            : 'bg-slate-50 text-slate-500 ring-slate-200',
        )}
      >
        <Icon className="size-4" aria-hidden />
      </span>
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="truncate text-sm font-medium text-slate-900" title={item.fileName}>
            {scope}
          </span>
          <Badge tone={statusTone[item.status]}>
            {item.status === 'pending' && <Loader2 className="mr-1 size-3 animate-spin" aria-hidden />}
            {P.status[item.status]}
          </Badge>
        </p>
        <p className="mt-0.5 flex flex-wrap gap-x-1.5 text-xs text-slate-500">
          {facts.map((fact, i) => (
            <span key={i} className="inline-flex gap-1.5">
              {i > 0 && <span aria-hidden>·</span>}
              {fact}
            </span>
          ))}
        </p>
        {item.status === 'failed' && item.error && (
          <p className="mt-1 flex items-center gap-1.5 text-xs font-medium text-red-700">
            <AlertCircle className="size-3.5 shrink-0" aria-hidden /> {item.error}
          </p>
        )}
      </div>
      {item.status === 'ready' && item.downloadUrl && (
        <a
          href={item.downloadUrl}
          download
          className={buttonClass(
            'secondary',
            'sm',
            'col-start-2 justify-self-start sm:col-start-auto sm:justify-self-end',
          )}
          aria-label={P.downloadOf(scope)}
        >
          <Download className="size-4" aria-hidden /> {P.download}
        </a>
      )}
    </li>
  );
}
