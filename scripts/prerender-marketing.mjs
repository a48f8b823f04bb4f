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

/** CSS's blocks at the top level of `css` (rules, at-rules with blocks, and statements ending in `;`). */
function topLevelBlocks(css) {
  const blocks = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < css.length; i++) {
    const c = css[i];
    if (c === '{') depth++;
    else if (c === '}' && --depth === 0) {
      blocks.push(css.slice(start, i + 1));
      start = i + 1;
    } else if (c === ';' && depth === 0) {
      blocks.push(css.slice(start, i + 1));
      start = i + 1;
    }
  }
  return blocks.map((b) => b.trim()).filter(Boolean);
}

/**
 * The stylesheet's rules that the first frames use, to inline in their pages: everything but Tailwind's utilities
 * (the theme's variables, the base styles, the fonts, @property and keyframes), and of the utilities those whose every
 * class appears in a frame. The frame then paints without waiting for the stylesheet (server/lib/spa-shell.ts).
 */
function criticalCss(css, html, moreClasses = []) {
  const used = new Set([...html.matchAll(/class="([^"]*)"/g)].flatMap((m) => m[1].split(/\s+/)));
  for (const name of moreClasses) used.add(name);
  const classesOf = (selector) =>
    [...selector.matchAll(/\.((?:\\.|[\w-])+)/g)].map((m) => m[1].replace(/\\(.)/g, '$1'));
  return topLevelBlocks(css)
    .map((block) => {
      if (block.startsWith('/*')) return block.replace(/^\/\*[\s\S]*?\*\/\s*/, '');
      if (!block.startsWith('@layer utilities{')) return block;
      /** The rules of a block's body that the frames use; an at-rule (@media, @supports) keeps the ones inside it. */
      const usedRules = (body) =>
        topLevelBlocks(body).flatMap((rule) => {
          const prelude = rule.slice(0, rule.indexOf('{'));
          if (prelude.startsWith('@')) {
            const inner = usedRules(rule.slice(prelude.length + 1, -1));
            return inner.length ? [`${prelude}{${inner.join('')}}`] : [];
          }
          const classes = classesOf(prelude);
          return classes.length > 0 && classes.every((c) => used.has(c)) ? [rule] : [];
        });
      const rules = usedRules(block.slice('@layer utilities{'.length, -1));
      return `@layer utilities{${rules.join('')}}`;
    })
    .join('');
}
/**
 * The words of a bundle's code, split as Tailwind's own scanner splits sources: among them, every class its components
 * can render (the stylesheet was generated from the same literals), so that a screen the server renders from it paints
 * with the frame's inline rules.
 */
function codeWords(code) {
  return code.split(/[\s"'`{}(),;<>=]+/).filter(Boolean);
}

const clientDir = path.join(root, 'dist/client');
const firstScreenDir = path.join(root, 'dist/first-screen');
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
      // No script at all: neither the app's entry nor the early script (shared/early-script.ts).
      .replace(/\s*<script\b[^>]*>[^<]*<\/script>/g, '')
      .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)} — Clientflow</title>`)
      .replace(/<!--[\s\S]*?-->\s*/g, '')
      // A function, so that a "$&" or "$'" in the page's text is not read as a replacement pattern.
      .replace(/<div id="root">.*<\/div>\n/, () => `<div id="root">${body}</div>\n`);
    if (!html.includes(body)) throw new Error(`prerender: no root element in index.html for ${page.path}`);
    if (html.includes('<script')) throw new Error(`prerender: ${page.path} still has a script`);
    fs.writeFileSync(path.join(clientDir, 'marketing', page.file), html);
  }
  // The portal dashboard's first screen, which the server renders for each page load (client/src/app/firstScreen.tsx,
  // server/lib/first-screen.ts): one self-contained module, since the container has no React of its own.
  await build({
    configFile: path.join(root, 'client/vite.config.ts'),
    logLevel: 'warn',
    ssr: { noExternal: true },
    build: {
      ssr: path.join(root, 'client/src/app/firstScreen.tsx'),
      rolldownOptions: { output: { entryFileNames: 'first-screen.mjs' } },
      outDir: firstScreenDir,
      emptyOutDir: true,
      copyPublicDir: false,
    },
  });
  const screenClasses = fs
    .readdirSync(firstScreenDir)
    .filter((f) => /\.m?js$/.test(f))
    .flatMap((f) => codeWords(fs.readFileSync(path.join(firstScreenDir, f), 'utf8')));
  const { renderFirstFrames } = await load('firstFrames');
  const frames = renderFirstFrames();
  const stylesheet = /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)">/.exec(template)?.[1];
  if (!stylesheet) throw new Error('prerender: no stylesheet in index.html');
  const allFrames = JSON.stringify(frames);
  frames.css = criticalCss(
    fs.readFileSync(path.join(clientDir, stylesheet), 'utf8'),
    allFrames.replace(/\\"/g, '"'),
    screenClasses,
  );
  fs.writeFileSync(path.join(clientDir, 'first-frames.json'), `${JSON.stringify(frames)}\n`);
  console.log(
    `First frames: ${Object.keys(frames.hub).length} of the hub, ${Object.keys(frames.portal).length} of the portal and the portal's sign-in, with ${(frames.css.length / 1024).toFixed(1)} KB of their CSS, written to dist/client/first-frames.json`,
  );
  console.log(
    `Marketing pages: ${MARKETING_PAGES.map((p) => p.path).join(', ')} written as static HTML (no JavaScript) to dist/client/marketing/`,
  );
} finally {
  fs.rmSync(out, { recursive: true, force: true });
}
