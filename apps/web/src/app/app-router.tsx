import { createContext, startTransition, useCallback, useContext, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { UNSAFE_createBrowserHistory } from 'react-router';
import {
  NavigationType,
  parsePath,
  Router,
  type Location,
  type NavigateOptions,
  type Navigator,
  type Path,
  type To,
} from 'react-router';
import { NavigationBlockerContext, type BlockerFunction, type NavigationBlockerRegistry } from '../lib/navigation-blocker.ts';

/** A history of React Router's own (browser or memory), made with `v5Compat: true`. */
export type AppHistory = ReturnType<typeof UNSAFE_createBrowserHistory>;

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

type RouterState = { action: NavigationType; location: Location; scroll: ScrollTarget };

const toPath = (to: To): Path => {
  const { pathname = '', search = '', hash = '' } = typeof to === 'string' ? parsePath(to) : to;
  return { pathname, search, hash };
};

/**
 * The app's router: React Router's declarative one (`<Router>`, routes from `useRoutes`) on a
 * history of its own, with what the app used of React Router's data router kept here instead
 * (the data router was 14.7 kB Brotli of every screen's first script: issue 19 item 4):
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
  const [state, setState] = useState<RouterState>(() => ({
    action: history.action,
    location: history.location,
    scroll: { restore: hydrating ? false : null, preventScrollReset: false },
  }));
  const positions = useRef(new Map<string, number>());
  /** The location the app is on (or going to): the one a blocker compares the next one with. */
  const current = useRef(history.location);
  const blocker = useRef<{ id: string; shouldBlock: { readonly current: BlockerFunction } } | null>(null);
  const [blocked, setBlocked] = useState<NavigationBlockerRegistry['blocked']>(null);
  /** The navigate() options of the PUSH or REPLACE under way. */
  const pendingOptions = useRef<NavigateOptions | undefined>(undefined);
  /** A POP the router made itself: going back to where a blocked Back or Forward started. */
  const undoing = useRef(false);
  /** A POP the reader confirmed (a blocked Back or Forward, proceeded). */
  const confirmed = useRef(false);

  const blocks = useCallback(
    (nextLocation: Path, historyAction: NavigationType) =>
      blocker.current?.shouldBlock.current({ currentLocation: current.current, nextLocation, historyAction }) === true,
    [],
  );

  useLayoutEffect(
    () =>
      history.listen(({ action, location, delta }) => {
        if (action === NavigationType.Pop) {
          if (undoing.current) {
            undoing.current = false;
            return;
          }
          const proceeding = confirmed.current;
          confirmed.current = false;
          // A Back or Forward the screen holds back: the address has changed already, so go back to
          // where the reader was; Leave goes the same way again. An entry without an index (delta
          // null: not written by this app) cannot be undone, so it goes ahead.
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
        const options = action === NavigationType.Pop ? undefined : pendingOptions.current;
        pendingOptions.current = undefined;
        const scroll = { restore: positions.current.get(location.key) ?? null, preventScrollReset: options?.preventScrollReset === true };
        startTransition(() => setState({ action, location, scroll }));
      }),
    [history, blocks],
  );

  const navigator = useMemo<Navigator>(() => {
    const attempt = (action: NavigationType, to: To, go: () => void, options: NavigateOptions | undefined) => {
      const run = () => {
        pendingOptions.current = options;
        go();
      };
      if (!blocks(toPath(to), action)) return run();
      setBlocked({
        id: blocker.current!.id,
        proceed: () => {
          setBlocked(null);
          run();
        },
        reset: () => setBlocked(null),
      });
    };
    return {
      createHref: (to) => history.createHref(to),
      createURL: (to) => history.createURL(to),
      encodeLocation: (to) => history.encodeLocation(to),
      go: (delta) => history.go(delta),
      push: (to, historyState?: unknown, options?: NavigateOptions) =>
        attempt(NavigationType.Push, to, () => history.push(to, historyState), options),
      replace: (to, historyState?: unknown, options?: NavigateOptions) =>
        attempt(NavigationType.Replace, to, () => history.replace(to, historyState), options),
    };
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
        <Router location={state.location} navigationType={state.action} navigator={navigator}>
          {children}
        </Router>
      </ScrollTargetContext>
    </NavigationBlockerContext>
  );
}
