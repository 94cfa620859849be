import { useEffect, useLayoutEffect } from 'react';
import { useLocation } from '../lib/router.tsx';
import { useScrollTarget } from './app-router.tsx';

/**
 * Every layout's scroll restoration: a new page starts at the top (a link followed at the foot of
 * a page must not land mid-page), or at the element its hash names; Back and Forward within the app
 * restore the position they left (app-router.tsx keeps them, in memory: a full load, a reload or a
 * bookmark starts at the top); a navigation that asked to stay put (`preventScrollReset`, the
 * catalogue's filters) stays; prerendered markup keeps where the visitor has scrolled it already.
 * The browser's own restoration is off meanwhile; it is back for a reload (pagehide).
 */
export function AppScrollRestoration() {
  const location = useLocation();
  const { restore, preventScrollReset } = useScrollTarget();

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const giveBack = () => {
      window.history.scrollRestoration = 'auto';
    };
    window.addEventListener('pagehide', giveBack);
    return () => {
      window.removeEventListener('pagehide', giveBack);
      giveBack();
    };
  }, []);

  useLayoutEffect(() => {
    if (restore === false) return;
    if (typeof restore === 'number') {
      window.scrollTo(0, restore);
      return;
    }
    if (location.hash) {
      let target: HTMLElement | null = null;
      try {
        target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      } catch {
        // Not a decodable id: nothing to scroll to.
      }
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    if (preventScrollReset) return;
    window.scrollTo(0, 0);
  }, [location, restore, preventScrollReset]);

  return null;
}
