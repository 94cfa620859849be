import { useParams } from '../../../lib/router.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { SalesExecutivePage } from '../../../features/admin/staff/components/sales-executive-page.tsx';

/** /admin/sales-team/:id: one sales executive and their retailers (admin). */
export function AdminSalesExecutiveRoute() {
  const id = Number(useParams().id);
  if (!Number.isInteger(id) || id < 1) return <EmptyState title="No such sales executive" headingOrder={1} />;
  return <SalesExecutivePage key={id} id={id} />;
}
