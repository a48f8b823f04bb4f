import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '../../lib/zodResolver';
import { AlertTriangle } from 'lucide-react';
import { toast } from 'sonner';
import { formatFileSize } from '../../../../shared/file-size';
import { M } from '../../../../shared/messages';
import { documentFormSchema, type DocumentForm, type DocumentFormValues } from '../../../../shared/schemas/documents';
import { errorText, trpc } from '../../lib/trpc';
import { onFormError } from '../../ui/form';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { ApprovalPanel } from '../approvals/ApprovalPanel';
import { DocumentFields } from './DocumentFields';
import { VersionHistory } from './VersionHistory';
import {
  FileIcon,
  FileLink,
  formatListDate,
  SentInLink,
  useInvalidateDocuments,
  type DocumentRow,
} from './documentParts';
import { PreviewThumb, type ViewerFile } from './viewer';

const D = M.documents;

const valuesOf = (d: DocumentRow): DocumentForm => ({
  name: d.name,
  type: d.type,
  companyId: d.companyId ?? '',
  projectId: d.projectId ?? '',
  visibleInPortal: d.visibleInPortal,
});

/** 'Edit File': rename, re-type, move to another company or project, show or hide in the client portal. */
export function EditDocumentDialog({
  document: asked,
  onClose,
  onPreview,
}: {
  document: DocumentRow | null;
  onClose: () => void;
  /** Opens the image or PDF viewer (the file's thumbnail is its button). */
  onPreview?: (file: ViewerFile) => void;
}) {
  // The last file asked about stays on screen while the dialog fades out.
  const [snapshot, setSnapshot] = useState(asked);
  if (asked && asked !== snapshot) setSnapshot(asked);
  // The header and the history follow the file as it is now (a new version, here or live from a teammate), not the
  // row the list had when the dialog opened.
  const fresh = trpc.documents.get.useQuery({ id: snapshot?.id ?? 0 }, { enabled: asked !== null });
  const document = snapshot && fresh.data?.id === snapshot.id ? fresh.data : snapshot;
  const form = useForm<DocumentForm, unknown, DocumentFormValues>({
    resolver: zodResolver(documentFormSchema),
    defaultValues: asked ? valuesOf(asked) : undefined,
  });
  const invalidate = useInvalidateDocuments();

  const { reset } = form;
  useEffect(() => {
    if (asked) reset(valuesOf(asked));
  }, [asked, reset]);

  const update = trpc.documents.update.useMutation({
    onSuccess: () => {
      toast.success(D.updated, { description: D.updatedText });
      void invalidate();
      onClose();
    },
    onError: onFormError(form, documentFormSchema, ({ text }) =>
      toast.error(M.common.error, { description: text ?? D.updateFailed }),
    ),
  });

  const onSubmit = form.handleSubmit((values) => {
    if (!document) return;
    if (values.companyId === '') return form.setError('companyId', { message: D.companyRequired });
    update.mutate({
      id: document.id,
      name: values.name,
      type: values.type,
      companyId: values.companyId,
      projectId: values.projectId === '' ? null : values.projectId,
      visibleInPortal: values.visibleInPortal,
    });
  });

  return (
    <Dialog open={asked !== null} onClose={() => !update.isPending && onClose()} title={D.dialogEdit}>
      {document && (
        <>
          <form onSubmit={onSubmit} noValidate className="space-y-5">
            <div className="relative flex items-center gap-3 rounded-lg bg-slate-50 px-4 py-3 ring-1 ring-slate-200 ring-inset">
              <PreviewThumb
                file={
                  document.stored && onPreview
                    ? { name: document.name, url: document.url, mimeType: document.mimeType }
                    : null
                }
                thumbUrl={document.thumbUrl}
                fallback={<FileIcon document={document} />}
                onOpen={(file) => onPreview?.(file)}
                className="size-12"
              />
              <div className="min-w-0 flex-1">
                <FileLink document={document} className="text-sm" />
                <p className="truncate text-xs text-slate-500">
                  {[
                    document.stored ? document.originalName : document.url,
                    formatFileSize(document.size),
                    formatListDate(document.createdAt),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
                <SentInLink document={document} />
              </div>
            </div>
            <DocumentFields
              form={form}
              place="company-and-project"
              companyName={document.company?.name}
              autoFocusName
            />
            <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={onClose} disabled={update.isPending}>
                {D.cancel}
              </Button>
              <Button type="submit" busy={update.isPending}>
                {update.isPending ? D.saving : D.submitEdit}
              </Button>
            </div>
          </form>
          <VersionHistory document={document} />
        </>
      )}
      {document && (
        <div className="mt-5">
          <ApprovalPanel documentId={document.id} companyId={document.companyId} />
        </div>
      )}
    </Dialog>
  );
}

/** Asks before deleting a file (an upload's stored copy goes with it). */
export function DeleteDocumentDialog({
  document: asked,
  onClose,
}: {
  document: DocumentRow | null;
  onClose: () => void;
}) {
  const [document, setDocument] = useState(asked);
  if (asked && asked !== document) setDocument(asked);
  const invalidate = useInvalidateDocuments();
  const remove = trpc.documents.remove.useMutation({
    onSuccess: () => {
      toast.success(D.deleted, { description: document ? D.deletedText(document.name) : undefined });
      void invalidate();
      onClose();
    },
    onError: (error) => toast.error(M.common.error, { description: errorText(error) ?? D.deleteFailed }),
  });
  const name = document?.name ?? '';
  return (
    <Dialog open={asked !== null} onClose={() => !remove.isPending && onClose()} title={D.deleteTitle(name)} size="md">
      <div className="flex gap-4">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-red-50 text-red-600">
          <AlertTriangle className="size-5" aria-hidden />
        </span>
        <div className="space-y-2 text-sm text-slate-600">
          <p>{D.deleteText}</p>
          {document?.stored && <p>{D.deleteStoredText}</p>}
        </div>
      </div>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={remove.isPending} autoFocus>
          {D.cancel}
        </Button>
        <Button variant="danger" busy={remove.isPending} onClick={() => document && remove.mutate({ id: document.id })}>
          {remove.isPending ? D.deleting : D.delete}
        </Button>
      </div>
    </Dialog>
  );
}
