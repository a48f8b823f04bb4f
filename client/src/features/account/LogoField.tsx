import { useId, useRef, useState, type DragEvent } from 'react';
import { toast } from 'sonner';
import { ImagePlus, Trash2, Upload } from 'lucide-react';
import { LIMITS } from '../../../../shared/constants';
import { M } from '../../../../shared/messages';
import { LOGO_EXTENSIONS, LOGO_TYPES, logoOutput, type BusinessDetails } from '../../../../shared/schemas/business';
import { cn } from '../../lib/cn';
import { errorText, trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { BusinessMark } from '../portal/PortalBrand';

const A = M.account;

/** The browser's quick check (spec §5): JPEG, JPG, PNG or GIF, at most 5 MB. The server then checks the bytes. */
function refusal(file: File): { title: string; text: string } | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  const typeOk =
    (LOGO_TYPES as readonly string[]).includes(file.type) ||
    (!file.type && (LOGO_EXTENSIONS as readonly string[]).includes(extension));
  if (!typeOk) return { title: A.invalidTypeTitle, text: A.invalidTypeText };
  if (file.size > LIMITS.logoMaxBytes) return { title: A.tooLargeTitle, text: A.tooLargeText };
  return null;
}

/** POST /api/business/logo (multipart, field `file`); the server's message when it refuses. */
async function uploadLogo(file: File) {
  const body = new FormData();
  body.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch('/api/business/logo', { method: 'POST', body, credentials: 'same-origin' });
  } catch {
    throw new Error(A.logoFailed);
  }
  const reply: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message =
      reply && typeof reply === 'object' && 'message' in reply && typeof reply.message === 'string'
        ? reply.message
        : null;
    throw new Error(message ?? A.logoFailed);
  }
  return logoOutput.parse(reply);
}

/** The Brand Style form's logo: shown on a white tile, uploaded as soon as it is chosen (or dropped), removable. */
export function LogoField({ business, canEdit }: { business: BusinessDetails; canEdit: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const utils = trpc.useUtils();
  const [uploading, setUploading] = useState(false);
  const [dragging, setDragging] = useState(false);
  const remove = trpc.business.removeLogo.useMutation({
    onSuccess: (saved) => {
      utils.business.get.setData(undefined, saved);
      void utils.business.branding.invalidate();
      toast.success(A.logoRemoved);
    },
    onError: (error) => toast.error(A.updateFailed, { description: errorText(error) ?? A.logoRemoveFailed }),
  });

  const upload = async (file: File | undefined) => {
    if (!file || uploading) return;
    const refused = refusal(file);
    if (refused) {
      toast.error(refused.title, { description: refused.text });
      return;
    }
    setUploading(true);
    try {
      const logo = await uploadLogo(file);
      utils.business.get.setData(undefined, (old) => (old ? { ...old, logo } : old));
      void utils.business.get.invalidate();
      void utils.business.branding.invalidate();
      toast.success(A.logoUploaded);
    } catch (error) {
      toast.error(A.uploadFailed, { description: (error as Error).message || A.logoFailed });
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (canEdit) void upload(event.dataTransfer.files[0]);
  };

  return (
    <div>
      <p id={labelId} className="block text-sm font-medium text-slate-700">
        {A.logo}
      </p>
      <div className="mt-1.5 flex flex-wrap items-center gap-4">
        {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop zone for the pointer; the file button beside it is the keyboard's way */}
        <div
          onDragOver={(e) => {
            if (!canEdit) return;
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={cn(
            'grid h-20 w-36 shrink-0 place-items-center rounded-xl bg-white p-2 ring-1 ring-slate-200 transition',
            dragging && 'ring-2 ring-brand-500',
            !business.logo && 'border border-dashed border-slate-300 ring-0',
          )}
        >
          {business.logo ? (
            <img
              src={business.logo.url}
              alt={A.logoAlt(business.name)}
              className="max-h-full max-w-full object-contain"
            />
          ) : (
            <BusinessMark name={business.name} className="size-12 text-base" />
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-2">
          {canEdit && (
            <div className="flex flex-wrap gap-2">
              <input
                ref={input}
                type="file"
                accept={[...LOGO_TYPES, ...LOGO_EXTENSIONS.map((e) => `.${e}`)].join(',')}
                className="sr-only"
                tabIndex={-1}
                aria-labelledby={labelId}
                onChange={(e) => void upload(e.target.files?.[0])}
              />
              <Button variant="secondary" size="sm" busy={uploading} onClick={() => input.current?.click()}>
                {!uploading &&
                  (business.logo ? (
                    <Upload className="size-4" aria-hidden />
                  ) : (
                    <ImagePlus className="size-4" aria-hidden />
                  ))}
                {uploading ? A.uploading : business.logo ? A.replaceLogo : A.uploadLogo}
              </Button>
              {business.logo && (
                <Button
                  variant="ghost"
                  size="sm"
                  busy={remove.isPending}
                  disabled={uploading}
                  onClick={() => remove.mutate()}
                  className="text-red-700 hover:bg-red-50 hover:text-red-800"
                >
                  <Trash2 className="size-4" aria-hidden /> {A.removeLogo}
                </Button>
              )}
            </div>
          )}
          <p className="text-xs text-slate-500">{business.logo ? business.logo.name : A.noLogo}</p>
          {canEdit && <p className="text-xs text-slate-500">{A.logoHint}</p>}
        </div>
      </div>
    </div>
  );
}
