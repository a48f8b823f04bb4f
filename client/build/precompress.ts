// A Vite plugin that writes each emitted script, stylesheet and SVG of 1 KB or more once more, compressed at the
// strongest settings: `<file>.br` (Brotli, quality 11) and `<file>.gz` (gzip, level 9). The server sends these
// instead of compressing on every request (server/app.ts, express-static-gzip): what a browser downloads is 12–15 %
// smaller than Brotli at the quality a server can afford per request (4), and serving it costs no CPU.
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Files worth compressing (fonts and images are compressed already). */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json)$/;
const MIN_BYTES = 1024;

export function precompress(): Plugin {
  let serverSide = false;
  return {
    name: 'clientflow-precompress',
    apply: 'build',
    configResolved(config) {
      // The marketing pages' server-side build (scripts/prerender-marketing.mjs) is never sent to a browser.
      serverSide = Boolean(config.build.ssr);
    },
    async writeBundle(options, bundle) {
      const dir = options.dir;
      if (!dir || serverSide) return;
      await Promise.all(
        Object.keys(bundle)
          .filter((file) => COMPRESSIBLE.test(file))
          .map(async (file) => {
            const full = path.join(dir, file);
            const bytes = await fs.readFile(full);
            if (bytes.length < MIN_BYTES) return;
            const [br, gz] = await Promise.all([
              brotli(bytes, {
                params: {
                  [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
                },
              }),
              gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
            ]);
            await Promise.all([fs.writeFile(`${full}.br`, br), fs.writeFile(`${full}.gz`, gz)]);
          }),
      );
    },
  };
}
