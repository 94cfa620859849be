import { Navigate, Outlet, useLocation } from '../lib/router.tsx';
import { LOGIN_PATH } from '../config/paths.ts';
import { loginPathFor } from '../lib/next-path.ts';
import { useSessionState } from '../lib/session.ts';

/**
 * Wraps every signed-in route. Without a session the visitor goes to /login, remembering the
 * page in `?next=` unless they chose to log out. Sign-out anywhere (Logout, a 401, expiry,
 * another tab) lands here because the session store re-renders this component.
 */
export function RequireSession() {
  const { session, endedBy } = useSessionState();
  const location = useLocation();
  if (session === null) {
    return <Navigate to={endedBy === 'logout' ? LOGIN_PATH : loginPathFor(location)} replace />;
  }
  return <Outlet />;
}
