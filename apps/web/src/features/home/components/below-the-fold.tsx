import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';
import { useNearViewport } from '../../../components/use-near-viewport.ts';
import classes from './home.module.css';

/** At the latest, this long after /home is up, its lower sections are drawn though nobody scrolled. */
const IDLE_TIMEOUT_MS = 2000;

/**
 * /home's lower sections (new arrivals, prices, colours, frame shapes, the account), drawn when the
 * reader nears them or once the browser is idle after the first screen, whichever comes first, and
 * then in a transition, in slices: on a phone the first screen is up and answers taps without
 * waiting for some 1,000 elements nobody sees yet (Lighthouse mobile /home: docs/products-profile.md,
 * eighth pass). Until then a viewport-high placeholder keeps the footer below the fold, so nothing
 * on screen moves when they arrive. Once drawn, each section is laid out and painted only near the
 * viewport (`content-visibility: auto`, home.module.css): the browser skips the style, layout and
 * paint of the sections nobody has scrolled to.
 */
export function BelowTheFold({ children }: { children: ReactNode }) {
  const placeholder = useRef<HTMLDivElement>(null);
  const near = useNearViewport(placeholder);
  const idle = useIdle();
  if (near || idle) return <div className={classes.lower}>{children}</div>;
  return <div ref={placeholder} className={classes.belowTheFold} />;
}

function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const show = () => startTransition(() => setIdle(true));
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(show, { timeout: IDLE_TIMEOUT_MS });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(show, IDLE_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return idle;
}
