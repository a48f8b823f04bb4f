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
const t0 = Date.now();
p.on('request', (r) =>
  console.log(Date.now() - t0, r.method(), r.url().replace('http://localhost:3300', '').slice(0, 120)),
);
await p.goto(url);
await p.waitForTimeout(2500);
await b.close();
