import { useEffect, useRef, type MouseEvent } from 'react';
import { useLocation } from 'react-router-dom';

/** Marks the element whose children are a list's rows or cards, one per record in order. */
export const RECORDS_ATTR = 'data-records';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), [tabindex="0"]';
/** A click that leaves the list within this long opened something (a record's page); later ones were dialogs. */
const OPENED_WITHIN_MS = 3000;

type Opened = { key: string; control: number };

/** Per list (its path): the record last opened from it, for while its page is away. */
const openedByList = new Map<string, Opened>();

/**
 * Coming back to a list from a record (Back, or the record's back link), focus returns to the card or row that was
 * opened, on the same control, instead of falling to the page's body. The list's section listens to clicks (Enter on
 * a link or button is one too) and remembers the record when the list goes away soon after.
 */
export function useReturnFocus<T>(items: T[], rowKey: (row: T) => string | number) {
  const { pathname } = useLocation();
  const section = useRef<HTMLElement>(null);
  const lastClick = useRef<{ opened: Opened; at: number } | null>(null);

  const onClickCapture = (event: MouseEvent<HTMLElement>) => {
    const target = event.target as Element;
    const row = target.closest(`[${RECORDS_ATTR}] > *`);
    if (!row?.parentElement || !section.current?.contains(row)) return;
    const index = Array.prototype.indexOf.call(row.parentElement.children, row);
    const item = items[index];
    if (item === undefined) return;
    const control = target.closest(FOCUSABLE);
    const controls = Array.from(row.querySelectorAll(FOCUSABLE));
    lastClick.current = {
      opened: { key: String(rowKey(item)), control: control ? Math.max(0, controls.indexOf(control)) : 0 },
      at: Date.now(),
    };
  };

  // Leaving: remember what was just opened.
  useEffect(
    () => () => {
      const click = lastClick.current;
      if (click && Date.now() - click.at < OPENED_WITHIN_MS) openedByList.set(pathname, click.opened);
    },
    [pathname],
  );

  // Back, with the rows shown: focus the opened one, unless someone already put focus somewhere.
  useEffect(() => {
    const opened = openedByList.get(pathname);
    if (!opened || items.length === 0) return;
    const index = items.findIndex((item) => String(rowKey(item)) === opened.key);
    openedByList.delete(pathname);
    if (index < 0) return;
    const active = document.activeElement;
    if (active && active !== document.body && active.id !== 'main-content') return;
    const row = section.current?.querySelector(`[${RECORDS_ATTR}]`)?.children[index];
    const controls = row?.querySelectorAll<HTMLElement>(FOCUSABLE);
    (controls?.[opened.control] ?? controls?.[0])?.focus();
  }, [pathname, items, rowKey]);

  return { ref: section, onClickCapture };
}
