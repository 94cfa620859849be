import { StaffUsersPage } from '../../../features/admin/staff/components/staff-users-page.tsx';

/** /admin/staff: staff users and their sign-in (admin). */
export function AdminStaffRoute() {
  return <StaffUsersPage />;
}
