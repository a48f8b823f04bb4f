import { useEffect, useId, useRef, useState, type KeyboardEvent, type ToggleEvent } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * A dropdown on the browser's own popover (top layer, light dismiss, Escape, focus back to its button), placed under
 * its button ('sheet': placed by its own classes). The hub's frame (its menus, the notification bell) is on every
 * screen's first load: the native API keeps a menu and positioning library out of it.
 */
export function useDropdown(align: 'start' | 'end' | 'sheet') {
  const id = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const close = () => {
    if (panelRef.current?.matches(':popover-open')) panelRef.current.hidePopover();
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: one listener while open; the panel is read through its ref
  useEffect(() => {
    // (A sheet is placed by CSS; phones resize the window while scrolling, as their address bar comes and goes.)
    if (!open || align === 'sheet') return;
    // A fixed-position panel would drift from its button when the window changes size.
    window.addEventListener('resize', close);
    return () => window.removeEventListener('resize', close);
  }, [open, align]);
  // Any navigation (a link in the panel, Back) closes it.
  const { pathname, search } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes when the address changes, on purpose
  useEffect(close, [pathname, search]);
  return {
    open,
    close,
    /** Shows the panel (for keys that open it without a click). */
    show: () => panelRef.current?.showPopover(),
    panelRef,
    button: { ref: buttonRef, popoverTarget: id, 'aria-expanded': open },
    panel: {
      id,
      ref: panelRef,
      popover: 'auto' as const,
      onBeforeToggle: (event: ToggleEvent<HTMLDivElement>) => {
        const button = buttonRef.current;
        if (event.newState !== 'open' || !button || align === 'sheet') return;
        const rect = button.getBoundingClientRect();
        const style = event.currentTarget.style;
        style.top = `${rect.bottom + 4}px`;
        if (align === 'start') style.left = `${rect.left}px`;
        else style.right = `${document.documentElement.clientWidth - rect.right}px`;
      },
      onToggle: (event: ToggleEvent<HTMLDivElement>) => {
        setOpen(event.newState === 'open');
        // Kept 8 px inside the window: a panel wider than the room beside its button moves in (phones).
        const panel = event.currentTarget;
        if (event.newState !== 'open' || align === 'sheet') return;
        const rect = panel.getBoundingClientRect();
        const room = document.documentElement.clientWidth;
        if (align === 'end' && rect.left < 8)
          panel.style.right = `${Math.max(8, parseFloat(panel.style.right || '0') - (8 - rect.left))}px`;
        if (align === 'start' && rect.right > room - 8)
          panel.style.left = `${Math.max(8, parseFloat(panel.style.left || '0') - (rect.right - (room - 8)))}px`;
      },
    },
  };
}

/** A dropdown panel's frame (placed by useDropdown). */
export const menuPanelClass = 'fixed inset-auto m-0 rounded-lg bg-white p-1 shadow-lg ring-1 ring-slate-200';

/** Arrow keys, Home and End move between a menu's items (the ARIA menu pattern); Tab leaves and closes it. */
export function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>, close: () => void) {
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]')];
  const index = items.indexOf(document.activeElement as HTMLElement);
  const next = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: items.length - 1 }[event.key];
  if (next !== undefined) {
    event.preventDefault();
    items[(next + items.length) % items.length]?.focus();
  } else if (event.key === 'Tab') {
    event.preventDefault();
    close();
  }
}
