// After `vite build`: writes the marketing pages (/, /features, /pricing) as static HTML into dist/client/marketing/,
// from the same components the SPA renders (client/src/features/marketing/prerender.tsx), with the built
// stylesheets and no script. The server sends them for those three addresses (server/app.ts).
// Then the hub's and the portal's first frames (client/src/app/firstFrames.tsx) into dist/client/first-frames.json,
// which the server puts into the app's page (server/lib/spa-shell.ts).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

const root = path.resolve(import.meta.dirname, '..');
const clientDir = path.join(root, 'dist/client');
const template = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
// Inside the project, so that the bundle finds react and react-router in node_modules.
const out = path.join(root, 'dist/.prerender');
try {
  await build({
    configFile: path.join(root, 'client/vite.config.ts'),
    logLevel: 'warn',
    build: {
      ssr: true,
      rolldownOptions: {
        input: {
          prerender: path.join(root, 'client/src/features/marketing/prerender.tsx'),
          firstFrames: path.join(root, 'client/src/app/firstFrames.tsx'),
        },
      },
      outDir: out,
      emptyOutDir: true,
      copyPublicDir: false,
    },
  });
  const load = async (name) => {
    const entry = fs.readdirSync(out).find((f) => new RegExp(`^${name}\\.m?js$`).test(f));
    if (!entry) throw new Error(`prerender: no ${name} bundle in ${out}`);
    return import(pathToFileURL(path.join(out, entry)).href);
  };
  const { MARKETING_PAGES, renderMarketingPage } = await load('prerender');
  const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  fs.mkdirSync(path.join(clientDir, 'marketing'), { recursive: true });
  for (const page of MARKETING_PAGES) {
    const body = renderMarketingPage(page.path);
    const html = template
      .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
      .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)} — Clientflow</title>`)
      .replace(/<!--[\s\S]*?-->\s*/g, '')
      // A function, so that a "$&" or "$'" in the page's text is not read as a replacement pattern.
      .replace(/<div id="root">.*<\/div>\n/, () => `<div id="root">${body}</div>\n`);
    if (!html.includes(body)) throw new Error(`prerender: no root element in index.html for ${page.path}`);
    if (html.includes('<script')) throw new Error(`prerender: ${page.path} still has a script`);
    fs.writeFileSync(path.join(clientDir, 'marketing', page.file), html);
  }
  const { renderFirstFrames } = await load('firstFrames');
  const frames = renderFirstFrames();
  fs.writeFileSync(path.join(clientDir, 'first-frames.json'), `${JSON.stringify(frames)}\n`);
  console.log(
    `First frames: ${Object.keys(frames.hub).length} of the hub, ${Object.keys(frames.portal).length} of the portal written to dist/client/first-frames.json`,
  );
  console.log(
    `Marketing pages: ${MARKETING_PAGES.map((p) => p.path).join(', ')} written as static HTML (no JavaScript) to dist/client/marketing/`,
  );
} finally {
  fs.rmSync(out, { recursive: true, force: true });
}
