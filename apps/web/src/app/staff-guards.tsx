import { isStaffRole, normaliseRole } from '@frameport/domain/contract/auth';
import { messages } from '@frameport/domain/messages';
import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation } from '../lib/router.tsx';
import { LoadError, retryQuery } from '../components/load-error.tsx';
import { ADMIN_PATH } from '../config/paths.ts';
import { isSignedInState } from '../lib/next-path.ts';
import { profileQueries } from '../lib/profile-queries.ts';
import { PageLoader } from './layouts/page-loader.tsx';
import { NotFoundPage } from './routes/not-found.tsx';

/**
 * The guards that need the signed-in user's role (from the profile). A lazy module of their own
 * (the router loads it with the screen below, in parallel), so the entry chunk carries neither
 * the profile's schema nor zod.
 */

function useRole() {
  const profile = useQuery(profileQueries.detail(null));
  return { profile, role: profile.data === undefined ? null : normaliseRole(profile.data.RoleName) };
}

/**
 * The back office (/admin) is for the distributor's staff (admin, warehouse, accounts). Anyone else
 * (a retailer, a sales executive) gets the not-found page: the back office does not exist for them.
 * A loader while the profile loads; its failure offers Retry.
 */
export function RequireStaff() {
  const { profile, role } = useRole();
  if (profile.isPending) return <PageLoader />;
  if (profile.isError) {
    return (
      <main id="main" style={{ padding: 'var(--mantine-spacing-md)' }}>
        <LoadError title={messages.profile.accountLoadFailed} {...retryQuery(profile)} />
      </main>
    );
  }
  if (role === null || !isStaffRole(role)) return <NotFoundPage />;
  return <Outlet />;
}

/**
 * Around the ordering app: staff who have just signed in land on the back office instead. The
 * screen renders at once (a retailer's sign-in never waits for the profile, which /login has
 * already asked for); only when the profile says staff does it move on to /admin. Staff who open
 * the ordering app later (an admin's "Ordering app" link) stay there.
 */
export function StaffLanding() {
  const location = useLocation();
  const { role } = useRole();
  if (isSignedInState(location.state) && role !== null && isStaffRole(role)) return <Navigate to={ADMIN_PATH} replace />;
  return <Outlet />;
}
