// After `vite build`: writes the marketing pages (/, /features, /pricing) as static HTML into dist/client/marketing/,
// from the same components the SPA renders (client/src/features/marketing/prerender.tsx), with the built
// stylesheets and no script. The server sends them for those three addresses (server/app.ts).
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
    build: { ssr: 'src/features/marketing/prerender.tsx', outDir: out, emptyOutDir: true, copyPublicDir: false },
  });
  const entry = fs.readdirSync(out).find((f) => /^prerender\.m?js$/.test(f));
  if (!entry) throw new Error(`prerender: no bundle in ${out}`);
  const { MARKETING_PAGES, renderMarketingPage } = await import(pathToFileURL(path.join(out, entry)).href);
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
  console.log(
    `Marketing pages: ${MARKETING_PAGES.map((p) => p.path).join(', ')} written as static HTML (no JavaScript) to dist/client/marketing/`,
  );
} finally {
  fs.rmSync(out, { recursive: true, force: true });
}
