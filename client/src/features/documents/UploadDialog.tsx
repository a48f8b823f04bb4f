import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '../../lib/zodResolver';
import { toast } from 'sonner';
import { Paperclip } from 'lucide-react';
import { formatFileSize } from '../../../../shared/file-size';
import { M } from '../../../../shared/messages';
import { documentFormSchema, type DocumentForm, type DocumentFormValues } from '../../../../shared/schemas/documents';
import { cn } from '../../lib/cn';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Alert } from '../../ui/Feedback';
import { FilePicker } from '../../ui/FilePicker';
import { DocumentFields } from './DocumentFields';
import { useInvalidateDocuments } from './documentParts';

const D = M.documents;

type UploadDialogProps = {
  open: boolean;
  onClose: () => void;
  /** Opened on a company page: the file goes to this company (the project stays a choice). */
  companyId?: number | null;
  /** Opened on a project page: the file goes to this project (and its company). */
  projectId?: number | null;
  /** The company the dialog starts with (e.g. the list's company filter); still a choice. */
  defaultCompanyId?: number | null;
};

type Progress = { loaded: number; total: number };
type Upload = { abort: () => void };

/** Why the server refused an upload, from its JSON reply ({ message }); null when the reply says nothing readable. */
function replyMessage(xhr: XMLHttpRequest): string | null {
  try {
    const body = JSON.parse(xhr.responseText) as { message?: unknown };
    return typeof body.message === 'string' && body.message.trim() ? body.message : null;
  } catch {
    return null;
  }
}

/**
 * Sends the file with its fields as multipart/form-data (the session cookie authenticates it, the browser's
 * Origin header passes the server's same-origin check), reporting upload progress as the bytes leave.
 */
function sendUpload(
  fields: Record<string, string>,
  file: File,
  on: {
    progress: (p: Progress) => void;
    done: () => void;
    failed: (message: string | null) => void;
    aborted: () => void;
  },
): Upload {
  const body = new FormData();
  // Text fields first: the server reads them before the file's bytes.
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  body.append('file', file, file.name);
  const xhr = new XMLHttpRequest();
  xhr.open('POST', '/api/documents/upload');
  xhr.responseType = 'text';
  xhr.upload.onprogress = (e) => on.progress({ loaded: e.loaded, total: e.lengthComputable ? e.total : file.size });
  xhr.onload = () =>
    xhr.status === 201
      ? on.done()
      : on.failed(replyMessage(xhr) ?? (xhr.status ? `${xhr.status}: ${xhr.statusText}` : null));
  xhr.onerror = () => on.failed(null);
  xhr.onabort = () => on.aborted();
  xhr.send(body);
  return { abort: () => xhr.abort() };
}

/** Bytes sent so far: "0 Bytes" before the first (formatFileSize says 'Unknown size' for 0). */
const amount = (bytes: number) => (bytes > 0 ? formatFileSize(bytes) : '0 Bytes');

/** A new file is internal until shared (issue 27): the portal switch starts off. */
const blank = (companyId: number | null | undefined): DocumentForm => ({
  name: '',
  type: 'contract',
  companyId: companyId ?? '',
  projectId: '',
  visibleInPortal: false,
});

/**
 * 'Add New File': choose or drop a file (its name fills the name field), its type, company and optional project,
 * and whether the client portal shows it; then the upload, with a real progress bar and a Cancel that stops it.
 */
export function UploadDialog({ open, onClose, companyId, projectId, defaultCompanyId }: UploadDialogProps) {
  const place = projectId ? 'none' : companyId ? 'project' : 'company-and-project';
  const form = useForm<DocumentForm, unknown, DocumentFormValues>({
    resolver: zodResolver(documentFormSchema),
    defaultValues: blank(companyId ?? defaultCompanyId),
  });
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const upload = useRef<Upload | null>(null);
  /** The name field still holds what the last chosen file filled in (so a new file may replace it). */
  const autoName = useRef('');
  const stats = trpc.documents.stats.useQuery(undefined, { enabled: open, staleTime: 60_000 });
  const maxBytes = stats.data?.maxUploadBytes ?? null;
  const invalidate = useInvalidateDocuments();
  const uploading = progress !== null;

  const { reset } = form;
  useEffect(() => {
    if (!open) return;
    reset(blank(companyId ?? defaultCompanyId));
    setFile(null);
    setFileError(null);
    setServerError(null);
    setProgress(null);
    autoName.current = '';
  }, [open, companyId, defaultCompanyId, reset]);
  // Leaving the page mid-upload stops it.
  useEffect(() => () => upload.current?.abort(), []);

  function choose(chosen: File | null | undefined) {
    if (!chosen || uploading) return;
    setServerError(null);
    setFile(chosen);
    setFileError(
      chosen.size === 0
        ? D.emptyFile
        : maxBytes !== null && chosen.size > maxBytes
          ? D.tooLarge(formatFileSize(maxBytes))
          : null,
    );
    const name = form.getValues('name');
    if (!name.trim() || name === autoName.current) {
      form.setValue('name', chosen.name, { shouldValidate: !!form.formState.errors.name });
      autoName.current = chosen.name;
    }
  }

  const stop = () => upload.current?.abort();
  const close = () => {
    stop();
    onClose();
  };

  const send = form.handleSubmit((values) => {
    if (!file) return;
    if (fileError) return;
    if (place === 'company-and-project' && values.companyId === '')
      return form.setError('companyId', { message: D.companyRequired });
    setServerError(null);
    const fields: Record<string, string> = {
      name: values.name,
      type: values.type,
      visibleInPortal: String(values.visibleInPortal),
    };
    if (projectId) fields.projectId = String(projectId);
    else {
      if (values.companyId !== '') fields.companyId = String(values.companyId);
      if (values.projectId !== '') fields.projectId = String(values.projectId);
    }
    setProgress({ loaded: 0, total: file.size });
    upload.current = sendUpload(fields, file, {
      progress: setProgress,
      done: () => {
        upload.current = null;
        setProgress(null);
        toast.success(D.created);
        void invalidate();
        onClose();
      },
      failed: (message) => {
        upload.current = null;
        setProgress(null);
        setServerError(message);
        toast.error(M.common.error, { description: D.createFailed });
      },
      aborted: () => {
        upload.current = null;
        setProgress(null);
        toast(D.uploadCancelled);
      },
    });
  });

  // No file chosen: that is the one thing to say (the empty name field is empty because no file filled it in).
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (file) return void send(event);
    event.preventDefault();
    form.clearErrors('name');
    setFileError(D.chooseFileFirst);
  };

  const percent = progress ? Math.min(100, Math.floor((progress.loaded / Math.max(1, progress.total)) * 100)) : 0;
  const sent = progress !== null && progress.loaded >= progress.total;

  return (
    <Dialog open={open} onClose={() => !uploading && close()} title={D.dialogAdd}>
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <FilePicker
          file={file}
          error={fileError}
          onFile={choose}
          onRemove={() => {
            setFile(null);
            setFileError(null);
          }}
          disabled={uploading}
          label={D.fields.file}
          icon={<Paperclip className="size-4" aria-hidden />}
          hint={maxBytes !== null ? D.maxSize(formatFileSize(maxBytes)) : undefined}
          texts={{ choose: D.chooseFile, drop: D.dropHere, replace: D.replaceFile, remove: D.removeFile }}
        />

        <fieldset disabled={uploading} className="min-w-0">
          <DocumentFields form={form} place={place} fixedProjectId={projectId} />
        </fieldset>

        {serverError && <Alert>{serverError}</Alert>}

        {progress && (
          <div className="space-y-1.5">
            <div className="flex items-center justify-between text-xs font-medium text-slate-600">
              <span aria-live="polite">{sent ? D.processing : D.uploadProgress(percent)}</span>
              <span className="tabular-nums text-slate-500">
                {amount(progress.loaded)} / {amount(progress.total)}
              </span>
            </div>
            <div
              role="progressbar"
              aria-label={D.uploadProgressLabel}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              className="h-2 overflow-hidden rounded-full bg-slate-200"
            >
              <div
                className={cn(
                  'h-full rounded-full bg-brand-600 transition-[width] duration-200',
                  sent && 'animate-pulse',
                )}
                style={{ width: `${percent}%` }}
              />
            </div>
          </div>
        )}

        <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end">
          {uploading ? (
            <Button variant="secondary" onClick={stop}>
              {D.cancelUpload}
            </Button>
          ) : (
            <Button variant="secondary" onClick={close}>
              {D.cancel}
            </Button>
          )}
          <Button type="submit" busy={uploading} disabled={!!fileError}>
            {uploading ? D.uploading : D.submitAdd}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
