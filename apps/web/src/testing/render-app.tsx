import type { PaymentSettings } from '@frameport/domain/contract/payments';
import { render } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, type MemoryHistory } from 'history';
import { useState, type ReactNode } from 'react';
import type { To } from '../lib/router.tsx';
import { AppRouter } from '../app/app-router.tsx';
import { AppProvider } from '../app/provider.tsx';
import { AppRoutes } from '../app/router.tsx';
import { paymentQueries } from '../features/payments/api.ts';
import { createQueryClient } from '../lib/query-client.ts';

/**
 * The real route table in memory at `path`, with the real providers (no retries in tests). Every
 * page reads the payment settings (the sandbox notice): known up front as "no sandbox", so a
 * screen's test sees only its own calls, unless `paymentSettings: 'server'` asks the fake server.
 */
/** `path`: a URL, or a URL with the history state a navigation carried (`{ pathname, search, state }`). */
export function renderApp(
  path: string | { pathname: string; search?: string; state?: unknown },
  options: { paymentSettings?: PaymentSettings | 'server' } = {},
) {
  const { history, router } = memoryRouter(path);
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const settings = options.paymentSettings ?? { sandbox: false };
  if (settings !== 'server') queryClient.setQueryData(paymentQueries.settings().queryKey, settings);
  const view = render(
    <AppProvider queryClient={queryClient} env="test">
      <AppRouter history={history}>
        <AppRoutes />
      </AppRouter>
    </AppProvider>,
  );
  return { ...view, router, queryClient };
}

/**
 * A memory history at `path` for AppRouter, and a handle on it for tests: `router.state.location`,
 * the address the app is at (or going to), and `router.navigate`, a navigation from outside the
 * screens: an address goes onto the history as it stands (a screen's blocker is not asked, as for an
 * address typed in the browser); a number goes Back or Forward, which a blocker is asked about.
 */
export function memoryRouter(path: string | { pathname: string; search?: string; state?: unknown }) {
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = {
    get state() {
      return { location: history.location };
    },
    navigate: async (to: To | number, options: { replace?: boolean; state?: unknown } = {}) => {
      if (typeof to === 'number') history.go(to);
      else if (options.replace) history.replace(to, options.state);
      else history.push(to, options.state);
    },
  };
  return { history, router };
}

/**
 * The app's router around a component under test (links, the URL's parameters), in memory at
 * `path`, or on a memory history the test holds (to go Back, or read where it is).
 */
export function MemoryRouter({ children, path = '/', history }: { children: ReactNode; path?: string; history?: MemoryHistory }) {
  const [own] = useState(() => history ?? createMemoryHistory({ initialEntries: [path] }));
  return <AppRouter history={own}>{children}</AppRouter>;
}

/** The app's real providers around one component under test (a feature's tests do not reach into app/). */
export function TestProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  return (
    <AppProvider queryClient={queryClient} env="test">
      {children}
    </AppProvider>
  );
}

/** A JSON answer for a mocked `fetch`. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
