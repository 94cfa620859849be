import { ScrollRestoration } from 'react-router';

/** Where this app's scroll positions are kept (sessionStorage: this tab only). */
const STORAGE_KEY = 'frameport.scroll-positions';

let earlierDocumentsForgotten = false;

/**
 * Positions saved by earlier documents of this tab are dropped once per page load, before the
 * router reads them. React Router keys every page opened by a full load the same ('default': the
 * first history entry of a document has no key), so a position saved on one page (a footer link
 * clicked at the bottom of /home) was restored on the next page loaded in full (/purchase-order
 * or My Orders opened at the footer). A full load, a reload or a bookmark now starts at the top.
 */
function forgetEarlierDocuments() {
  if (earlierDocumentsForgotten) return;
  earlierDocumentsForgotten = true;
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // No storage: nothing was kept either.
  }
}

/**
 * Every layout's scroll restoration: a new page starts at the top (a link followed at the foot of
 * a page must not land mid-page); Back and Forward within the app restore the position they left.
 */
export function AppScrollRestoration() {
  forgetEarlierDocuments();
  return <ScrollRestoration storageKey={STORAGE_KEY} />;
}
