import { useCallback, useLayoutEffect, useRef } from 'react';
import { useSearchParams, useLocation } from './router.tsx';

export type UrlParamsWrite = (next: (latest: URLSearchParams) => URLSearchParams, options?: { replace?: boolean }) => void;

/**
 * useSearchParams whose writes build on the last URL written, not the last one rendered.
 *
 * The app's router renders a navigation in a transition, and wouter's setter (updater form included) works
 * from the params of the render it came from. Two changes in quick succession — a period and then
 * a grouping, on a busy phone or CI's two cores — would both start from the same old URL, and the
 * second would undo the first. Here a write made before the screen has rendered the one before it
 * builds on that one; once the newest write, or any other navigation (Back, a link), has rendered,
 * writes build on what the screen shows.
 */
export function useUrlParams(): readonly [URLSearchParams, UrlParamsWrite] {
  const [params, setParams] = useSearchParams();
  const navigationKey = useLocation().key;
  const rendered = params.toString();
  /** The URLs written that the screen has not rendered yet, newest last. */
  const inFlight = useRef<string[]>([]);
  const shown = useRef(rendered);

  useLayoutEffect(() => {
    shown.current = rendered;
    const writes = inFlight.current;
    const at = writes.lastIndexOf(rendered);
    // One of ours arrived with later ones still on their way: those stay. Anything else (the
    // newest write, Back, a link) means the screen shows the latest URL.
    inFlight.current = at >= 0 && at < writes.length - 1 ? writes.slice(at + 1) : [];
  }, [rendered, navigationKey]);

  const write = useCallback<UrlParamsWrite>(
    (next, options) => {
      const url = next(new URLSearchParams(inFlight.current.at(-1) ?? shown.current)).toString();
      inFlight.current = [...inFlight.current, url];
      setParams(url, options);
    },
    [setParams],
  );
  return [params, write] as const;
}
