import { lazy, Suspense, useEffect, useState } from 'react';
import { Search } from 'lucide-react';
import { searchShortcut as shortcut } from '../../../../shared/messages/frames';
import { search as open } from '../../../../shared/messages/texts';

/** The catalogue's texts this first-load module shows (search.open and .shortcut, without the section). */
const S = { open, shortcut } as const;

/** The palette (Headless UI's combobox and dialog, the search schemas) loads on first use, not with the hub. */
const loadPalette = () => import('./CommandPalette');
const CommandPalette = lazy(() => loadPalette().then((m) => ({ default: m.CommandPalette })));

/**
 * Ctrl-K / Cmd-K anywhere, and the header's button: opens the palette. Pointing at or focusing the button starts
 * loading it, so it is usually there by the click.
 */
export function SearchButton() {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing keeps its transition.
  const [used, setUsed] = useState(false);
  const show = (next: boolean | ((was: boolean) => boolean)) => {
    setUsed(true);
    setOpen(next);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: one key listener for the page; the opener is stable
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        show((was) => !was);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
  return (
    <>
      <button
        type="button"
        onClick={() => show(true)}
        onPointerEnter={() => void loadPalette()}
        onFocus={() => void loadPalette()}
        aria-keyshortcuts="Control+K Meta+K"
        title={S.shortcut}
        className="inline-flex h-9 items-center gap-2 rounded-lg px-2 text-sm text-slate-500 ring-1 ring-slate-200 transition-colors hover:bg-slate-50 hover:text-slate-700 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none lg:w-56 lg:px-3"
      >
        <Search className="size-4 shrink-0" aria-hidden />
        {/* The visible text is the button's name at every width (on phones for screen readers only). */}
        <span className="sr-only lg:not-sr-only lg:flex-1 lg:text-left">{S.open}</span>
        <kbd
          aria-hidden
          className="hidden rounded border border-slate-200 bg-slate-50 px-1.5 font-sans text-[11px] font-medium text-slate-500 lg:inline"
        >
          {isMac ? '⌘K' : 'Ctrl K'}
        </kbd>
      </button>
      {used && (
        <Suspense fallback={null}>
          <CommandPalette open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
