import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { router } from './app/router';
import './styles.css';

// The page's Content-Security-Policy forbids eval; tell zod not to probe for it (before any schema is built).
// zod keeps its settings in globalThis.__zod_globalConfig (shared by every copy of zod on a page) and takes an object
// already there, so the entry sets it without loading zod, which only the screens with forms need.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = {
  ...(globalThis as { __zod_globalConfig?: object }).__zod_globalConfig,
  jitless: true,
};

// Rendered as a transition: React renders the first screen in slices of a few milliseconds and lets the browser
// breathe between them, instead of one long task that blocks input while a slow phone builds the page.
// The page may hold the first screen's frame, sent as HTML (server/lib/spa-shell.ts): React renders once the router
// has the first screen's code, so that its first render replaces the frame with the screen, never with a spinner.
const root = createRoot(document.getElementById('root')!);
const render = () =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    ),
  );
if (router.state.initialized) render();
else {
  const stop = router.subscribe((state) => {
    if (!state.initialized) return;
    stop();
    render();
  });
}
