import { useEffect, useState } from 'react';

/**
 * False on the first render, true once the browser has painted it: lets below-the-fold parts
 * (the footer's contacts) start their code and data requests after the page's heading is on
 * screen, instead of competing with it on a slow connection.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: number | undefined;
    // The frame callback runs before the next paint; the timeout after it, once that paint is done.
    const frame = window.requestAnimationFrame(() => {
      timer = window.setTimeout(() => setPainted(true), 0);
    });
    return () => {
      window.cancelAnimationFrame(frame);
      if (timer !== undefined) window.clearTimeout(timer);
    };
  }, []);
  return painted;
}
