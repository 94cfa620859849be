import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams, Navigate } from '../../lib/router.tsx';
import { LoginPage } from '../../features/auth/components/login-page.tsx';
import { safeNextPath, SIGNED_IN_STATE } from '../../lib/next-path.ts';
import { profileQueries } from '../../lib/profile-queries.ts';
import { useSession } from '../../lib/session.ts';

/**
 * /login. A signed-in visitor, including one who has just logged in here, goes on to the
 * `?next=` page they came from (same-origin paths only) or /home; staff land on the back office
 * instead (StaffLanding, around the ordering app, moves them once the profile says so; a `?next=`
 * into /admin goes straight there). The profile is asked for at once, while the next screen loads.
 */
export function LoginRoute() {
  const session = useSession();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const signedIn = session !== null;
  useEffect(() => {
    if (signedIn) void queryClient.prefetchQuery(profileQueries.detail(null));
  }, [signedIn, queryClient]);
  if (signedIn) return <Navigate to={safeNextPath(searchParams.get('next'))} replace state={SIGNED_IN_STATE} />;
  return <LoginPage />;
}
