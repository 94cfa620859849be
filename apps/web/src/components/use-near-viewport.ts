import { startTransition, useEffect, useState, type RefObject } from 'react';

/**
 * False until `ref`'s element comes within `rootMargin` of the viewport, then true for good: lets
 * below-the-fold parts (the public footer's contacts and year, /home's lower sections) start their
 * code and data requests when the reader nears them, not while the page above is still being drawn
 * and made interactive on a slow phone. False on the first render, so it matches the prerendered
 * markup. Where IntersectionObserver is missing it turns true after the first frame. The change is a
 * transition: React draws what it reveals in slices, between which the page stays responsive.
 */
export function useNearViewport(ref: RefObject<Element | null>, rootMargin = '400px'): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || element === null) return;
    if (typeof IntersectionObserver === 'undefined') {
      const frame = window.requestAnimationFrame(() => startTransition(() => setNear(true)));
      return () => window.cancelAnimationFrame(frame);
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) startTransition(() => setNear(true));
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, rootMargin, near]);
  return near;
}
