import { RetailersList } from '../../../features/admin/retailers/components/retailers-list.tsx';

/** /admin/retailers: the retailers desk's list (admin, accounts). */
export function AdminRetailersRoute() {
  return <RetailersList />;
}
