import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import { parseListParam } from '../../../shared/saved-views';
import { SORT_ORDERS, type ListSorts, type SortOrder } from '../../../shared/schemas/common';

export type ViewMode = 'grid' | 'list';
const VIEWS: readonly ViewMode[] = ['grid', 'list'];

/** How long typing pauses before the search reaches the URL (and the server). */
export const SEARCH_DELAY_MS = 250;

type AnyObject = z.ZodObject<z.core.$ZodLooseShape>;

/** The filters a list keeps in its URL, typed by the procedure's own input schema. */
type ListFilterValues<S extends AnyObject, K extends string> = {
  [P in K]?: NonNullable<z.output<S['shape'][P]>>;
};

/** The current query string, read when writing so two quick writes never start from a stale copy. */
const currentParams = () => new URLSearchParams(window.location.search);

/**
 * A list screen's search, filters and view mode, kept in the URL (reload, bookmark, share, Back) and parsed by
 * the same zod schema as the list procedure. Filter and view changes push a history entry so Back undoes them;
 * the search box keeps its text locally and reaches the URL after a pause in typing, replacing the entry it
 * made for the same burst of typing instead of pushing one per keystroke.
 */
export function useListFilters<
  S extends AnyObject,
  Q extends Extract<keyof S['shape'], string>,
  F extends Extract<keyof S['shape'], string>,
>(schema: S, options: { search: Q; filters: readonly F[]; defaultView?: ViewMode }) {
  type K = Q | F;
  const { search: searchKey, filters: filterKeys, defaultView = 'grid' } = options;
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  // `filters` is usually a literal made anew each render: its content, not its identity, decides.
  const filterList = filterKeys.join(',');
  const keys = useMemo(
    () => [searchKey, ...filterList.split(',').filter((k) => k && k !== searchKey)] as K[],
    [searchKey, filterList],
  );

  const values = useMemo(() => {
    const out: Record<string, unknown> = {};
    for (const key of keys) {
      const value = parseListParam(schema.shape[key] as z.ZodType, searchParams.get(key));
      if (value !== undefined) out[key] = value;
    }
    return out as ListFilterValues<S, K>;
  }, [schema, keys, searchParams]);

  const rawView = searchParams.get('view') as ViewMode | null;
  const view: ViewMode = rawView && VIEWS.includes(rawView) ? rawView : defaultView;

  const write = useCallback(
    (change: (params: URLSearchParams) => void, replace: boolean) => {
      const next = currentParams();
      change(next);
      const search = next.toString();
      navigate({ search: search ? `?${search}` : '' }, { replace, preventScrollReset: true });
    },
    [navigate],
  );

  // --- The search box: local text, committed after a pause.
  const urlSearch = searchParams.get(searchKey) ?? '';
  const [searchText, setSearchText] = useState(urlSearch);
  const committed = useRef(urlSearch);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** The current burst of typing already made its history entry; later commits replace it. */
  const burstEntry = useRef(false);

  const commitSearch = useCallback(
    (text: string) => {
      clearTimeout(timer.current);
      timer.current = undefined;
      if (text === committed.current) return;
      committed.current = text;
      write((p) => (text ? p.set(searchKey, text) : p.delete(searchKey)), burstEntry.current);
      burstEntry.current = true;
    },
    [write, searchKey],
  );

  // The URL changed without the box (Back, a chip's clear, Clear all): the box follows it.
  useEffect(() => {
    if (urlSearch === committed.current) return;
    clearTimeout(timer.current);
    timer.current = undefined;
    committed.current = urlSearch;
    burstEntry.current = false;
    setSearchText(urlSearch);
  }, [urlSearch]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const searchBox = {
    value: searchText,
    onChange: (text: string) => {
      setSearchText(text);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => commitSearch(text), SEARCH_DELAY_MS);
    },
    /** Leaving the box ends the burst: typing again later makes a new history entry. */
    onBlur: () => {
      if (timer.current) commitSearch(searchText);
      burstEntry.current = false;
    },
    /** Enter commits at once. */
    onSubmit: () => commitSearch(searchText),
  };

  /** Typing still waiting for its pause goes into the same URL write as a filter change. */
  const withPendingSearch = (p: URLSearchParams) => {
    if (!timer.current) return;
    clearTimeout(timer.current);
    timer.current = undefined;
    committed.current = searchText;
    if (searchText) p.set(searchKey, searchText);
    else p.delete(searchKey);
  };

  const set = (key: K, value: string) => {
    burstEntry.current = false;
    write((p) => {
      withPendingSearch(p);
      if (value) p.set(key, value);
      else p.delete(key);
    }, false);
  };

  const remove = (key: K) => set(key, '');

  /** Clears search and filters; the view mode stays. */
  const clearAll = () => {
    burstEntry.current = false;
    clearTimeout(timer.current);
    timer.current = undefined;
    write((p) => {
      for (const k of keys) p.delete(k);
    }, false);
  };

  const setView = (next: ViewMode) =>
    write((p) => (next === defaultView ? p.delete('view') : p.set('view', next)), false);

  /** Active filters in URL order of `keys`, as the chips show them. */
  const active = keys.flatMap((key) => {
    const value = values[key];
    return value === undefined ? [] : [{ key, value: String(value) }];
  });

  /** How many filters are set, the search not counted (its box is always in sight): the "Filters (N)" button's N. */
  const filterCount = active.filter((a) => a.key !== searchKey).length;

  /** A filter's current value for a select (`''` = all). */
  const valueFor = (key: K) => (values[key] === undefined ? '' : String(values[key]));

  return { values, view, setView, searchBox, set, remove, clearAll, active, filterCount, valueFor };
}

/** A list's sort as a screen reads and changes it: a column header or the sort control. */
export type ListSortState<K extends string = string> = {
  key: K;
  order: SortOrder;
  /** The procedure's input: `sort` and `order`, always given (the server's default is the same). */
  input: { sort: K; order: SortOrder };
  /** The key's first direction when another key was sorted, else the other direction (a header's click). */
  toggle: (key: K) => void;
  set: (key: K, order: SortOrder) => void;
};

/**
 * A list's sort, kept in the URL beside its filters (`?sort=dueDate&order=asc`; none for the list's default). An
 * unknown key or order reads as the default, like an unknown filter value. A change pushes a history entry.
 */
export function useListSort<K extends string>(sorts: ListSorts<K>): ListSortState<K> {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const rawKey = searchParams.get('sort');
  const key = sorts.keys.includes(rawKey as K) ? (rawKey as K) : sorts.fallback;
  const rawOrder = searchParams.get('order') as SortOrder | null;
  const order = rawOrder && SORT_ORDERS.includes(rawOrder) ? rawOrder : sorts.first[key];

  const set = (nextKey: K, nextOrder: SortOrder) => {
    const next = currentParams();
    next.delete('sort');
    next.delete('order');
    if (nextKey !== sorts.fallback || nextOrder !== sorts.first[nextKey]) {
      next.set('sort', nextKey);
      next.set('order', nextOrder);
    }
    const search = next.toString();
    navigate({ search: search ? `?${search}` : '' }, { preventScrollReset: true });
  };
  const toggle = (nextKey: K) =>
    set(nextKey, nextKey !== key ? sorts.first[nextKey] : order === 'asc' ? 'desc' : 'asc');

  return { key, order, input: { sort: key, order }, toggle, set };
}
