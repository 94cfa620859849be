import { isStaffRole, normaliseRole, type StaffRole } from '@frameport/domain/contract/auth';
import { useQuery } from '@tanstack/react-query';
import { profileQueries } from '../../lib/profile-queries.ts';

/** Who may change a retailer's credit terms and hold: accounts and admins (warehouse reads them). */
export const canEditCredit = (role: StaffRole | null): boolean => role === 'admin' || role === 'accounts';

/** The signed-in staff member's role from the profile (already loaded by the /admin guard); null while unknown. */
export function useStaffRole(): StaffRole | null {
  const profile = useQuery(profileQueries.detail(null));
  if (profile.data === undefined) return null;
  const role = normaliseRole(profile.data.RoleName);
  return isStaffRole(role) ? role : null;
}
