import { lazy, Suspense } from 'react';
import { Outlet } from '../../lib/router.tsx';
import { useHydrated } from '../../components/use-hydrated.ts';

/** Loaded once the first screen is up: the first screens load no payment code before their first paint. */
const SandboxNotice = lazy(() => import('../../features/payments/components/sandbox-notice.tsx'));

/**
 * Around every page: the page's own layout, and the payment sandbox's notice while the server
 * runs the sandbox. The notice is no part of the prerendered markup (the build cannot know the
 * server's provider); it arrives as a bar fixed to the bottom, which shifts nothing on screen.
 */
export function RootLayout() {
  const hydrated = useHydrated();
  return (
    <>
      <Outlet />
      {hydrated && (
        <Suspense fallback={null}>
          <SandboxNotice />
        </Suspense>
      )}
    </>
  );
}
