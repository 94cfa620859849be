import { createPath, parsePath, type Action, type Location, type Path } from 'history';
import { createContext, useCallback, useContext, useEffect, useMemo, type ComponentPropsWithRef, type ComponentType, type Context, type ReactNode } from 'react';
import { Link as WouterLink, Router as WouterRouter } from 'wouter';

export { useSearchParams } from 'wouter';

/**
 * The app's routing, on a history the app owns (app/app-router.tsx: transitions, blockers, scroll
 * positions): the location, navigate(), the route tables' matching and nesting (`useRoutes`,
 * `Outlet`, `useParams`), and `Navigate`, in the shape of React Router's declarative API, which it
 * replaced (issue 19 item 4: React Router was 10.4 kB Brotli of every screen's first script, most
 * of it form, fetcher and prefetch code this app never runs). Links and search parameters are
 * wouter's (`Link`, `useSearchParams`), on this location through `RouterState`.
 */

export type { Action, Location, Path };

/** Where to go: a path with its query and hash ('/products?page=2'), or its parts. */
export type To = string | Partial<Path>;

export type NavigateOptions = {
  replace?: boolean;
  /** Kept with the history entry (`useLocation().state`). */
  state?: unknown;
  /** Keep the scroll position (the catalogue's filters): app/scroll-restoration.tsx. */
  preventScrollReset?: boolean;
};

/** What the app's router does for navigate() and links (app/app-router.tsx). */
export type Navigator = {
  navigate: (to: To, options?: NavigateOptions) => void;
  go: (delta: number) => void;
};

export type NavigateFunction = {
  (to: To, options?: NavigateOptions): void;
  (delta: number): void;
};

/** `to` as a whole path; a query or a hash alone ('?page=2') is taken on `current`'s address. */
export function resolveTo(to: To, current: Pick<Path, 'pathname' | 'search'>): Path {
  const { pathname, search = '', hash = '' } = typeof to === 'string' ? parsePath(to) : to;
  if (pathname) return { pathname, search, hash };
  return { pathname: current.pathname, search: search || (hash ? current.search : ''), hash };
}

/**
 * The href of a link to `to` from the path on screen: a whole address. A link drawn from the path
 * alone is not drawn again when only the query changes (a filter ticked redraws no menu or footer
 * link); so a link of a hash alone ('#top') shows the path and hash, without the query, in its
 * href, while following it keeps the query (navigate() resolves on the whole location).
 */
const hrefFor = (to: string, pathname: string) => createPath(resolveTo(to, { pathname, search: '' }));

const LocationContext = createContext<Location | null>(null);
/**
 * The path on screen, apart from the location: a string, so it changes only when the path does and
 * its readers (every link, the route tables, the layouts) are not drawn again on a query change.
 */
const PathnameContext = createContext<string | null>(null);
const NavigatorContext = createContext<Navigator | null>(null);

function useRouterContext<T>(context: Context<T | null>): T {
  const value = useContext(context);
  if (value === null) throw new Error('The app router (app/app-router.tsx) must be around routing hooks');
  return value;
}

/** The location on screen: its reader is drawn again on every navigation, a query change included. */
export function useLocation(): Location {
  return useRouterContext(LocationContext);
}

/** The path on screen: its reader is drawn again only when the path changes. */
export function usePathname(): string {
  return useRouterContext(PathnameContext);
}

/** navigate(to, options) or navigate(-1); stable for the router's life. */
export function useNavigate(): NavigateFunction {
  const navigator = useRouterContext(NavigatorContext);
  return useMemo(
    () =>
      ((to: To | number, options?: NavigateOptions) => {
        if (typeof to === 'number') navigator.go(to);
        else navigator.navigate(to, options);
      }) as NavigateFunction,
    [navigator],
  );
}

// wouter's location hooks (its `Link` and `useSearchParams`): the path and navigate() of the app's
// router. Its Link passes its props as navigate()'s options (replace, state).
const useWouterLocation = (): [string, (to: string, options?: NavigateOptions) => void] => [
  usePathname(),
  useRouterContext(NavigatorContext).navigate,
];
const useWouterSearch = (): string => useLocation().search;

/** The location and navigator the app's router (app/app-router.tsx) provides to everything below. */
export function RouterState({ location, navigator, children }: { location: Location; navigator: Navigator; children: ReactNode }) {
  const { pathname } = location;
  // A link's href is a whole address, a query alone ('?status=Pending') on this one's path. The same
  // function for the same path: wouter's router (its context) changes with it, and every link with it.
  const hrefs = useCallback((href: string) => hrefFor(href, pathname), [pathname]);
  return (
    <NavigatorContext value={navigator}>
      <LocationContext value={location}>
        <PathnameContext value={pathname}>
          <WouterRouter hook={useWouterLocation} searchHook={useWouterSearch} hrefs={hrefs}>
            {children}
          </WouterRouter>
        </PathnameContext>
      </LocationContext>
    </NavigatorContext>
  );
}

/**
 * A route of a table: `path` relative to its parent's ('orders/:id', 'admin/*': the rest of the
 * address; none: a layout that only wraps its children), or `index` (its parent's own address);
 * what it draws (`element`, or `Component`, or else its matched child through `Outlet`).
 */
export type RouteObject = {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  Component?: ComponentType;
  children?: RouteObject[];
};

/** One route of a match, from the outermost: its parameters so far and the address it matched. */
export type RouteMatch = { route: RouteObject; params: Readonly<Record<string, string>>; pathnameBase: string };

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

const decodeSegment = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/**
 * Matches `route.path` against `segments` from `at`: the number of segments it took and the
 * parameters it read, or null. Static segments compare without case (as React Router did: /Products
 * is /products); ':name' takes one segment; a last '*' takes the rest (params['*']).
 */
function matchPath(path: string | undefined, segments: string[], at: number, params: Record<string, string>) {
  const pattern = path === undefined ? [] : segmentsOf(path);
  const read = { ...params };
  let taken = 0;
  for (const [i, part] of pattern.entries()) {
    if (part === '*' && i === pattern.length - 1) {
      read['*'] = segments.slice(at + taken).map(decodeSegment).join('/');
      return { taken, splat: segments.length - at - taken, params: read };
    }
    const segment = segments[at + taken];
    if (segment === undefined) return null;
    if (part.startsWith(':')) read[part.slice(1)] = decodeSegment(segment);
    else if (part.toLowerCase() !== decodeSegment(segment).toLowerCase()) return null;
    taken += 1;
  }
  return { taken, splat: 0, params: read };
}

function matchBranch(routes: RouteObject[], segments: string[], at: number, params: Record<string, string>): RouteMatch[] | null {
  for (const route of routes) {
    const found = route.index ? { taken: 0, splat: 0, params } : matchPath(route.path, segments, at, params);
    if (found === null) continue;
    const next = at + found.taken;
    const match: RouteMatch = { route, params: found.params, pathnameBase: `/${segments.slice(0, next).join('/')}` };
    const consumed = next + found.splat === segments.length;
    if (route.children) {
      const rest = matchBranch(route.children, segments, next, found.params);
      if (rest) return [match, ...rest];
      // A parent with a path is a match of its own at its address (its Outlet then draws nothing).
      if (route.path !== undefined && consumed) return [match];
      continue;
    }
    if (consumed) return [match];
  }
  return null;
}

/**
 * The routes of `routes` that `pathname` matches, outermost first, or null. Routes are tried in
 * the table's order, depth first, and the first branch that takes the whole address wins: a table
 * lists a static path before a parameter at the same place ('products/new' before 'products/:id')
 * and the catch-all '*' last. `basename`: where the table hangs (a descendant table: /admin's).
 */
export function matchRoutes(
  routes: RouteObject[],
  pathname: string,
  basename = '/',
  params: Readonly<Record<string, string>> = {},
): RouteMatch[] | null {
  const segments = segmentsOf(pathname);
  const base = segmentsOf(basename);
  if (base.some((part, i) => part.toLowerCase() !== segments[i]?.toLowerCase())) return null;
  return matchBranch(routes, segments, base.length, { ...params });
}

type RouteContextValue = { outlet: ReactNode; params: Readonly<Record<string, string>>; pathnameBase: string };

const RouteContext = createContext<RouteContextValue>({ outlet: null, params: {}, pathnameBase: '/' });

function renderMatches(matches: RouteMatch[], at: number): ReactNode {
  const match = matches[at];
  if (match === undefined) return null;
  const { route } = match;
  const element = route.element ?? (route.Component ? <route.Component /> : <Outlet />);
  return (
    <RouteContext value={{ outlet: renderMatches(matches, at + 1), params: match.params, pathnameBase: match.pathnameBase }}>
      {element}
    </RouteContext>
  );
}

/**
 * Draws the routes of `routes` the location matches, each around the next (`Outlet`); nothing when
 * none matches. Inside a route's element, a table of its own hangs under that route's address.
 */
export function useRoutes(routes: RouteObject[]): ReactNode {
  const pathname = usePathname();
  const parent = useContext(RouteContext);
  // The same elements for the same match: a navigation within a screen (its query) draws again only
  // what reads the location, not every layout and route around it.
  return useMemo(() => {
    const matches = matchRoutes(routes, pathname, parent.pathnameBase, parent.params);
    return matches === null ? null : renderMatches(matches, 0);
  }, [routes, pathname, parent]);
}

/** Where a layout draws its matched child route. */
export function Outlet() {
  return useContext(RouteContext).outlet;
}

/** The address's parameters (':id'), the enclosing routes' included. */
export function useParams(): Readonly<Record<string, string | undefined>> {
  return useContext(RouteContext).params;
}

export type LinkProps = Omit<ComponentPropsWithRef<'a'>, 'href'> & { to: string; replace?: boolean; state?: unknown };

/**
 * A link within the app, wouter's: a plain click navigates here (a click with a modifier key or
 * another button is the browser's: a new tab, a new window). One that opens in another window
 * (`target`) is a plain anchor, which wouter would follow in this one.
 */
export function Link({ to, target, replace, state, ...props }: LinkProps) {
  const pathname = usePathname();
  if (target !== undefined && target !== '_self') return <a href={hrefFor(to, pathname)} target={target} {...props} />;
  return <WouterLink to={to} replace={replace} state={state} {...props} />;
}

/**
 * A link that marks itself as the page on show (aria-current="page", which the menus' styles read)
 * when the address is `to`, or under it unless `end`.
 */
export function NavLink({ to, end = false, ...props }: LinkProps & { end?: boolean }) {
  const pathname = usePathname().toLowerCase().replace(/(.)\/+$/, '$1');
  const target = to.toLowerCase();
  const current = pathname === target || (!end && pathname.startsWith(target.endsWith('/') ? target : `${target}/`));
  return <Link to={to} aria-current={current ? 'page' : undefined} {...props} />;
}

/** Navigates when drawn (a redirect); draws nothing. */
export function Navigate({ to, replace = false, state }: { to: To; replace?: boolean; state?: unknown }) {
  const navigate = useNavigate();
  const target = typeof to === 'string' ? to : `${to.pathname ?? ''}${to.search ?? ''}${to.hash ?? ''}`;
  useEffect(() => {
    navigate(target, { replace, state });
  }, [navigate, target, replace, state]);
  return null;
}
