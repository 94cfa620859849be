import { ReceivablesPage } from '../../../features/admin/reports/components/receivables-page.tsx';

/** /admin/receivables: receivables ageing by retailer or sales executive (admin, accounts). */
export function AdminReceivablesRoute() {
  return <ReceivablesPage />;
}
