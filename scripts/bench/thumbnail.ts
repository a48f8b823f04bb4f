// `npm run bench:thumbnail [-- --mb 100]`: the preview job's own code (server/files/previews/render.ts) on a
// ~100 MB PNG (noise, so it hardly compresses), a 12 MP JPEG photo-sized image and a 200-page PDF, with this process's
// RSS sampled every 10 ms. Budget (issue 31): a 100 MB image raises the RSS by less than 100 MB while its thumbnail
// is made. The files are made by a child process first, so their making is not measured.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { imageThumbnail, pdfPreview } from '../../server/files/previews/render';
import { pdfDocument } from '../../tests/support/preview-files';

const BUDGET_GROWTH_MB = 100;
const MB = 1024 * 1024;
const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clientflow-bench-thumb-'));
const big = path.join(dir, 'big.png');
const photo = path.join(dir, 'photo.jpg');
const pdf = path.join(dir, 'long.pdf');
// 3 bytes a pixel of noise, stored with little compression: side² × 3 ≈ the size asked for.
const side = Math.round(Math.sqrt((arg('mb', 100) * MB) / 3));
const make = `
const sharp = require('sharp');
const noise = (w, h) => sharp({ create: { width: w, height: h, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 60 } } });
(async () => {
  await noise(${side}, ${side}).png({ compressionLevel: 1 }).toFile(${JSON.stringify(big)});
  await noise(4000, 3000).jpeg({ quality: 90 }).toFile(${JSON.stringify(photo)});
})();`;
execFileSync(process.execPath, ['-e', make], { stdio: 'inherit' });
fs.writeFileSync(pdf, pdfDocument(200));

const gc = (globalThis as { gc?: () => void }).gc;
async function measure<T>(label: string, run: () => Promise<T>) {
  gc?.();
  await new Promise((r) => setTimeout(r, 200));
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const started = performance.now();
  try {
    const result = await run();
    return { label, ms: performance.now() - started, grewMb: (peak - baseline) / MB, result };
  } finally {
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
  }
}

try {
  // Warm: libvips and the worker's first start are not the file's cost.
  await imageThumbnail(photo);
  await pdfPreview(pdf);
  const rows = [
    await measure(`${(fs.statSync(big).size / MB).toFixed(0)} MB PNG (${side} × ${side})`, () => imageThumbnail(big)),
    await measure('12 MP JPEG (4000 × 3000)', () => imageThumbnail(photo)),
    await measure('200-page PDF, first page', () => pdfPreview(pdf)),
  ];
  for (const row of rows)
    console.log(
      `${row.label.padEnd(36)} ${row.ms.toFixed(0).padStart(6)} ms   RSS +${row.grewMb.toFixed(1)} MB   thumbnail ${row.result.webp.length} bytes${row.result.pageCount ? `, ${row.result.pageCount} pages` : ''}`,
    );
  const over = rows[0].grewMb >= BUDGET_GROWTH_MB;
  console.log(
    over
      ? `FAIL: the large image raised the RSS by ${rows[0].grewMb.toFixed(1)} MB (budget ${BUDGET_GROWTH_MB} MB)`
      : `ok: the large image raised the RSS by ${rows[0].grewMb.toFixed(1)} MB (budget ${BUDGET_GROWTH_MB} MB)`,
  );
  process.exitCode = over ? 1 : 0;
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
