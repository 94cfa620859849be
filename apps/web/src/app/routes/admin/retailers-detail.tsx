import { useParams } from '../../../lib/router.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { RetailerPage } from '../../../features/admin/retailers/components/retailer-page.tsx';
import { retailerTexts } from '../../../features/admin/retailers/texts.ts';

/** /admin/retailers/:id: one retailer on the desk. */
export function AdminRetailerRoute() {
  const id = Number(useParams().id);
  if (!Number.isInteger(id) || id < 1) return <EmptyState title={retailerTexts.retailerNotFound} headingOrder={1} />;
  return <RetailerPage key={id} retailerId={id} />;
}
