import { MantineProvider } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useNotifications, type NotificationsProps } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { RESULT_TOAST_MS } from '../lib/notify.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { getSessionState, subscribeSession } from '../lib/session.ts';
import { cssVariablesResolver, theme } from './theme.ts';

// The toasts' container (and its transitions) is not on the first paint: it loads with the first
// toast, which the store keeps until then (issue 19 item 4: the initial script).
// (`@frameport/mantine-notifications-view`: the component's own module, see notifications-view.ts.)
const Notifications = lazy(async () => ({ default: (await import('@frameport/mantine-notifications-view')).Notifications }));

/** Mantine's Notifications, mounted from the first toast on. */
function ToastsOnDemand(props: NotificationsProps) {
  const shown = useNotifications().notifications.length > 0;
  const [used, setUsed] = useState(shown);
  if (shown && !used) setUsed(true);
  return used ? (
    <Suspense fallback={null}>
      <Notifications {...props} />
    </Suspense>
  ) : null;
}

type AppProviderProps = {
  children: ReactNode;
  /** Tests pass their own client; the app makes one. */
  queryClient?: QueryClient;
  /** 'test' turns off Mantine's transitions and portals and its jsdom-unfriendly positioning checks. */
  env?: 'default' | 'test';
};

export function AppProvider({ children, queryClient, env = 'default' }: AppProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  // Toasts top-right on a desktop, bottom-centre on a phone (below 768 px), clear of the header.
  // Read as the first render runs, not in an effect: the effect's answer re-rendered the provider,
  // and with it every Mantine component of the page, in the same task as the first commit (on a
  // signed-in /home, 50 ms of a 160 ms task unthrottled). The prerender has no window: false, and
  // the container renders nothing before the first toast, so hydration sees no difference.
  const isPhone = useMediaQuery('(max-width: 47.99em)', undefined, { getInitialValueInEffect: false });

  useEffect(() => {
    // Whoever signs out (Logout, a 401, expiry, another tab), nothing of theirs stays cached.
    let token = getSessionState().session?.accessToken ?? null;
    return subscribeSession(() => {
      const next = getSessionState().session?.accessToken ?? null;
      if (token !== null && next !== token) client.clear();
      token = next;
    });
  }, [client]);

  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env={env}>
      <ToastsOnDemand position={isPhone ? 'bottom-center' : 'top-right'} autoClose={RESULT_TOAST_MS} limit={4} />
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
