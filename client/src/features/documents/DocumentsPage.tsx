import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Building2, Clock, Eye, FolderKanban, FolderOpen, HardDrive, Pencil, Plus, Trash2, X } from 'lucide-react';
import { LIMITS } from '../../../../shared/constants';
import { formatFileSize } from '../../../../shared/file-size';
import { M } from '../../../../shared/messages';
import { documentListInput, documentSorts } from '../../../../shared/schemas/documents';
import { cn } from '../../lib/cn';
import { trpc } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { ListResults } from '../../lists/ListResults';
import { ListFilters } from '../../lists/ListFilters';
import { FilterChips, FilterSelect, ListToolbar, SearchBox, ViewToggle, SortSelect } from '../../lists/ListToolbar';
import type { Column } from '../../lists/ListViews';
import { useInfiniteList } from '../../lists/useInfiniteList';
import { useListFilters, useListSort } from '../../lists/useListParams';
import { LIST_PARAMS } from '../../../../shared/saved-views';
import { Button } from '../../ui/Button';
import { Skeleton } from '../../ui/Feedback';
import { PageHeader } from '../../ui/PageHeader';
import { CompanyPicker, useCompanyName } from '../contacts/CompanyPicker';
import { DeleteDocumentDialog, EditDocumentDialog } from './EditDocumentDialog';
import {
  DownloadLink,
  FileIcon,
  FileLink,
  FileSubline,
  SentInLink,
  formatListDate,
  TypeBadge,
  typeLabel,
  typeOptions,
  type DocumentRow,
} from './documentParts';
import { useLinkParam } from '../search/useLinkParam';
import { useLinkedRecord } from '../search/useLinkedRecord';
import { UploadDialog } from './UploadDialog';
import { useReviewLink } from './reviewLink';
import { ApprovalBadge } from '../approvals/approvalParts';
import { useVersionDrop, VersionDropMarker } from './VersionDrop';
import { preloadViewer, PreviewThumb, useFileViewer, viewerKind, type ViewerFile } from './viewer';

const D = M.documents;
const searchMaxLength = documentListInput.shape.search.unwrap().maxLength ?? undefined;
const linkClass =
  'relative z-10 inline-flex max-w-full min-w-0 items-center gap-1.5 rounded-sm hover:text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none';

type FilterKey = 'search' | 'type' | 'companyId' | 'projectId' | 'approval';

/** What the viewer opens of an uploaded file (a link opens at its own address). */
const viewerFile = (d: DocumentRow): ViewerFile | null =>
  d.stored
    ? { name: d.name, url: d.url, mimeType: d.mimeType, review: { documentId: d.id, number: d.version, portal: false } }
    : null;

function CompanyCell({ document }: { document: DocumentRow }) {
  if (!document.company) return <span className="text-slate-500">—</span>;
  return (
    <Link to={`/hub/companies/${document.company.id}`} className={linkClass} title={document.company.name}>
      <span className="truncate">{document.company.name}</span>
    </Link>
  );
}

function ProjectCell({ document }: { document: DocumentRow }) {
  if (!document.project) return <span className="text-slate-500">{D.noProject}</span>;
  return (
    <Link to={`/hub/projects/${document.project.id}`} className={linkClass} title={document.project.name}>
      <span className="truncate">{document.project.name}</span>
    </Link>
  );
}

function RowActions({
  document,
  onEdit,
  onDelete,
  onPreview,
  compact,
}: {
  document: DocumentRow;
  onEdit: () => void;
  onDelete: () => void;
  onPreview: (file: ViewerFile) => void;
  compact?: boolean;
}) {
  const file = viewerFile(document);
  return (
    <div className="relative z-10 flex justify-end gap-1">
      {file && viewerKind(file.mimeType) && (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => onPreview(file)}
          onPointerEnter={() => preloadViewer(file.mimeType)}
          onFocus={() => preloadViewer(file.mimeType)}
          aria-label={M.documents.viewer.open(document.name)}
          title={M.documents.viewer.open(document.name)}
        >
          <Eye className="size-4" aria-hidden />
        </Button>
      )}
      <DownloadLink document={document} compact />
      <Button
        variant="ghost"
        size="sm"
        onClick={onEdit}
        aria-label={D.editFile(document.name)}
        title={D.editFile(document.name)}
      >
        <Pencil className="size-4" aria-hidden />
        {!compact && D.edit}
      </Button>
      <Button
        variant="ghost"
        size="sm"
        onClick={onDelete}
        aria-label={D.deleteFile(document.name)}
        title={D.deleteFile(document.name)}
        className="text-slate-500! hover:bg-red-50 hover:text-red-600!"
      >
        <Trash2 className="size-4" aria-hidden />
      </Button>
    </div>
  );
}

function DocumentCard({
  document,
  onEdit,
  onDelete,
  dropTarget,
  onPreview,
}: {
  document: DocumentRow;
  onEdit: () => void;
  onDelete: () => void;
  /** A file is dragged over this card: dropping it adds a version. */
  dropTarget: boolean;
  onPreview: (file: ViewerFile) => void;
}) {
  return (
    <li className="relative flex min-w-0 flex-col rounded-xl bg-white p-5 shadow-xs ring-1 ring-slate-200 transition hover:shadow-md hover:ring-slate-300">
      {document.thumbUrl && (
        <PreviewThumb
          file={viewerFile(document)}
          thumbUrl={document.thumbUrl}
          fallback={null}
          onOpen={onPreview}
          className="mb-3 h-36 w-full"
        />
      )}
      <div className="flex items-start justify-between gap-3">
        {!document.thumbUrl && <FileIcon document={document} size="lg" />}
        <div className="flex flex-wrap justify-end gap-1.5">
          {document.approvalStatus && <ApprovalBadge status={document.approvalStatus} />}
          <TypeBadge type={document.type} />
        </div>
      </div>
      <div className="mt-3 min-w-0">
        <h2 className="text-base">
          <FileLink document={document} stretched />
        </h2>
        <FileSubline document={document} />
        <VersionDropMarker document={document} active={dropTarget} />
        <SentInLink document={document} />
      </div>
      <dl className="mt-4 space-y-1.5 border-t border-slate-100 pt-3 text-sm text-slate-600">
        <div className="flex min-w-0 items-center gap-1.5">
          <dt className="sr-only">{D.fields.company}</dt>
          <Building2 className="size-4 shrink-0 text-slate-400" aria-hidden />
          <dd className="min-w-0">
            <CompanyCell document={document} />
          </dd>
        </div>
        <div className="flex min-w-0 items-center gap-1.5">
          <dt className="sr-only">{D.fields.project}</dt>
          <FolderKanban className="size-4 shrink-0 text-slate-400" aria-hidden />
          <dd className="min-w-0">
            <ProjectCell document={document} />
          </dd>
        </div>
      </dl>
      <div className="mt-auto flex items-center justify-between gap-2 pt-4">
        <p className="text-xs text-slate-500 tabular-nums">
          {formatFileSize(document.size)} · {formatListDate(document.createdAt)}
        </p>
        <RowActions document={document} onEdit={onEdit} onDelete={onDelete} onPreview={onPreview} compact />
      </div>
    </li>
  );
}

function Stat({ icon, label, value, hint }: { icon: ReactNode; label: string; value: ReactNode; hint: string }) {
  // A `<dl>`'s group holds only its dt and dds: the icon sits in the term, placed beside the three lines.
  return (
    <div className="relative flex min-w-0 flex-col justify-center bg-white px-3 py-3 sm:px-4 sm:pl-16">
      <dt className="truncate text-xs font-medium text-slate-500">
        <span
          className="absolute top-1/2 left-4 hidden size-9 -translate-y-1/2 place-items-center rounded-lg bg-brand-50 text-brand-700 sm:grid"
          aria-hidden
        >
          {icon}
        </span>
        {label}
      </dt>
      <dd className="text-base leading-tight font-semibold text-slate-900 tabular-nums sm:text-lg">{value}</dd>
      <dd className="hidden truncate text-xs text-slate-500 sm:block">{hint}</dd>
    </div>
  );
}

/** Total files, the spec's "recent files" (created in the last 7 days) and the bytes stored; three across on phones too. */
function DocumentStats() {
  const stats = trpc.documents.stats.useQuery();
  const value = (n: ReactNode) => (stats.data ? n : <Skeleton className="my-0.5 h-5 w-10" />);
  return (
    <dl className="mb-6 grid grid-cols-3 gap-px overflow-hidden rounded-xl bg-slate-200 shadow-xs ring-1 ring-slate-200">
      <Stat
        icon={<FolderOpen className="size-4" />}
        label={D.stats.total}
        value={value(stats.data?.total)}
        hint={D.stats.totalHint}
      />
      <Stat
        icon={<Clock className="size-4" />}
        label={D.stats.recent}
        value={value(stats.data?.recent)}
        hint={D.stats.recentHint}
      />
      <Stat
        icon={<HardDrive className="size-4" />}
        label={D.stats.storage}
        value={value(stats.data && (stats.data.totalSize > 0 ? formatFileSize(stats.data.totalSize) : '0 Bytes'))}
        hint={D.stats.storageHint}
      />
    </dl>
  );
}

export default function DocumentsPage() {
  useDocumentTitle(D.title);
  const filters = useListFilters(documentListInput, { search: 'search', ...LIST_PARAMS.file });
  const [, setParams] = useSearchParams();
  const sort = useListSort(documentSorts);
  const list = useInfiniteList(trpc.documents.list, {
    limit: LIMITS.pageSize,
    withOverall: true,
    ...filters.values,
    ...sort.input,
  });
  const [uploading, setUploading] = useState(false);
  const [editing, setEditing] = useState<DocumentRow | null>(null);
  const [deleting, setDeleting] = useState<DocumentRow | null>(null);
  const viewer = useFileViewer();
  // ?file={id} (search, notifications, the activity log) opens that file's details; ?new=1 the upload dialog.
  const utils = trpc.useUtils();
  useLinkedRecord('file', (id) => utils.documents.get.fetch({ id }), setEditing);
  useLinkParam('new', () => setUploading(true));
  // ?view=…&version=…&comment=… (a review comment found by search): the viewer on that version, at the comment.
  useReviewLink(viewer.open, setEditing);

  // Drop a file on a file's row or card: a new version of it (issue 31).
  const drop = useVersionDrop(list.items);

  const companyId = filters.values.companyId ?? null;
  const company = useCompanyName(companyId);
  const companyChip = company.name ?? (company.missing ? D.unknownCompany : '…');
  // The project choice follows the company filter (all of the agency's projects without one).
  const projects = trpc.projects.options.useQuery({ companyId: companyId ?? undefined });
  const projectFilter = filters.values.projectId;
  const projectChip =
    projectFilter === 'none' ? D.noProject : (projects.data?.find((p) => p.id === projectFilter)?.name ?? '…');

  const addButton = (
    <Button onClick={() => setUploading(true)}>
      <Plus className="size-4" aria-hidden /> {D.add}
    </Button>
  );

  const chipValue = (key: FilterKey, value: string) => {
    if (key === 'type') return typeLabel(value);
    if (key === 'companyId') return companyChip;
    if (key === 'projectId') return projectChip;
    if (key === 'approval') return M.approvals.filterAwaiting;
    return value;
  };

  const [colFile, colType, colCompany, colProject, colSize, colAdded, colActions] = D.columns;
  const columns: Column<DocumentRow>[] = [
    {
      header: colFile,
      sort: 'name',
      cell: (d) => (
        <div className="flex max-w-80 min-w-52 items-center gap-3">
          <PreviewThumb
            file={viewerFile(d)}
            thumbUrl={d.thumbUrl}
            fallback={<FileIcon document={d} />}
            onOpen={viewer.open}
            className="size-9"
          />
          <div className="min-w-0">
            <FileLink document={d} />
            <FileSubline document={d} />
            <VersionDropMarker document={d} active={drop.target === d.id} />
            <SentInLink document={d} />
          </div>
        </div>
      ),
    },
    {
      header: colType,
      sort: 'type',
      cell: (d) => (
        <div className="flex flex-wrap items-center gap-1.5">
          <TypeBadge type={d.type} />
          {d.approvalStatus && <ApprovalBadge status={d.approvalStatus} />}
        </div>
      ),
    },
    { header: colCompany, className: 'max-w-52', cell: (d) => <CompanyCell document={d} /> },
    { header: colProject, className: 'max-w-52', cell: (d) => <ProjectCell document={d} /> },
    {
      header: colSize,
      sort: 'size',
      className: 'tabular-nums',
      cell: (d) => <span className={cn(!d.size && 'text-slate-500')}>{formatFileSize(d.size)}</span>,
    },
    { header: colAdded, sort: 'created', className: 'tabular-nums', cell: (d) => formatListDate(d.createdAt) },
    {
      header: colActions,
      className: 'text-right',
      cell: (d) => (
        <RowActions document={d} onEdit={() => setEditing(d)} onDelete={() => setDeleting(d)} onPreview={viewer.open} />
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={D.title}
        subtitle={D.subtitle}
        actions={
          <>
            <ViewToggle value={filters.view} onChange={filters.setView} />
            {addButton}
          </>
        }
      />
      <DocumentStats />
      <ListToolbar views="file">
        <SearchBox
          {...filters.searchBox}
          maxLength={searchMaxLength}
          placeholder={D.searchPlaceholder}
          label={D.searchLabel}
        />
        <ListFilters active={filters.filterCount}>
          <FilterSelect
            label={D.filterType}
            value={filters.valueFor('type')}
            onChange={(value) => filters.set('type', value)}
            options={[{ value: '', label: D.allTypes }, ...typeOptions]}
          />
          <CompanyPicker
            label={D.filterCompany}
            className="md:w-56"
            value={filters.valueFor('companyId')}
            selectedName={company.name}
            onChange={(value) =>
              // A project of the old company would match nothing: the project filter goes with it, in the same step.
              setParams(
                (p) => {
                  if (p.get('projectId') !== 'none') p.delete('projectId');
                  if (value) p.set('companyId', value);
                  else p.delete('companyId');
                  return p;
                },
                { preventScrollReset: true },
              )
            }
            fixedOptions={[{ value: '', label: D.allCompanies }]}
          />
          <FilterSelect
            label={D.filterProject}
            value={filters.valueFor('projectId')}
            onChange={(value) => filters.set('projectId', value)}
            options={[
              { value: '', label: D.allProjects },
              { value: 'none', label: D.noProject },
              ...(projects.data ?? []).map((p) => ({ value: String(p.id), label: p.name })),
            ]}
          />
          <FilterSelect
            label={D.filterApproval}
            value={filters.valueFor('approval')}
            onChange={(value) => filters.set('approval', value)}
            options={[
              { value: '', label: D.allApprovals },
              { value: 'pending', label: M.approvals.filterAwaiting },
            ]}
          />
          {filters.active.length > 0 && (
            <Button variant="ghost" onClick={filters.clearAll} className="shrink-0">
              <X className="size-4" aria-hidden /> {M.common.clear}
            </Button>
          )}
        </ListFilters>
        <SortSelect sorts={documentSorts} sort={sort} view={filters.view} columns={columns} />
      </ListToolbar>
      <FilterChips
        chips={filters.active.map(({ key, value }) => ({
          key,
          name: D.filterNames[key],
          value: chipValue(key as FilterKey, value),
        }))}
        onRemove={(key) => filters.remove(key as FilterKey)}
        onClearAll={filters.clearAll}
      />
      <div
        {...drop.zone}
        className="[&_[data-drop-active]]:bg-brand-50 [&_[data-drop-active]]:outline-2 [&_[data-drop-active]]:-outline-offset-2 [&_[data-drop-active]]:outline-brand-500"
      >
        <ListResults
          list={list}
          view={filters.view}
          count={D.showing}
          rowKey={(d) => d.id}
          onOpen={setEditing}
          skeletons={5}
          empty={{
            icon: <FolderOpen className="size-10" />,
            title: D.emptyTitle,
            text: D.emptyText,
            action: addButton,
          }}
          noMatch={{ title: D.noMatchTitle, text: D.noMatchText, onClear: filters.clearAll }}
          table={{ caption: D.title, columns, sort }}
          card={(d) => (
            <DocumentCard
              document={d}
              onEdit={() => setEditing(d)}
              onDelete={() => setDeleting(d)}
              dropTarget={drop.target === d.id}
              onPreview={viewer.open}
            />
          )}
        />
      </div>
      {drop.dialog}
      <UploadDialog open={uploading} onClose={() => setUploading(false)} defaultCompanyId={companyId} />
      <EditDocumentDialog document={editing} onClose={() => setEditing(null)} onPreview={viewer.open} />
      <DeleteDocumentDialog document={deleting} onClose={() => setDeleting(null)} />
      {viewer.viewer}
    </>
  );
}
