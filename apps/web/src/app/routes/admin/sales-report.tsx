import { SalesReportPage } from '../../../features/admin/reports/components/sales-report-page.tsx';

/** /admin/reports/sales: invoiced sales by brand, style, state, city, retailer, sales executive or week (admin, accounts). */
export function AdminSalesReportRoute() {
  return <SalesReportPage />;
}
