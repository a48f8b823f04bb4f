import { useEffect } from 'react';
import { PRODUCT_NAME } from '../../../shared/messages-core';

let markShown = () => {};
/** Resolves once the first screen has rendered (every screen names itself with useDocumentTitle). */
export const firstScreenShown = new Promise<void>((resolve) => {
  markShown = resolve;
});

/** The browser tab's title while a page is shown: '{title} — Clientflow' (the product name alone for ''). */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} — ${PRODUCT_NAME}` : PRODUCT_NAME;
    markShown();
  }, [title]);
}
