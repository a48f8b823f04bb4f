// The entry: as small as a script can be, so that the page paints its first frame (sent as HTML by the server,
// server/lib/spa-shell.ts) before the app's code runs. A page with a frame names the first screen's code, which is
// asked for once the frame has painted (a page without one announces it with <link rel="modulepreload">), and the app
// (./boot.tsx) is evaluated only after that first paint: evaluating React, the router and the first screen takes a
// phone a few hundred milliseconds, during which it would paint nothing.
import './styles.css';
import { PAGE_DATA } from '../../shared/first-screen-constants';

// The page's Content-Security-Policy forbids eval; tell zod not to probe for it (before any schema is built).
// zod keeps its settings in globalThis.__zod_globalConfig (shared by every copy of zod on a page) and takes an object
// already there, so the entry sets it without loading zod, which only the screens with forms need.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = {
  ...(globalThis as { __zod_globalConfig?: object }).__zod_globalConfig,
  jitless: true,
};

/**
 * Resolves once the browser has painted the page's first frame: when it reports its first contentful paint (a frame as
 * large as a server-rendered screen can take longer to put on screen than the next animation frame, and the code must
 * not compete with it). Without paint timing, after the next animation frame's paint. A hidden tab paints nothing, so
 * there (or when the tab is hidden meanwhile, or after a second at most) it resolves at once.
 */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState === 'hidden') return resolve();
    let observer: PerformanceObserver | undefined;
    const done = () => {
      clearTimeout(timer);
      observer?.disconnect();
      document.removeEventListener('visibilitychange', done);
      resolve();
    };
    const timer = setTimeout(done, 1000);
    document.addEventListener('visibilitychange', done);
    if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      observer = new PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint').length) done();
      });
      observer.observe({ type: 'paint', buffered: true });
    } else requestAnimationFrame(() => setTimeout(done, 0));
  });
}

/**
 * The first screen's code and the app's stylesheet, which a page sent with its first frame names instead of announcing
 * (server/lib/spa-shell.ts): asked for all at once, in parallel with the app's own code.
 */
function fetchFirstScreen() {
  let files: { scripts?: unknown; stylesheet?: unknown } = {};
  try {
    files = JSON.parse(document.getElementById(PAGE_DATA.firstScreenFiles)?.textContent ?? '{}');
  } catch {
    // Nothing named: the router loads the screen's code itself.
  }
  const preload = (rel: string, href: unknown, as?: string) => {
    if (typeof href !== 'string') return;
    const link = document.createElement('link');
    link.rel = rel;
    if (as) link.as = as;
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  };
  preload('preload', files.stylesheet, 'style');
  if (Array.isArray(files.scripts)) for (const script of files.scripts) preload('modulepreload', script);
}

void afterFirstPaint().then(() => {
  fetchFirstScreen();
  return import('./boot');
});
