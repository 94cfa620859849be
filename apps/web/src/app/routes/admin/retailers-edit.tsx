import { useParams } from '../../../lib/router.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { EditRetailerPage } from '../../../features/admin/retailers/components/retailer-edit-page.tsx';
import { retailerTexts } from '../../../features/admin/retailers/texts.ts';

/** /admin/retailers/:id/edit: a retailer's details (admin). */
export function AdminEditRetailerRoute() {
  const id = Number(useParams().id);
  if (!Number.isInteger(id) || id < 1) return <EmptyState title={retailerTexts.retailerNotFound} headingOrder={1} />;
  return <EditRetailerPage key={id} retailerId={id} />;
}
