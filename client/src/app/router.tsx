import { matchRoutes, useRoutes } from 'react-router-dom';
import { type RouteHandle, routes } from './routes';

/** The screen of the address, from the route table (inside the BrowserRouter that boot.tsx renders). */
export function AppRoutes() {
  return useRoutes(routes);
}

/**
 * Before the first render: sends the first screen's early queries and loads its routes' code, so that the first
 * render replaces the page's frame with the screen itself, never with a spinner. (A chunk that fails to load is
 * loaded again by the render, whose error boundary says so if it fails again.)
 */
export function prepareFirstScreen(pathname: string): Promise<void> {
  const handles = (matchRoutes(routes, pathname) ?? []).map((match) => match.route.handle as RouteHandle | undefined);
  for (const handle of handles) handle?.early?.(pathname);
  return Promise.all(handles.map((handle) => handle?.preload())).then(
    () => undefined,
    () => undefined,
  );
}
