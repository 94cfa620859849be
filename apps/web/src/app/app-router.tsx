import { Action, type BrowserHistory, type Location, type MemoryHistory, type Path } from 'history';
import { createContext, startTransition, useCallback, useContext, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { NavigationBlockerContext, type BlockerFunction, type NavigationBlockerRegistry } from '../lib/navigation-blocker.ts';
import { resolveTo, RouterState, type NavigateOptions, type Navigator, type To } from '../lib/router.tsx';

/** The browser's history (main.tsx), or one in memory (the prerender, tests): the `history` package's. */
export type AppHistory = BrowserHistory | MemoryHistory;

/**
 * The index of the history entry on show, which the `history` package writes into each entry's
 * state (`idx`) in the browser and keeps itself in memory: how far a Back or Forward went.
 */
function entryIndex(history: AppHistory): number | null {
  if ('index' in history) return history.index;
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && 'idx' in state && typeof state.idx === 'number' ? state.idx : null;
}

/**
 * Where a screen that has just been navigated to should be scrolled (scroll-restoration.tsx applies
 * it): `restore`, the position Back or Forward left this entry at (a number), none to restore
 * (null: the top, or the hash's element), or leave the page where it is (false: the first render
 * of prerendered markup, which the visitor may have scrolled already). `preventScrollReset`: the
 * navigation asked to stay put (a filter change on the catalogue).
 */
export type ScrollTarget = { restore: number | false | null; preventScrollReset: boolean };

const ScrollTargetContext = createContext<ScrollTarget>({ restore: null, preventScrollReset: false });

/** The scroll target of the location on screen (see ScrollTarget). */
export function useScrollTarget(): ScrollTarget {
  return useContext(ScrollTargetContext);
}

type RouterSnapshot = { location: Location; scroll: ScrollTarget };

/**
 * The app's router: the location and navigator of lib/router.tsx (routes from its `useRoutes`,
 * wouter's links) on a history of the app's own, the `history` package's:
 * - navigations render in a transition, so the screen on show stays until the next one's code
 *   has arrived (its lazy module, router.tsx);
 * - a screen's blocker (lib/navigation-blocker.ts) is asked before each navigation within the app:
 *   links and navigate() before the address changes, Back and Forward (which have changed it
 *   already) by going back to where the reader was;
 * - the scroll position each history entry was left at, for Back and Forward to restore
 *   (scroll-restoration.tsx); kept in memory, since every document starts at the top.
 * `hydrating`: the first render hydrates prerendered markup, whose scroll position stays.
 */
export function AppRouter({ history, hydrating = false, children }: { history: AppHistory; hydrating?: boolean; children: ReactNode }) {
  const [state, setState] = useState<RouterSnapshot>(() => ({
    location: history.location,
    scroll: { restore: hydrating ? false : null, preventScrollReset: false },
  }));
  const positions = useRef(new Map<string, number>());
  /** The location the app is on (or going to): the one a blocker compares the next one with. */
  const current = useRef(history.location);
  /** Its entry's index (entryIndex), for how far a Back or Forward went. */
  const currentIndex = useRef(entryIndex(history));
  const blocker = useRef<{ id: string; shouldBlock: { readonly current: BlockerFunction } } | null>(null);
  const [blocked, setBlocked] = useState<NavigationBlockerRegistry['blocked']>(null);
  /** The navigate() options of the PUSH or REPLACE under way. */
  const pendingOptions = useRef<NavigateOptions | undefined>(undefined);
  /** A POP the router made itself: going back to where a blocked Back or Forward started. */
  const undoing = useRef(false);
  /** A POP the reader confirmed (a blocked Back or Forward, proceeded). */
  const confirmed = useRef(false);

  const blocks = useCallback(
    (nextLocation: Path, historyAction: Action) =>
      blocker.current?.shouldBlock.current({ currentLocation: current.current, nextLocation, historyAction }) === true,
    [],
  );

  useLayoutEffect(
    () =>
      history.listen(({ action, location }) => {
        const index = entryIndex(history);
        if (action === Action.Pop) {
          if (undoing.current) {
            undoing.current = false;
            return;
          }
          const proceeding = confirmed.current;
          confirmed.current = false;
          // A Back or Forward the screen holds back: the address has changed already, so go back to
          // where the reader was; Leave goes the same way again. An entry without an index (not
          // written by this app) cannot be undone, so it goes ahead.
          const delta = index === null || currentIndex.current === null ? null : index - currentIndex.current;
          if (!proceeding && delta !== null && delta !== 0 && blocks(location, action)) {
            undoing.current = true;
            history.go(-delta);
            setBlocked({
              id: blocker.current!.id,
              proceed: () => {
                setBlocked(null);
                confirmed.current = true;
                history.go(delta);
              },
              reset: () => setBlocked(null),
            });
            return;
          }
        }
        positions.current.set(current.current.key, window.scrollY);
        current.current = location;
        currentIndex.current = index;
        const options = action === Action.Pop ? undefined : pendingOptions.current;
        pendingOptions.current = undefined;
        const scroll = { restore: positions.current.get(location.key) ?? null, preventScrollReset: options?.preventScrollReset === true };
        startTransition(() => setState({ location, scroll }));
      }),
    [history, blocks],
  );

  const navigator = useMemo<Navigator>(() => {
    const navigate = (to: To, options: NavigateOptions = {}) => {
      const path = resolveTo(to, current.current);
      const action = options.replace ? Action.Replace : Action.Push;
      const run = () => {
        pendingOptions.current = options;
        if (options.replace) history.replace(path, options.state);
        else history.push(path, options.state);
      };
      if (!blocks(path, action)) return run();
      setBlocked({
        id: blocker.current!.id,
        proceed: () => {
          setBlocked(null);
          run();
        },
        reset: () => setBlocked(null),
      });
    };
    return { navigate, go: (delta) => history.go(delta) };
  }, [history, blocks]);

  const register = useCallback<NavigationBlockerRegistry['register']>((id, shouldBlock) => {
    blocker.current = { id, shouldBlock };
    return () => {
      if (blocker.current?.id !== id) return;
      blocker.current = null;
      setBlocked((held) => (held?.id === id ? null : held));
    };
  }, []);
  const registry = useMemo(() => ({ blocked, register }), [blocked, register]);

  return (
    <NavigationBlockerContext value={registry}>
      <ScrollTargetContext value={state.scroll}>
        <RouterState location={state.location} navigator={navigator}>
          {children}
        </RouterState>
      </ScrollTargetContext>
    </NavigationBlockerContext>
  );
}
