// The app itself: loaded by the entry (./main.tsx) once the page has painted its first frame.
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes, prepareFirstScreen } from './app/router';

/**
 * The app's stylesheet, applied. A page sent with its first frame (server/lib/spa-shell.ts) only preloads it, so that
 * the frame paints from its inline rules without waiting for it; it is applied here, and the first render waits for it.
 */
function appStylesheet(): Promise<void> {
  const preload = document.querySelector<HTMLLinkElement>('link[rel="preload"][as="style"]');
  if (!preload) return Promise.resolve();
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  if (preload.crossOrigin !== null) link.crossOrigin = preload.crossOrigin;
  link.href = preload.href;
  const loaded = new Promise<void>((resolve) => {
    // A stylesheet that fails to load still lets the app render (unstyled beats a page that never appears).
    link.onload = link.onerror = () => resolve();
  });
  preload.replaceWith(link);
  return loaded;
}

// Rendered as a transition: React renders the first screen in slices of a few milliseconds and lets the browser
// breathe between them, instead of one long task that blocks input while a slow phone builds the page.
// The page may hold the first screen's frame, sent as HTML (server/lib/spa-shell.ts): React renders once the first
// screen's code (router.tsx) and the stylesheet have loaded, so that its first render replaces the frame with the
// screen, never with a spinner or an unstyled page.
const root = createRoot(document.getElementById('root')!);
const render = () =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </StrictMode>,
    ),
  );
void Promise.all([prepareFirstScreen(window.location.pathname), appStylesheet()]).then(render);
