import { GstRatesPage } from '../../../features/admin/pricing/components/gst-rates-page.tsx';

/** /admin/gst-rates: the HSN → GST table (admin). */
export function AdminGstRatesRoute() {
  return <GstRatesPage />;
}
