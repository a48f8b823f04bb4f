import { chromium } from 'playwright';
const [url, cookie, out, width = '390'] = process.argv.slice(2);
const b = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const ctx = await b.newContext({ viewport: { width: +width, height: 844 } });
if (cookie)
  for (const c of cookie.split('; ')) {
    const [n, v] = c.split('=');
    await ctx.addCookies([{ name: n, value: v, url: 'http://localhost:3300' }]);
  }
const p = await ctx.newPage();
const errors = [];
p.on('pageerror', (e) => errors.push(String(e)));
p.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
await p.goto(url);
await p.waitForTimeout(2500);
await p.screenshot({ path: out, fullPage: true });
console.log(
  out,
  'sheets:',
  await p.evaluate(() =>
    [...document.styleSheets]
      .map((s) => (s.href || 'inline').slice(-30) + ':' + (s.media.mediaText || 'all'))
      .join(' | '),
  ),
  errors,
);
await b.close();
