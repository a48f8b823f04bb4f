import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

type Runtime = { pdfjs: typeof import('pdfjs-dist'); worker: import('pdfjs-dist').PDFWorker };
let shared: Promise<Runtime> | null = null;

/**
 * pdfjs-dist and one worker (a built asset) for every PDF the page opens: started when a preview button is first
 * pointed at or focused (preloadViewer), so the worker's start is not paid at the click, nor again at each open.
 */
export function pdfRuntime(): Promise<Runtime> {
  shared ??= import('pdfjs-dist').then((pdfjs) => {
    pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
    return { pdfjs, worker: new pdfjs.PDFWorker() };
  });
  shared.catch(() => {
    shared = null;
  });
  return shared;
}
