import { Building2, FileArchive, FileSpreadsheet, Users } from 'lucide-react';
import type { ImportKind } from '../../../../../shared/schemas/data';
import { cn } from '../../../lib/cn';
import { FilePicker } from '../../../ui/FilePicker';
import { P } from './importParts';

const kindIcon = { companies: Building2, contacts: Users, archive: FileArchive } as const;

/** Step 1: what the file holds (companies, contacts, a Clientflow export) and the file. */
export function FileStep(props: {
  kind: ImportKind;
  onKind: (kind: ImportKind) => void;
  canImportArchive: boolean;
  file: File | null;
  fileError: string | null;
  onFile: (file: File | null | undefined) => void;
  onRemove: () => void;
  disabled: boolean;
}) {
  const { kind, onKind, canImportArchive, file, fileError, onFile, onRemove, disabled } = props;
  const kinds: ImportKind[] = canImportArchive ? ['companies', 'contacts', 'archive'] : ['companies', 'contacts'];
  return (
    <div className="space-y-6">
      <fieldset disabled={disabled}>
        <legend className="mb-2 block text-sm font-medium text-slate-700">{P.kindLegend}</legend>
        <div className={cn('grid gap-2', kinds.length === 3 ? 'sm:grid-cols-3' : 'sm:grid-cols-2')}>
          {kinds.map((option) => {
            const Icon = kindIcon[option];
            const chosen = option === kind;
            return (
              <label
                key={option}
                className={cn(
                  'relative flex cursor-pointer gap-3 rounded-lg border p-3 text-sm transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 sm:flex-col sm:gap-2',
                  chosen
                    ? 'border-brand-500 bg-brand-50/60 ring-1 ring-brand-500'
                    : 'border-slate-300 bg-white hover:border-slate-400',
                )}
              >
                <input
                  type="radio"
                  name="import-kind"
                  value={option}
                  checked={chosen}
                  onChange={() => onKind(option)}
                  className="sr-only"
                />
                <Icon
                  className={cn('mt-0.5 size-5 shrink-0 sm:mt-0', chosen ? 'text-brand-700' : 'text-slate-400')}
                  aria-hidden
                />
                <span className="min-w-0">
                  <span className="block font-medium text-slate-900">{P.kinds[option].label}</span>
                  <span className="block text-xs text-slate-500">{P.kinds[option].text}</span>
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>

      <FilePicker
        file={file}
        error={fileError}
        onFile={onFile}
        onRemove={onRemove}
        disabled={disabled}
        label={P.fileLabel}
        accept={kind === 'archive' ? '.zip,application/zip' : '.csv,text/csv'}
        icon={
          kind === 'archive' ? (
            <FileArchive className="size-4" aria-hidden />
          ) : (
            <FileSpreadsheet className="size-4" aria-hidden />
          )
        }
        hint={kind === 'archive' ? P.acceptZip : P.acceptCsv}
        texts={{ choose: P.chooseFile, drop: P.dropHere, replace: P.replaceFile, remove: P.removeFile }}
      />
    </div>
  );
}
