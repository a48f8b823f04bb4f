import { useState } from 'react';
import { toast } from 'sonner';
import { M } from '../../../../shared/messages';
import type { ExportRequestOutput } from '../../../../shared/schemas/data';
import { errorText, trpc } from '../../lib/trpc';
import { startDownload } from './download';

const P = M.data.page;

/**
 * Starting an export (the whole agency, or one company): a small one downloads at once (through a hidden frame: the
 * app stays on its page, and a refusal of the zip's address, e.g. an expired session, shows as a toast with the
 * server's sentence instead of a raw reply); a large one is built in the background, and the owner is told where the
 * e-mail goes and finds it in Account → Data → Your exports. downloadFailed: the last download's refusal, if any.
 */
function useExportResult() {
  const utils = trpc.useUtils();
  const [downloadFailed, setDownloadFailed] = useState<string | null>(null);
  const options = {
    onMutate: () => setDownloadFailed(null),
    onSuccess: (result: ExportRequestOutput) => {
      if (result.mode === 'download') {
        startDownload(result.url, (message) => {
          const text = message ?? P.downloadFailedText;
          setDownloadFailed(text);
          toast.error(P.downloadFailed, { description: text });
        });
        toast.success(P.downloadStarted);
      } else {
        toast.success(P.preparingTitle, { description: P.preparing(result.email) });
        void utils.data.exports.invalidate();
      }
    },
    onError: (error: unknown) => toast.error(M.common.error, { description: P.exportFailed(errorText(error)) }),
  };
  return { options, downloadFailed };
}

/** The whole agency (owner). */
export function useAgencyExport() {
  const { options, downloadFailed } = useExportResult();
  const mutation = trpc.data.requestExport.useMutation(options);
  return { mutation, downloadFailed };
}

/** One client company (owner and admin); a refused download shows as a toast. */
export function useCompanyExport() {
  return trpc.data.requestCompanyExport.useMutation(useExportResult().options);
}
