import { DashboardPage } from '../../../features/admin/dashboard/components/dashboard-page.tsx';

/** /admin: the back office's home for admin, warehouse and accounts staff. */
export function AdminDashboardRoute() {
  return <DashboardPage />;
}
