// `npm run bench:cold -- --base http://localhost:3300 [--out dir] [--runs 3]`: a phone's cold load of the hub's
// dashboard and the portal's dashboard (issue 33: "the page frame paints before any JavaScript has run"), on an app
// that is already running with the demo agency (`npm run seed`). Not a test: a measurement, printed.
//
// Debian's Chromium (CHROME_PATH, default /usr/bin/chromium) at 390 × 844, throttled for real through the DevTools
// protocol from the first byte: the network of Lighthouse's mobile run (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s
// up) and a 4× slower CPU. Each run is a new browser context, signed in through the API (the session cookie, and the
// time zone cookie a returning visitor has), nothing cached. Printed per page (median of the runs): when the first paint and the largest paint happened (and what the
// largest was), when the first script ran, the layout shift, and screenshots at 0.5, 1, 2 and 4 s into --out.
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { SESSION, TIME_ZONE_COOKIE } from '../../shared/constants';
import { DEMO } from '../../server/demo';

const arg = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const BASE = arg('base', 'http://localhost:3000');
const OUT = arg('out', '');
const RUNS = Number(arg('runs', '3'));
const SHOTS_MS = [500, 1000, 2000, 4000];
/** The demo agency's client (npm run seed); --client for another. */
const PORTAL_EMAIL = arg('client', 'ava.wilson@sterlingpathcloud.example.com');
const MOBILE_NETWORK = {
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

async function login(p: string, body: object): Promise<string> {
  const res = await fetch(BASE + p, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { authToken: string }).authToken;
}

type Run = { firstPaint: number; lcp: number; lcpElement: string; firstScript: number; cls: number };

/** Records paints, layout shifts and the first script's start from the page's own first instant. */
const OBSERVE = `(() => {
  window.__cold = { lcp: 0, lcpElement: '', cls: 0, firstScript: 0 };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      window.__cold.lcp = e.startTime;
      const el = e.element;
      window.__cold.lcpElement = el ? el.tagName.toLowerCase() + ': ' + (el.textContent || '').trim().slice(0, 60) : '';
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) window.__cold.cls += e.value;
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (!window.__cold.firstScript && /\\.js$/.test(e.name) && e.initiatorType !== 'fetch')
        window.__cold.firstScript = e.responseEnd;
  }).observe({ type: 'resource', buffered: true });
})()`;

async function coldLoad(url: string, cookie: { name: string; value: string }, shots: string | null): Promise<Run> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
    // A returning visitor: the app wrote the browser's time zone on an earlier visit (client/src/main.tsx).
    await context.addCookies([
      { ...cookie, url: BASE },
      { name: TIME_ZONE_COOKIE, value: 'UTC', domain: new URL(BASE).hostname, path: '/hub' },
    ]);
    await context.addInitScript(OBSERVE);
    const page: Page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...MOBILE_NETWORK });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const started = Date.now();
    const navigation = page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    for (const at of SHOTS_MS) {
      await new Promise((r) => setTimeout(r, Math.max(0, started + at - Date.now())));
      if (shots) await page.screenshot({ path: `${shots}-${at}ms.png` }).catch(() => {});
    }
    await navigation;
    // Until the screen's data is in and drawn: no request for a second, then another second for the paint.
    await page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => {});
    await page.waitForTimeout(1000);
    const cold = (await page.evaluate('window.__cold')) as Omit<Run, 'firstPaint'>;
    const firstPaint = (await page.evaluate(
      "performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0",
    )) as number;
    return { ...cold, firstPaint };
  } finally {
    await browser.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const staff = await login('/auth/v1/login', { email: DEMO.email, password: DEMO.password });
  const client = await login('/auth/portal/v1/login', {
    slug: DEMO.slug,
    email: PORTAL_EMAIL,
    password: DEMO.password,
  });
  if (OUT) fs.mkdirSync(OUT, { recursive: true });
  const pages = [
    { name: 'hub', url: `${BASE}/hub`, cookie: { name: SESSION.staffCookie, value: staff } },
    {
      name: 'portal',
      url: `${BASE}/portal/${DEMO.slug}/dashboard`,
      cookie: { name: SESSION.portalCookie, value: client },
    },
  ];
  console.log(`Cold load at 390 × 844, 150 ms RTT, 1.6 Mbit/s, 4× CPU (median of ${RUNS}):`);
  for (const p of pages) {
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++)
      runs.push(await coldLoad(p.url, p.cookie, OUT && i === 0 ? path.join(OUT, p.name) : null));
    const m = (k: 'firstPaint' | 'lcp' | 'firstScript' | 'cls') => median(runs.map((r) => r[k]));
    console.log(
      `  ${p.name.padEnd(7)} first paint ${Math.round(m('firstPaint'))} ms, first script arrived ${Math.round(m('firstScript'))} ms, ` +
        `largest paint ${Math.round(m('lcp'))} ms (${runs[0].lcpElement}), layout shift ${m('cls').toFixed(3)}`,
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
