import { createContext, useContext, useEffect, useId, useLayoutEffect, useRef } from 'react';
import type { Action, Location, Path } from 'history';

/** Asked before every navigation while a screen holds a blocker: true keeps the reader where they are. */
export type BlockerFunction = (navigation: { currentLocation: Location; nextLocation: Path; historyAction: Action }) => boolean;

/** A navigation held back: `proceed` goes on with it, `reset` stays. */
export type Blocker = { state: 'unblocked'; proceed?: undefined; reset?: undefined } | { state: 'blocked'; proceed: () => void; reset: () => void };

export type NavigationBlockerRegistry = {
  /** The navigation held back, and which blocker held it. */
  blocked: { id: string; proceed: () => void; reset: () => void } | null;
  /** The screen's blocker (one at a time: the last registered); returns its removal. */
  register: (id: string, shouldBlock: { readonly current: BlockerFunction }) => () => void;
};

/** Provided by the app's router (app/app-router.tsx), which asks the blocker before each navigation. */
export const NavigationBlockerContext = createContext<NavigationBlockerRegistry | null>(null);

/**
 * Holds a navigation back while `shouldBlock` says so (a screen with unsaved work): a link, a
 * navigate() or the browser's Back and Forward within the app. The screen asks the reader and
 * calls `proceed` or `reset`. Leaving the app (reload, another site) is the browser's own
 * beforeunload prompt, which the screen adds itself. The same shape as React Router's data-router
 * `useBlocker`, which the app used before it had a router of its own (lib/router.tsx).
 */
export function useNavigationBlocker(shouldBlock: BlockerFunction): Blocker {
  const registry = useContext(NavigationBlockerContext);
  if (registry === null) throw new Error('useNavigationBlocker needs the app router (app/app-router.tsx) around it');
  const latest = useRef(shouldBlock);
  useLayoutEffect(() => {
    latest.current = shouldBlock;
  });
  const id = useId();
  const { register } = registry;
  useEffect(() => register(id, latest), [register, id]);
  const { blocked } = registry;
  return blocked?.id === id ? { state: 'blocked', proceed: blocked.proceed, reset: blocked.reset } : { state: 'unblocked' };
}
