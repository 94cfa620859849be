import { SalesTeamPage } from '../../../features/admin/staff/components/sales-team-page.tsx';

/** /admin/sales-team: the sales executives (admin). */
export function AdminSalesTeamRoute() {
  return <SalesTeamPage />;
}
