// The first screens' code in a few chunks instead of dozens.
//
// Left to itself, the bundler gives every set of lazy routes that shares a module its own chunk: the hub's first
// screen arrived as 52 files, most of them one icon or one helper of about 1 KB. Over HTTP/1.1 a browser fetches six
// at a time, so the screen waited for nine round trips of tiny files (Lighthouse's slow-4G run: 150 ms each).
//
// This plugin reads the module graph once it is complete (buildEnd) and puts each module that a first screen of
// FIRST_LOADS loads statically, beyond the entry's own, into one chunk per set of first screens that need it:
// "hub" for the hub frame and dashboard only, "hub+portal" for what both frames share, and so on. Each first screen
// then loads the entry plus two to four chunks, and exactly the modules it loaded before (the first-load report
// checks the bytes). Modules that no first screen needs keep the bundler's own splitting.
import path from 'node:path';
import type { Plugin } from 'vite';
import { FIRST_LOADS } from './first-load-report';

type ModuleInfo = { importedIds: readonly string[]; code: string | null };
type ModuleGraph = { getModuleInfo(id: string): ModuleInfo | null };

/**
 * lucide-react's index re-exports all of its ~2,000 icons, so its imports say nothing about which icons a screen
 * uses: the icons a module names in `import { … } from 'lucide-react'` are followed instead.
 */
const ICON_INDEX = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;
const ICON_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g;

function iconFiles(graph: ModuleGraph, indexId: string): Map<string, string> {
  const byName = new Map<string, string>();
  const dir = path.dirname(indexId);
  for (const [, names, file] of (graph.getModuleInfo(indexId)?.code ?? '').matchAll(
    /export\s*\{([^}]*)\}\s*from\s*'(\.\/icons\/[^']+)'/g,
  )) {
    for (const [, name] of names.matchAll(/default as (\w+)/g)) byName.set(name, path.join(dir, file));
  }
  return byName;
}

export function firstScreenChunks(srcDir: string) {
  /** module id → the group it belongs to ("hub", "hub+portal", …); absent: the bundler decides. */
  const groupOf = new Map<string, string>();

  const plugin: Plugin = {
    name: 'clientflow-first-screen-chunks',
    apply: 'build',
    buildEnd() {
      groupOf.clear();
      const graph = this as unknown as ModuleGraph & { getModuleIds(): IterableIterator<string> };
      const main = path.join(srcDir, 'main.tsx');
      // The marketing pages' server-side build (scripts/prerender-marketing.mjs) has no first screens to group.
      if (!graph.getModuleInfo(main)) return;
      const iconIndex = [...graph.getModuleIds()].find((id) => ICON_INDEX.test(id));
      const icons = iconIndex ? iconFiles(graph, iconIndex) : new Map<string, string>();
      /** Everything `starts` loads statically, short of `skip`. */
      const closure = (starts: string[], skip: Set<string> = new Set()) => {
        const seen = new Set<string>();
        const stack = [...starts];
        while (stack.length) {
          const id = stack.pop()!;
          if (seen.has(id) || skip.has(id)) continue;
          seen.add(id);
          const info = graph.getModuleInfo(id);
          if (!info || id === iconIndex) continue;
          stack.push(...info.importedIds);
          for (const [, names] of (info.code ?? '').matchAll(ICON_IMPORT)) {
            for (const name of names.split(',').map((n) => n.trim().split(/\s+as\s+/)[0])) {
              const file = icons.get(name);
              if (file) stack.push(file);
            }
          }
        }
        return seen;
      };
      // The entry (main.tsx) stays alone in its chunk with the little it imports, and loads the app (boot.tsx) after
      // the first paint: what boot.tsx loads statically goes into one chunk, "app" (the bundler would split off every
      // part that a lazy route also imports: React, the router, the button, the catalogue's core…).
      const own = closure([main]);
      const entry = new Set([...own, ...closure([path.join(srcDir, 'boot.tsx')], own)]);
      for (const id of entry) if (!own.has(id)) groupOf.set(id, 'app');
      const screens = new Map<string, string[]>();
      for (const page of FIRST_LOADS) {
        const key = page.name.replace(/\s*\(.*\)$/, '').replace(/\s+/g, '-');
        for (const id of closure(
          page.modules.map((m) => path.join(srcDir, m)),
          entry,
        ))
          screens.set(id, [...(screens.get(id) ?? []), key]);
      }
      for (const [id, keys] of screens) groupOf.set(id, [...new Set(keys)].sort().join('+'));
    },
  };

  // Each group holds a first screen's static imports, whose own imports are in the same group, a group of a superset
  // of its screens, or the entry: no chunk can import one that imports it back, so nothing is pulled in recursively
  // (the entry's modules stay in the entry).
  const codeSplitting = {
    groups: [{ name: (id: string) => groupOf.get(id) ?? null, includeDependenciesRecursively: false }],
  };

  return { plugin, codeSplitting };
}
