import { LowStockPage } from '../../../features/admin/stock/components/low-stock-page.tsx';

/** /admin/stock: the low-stock view (admin, warehouse). */
export function AdminStockRoute() {
  return <LowStockPage />;
}
