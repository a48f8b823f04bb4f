// The app itself: loaded by the entry (./main.tsx) once the page has painted its first frame.
import { type ReactNode, StrictMode, startTransition, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes, prepareFirstScreen } from './app/router';

/**
 * The app's stylesheet. A page sent with its first frame (server/lib/spa-shell.ts) only names it, and the entry
 * preloads it once the frame has painted from its inline rules (main.tsx). It is added here, matching no media, and switched on in React's
 * first commit (Stylesheet below): the browser then works out the page's styles once, for the screen React puts in
 * place of the frame, instead of once for the frame as the stylesheet lands and again for the screen.
 */
function appStylesheet(): { loaded: Promise<void>; apply: () => void } {
  const preload = document.querySelector<HTMLLinkElement>('link[rel="preload"][as="style"]');
  if (!preload) return { loaded: Promise.resolve(), apply: () => {} };
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.media = 'not all';
  if (preload.crossOrigin !== null) link.crossOrigin = preload.crossOrigin;
  link.href = preload.href;
  const loaded = new Promise<void>((resolve) => {
    // A stylesheet that fails to load still lets the app render (unstyled beats a page that never appears).
    link.onload = link.onerror = () => resolve();
  });
  preload.replaceWith(link);
  return { loaded, apply: () => link.removeAttribute('media') };
}

/** Switches the app's stylesheet on in the commit that first puts React's screen on the page, before it paints. */
function Stylesheet({ apply, children }: { apply: () => void; children: ReactNode }) {
  useLayoutEffect(apply, [apply]);
  return children;
}

// Rendered as a transition: React renders the first screen in slices of a few milliseconds and lets the browser
// breathe between them, instead of one long task that blocks input while a slow phone builds the page.
// The page may hold the first screen's frame, sent as HTML (server/lib/spa-shell.ts): React renders once the first
// screen's code (router.tsx) and the stylesheet have loaded, so that its first render replaces the frame with the
// screen, never with a spinner or an unstyled page.
const root = createRoot(document.getElementById('root')!);
const stylesheet = appStylesheet();
const render = () =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <Stylesheet apply={stylesheet.apply}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </Stylesheet>
      </StrictMode>,
    ),
  );
void Promise.all([prepareFirstScreen(window.location.pathname), stylesheet.loaded]).then(render);
