// The marketing pages as static HTML (`npm run build` writes them with scripts/prerender-marketing.mjs): they hold
// no state and no data, so a visitor gets them without any JavaScript — the first load of the landing page is its
// HTML and CSS. Inside the app (a link back from the hub) the same components render as routes of the SPA.
import { renderToStaticMarkup } from 'react-dom/server';
import { Route, Routes, StaticRouter } from 'react-router-dom';
import FeaturesPage from './FeaturesPage';
import LandingPage from './LandingPage';
import MarketingLayout from './MarketingLayout';
import PricingPage from './PricingPage';
import { pageTitles } from './content';

/** Each page: its address, the file it is written to under dist/client/marketing/, and its tab title. */
export const MARKETING_PAGES = [
  { path: '/', file: 'landing.html', title: pageTitles.landing },
  { path: '/features', file: 'features.html', title: pageTitles.features },
  { path: '/pricing', file: 'pricing.html', title: pageTitles.pricing },
] as const;

export function renderMarketingPage(path: string): string {
  return renderToStaticMarkup(
    <StaticRouter location={path}>
      <Routes>
        <Route element={<MarketingLayout />}>
          <Route index element={<LandingPage />} />
          <Route path="features" element={<FeaturesPage />} />
          <Route path="pricing" element={<PricingPage />} />
        </Route>
      </Routes>
    </StaticRouter>,
  );
}
