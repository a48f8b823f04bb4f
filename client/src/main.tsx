import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { router } from './app/router';
import './styles.css';
import { TIME_ZONE_COOKIE } from '../../shared/constants';

// The page's Content-Security-Policy forbids eval; tell zod not to probe for it (before any schema is built).
// zod keeps its settings in globalThis.__zod_globalConfig (shared by every copy of zod on a page) and takes an object
// already there, so the entry sets it without loading zod, which only the screens with forms need.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = {
  ...(globalThis as { __zod_globalConfig?: object }).__zod_globalConfig,
  jitless: true,
};

// The hub's pages are sent with the dashboard's greeting at the person's time of day (shared/greeting.ts): the server
// learns the zone from this cookie, sent only with the hub's own pages.
try {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (zone)
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the portal serves.
    document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; path=/hub; max-age=31536000; samesite=lax${location.protocol === 'https:' ? '; secure' : ''}`;
} catch {
  // No time zone: the dashboard's frame shows a placeholder for the greeting.
}

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
