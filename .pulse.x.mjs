import { chromium } from 'playwright';
const [url, cookie] = process.argv.slice(2);
const b = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const ctx = await b.newContext({ viewport: { width: 412, height: 823 } });
if (cookie)
  for (const c of cookie.split('; ')) {
    const [n, v] = c.split('=');
    await ctx.addCookies([{ name: n, value: v, url: 'http://localhost:3300' }]);
  }
const p = await ctx.newPage();
await p.addInitScript(() => {
  const log = [];
  window.__log = log;
  const t0 = performance.now();
  const tick = () => {
    const els = document.getAnimations().map((a) => a.effect.target);
    log.push([
      Math.round(performance.now() - t0),
      els.length,
      [
        ...new Set(
          els.map(
            (e) =>
              (e.className.baseVal ?? e.className).slice(0, 50) +
              ' < ' +
              (e.parentElement?.className || '').slice(0, 40),
          ),
        ),
      ]
        .slice(0, 4)
        .join(' || '),
    ]);
    if (els.length && !window.__dom) window.__dom = document.querySelector('main')?.outerHTML.slice(0, 2500);
    if (performance.now() - t0 < 4000) setTimeout(tick, 50);
  };
  setTimeout(tick, 0);
});
await p.goto(url);
await p.waitForTimeout(4500);
const log = await p.evaluate(() => window.__log);
console.log(await p.evaluate(() => window.__dom));
let last = '';
for (const l of log) {
  const s = `${l[1]} ${l[2]}`;
  if (s !== last) console.log(l[0], s);
  last = s;
}
await b.close();
