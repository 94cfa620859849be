import { DiscountsPage } from '../../../features/admin/pricing/components/discounts-page.tsx';

/** /admin/discounts: the discount rules (admin). */
export function AdminDiscountsRoute() {
  return <DiscountsPage />;
}
