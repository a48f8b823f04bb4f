// A Vite plugin that reports, at the end of `npm run build`, the gzipped JavaScript each kind of page loads first:
// the entry chunk and its static imports, plus the lazy route modules that page renders (client/src/app/router.tsx)
// and their static imports. Budgets: landing ≤ 100 KB, the hub's sign-in ≤ 150 KB (issue "every screen at agency
// scale"), the hub and the portal ≤ 130 KB (issue 33). Written to dist/client/first-load.json as well; with FIRST_LOAD_STRICT=1 the build fails when a budget
// breaks.
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

type Page = { name: string; url: string; modules: string[]; budgetKb: number };

/** Each page's lazy route modules, outermost first (paths under client/src). */
export const FIRST_LOADS: Page[] = [
  // Visitors get the landing page as static HTML (scripts/prerender-marketing.mjs, no JavaScript at all); this is
  // what it weighs when reached inside the app.
  {
    name: 'landing (SPA)',
    url: '/',
    modules: ['features/marketing/MarketingLayout.tsx', 'features/marketing/LandingPage.tsx'],
    budgetKb: 100,
  },
  { name: 'hub sign-in', url: '/hub/login', modules: ['features/auth/SignInPage.tsx'], budgetKb: 150 },
  {
    name: 'hub',
    url: '/hub',
    modules: ['app/AppShell.tsx', 'app/HubLayout.tsx', 'features/dashboard/DashboardPage.tsx'],
    budgetKb: 130,
  },
  {
    name: 'portal sign-in',
    url: '/portal/{slug}/login',
    modules: ['features/portal/PortalLoginPage.tsx'],
    budgetKb: 130,
  },
  {
    name: 'portal',
    url: '/portal/{slug}/dashboard',
    modules: ['app/AppShell.tsx', 'features/portal/PortalLayout.tsx', 'features/portal/PortalDashboardPage.tsx'],
    budgetKb: 130,
  },
];

type FirstLoad = {
  name: string;
  url: string;
  files: string[];
  gzipBytes: number;
  /** What a browser downloads: the build's Brotli copies (client/build/precompress.ts). */
  brotliBytes: number;
  budgetKb: number;
};

export function firstLoadReport(srcDir: string): Plugin {
  return {
    name: 'clientflow-first-load-report',
    apply: 'build',
    generateBundle(_options, bundle: OutputBundle) {
      const chunks = Object.values(bundle).filter((o): o is OutputChunk => o.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const gz = new Map<string, number>();
      const gzipOf = (c: OutputChunk) => {
        let n = gz.get(c.fileName);
        if (n === undefined) gz.set(c.fileName, (n = gzipSync(c.code, { level: 9 }).length));
        return n;
      };
      const br = new Map<string, number>();
      const brotliOf = (c: OutputChunk) => {
        let n = br.get(c.fileName);
        if (n === undefined)
          br.set(
            c.fileName,
            (n = brotliCompressSync(c.code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length),
          );
        return n;
      };
      /** A chunk and everything it imports statically (loaded with it). */
      const closure = (start: OutputChunk, into: Set<string>) => {
        const stack = [start];
        while (stack.length) {
          const c = stack.pop()!;
          if (into.has(c.fileName)) continue;
          into.add(c.fileName);
          for (const f of c.imports) {
            const next = byFile.get(f);
            if (next) stack.push(next);
          }
        }
      };
      // The client build only (not the server-side builds of scripts/prerender-marketing.mjs).
      const main = path.join(srcDir, 'main.tsx');
      if (!chunks.some((c) => c.moduleIds.includes(main))) return;
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) return;
      // The entry loads the app (boot.tsx) as soon as the first frame has painted: part of every first load.
      const bootId = path.join(srcDir, 'boot.tsx');
      const boot = chunks.find((c) => c.facadeModuleId === bootId) ?? chunks.find((c) => c.moduleIds.includes(bootId));
      if (!boot) this.error('first-load report: no chunk holds boot.tsx');
      const report: FirstLoad[] = FIRST_LOADS.map((page) => {
        const files = new Set<string>();
        closure(entry, files);
        closure(boot, files);
        for (const module of page.modules) {
          const id = path.join(srcDir, module);
          const chunk = chunks.find((c) => c.facadeModuleId === id) ?? chunks.find((c) => c.moduleIds.includes(id));
          if (!chunk) this.error(`first-load report: no chunk holds ${module}`);
          closure(chunk, files);
        }
        const list = [...files];
        return {
          name: page.name,
          url: page.url,
          files: list,
          gzipBytes: list.reduce((sum, f) => sum + gzipOf(byFile.get(f)!), 0),
          brotliBytes: list.reduce((sum, f) => sum + brotliOf(byFile.get(f)!), 0),
          budgetKb: page.budgetKb,
        };
      });
      const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
      if (process.env.FIRST_LOAD_DETAIL) {
        // FIRST_LOAD_DETAIL=<page name>: the biggest modules (minified, before gzip) of that page's first load.
        const page = report.find((r) => r.name === process.env.FIRST_LOAD_DETAIL);
        const modules = (page?.files ?? []).flatMap((f) =>
          Object.entries(byFile.get(f)!.modules).map(
            ([id, m]) => [id.replace(/^.*node_modules\//, ''), m.renderedLength] as const,
          ),
        );
        modules.sort((a, b) => b[1] - a[1]);
        console.log(
          modules
            .slice(0, Number(process.env.FIRST_LOAD_DETAIL_LIMIT ?? 40))
            .map(([id, n]) => `  ${String(n).padStart(8)}  ${id}`)
            .join('\n'),
        );
      }
      const lines = report.map(
        (r) =>
          `  ${r.gzipBytes / 1024 <= r.budgetKb ? 'ok  ' : 'OVER'}  ${r.name.padEnd(15)} ${r.url.padEnd(26)} ${kb(r.gzipBytes).padStart(9)} gzipped JS (${kb(r.brotliBytes)} as sent, Brotli) in ${String(r.files.length).padStart(2)} files (budget ${r.budgetKb} KB)`,
      );
      console.log(`\nFirst load, gzipped JavaScript (level 9):\n${lines.join('\n')}`);
      this.emitFile({ type: 'asset', fileName: 'first-load.json', source: `${JSON.stringify(report, null, 2)}\n` });
      const over = report.filter((r) => r.gzipBytes / 1024 > r.budgetKb);
      // FIRST_LOAD_STRICT=1 (npm run bench:bundle) fails the build over budget; a normal build reports it.
      if (over.length && process.env.FIRST_LOAD_STRICT === '1')
        this.error(
          `first load over budget: ${over.map((r) => `${r.name} ${kb(r.gzipBytes)} > ${r.budgetKb} KB`).join(', ')}`,
        );
    },
  };
}
