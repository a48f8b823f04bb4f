// The first frames as static HTML (`npm run build` writes them with scripts/prerender-marketing.mjs into
// dist/client/first-frames.json): the hub's and the portal's frame around their first screen's placeholders, from the
// same components the layouts render while they ask who is signed in. The server puts the frame of the address into
// the page (server/lib/spa-shell.ts), so a phone on a slow line paints the navigation, the header, the agency's
// branding and the screen's skeleton before any script has arrived; React's first render then takes its place.
import type { ReactElement } from 'react';
import { renderToStaticMarkup as renderMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { FRAME_TOKENS, HUB_FRAME_PATHS, PORTAL_FRAME_PAGES, type FirstFrames } from '../../../shared/first-frames';
import { PortalSignInFirstFrame } from '../features/portal/PortalBrand';
import { PortalFirstFrame } from '../features/portal/PortalLayout';
import { HubFirstFrame } from './HubLayout';

/**
 * A frame's markup with its placeholders holding still. The frame shows while the page's code loads and runs, and an
 * animated element makes each of the browser's style recalculations several times dearer (Chromium: ~40 pulsing
 * placeholders cost more than all the other rules of the page together), on the phones that can least afford it. The
 * app's own placeholders, once it runs, pulse as usual.
 */
const renderToStaticMarkup = (element: ReactElement) =>
  renderMarkup(element).replace(
    /class="([^"]*)"/g,
    (_, classes: string) =>
      `class="${classes
        .split(' ')
        .filter((name) => name !== 'animate-pulse')
        .join(' ')}"`,
  );

export function renderFirstFrames(): FirstFrames {
  const hub = Object.fromEntries(
    HUB_FRAME_PATHS.map((path) => [
      path,
      renderToStaticMarkup(
        <StaticRouter location={path}>
          <HubFirstFrame />
        </StaticRouter>,
      ),
    ]),
  );
  const hubGreeted = renderToStaticMarkup(
    <StaticRouter location="/hub">
      <HubFirstFrame greeting={{ greeting: FRAME_TOKENS.greeting, firstName: FRAME_TOKENS.firstName }} />
    </StaticRouter>,
  );
  const brand = (logo: boolean) => ({
    businessName: FRAME_TOKENS.name,
    logoUrl: logo ? FRAME_TOKENS.logo : null,
    loginText: FRAME_TOKENS.loginText,
    primaryColor: FRAME_TOKENS.primary,
    secondaryColor: FRAME_TOKENS.secondary,
    buttonTextColor: FRAME_TOKENS.primary,
  });
  const portalFrame = (page: string, logo: boolean, named = false, screen = false) =>
    renderToStaticMarkup(
      <StaticRouter location={`/portal/${FRAME_TOKENS.slug}/${page}`}>
        <PortalFirstFrame
          slug={FRAME_TOKENS.slug}
          initials={FRAME_TOKENS.initials}
          dashboard={page === 'dashboard'}
          firstName={named ? FRAME_TOKENS.firstName : undefined}
          screen={screen ? FRAME_TOKENS.screen : undefined}
          brand={brand(logo)}
        />
      </StaticRouter>,
    );
  const portal: FirstFrames['portal'] = Object.fromEntries(
    PORTAL_FRAME_PAGES.map((page) => [page, { logo: portalFrame(page, true), initials: portalFrame(page, false) }]),
  );
  // The dashboard greets the client by name when the server knows who is signed in.
  portal.dashboard.named = {
    logo: portalFrame('dashboard', true, true),
    initials: portalFrame('dashboard', false, true),
  };
  // …and shows their dashboard itself when the server rendered it (client/src/app/firstScreen.tsx).
  portal.dashboard.screen = {
    logo: portalFrame('dashboard', true, true, true),
    initials: portalFrame('dashboard', false, true, true),
  };
  const signIn = (logo: boolean) =>
    renderToStaticMarkup(
      <StaticRouter location={`/portal/${FRAME_TOKENS.slug}/login`}>
        <PortalSignInFirstFrame brand={brand(logo)} initials={FRAME_TOKENS.initials} />
      </StaticRouter>,
    );
  return { hub, hubGreeted, portal, portalSignIn: { logo: signIn(true), initials: signIn(false) } };
}
