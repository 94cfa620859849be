import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React renders on the build's prerender (app/prerender.tsx) and while it hydrates that
 * markup in the browser, true from then on (and at once when the app renders from scratch). The
 * prerendered first screens keep controls that need the app disabled until it is there: a tap
 * does nothing visible otherwise, and the login form would be submitted natively, as a GET.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
