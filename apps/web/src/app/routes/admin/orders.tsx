import { OrderQueue } from '../../../features/admin/components/order-queue.tsx';

/** /admin/orders: the order desk's queue. */
export function AdminOrdersRoute() {
  return <OrderQueue />;
}
