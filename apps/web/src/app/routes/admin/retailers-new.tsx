import { NewRetailerPage } from '../../../features/admin/retailers/components/retailer-edit-page.tsx';

/** /admin/retailers/new: a new retailer (admin). */
export function AdminNewRetailerRoute() {
  return <NewRetailerPage />;
}
