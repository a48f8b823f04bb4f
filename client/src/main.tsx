import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { router } from './app/router';
import { firstScreenShown } from './lib/useDocumentTitle';
import './styles.css';

// The page's Content-Security-Policy forbids eval; tell zod not to probe for it (before any schema is built).
// zod keeps its settings in globalThis.__zod_globalConfig (shared by every copy of zod on a page) and takes an object
// already there, so the entry sets it without loading zod, which only the screens with forms need.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { ...(globalThis as { __zod_globalConfig?: object }).__zod_globalConfig, jitless: true };

// Inter is bundled (the font stack names it first) but never competes with a screen's own code and data: its CSS,
// and so the font file, is requested once the first screen has rendered. Text shows in the fallback until then.
const loadFont = () => void import('@fontsource-variable/inter/wght.css');
void firstScreenShown.then(() => ('requestIdleCallback' in window ? requestIdleCallback(loadFont, { timeout: 1000 }) : setTimeout(loadFont, 200)));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
