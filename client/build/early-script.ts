// Puts the page's early script (shared/early-script.ts) at the top of index.html's head, before any stylesheet (a
// script after a stylesheet waits for it to load), in development and in the build alike.
import type { Plugin } from 'vite';
import { EARLY_SCRIPT } from '../../shared/early-script';

export function earlyScript(): Plugin {
  return {
    name: 'clientflow-early-script',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(/(<meta name="viewport"[^>]*>)/, (tag) => `${tag}\n    <script>${EARLY_SCRIPT}</script>`),
    },
  };
}
