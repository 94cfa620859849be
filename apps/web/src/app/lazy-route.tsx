import { lazy, useState, type ComponentType } from 'react';
import { matchRoutes, type RouteObject } from '../lib/router.tsx';

/** A route's component whose code is a module of its own, loaded on `preload()` or when first drawn. */
export type LazyRouteComponent = ComponentType & { preload: () => Promise<ComponentType> };

/**
 * A screen or layout whose module loads when the router first draws it (it suspends meanwhile: the
 * router's transition keeps the screen on show, or the first render shows the page loader), or
 * earlier with `preload()` (router.tsx: every route an address matches, at once, not one level after
 * another). Once loaded it draws synchronously: hydrating prerendered markup, and a first render
 * after main.tsx preloaded the address's screen, show it without a loader in between.
 */
export function lazyRoute(load: () => Promise<ComponentType>): LazyRouteComponent {
  let loaded: ComponentType | undefined;
  let pending: Promise<ComponentType> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A chunk that did not arrive (offline for a moment): the next attempt asks again.
        pending = undefined;
        throw error;
      },
    ));
  function LazyRoute() {
    // Chosen once per mount: switching from the suspending wrapper to the module's component would
    // remount the screen. A wrapper per mount: one whose load failed stays failed (React.lazy keeps
    // the rejection), so the next visit to the route asks again.
    const [Screen] = useState<ComponentType>(() => loaded ?? lazy(async () => ({ default: await preload() })));
    return <Screen />;
  }
  return Object.assign(LazyRoute, { preload });
}

/**
 * Starts loading the code of every lazy route `pathname` matches in `routes` (a guard, a layout, the
 * screen) at once, not each when the one above it has rendered; resolves when all have arrived.
 * Idempotent: each module is asked for once. `basename`: where `routes` hang (a descendant table).
 */
export function preloadRoutes(routes: RouteObject[], pathname: string, basename?: string): Promise<unknown> {
  const matches = matchRoutes(routes, pathname, basename) ?? [];
  return Promise.all(matches.map(({ route }) => (route.Component as Partial<LazyRouteComponent> | undefined)?.preload?.()));
}
