import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { keepPreviousData } from '@tanstack/react-query';
import {
  Combobox,
  ComboboxInput,
  ComboboxOption,
  ComboboxOptions,
  Dialog,
  DialogBackdrop,
  DialogPanel,
  DialogTitle,
} from '@headlessui/react';
import {
  CornerDownLeft,
  Loader2,
  Lock,
  MessageSquareQuote,
  MessageSquareText,
  MessagesSquare,
  Search,
  SearchX,
  type LucideIcon,
} from 'lucide-react';
import { M } from '../../../../shared/messages';
import {
  foldText,
  searchTerms,
  SEARCH_LIMITS,
  type SearchKind,
  type SearchResult,
} from '../../../../shared/schemas/search';
import { trpc } from '../../lib/trpc';
import { cn } from '../../lib/cn';
import { Highlight } from './highlight';
import { ENTITIES, RECORD_KINDS, type RecordKind } from '../../../../shared/entities';
import { ENTITY_ICONS } from '../../app/entityIcons';

const S = M.search;

export const KIND_ICONS = {
  ...(Object.fromEntries(RECORD_KINDS.map((kind) => [kind, ENTITY_ICONS[kind].kind])) as Record<
    RecordKind,
    LucideIcon
  >),
  thread: MessagesSquare,
  message: MessageSquareText,
  reviewComment: MessageSquareQuote,
} satisfies Record<SearchKind, LucideIcon>;

/** What the pages open from their address (?new=1 opens the create dialog): one per record area. */
const QUICK_ACTIONS: { label: string; to: string; Icon: LucideIcon }[] = RECORD_KINDS.map((kind) => ({
  label: S.actions[kind],
  to: ENTITIES[kind].create.to,
  Icon: ENTITY_ICONS[kind].create ?? ENTITY_ICONS[kind].kind,
}));

type Item = { key: string; to: string; result?: SearchResult; action?: (typeof QUICK_ACTIONS)[number] };

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

export function CommandPalette({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-slate-900/40 transition-opacity duration-100 data-closed:opacity-0"
      />
      <div className="fixed inset-0 overflow-y-auto p-2 pt-[8vh] sm:p-6 sm:pt-[12vh]">
        <DialogPanel
          transition
          className="mx-auto flex max-h-[80vh] w-full max-w-2xl flex-col overflow-hidden rounded-xl bg-white shadow-2xl ring-1 ring-slate-900/10 transition duration-100 data-closed:scale-[0.98] data-closed:opacity-0"
        >
          <DialogTitle className="sr-only">{S.dialogTitle}</DialogTitle>
          {open && <PaletteBody onClose={onClose} />}
        </DialogPanel>
      </div>
    </Dialog>
  );
}

function PaletteBody({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const q = useDebounced(text, 150);
  const terms = useMemo(() => searchTerms(q), [q]);
  const tooLong = text.length > SEARCH_LIMITS.queryMax;
  const results = trpc.search.query.useQuery(
    { q },
    { enabled: terms.length > 0 && !tooLong, placeholderData: keepPreviousData, staleTime: 10_000, retry: false },
  );
  const typedTerms = searchTerms(text);
  // Highlight what the shown results were found for (they may lag the text by a keystroke).
  const shownTerms = results.data?.terms ?? terms;
  const groups = typedTerms.length && results.data ? results.data.groups : [];
  const words = (label: string) => foldText(label).split(/[^\p{L}\p{N}]+/u);
  const actions = typedTerms.length
    ? QUICK_ACTIONS.filter((a) => typedTerms.every((t) => words(a.label).some((w) => w.startsWith(t))))
    : QUICK_ACTIONS;

  const items: Item[] = [
    ...groups.flatMap((g) =>
      g.results.filter((r) => r.link).map((r) => ({ key: `${r.kind}-${r.id}`, to: r.link!, result: r })),
    ),
    ...actions.map((a) => ({ key: `action-${a.to}`, to: a.to, action: a })),
  ];
  const pending = typedTerms.length > 0 && !tooLong && (results.isFetching || q !== text);
  const empty =
    typedTerms.length > 0 &&
    !tooLong &&
    results.isSuccess &&
    !results.isPlaceholderData &&
    q === text &&
    groups.length === 0;

  const open = (item: Item | null) => {
    if (!item) return;
    onClose();
    void navigate(item.to);
  };

  return (
    <Combobox<Item | null> value={null} onChange={open} by={(a, b) => a?.key === b?.key} immediate>
      <div className="relative flex items-center border-b border-slate-200">
        <Search className="pointer-events-none absolute left-4 size-5 text-slate-400" aria-hidden />
        <ComboboxInput<Item | null>
          autoFocus
          className="h-14 w-full border-0 bg-transparent pr-12 pl-12 text-base text-slate-900 placeholder:text-slate-400 focus:ring-0 focus:outline-none"
          placeholder={S.placeholder}
          aria-label={S.dialogTitle}
          autoComplete="off"
          spellCheck={false}
          value={text}
          onChange={(event) => setText(event.target.value)}
          // The combobox keeps Escape for its own list; here the list is always shown, so Escape closes the palette.
          onKeyDown={(event) => {
            if (event.key === 'Escape') onClose();
          }}
          displayValue={() => text}
        />
        {pending && <Loader2 className="absolute right-4 size-4 animate-spin text-slate-400" aria-label={S.loading} />}
      </div>

      <ComboboxOptions static hold className="min-h-0 flex-1 overflow-y-auto overscroll-contain p-2 empty:hidden">
        {groups.map((group) => {
          const Icon = KIND_ICONS[group.kind];
          return (
            <Section key={group.kind} title={S.kinds[group.kind]}>
              {group.results
                .filter((r) => r.link)
                .map((r) => (
                  <Option
                    key={`${r.kind}-${r.id}`}
                    item={items.find((i) => i.key === `${r.kind}-${r.id}`)!}
                    icon={<Icon className="size-4" aria-hidden />}
                  >
                    <span className="flex min-w-0 flex-1 flex-col">
                      <span className="flex min-w-0 items-baseline gap-2">
                        <span className="truncate font-medium text-slate-900">
                          <Highlight text={r.title} terms={shownTerms} />
                        </span>
                        {r.internal && (
                          <span className="inline-flex shrink-0 items-center gap-1 rounded bg-amber-50 px-1.5 py-0.5 text-xs font-semibold text-amber-800 ring-1 ring-amber-200">
                            <Lock className="size-3" aria-hidden /> {S.internalNote}
                          </span>
                        )}
                        {r.companyName && (
                          <span className="hidden shrink-0 truncate text-xs text-slate-500 sm:inline">
                            {r.companyName}
                          </span>
                        )}
                      </span>
                      {r.snippet && (
                        <span className="truncate text-xs text-slate-500">
                          <Highlight text={r.snippet} terms={shownTerms} />
                        </span>
                      )}
                    </span>
                  </Option>
                ))}
            </Section>
          );
        })}
        {actions.length > 0 && (
          <Section title={S.quickActions}>
            {actions.map((a) => (
              <Option
                key={a.to}
                item={items.find((i) => i.key === `action-${a.to}`)!}
                icon={<a.Icon className="size-4" aria-hidden />}
              >
                <span className="min-w-0 flex-1 truncate font-medium text-slate-700">
                  <Highlight text={a.label} terms={typedTerms} />
                </span>
              </Option>
            ))}
          </Section>
        )}
      </ComboboxOptions>

      {!typedTerms.length && <p className="border-t border-slate-100 px-4 py-3 text-sm text-slate-500">{S.hint}</p>}
      {tooLong && (
        <p role="alert" className="px-4 py-3 text-sm text-red-600">
          {S.queryTooLong(SEARCH_LIMITS.queryMax)}
        </p>
      )}
      {results.isError && !tooLong && typedTerms.length > 0 && (
        <p role="alert" className="px-4 py-3 text-sm text-red-600">
          {S.failed}
        </p>
      )}
      {pending && !results.data && typedTerms.length > 0 && (
        <p className="px-4 py-6 text-center text-sm text-slate-500" role="status">
          {S.loading}
        </p>
      )}
      {empty && !results.isError && (
        <div className="flex flex-col items-center gap-1 px-4 py-8 text-center" role="status">
          <SearchX className="mb-1 size-6 text-slate-300" aria-hidden />
          <p className="text-sm font-medium text-slate-700">{S.noResults(text.trim())}</p>
          <p className="text-sm text-slate-500">{S.noResultsHint}</p>
        </div>
      )}

      <div className="hidden items-center gap-4 border-t border-slate-200 bg-slate-50 px-4 py-2 text-xs text-slate-500 sm:flex">
        <span className="inline-flex items-center gap-1">
          <Kbd>↑</Kbd>
          <Kbd>↓</Kbd> {S.footer.move}
        </span>
        <span className="inline-flex items-center gap-1">
          <Kbd>
            <CornerDownLeft className="size-3" aria-hidden />
          </Kbd>{' '}
          {S.footer.open}
        </span>
        <span className="inline-flex items-center gap-1">
          <Kbd>Esc</Kbd> {S.footer.close}
        </span>
      </div>
    </Combobox>
  );
}

function Kbd({ children }: { children: ReactNode }) {
  return (
    <kbd className="inline-flex h-5 min-w-5 items-center justify-center rounded border border-slate-200 bg-white px-1 font-sans text-[11px] font-medium text-slate-600">
      {children}
    </kbd>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div role="group" aria-label={title} className="pb-1 not-first:pt-2">
      <p className="px-2 pt-1 pb-1.5 text-xs font-semibold tracking-wide text-slate-500 uppercase" aria-hidden>
        {title}
      </p>
      {children}
    </div>
  );
}

function Option({ item, icon, children }: { item: Item; icon: ReactNode; children: ReactNode }) {
  return (
    <ComboboxOption
      value={item}
      className={cn(
        'group flex cursor-pointer items-center gap-3 rounded-lg px-2 py-2 text-sm select-none',
        'data-focus:bg-brand-50 data-focus:text-brand-900',
      )}
    >
      <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-slate-100 text-slate-500 group-data-focus:bg-white group-data-focus:text-brand-600 group-data-focus:ring-1 group-data-focus:ring-brand-200">
        {icon}
      </span>
      {children}
      <CornerDownLeft className="invisible size-4 shrink-0 text-brand-500 group-data-focus:visible" aria-hidden />
    </ComboboxOption>
  );
}
