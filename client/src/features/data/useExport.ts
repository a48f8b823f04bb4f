import { toast } from 'sonner';
import { M } from '../../../../shared/messages';
import type { ExportRequestOutput } from '../../../../shared/schemas/data';
import { errorText, trpc } from '../../lib/trpc';

const P = M.data.page;

/**
 * Starting an export (the whole agency, or one company): a small one downloads at once (the browser follows the
 * zip's address and stays on the page, the reply is an attachment); a large one is built in the background, and the
 * owner is told where the e-mail goes and finds it in Account → Data → Your exports.
 */
export function useExportResult() {
  const utils = trpc.useUtils();
  return {
    onSuccess: (result: ExportRequestOutput) => {
      if (result.mode === 'download') {
        window.location.assign(result.url);
        toast.success(P.downloadStarted);
      } else {
        toast.success(P.preparingTitle, { description: P.preparing(result.email) });
        void utils.data.exports.invalidate();
      }
    },
    onError: (error: unknown) => toast.error(M.common.error, { description: P.exportFailed(errorText(error)) }),
  };
}

/** The whole agency (owner). */
export function useAgencyExport() {
  return trpc.data.requestExport.useMutation(useExportResult());
}

/** One client company (owner and admin). */
export function useCompanyExport() {
  return trpc.data.requestCompanyExport.useMutation(useExportResult());
}
