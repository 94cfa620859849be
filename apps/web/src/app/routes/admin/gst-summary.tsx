import { GstSummaryPage } from '../../../features/admin/reports/components/gst-summary-page.tsx';

/** /admin/reports/gst: a month's GST summary by rate and by place of supply (admin, accounts). */
export function AdminGstSummaryRoute() {
  return <GstSummaryPage />;
}
