import { emptyCatalogueQuery, type CatalogueQuery } from '@frameport/domain';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useSearchParams, useLocation, type NavigateOptions } from '../../lib/router.tsx';
import { afterNextPaint } from '../../lib/after-next-paint.ts';
import { readCatalogueUrl, writeCatalogueUrl, type CatalogueUrlState } from './catalogue-url.ts';

export type CatalogueUrl = {
  state: CatalogueUrlState;
  /** The readable query (empty when the URL could not be read). */
  query: CatalogueQuery;
  page: number;
  /**
   * On from a change until the screen renders its URL: the router renders a navigation in a
   * transition, which under load takes a while, and the results show they are on their way.
   */
  pending: PendingSignal;
  /** A filter, price, sort or text change: computed from the latest URL, back to page 1, new history entry. */
  update: (change: (query: CatalogueQuery) => CatalogueQuery, options?: { replace?: boolean }) => void;
  setPage: (page: number) => void;
};

/**
 * /products state in the URL: read with the domain codec, written back the same way (shareable,
 * Back works). Each change builds on the last URL written, not the last one rendered: the search
 * parameters' setter hands its updater the rendered params, so two ticks in quick succession
 * (under load, before the first has rendered) would otherwise lose the first.
 */
export function useCatalogueUrl(): CatalogueUrl {
  const [params, setParams] = useSearchParams();
  const navigationKey = useLocation().key;
  const state = useMemo(() => readCatalogueUrl(params), [params]);
  const query = state.ok ? state.query : emptyCatalogueQuery();
  const rendered = params.toString();

  /** The URLs written since the screen last caught up, newest last (read and written in handlers only). */
  const inFlight = useRef<string[]>([]);
  const [pending] = useState(createPendingSignal);
  /** Writes waiting for the next paint; a screen left in between sends none of them. */
  const waiting = useRef(new Set<() => void>());
  useEffect(() => {
    const writes = waiting.current;
    return () => {
      for (const cancel of writes) cancel();
      writes.clear();
    };
  }, []);

  // Each navigation that lands, by its key: two quick writes (a tick taken back) may render only
  // the last, the very URL the screen had, and the screen must still see that it has arrived.
  useEffect(() => {
    const writes = inFlight.current;
    const at = writes.lastIndexOf(rendered);
    // One of ours arrived: later writes are still on their way. Anything else (Back, a link, the
    // newest write itself) means the screen shows the latest URL.
    if (at >= 0 && at < writes.length - 1) {
      inFlight.current = writes.slice(at + 1);
      return;
    }
    inFlight.current = [];
    // A tap whose write waits for the next paint is still on its way.
    if (waiting.current.size === 0) pending.set(false);
  }, [rendered, navigationKey, pending]);

  // What the deferred writes build on: the URL and router as of the last render when they run.
  const router = useRef({ params, rendered, setParams });
  useLayoutEffect(() => {
    router.current = { params, rendered, setParams };
  });

  const write = useCallback(
    (next: (latest: URLSearchParams) => URLSearchParams, replace: boolean) => {
      // The tap's own feedback (a tick, the results' progress bar) is painted first; the URL is
      // worked out and written after that frame: the codec and the router's own synchronous work
      // (matching, scroll positions, history) kept a tick off screen on a slow phone (issue 16
      // item 13). The writes keep their order, each building on the one before.
      pending.set(true);
      const cancel = afterNextPaint(() => {
        waiting.current.delete(cancel);
        const { params: shown, rendered: shownText, setParams: navigate } = router.current;
        const latest = inFlight.current.at(-1);
        const made = next(latest === undefined ? new URLSearchParams(shown) : new URLSearchParams(latest));
        const text = made.toString();
        // Nothing else on its way and nothing changes: there is nothing to wait for.
        if (text === shownText && latest === undefined && waiting.current.size === 0) pending.set(false);
        inFlight.current = [...inFlight.current, text];
        // Ticking a filter must not throw the page back to the top (the layout restores scroll on
        // navigation). wouter's setter hands its options to the app router's navigate() as they are.
        const options: NavigateOptions = { replace, preventScrollReset: true };
        navigate(made, options);
      });
      waiting.current.add(cancel);
    },
    [pending],
  );

  const update = useCallback<CatalogueUrl['update']>(
    (change, options) =>
      write((latest) => {
        const read = readCatalogueUrl(latest);
        return writeCatalogueUrl(change(read.ok ? read.query : emptyCatalogueQuery()));
      }, options?.replace ?? false),
    [write],
  );

  const setPage = useCallback(
    (page: number) =>
      write((latest) => {
        const read = readCatalogueUrl(latest);
        return writeCatalogueUrl(read.ok ? read.query : emptyCatalogueQuery(), page);
      }, false),
    [write],
  );

  return { state, query, page: state.page, pending, update, setPage };
}

/**
 * Whether a written URL is still on its way. A signal rather than state, so that a tap re-renders
 * only what shows it (the results' progress bar), not the whole catalogue: the tick stays cheap.
 */
export type PendingSignal = {
  subscribe: (listener: () => void) => () => void;
  get: () => boolean;
  set: (pending: boolean) => void;
};

function createPendingSignal(): PendingSignal {
  let value = false;
  const listeners = new Set<() => void>();
  return {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get: () => value,
    set: (next) => {
      if (next === value) return;
      value = next;
      for (const listener of listeners) listener();
    },
  };
}

/** Reads a PendingSignal (false when there is none). */
export function usePending(signal: PendingSignal | undefined): boolean {
  return useSyncExternalStore(signal?.subscribe ?? noSubscription, signal?.get ?? never, never);
}

const noSubscription = () => () => {};
const never = () => false;

/**
 * What a filter control shows: the user's choice at once, then the URL's value once the URL has
 * moved. The URL is rendered in the router's transition; until then React would put a controlled
 * checkbox back to the URL's value, so under load a tick seemed lost. `same` compares by content
 * (a group with nothing chosen reads as a fresh empty list on each render).
 */
export function useChoiceAtOnce<T>(fromUrl: T, same: (a: T, b: T) => boolean): [shown: T, choose: (value: T) => void] {
  const [chosen, setChosen] = useState<{ value: T } | null>(null);
  const [seen, setSeen] = useState(fromUrl);
  if (!same(seen, fromUrl)) {
    // The URL moved (this choice arrived, or Back, or a removed chip): it is what the control shows.
    setSeen(fromUrl);
    setChosen(null);
  }
  return [chosen === null ? fromUrl : chosen.value, (value: T) => setChosen({ value })];
}

/** Two id lists with the same ids in the same order. */
export function sameIds(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((id, index) => id === b[index]);
}
