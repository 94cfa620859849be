import { useEffect, useRef } from 'react';
import { useLocation } from '../../lib/router.tsx';
import { CATALOGUE_FILTERS_HASH } from '../../config/paths.ts';

/** Mantine's breakpoints as the catalogue lays its filters out: the phone modal below sm, the side panel from md. */
const PHONE_MEDIA = '(max-width: 47.99em)';
export const SIDE_PANEL_MEDIA = '(min-width: 64em)';

type FilterOpeners = {
  /** The phone's tabbed Apply/Clear modal (below 768 px). */
  openPhone: () => void;
  /** The tablet's filter modal (768–1023 px). */
  openTablet: () => void;
  /** The id of the side panel's heading (1024 px and wider), which takes the focus. */
  sidePanelHeadingId: string;
};

/**
 * The catalogue arrived at with #filters (the spec's /catalog-filter redirects there): the filters
 * open once, where this screen width keeps them. On a desktop they are always in view, so the
 * side panel's heading takes the focus and the panel scrolls into view; a keyboard user's next
 * Tab is the first filter.
 */
export function useFiltersOnArrival({ openPhone, openTablet, sidePanelHeadingId }: FilterOpeners): void {
  const { hash } = useLocation();
  const done = useRef(false);

  useEffect(() => {
    if (done.current || hash !== CATALOGUE_FILTERS_HASH) return;
    done.current = true;
    if (window.matchMedia(PHONE_MEDIA).matches) openPhone();
    else if (!window.matchMedia(SIDE_PANEL_MEDIA).matches) openTablet();
    else {
      const heading = document.getElementById(sidePanelHeadingId);
      if (!heading) return;
      heading.tabIndex = -1;
      heading.focus();
      heading.scrollIntoView?.({ block: 'start' });
    }
  }, [hash, openPhone, openTablet, sidePanelHeadingId]);
}
