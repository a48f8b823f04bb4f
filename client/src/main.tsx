import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { router } from './app/router';
import { z } from 'zod';
import './styles.css';

// The page's Content-Security-Policy forbids eval; tell zod not to probe for it.
z.config({ jitless: true });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
