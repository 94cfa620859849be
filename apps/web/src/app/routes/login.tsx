import { Navigate, useSearchParams } from 'react-router';
import { LoginPage } from '../../features/auth/components/login-page.tsx';
import { safeNextPath } from '../../lib/next-path.ts';
import { useSession } from '../../lib/session.ts';

/**
 * /login. A signed-in visitor, including one who has just logged in here, goes on to the
 * `?next=` page they came from (same-origin paths only) or /home.
 */
export function LoginRoute() {
  const session = useSession();
  const [searchParams] = useSearchParams();
  if (session !== null) return <Navigate to={safeNextPath(searchParams.get('next'))} replace />;
  return <LoginPage />;
}
