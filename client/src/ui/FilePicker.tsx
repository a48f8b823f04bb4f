import { useId, useState, type DragEvent, type ReactNode } from 'react';
import { FileUp, X } from 'lucide-react';
import { formatFileSize } from '../../../shared/file-size';
import { cn } from '../lib/cn';

type FilePickerTexts = { choose: string; drop: string; replace: string; remove: string };

/**
 * One file, chosen by click, keyboard or drop: a drop zone until a file is chosen, then the file's row with Replace and
 * Remove. The input comes first (visually hidden, still focusable) so its focus ring shows on the zone or the row it
 * labels. Used by the file upload dialog and the import wizard.
 */
export function FilePicker(props: {
  file: File | null;
  error: string | null;
  onFile: (file: File | null | undefined) => void;
  onRemove: () => void;
  disabled?: boolean;
  /** The input's accessible name. */
  label: string;
  accept?: string;
  /** The chosen file's icon. */
  icon: ReactNode;
  /** A line under "Choose a file or drop it here" (accepted types, size limit). */
  hint?: ReactNode;
  texts: FilePickerTexts;
}) {
  const { file, error, onFile, onRemove, disabled = false, label, accept, icon, hint, texts } = props;
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const [dragging, setDragging] = useState(false);
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    onFile(e.dataTransfer.files?.[0]);
  };
  return (
    <div>
      <input
        id={inputId}
        type="file"
        accept={accept}
        className="peer sr-only"
        aria-label={label}
        aria-invalid={!!error || undefined}
        aria-describedby={error ? errorId : undefined}
        disabled={disabled}
        onChange={(e) => {
          onFile(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      {file ? (
        <div
          className={cn(
            'flex items-center gap-3 rounded-lg px-4 py-3 ring-1 ring-inset peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500',
            error ? 'bg-red-50 ring-red-200' : 'bg-slate-50 ring-slate-200',
          )}
        >
          <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-white text-brand-700 ring-1 ring-slate-200">
            {icon}
          </span>
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium text-slate-900" title={file.name}>
              {file.name}
            </p>
            <p className="text-xs text-slate-500">{formatFileSize(file.size)}</p>
          </div>
          {!disabled && (
            <>
              <label
                htmlFor={inputId}
                className="cursor-pointer rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50"
              >
                {texts.replace}
              </label>
              <button
                type="button"
                onClick={onRemove}
                aria-label={texts.remove}
                title={texts.remove}
                className="rounded-md p-1 text-slate-500 hover:bg-slate-200/60 hover:text-slate-600 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
              >
                <X className="size-4" aria-hidden />
              </button>
            </>
          )}
        </div>
      ) : (
        <label
          htmlFor={inputId}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={cn(
            'flex cursor-pointer flex-col items-center justify-center rounded-xl border-2 border-dashed px-6 py-8 text-center transition-colors peer-focus-visible:border-brand-500 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-100',
            dragging
              ? 'border-brand-500 bg-brand-50'
              : error
                ? 'border-red-300 bg-red-50/50'
                : 'border-slate-300 bg-slate-50/60 hover:border-brand-400 hover:bg-brand-50/40',
          )}
        >
          <span className="mb-3 grid size-11 place-items-center rounded-full bg-white text-brand-700 shadow-xs ring-1 ring-slate-200">
            <FileUp className="size-5" aria-hidden />
          </span>
          <span className="text-sm text-slate-500">
            <span className="font-semibold text-brand-700">{texts.choose}</span> {texts.drop}
          </span>
          {hint && <span className="mt-2 text-xs text-slate-500">{hint}</span>}
        </label>
      )}
      {error && (
        <p id={errorId} role="alert" className="mt-2 text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
