import { useState } from 'react';
import { FolderOpen, Pencil, Trash2, Upload } from 'lucide-react';
import { LIMITS } from '../../../../shared/constants';
import { formatFileSize } from '../../../../shared/file-size';
import { M } from '../../../../shared/messages';
import { trpc } from '../../lib/trpc';
import { PanelResults } from '../../lists/ListResults';
import { useInfiniteList } from '../../lists/useInfiniteList';
import { Button } from '../../ui/Button';
import { DeleteDocumentDialog, EditDocumentDialog } from './EditDocumentDialog';
import {
  DownloadLink,
  FileIcon,
  FileLink,
  FileSubline,
  formatListDate,
  TypeBadge,
  type DocumentRow,
} from './documentParts';
import { UploadDialog } from './UploadDialog';

const D = M.documents;

type Place = { projectId?: number; companyId?: number };

/** The panel's list input; the company page's tab count reads the same query (one request for both). */
const panelInput = ({ projectId, companyId }: Place) => ({
  limit: LIMITS.pageSize,
  ...(projectId ? { projectId } : companyId ? { companyId } : {}),
});

/** How many files a company or project has (the first page's total), for a tab's count; undefined while loading. */
export function useDocumentCount(place: Place): number | undefined {
  const list = useInfiniteList(trpc.documents.list, panelInput(place));
  return list.state === 'loading' || list.state === 'error' ? undefined : list.total;
}

/**
 * The files of one project (project page) or one company (company page): newest first, each opening in a new tab,
 * with edit and delete, and an Upload File button that files the upload there.
 */
export function DocumentsPanel({ projectId, companyId }: Place) {
  const list = useInfiniteList(trpc.documents.list, panelInput({ projectId, companyId }));
  const [uploading, setUploading] = useState(false);
  const [editing, setEditing] = useState<DocumentRow | null>(null);
  const [deleting, setDeleting] = useState<DocumentRow | null>(null);

  return (
    <PanelResults
      list={list}
      label={D.title}
      count={D.panelCount}
      action={
        <Button onClick={() => setUploading(true)}>
          <Upload className="size-4" aria-hidden /> {D.upload}
        </Button>
      }
      empty={{ icon: <FolderOpen className="size-10" />, title: D.emptyTitle, text: D.emptyText }}
      skeleton={{ rows: 5, lines: ['h-4 w-48', 'h-3 w-32'], trailing: 'h-5 w-16 rounded-full', rowClassName: 'py-3.5' }}
      rowKey={(document) => document.id}
      row={(document) => (
        <DocumentItem
          document={document}
          showProject={!projectId}
          onEdit={() => setEditing(document)}
          onDelete={() => setDeleting(document)}
        />
      )}
    >
      <UploadDialog
        open={uploading}
        onClose={() => setUploading(false)}
        projectId={projectId}
        companyId={projectId ? undefined : companyId}
      />
      <EditDocumentDialog document={editing} onClose={() => setEditing(null)} />
      <DeleteDocumentDialog document={deleting} onClose={() => setDeleting(null)} />
    </PanelResults>
  );
}

type DocumentItemProps = { document: DocumentRow; showProject: boolean; onEdit: () => void; onDelete: () => void };

function DocumentItem({ document, showProject, onEdit, onDelete }: DocumentItemProps) {
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:flex-nowrap">
      <div className="flex min-w-0 flex-1 basis-60 items-center gap-3">
        <FileIcon document={document} />
        <div className="min-w-0">
          <FileLink document={document} className="text-sm" />
          <FileSubline
            document={document}
            extra={[
              formatFileSize(document.size),
              formatListDate(document.createdAt),
              showProject && document.project ? document.project.name : '',
            ]}
          />
        </div>
      </div>
      <div className="flex w-full shrink-0 items-center gap-1 sm:w-auto">
        <TypeBadge type={document.type} />
        <span className="ml-auto flex gap-1 sm:ml-2">
          <DownloadLink document={document} compact />
          <Button
            variant="ghost"
            size="sm"
            onClick={onEdit}
            aria-label={D.editFile(document.name)}
            title={D.editFile(document.name)}
          >
            <Pencil className="size-4" aria-hidden />
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
        </span>
      </div>
    </li>
  );
}
