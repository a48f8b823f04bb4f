// A PDF's page count, first page's size (points) and first page drawn as a WebP thumbnail, in a worker thread
// (./render.ts starts it with a heap limit and ends it after a time limit). Plain JavaScript, copied beside the
// built server by scripts/build-server.mjs, so the same file runs from source and from dist.
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';

const require = createRequire(import.meta.url);

async function read({ file, thumbSize }) {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const fonts = `${path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}${path.sep}`;
  const data = new Uint8Array(await fs.readFile(file));
  const task = pdfjs.getDocument({
    data,
    isEvalSupported: false,
    disableFontFace: true,
    standardFontDataUrl: fonts,
    verbosity: 0,
  });
  const doc = await task.promise;
  try {
    const page = await doc.getPage(1);
    const size = page.getViewport({ scale: 1 });
    const answer = {
      ok: true,
      pageCount: doc.numPages,
      width: Math.round(size.width),
      height: Math.round(size.height),
      webp: null,
    };
    let canvasLib = null;
    try {
      canvasLib = require('@napi-rs/canvas');
    } catch {
      // No canvas for this platform: the page count is still the preview's.
    }
    if (canvasLib && size.width > 0 && size.height > 0) {
      const scale = Math.min(thumbSize / size.width, thumbSize / size.height, 4);
      const viewport = page.getViewport({ scale });
      const canvas = canvasLib.createCanvas(
        Math.max(1, Math.ceil(viewport.width)),
        Math.max(1, Math.ceil(viewport.height)),
      );
      const context = canvas.getContext('2d');
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      await page.render({ canvas, canvasContext: context, viewport }).promise;
      answer.webp = await canvas.encode('webp', 78);
    }
    return answer;
  } finally {
    await task.destroy();
  }
}

read(workerData).then(
  (answer) => parentPort.postMessage(answer),
  (error) => parentPort.postMessage({ ok: false, message: String(error?.message ?? error).slice(0, 300) }),
);
