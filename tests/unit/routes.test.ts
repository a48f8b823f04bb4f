/**
 * The app's route table (client/src/app/routes.tsx): every leaf route renders something (React Router warns "Matched
 * leaf route … does not have an element or Component" otherwise, e.g. /portal/{slug}, whose index only redirects),
 * and the client portal's addresses match its own pages, not the hub's.
 */
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routes } from '../../client/src/app/routes';

function leaves(list: RouteObject[], trail = ''): { path: string; route: RouteObject }[] {
  return list.flatMap((route) => {
    const path = route.index ? `${trail}/(index)` : `${trail}/${route.path ?? '(layout)'}`;
    return route.children?.length ? leaves(route.children, path) : [{ path, route }];
  });
}

describe('routes', () => {
  it('gives every leaf route an element', () => {
    const bare = leaves(routes)
      .filter(({ route }) => !route.element)
      .map(({ path }) => path);
    expect(bare).toEqual([]);
  });

  it('/portal/{slug} matches a leaf that renders (it redirects to the sign-in page)', () => {
    const matches = matchRoutes(routes, '/portal/acme')!;
    const leaf = matches[matches.length - 1].route;
    expect(leaf.index).toBe(true);
    expect(leaf.element).toBeDefined();
  });

  it('the portal sign-in page is outside the app shell (it paints without the data layer)', () => {
    const matches = matchRoutes(routes, '/portal/acme/login')!;
    expect(matches.map((m) => m.route.path ?? '(layout)')).toEqual(['(layout)', 'portal/:slug/login']);
  });

  it('an unknown address inside a portal is the portal’s not-found page', () => {
    const matches = matchRoutes(routes, '/portal/acme/nowhere')!;
    expect(matches.map((m) => m.route.path ?? '')).toContain('portal/:slug');
    expect(matches[matches.length - 1].route.path).toBe('*');
  });
});
