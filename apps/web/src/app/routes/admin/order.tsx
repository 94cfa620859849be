import { useParams } from '../../../lib/router.tsx';
import { AdminOrderPageFor } from '../../../features/admin/order/index.ts';

/** /admin/orders/:id: one order on the desk (inside the admin layout and its role guard). */
export function AdminOrderRoute() {
  const { id } = useParams();
  return <AdminOrderPageFor id={id} />;
}

export { AdminOrderRoute as Component };
