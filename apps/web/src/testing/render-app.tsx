import type { PaymentSettings } from '@frameport/domain/contract/payments';
import { render } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '../app/provider.tsx';
import { routes } from '../app/router.tsx';
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
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const settings = options.paymentSettings ?? { sandbox: false };
  if (settings !== 'server') queryClient.setQueryData(paymentQueries.settings().queryKey, settings);
  const view = render(
    <AppProvider queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, queryClient };
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
