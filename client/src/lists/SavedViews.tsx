import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Menu, MenuButton, MenuHeading, MenuItem, MenuItems, MenuSection, MenuSeparator } from '@headlessui/react';
import { Bookmark, Check, ChevronDown, Ellipsis, Plus, Users } from 'lucide-react';
import { areas } from '../../../shared/messages/areas';
import { savedViews as V } from '../../../shared/messages/savedViews';
import { listQueryOf, type SavedViewList } from '../../../shared/saved-views';
import type { SavedView } from '../../../shared/schemas/saved-views';
import { cn } from '../lib/cn';
import { trpc } from '../lib/trpc';

// The dialog (the form kit, zod) loads on first use: most visits to a list never save a view.
const SavedViewDialog = lazy(() => import('./SavedViewDialog'));

const itemClass =
  'group flex w-full min-w-0 items-center gap-2 rounded-md px-2.5 py-2 text-left text-sm text-slate-700 data-disabled:opacity-50 data-focus:bg-slate-100 data-focus:text-slate-900';
const headingClass = 'px-2.5 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase';

export type SavedViewDialogState = { mode: 'create'; query: string } | { mode: 'edit'; view: SavedView } | null;

/**
 * The list toolbar's Views menu: the list without a view, the user's own views and the team's, each applied by going
 * to its query (a history entry, like any filter change); Save view… keeps the current one. The button names the
 * view the address matches.
 */
export function SavedViewsMenu({ list }: { list: SavedViewList }) {
  const views = trpc.savedViews.list.useQuery({ list }, { staleTime: 30_000 });
  const location = useLocation();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<SavedViewDialogState>(null);

  const current = listQueryOf(list, location.search);
  // All <area>: no search, filter or sort; the layout stays, as Clear all leaves it.
  const layout = new URLSearchParams(location.search).get('view');
  const allQuery = listQueryOf(list, layout ? `view=${layout}` : '');
  const all = views.data ?? [];
  const mine = all.filter((v) => !v.shared);
  const team = all.filter((v) => v.shared);
  const active = current === '' ? null : (all.find((v) => v.query === current) ?? null);

  /** Goes to a query of the list; other parameters (an open record, a dialog) are left behind. */
  const apply = (query: string) => navigate({ search: query ? `?${query}` : '' }, { preventScrollReset: true });

  const row = (view: SavedView) => (
    <div key={view.id} className="flex min-w-0 items-center gap-1">
      <MenuItem>
        <button
          type="button"
          onClick={() => apply(view.query)}
          className={itemClass}
          aria-current={active?.id === view.id ? 'true' : undefined}
        >
          <span className="min-w-0 flex-1">
            <span className="block truncate font-medium">{view.name}</span>
            {view.shared && !view.mine && (
              <span className="block truncate text-xs text-slate-500">{V.by(view.creatorName)}</span>
            )}
          </span>
          {active?.id === view.id && <Check className="size-4 shrink-0 text-brand-600" aria-hidden />}
        </button>
      </MenuItem>
      {view.canEdit && (
        <MenuItem>
          <button
            type="button"
            onClick={() => setDialog({ mode: 'edit', view })}
            aria-label={V.manage(view.name)}
            title={V.manage(view.name)}
            className="grid size-9 shrink-0 place-items-center rounded-md text-slate-400 data-focus:bg-slate-100 data-focus:text-slate-700"
          >
            <Ellipsis className="size-4" aria-hidden />
          </button>
        </MenuItem>
      )}
    </div>
  );

  return (
    <>
      <Menu>
        <MenuButton
          aria-label={V.buttonLabel(active?.name ?? null)}
          className="inline-flex h-10 max-w-full min-w-0 shrink-0 items-center justify-between gap-2 rounded-lg px-3 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none data-open:bg-slate-50 md:max-w-56"
        >
          <span className="inline-flex min-w-0 items-center gap-2">
            <Bookmark
              className={cn('size-4 shrink-0', active ? 'fill-brand-100 text-brand-600' : 'text-slate-500')}
              aria-hidden
            />
            <span className="truncate">{active?.name ?? V.button}</span>
          </span>
          <ChevronDown className="size-4 shrink-0 text-slate-500" aria-hidden />
        </MenuButton>
        <MenuItems
          anchor="bottom start"
          transition
          className="z-40 w-[min(20rem,calc(100vw-2rem))] rounded-lg bg-white p-1 shadow-lg ring-1 ring-slate-200 [--anchor-gap:4px] [--anchor-max-height:min(28rem,70dvh)] transition duration-100 focus:outline-none data-closed:scale-95 data-closed:opacity-0"
        >
          <MenuItem>
            <button type="button" onClick={() => apply(allQuery)} className={itemClass}>
              <span className="min-w-0 flex-1 truncate font-medium">{V.all(areas[list].label)}</span>
              {current === allQuery && <Check className="size-4 shrink-0 text-brand-600" aria-hidden />}
            </button>
          </MenuItem>
          <MenuSeparator className="my-1 h-px bg-slate-100" />
          {views.isError && <p className="px-2.5 py-2 text-sm text-red-600">{V.loadFailed}</p>}
          {views.isSuccess && all.length === 0 && (
            <div className="px-2.5 py-2">
              <p className="text-sm font-medium text-slate-800">{V.emptyTitle}</p>
              <p className="mt-0.5 text-xs text-slate-500">{V.emptyText}</p>
            </div>
          )}
          {mine.length > 0 && (
            <MenuSection>
              <MenuHeading className={headingClass}>{V.mine}</MenuHeading>
              {mine.map(row)}
            </MenuSection>
          )}
          {team.length > 0 && (
            <MenuSection>
              <MenuHeading className={cn(headingClass, 'inline-flex items-center gap-1.5')}>
                <Users className="size-3.5" aria-hidden /> {V.team}
              </MenuHeading>
              {team.map(row)}
            </MenuSection>
          )}
          <MenuSeparator className="my-1 h-px bg-slate-100" />
          <MenuItem>
            <button
              type="button"
              onClick={() => setDialog({ mode: 'create', query: current })}
              className={cn(itemClass, 'font-medium text-brand-700 data-focus:text-brand-800')}
            >
              <Plus className="size-4" aria-hidden /> {V.save}
            </button>
          </MenuItem>
        </MenuItems>
      </Menu>
      {dialog && (
        <Suspense fallback={null}>
          <SavedViewDialog list={list} state={dialog} onClose={() => setDialog(null)} onSaved={apply} />
        </Suspense>
      )}
    </>
  );
}
