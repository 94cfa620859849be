import { useParams } from '../../../lib/router.tsx';
import { ReceivablesRetailerPage } from '../../../features/admin/reports/components/receivables-retailer-page.tsx';

/** /admin/receivables/:retailerId: a retailer's open invoices, reminder and TDS (admin, accounts). */
export function AdminReceivablesRetailerRoute() {
  const retailerId = Number(useParams().retailerId);
  return <ReceivablesRetailerPage key={retailerId} retailerId={Number.isSafeInteger(retailerId) && retailerId > 0 ? retailerId : 0} />;
}
