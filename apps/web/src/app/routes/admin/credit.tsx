import { adminTexts } from '../../../features/admin/texts.ts';
import { useParams } from '../../../lib/router.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { CreditPage } from '../../../features/admin/components/credit-page.tsx';

/** /admin/retailers/:id/credit */
export function AdminCreditRoute() {
  const id = Number(useParams().id);
  if (!Number.isInteger(id) || id < 1) return <EmptyState title={adminTexts.retailerNotFound} headingOrder={1} />;
  return <CreditPage key={id} retailerId={id} />;
}
