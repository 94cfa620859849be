import { deskMessages } from '@frameport/domain';
import { Anchor, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '../../../../lib/router.tsx';
import { EmptyState } from '../../../../components/empty-state.tsx';
import { LoadError, retryQuery } from '../../../../components/load-error.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { adminOrderQueries } from '../api.ts';
import { DecisionPanel } from './decision-panel.tsx';
import { HistorySection } from './history-section.tsx';
import { LinesSection } from './lines-section.tsx';
import { OrderHeader } from './order-header.tsx';
import { ShipmentsSection } from './shipments-section.tsx';

const QUEUE_PATH = '/admin/orders';

function OrderSkeleton() {
  return (
    <Stack gap="sm" role="status" aria-busy="true">
      <VisuallyHidden>Loading the order…</VisuallyHidden>
      <Skeleton height={32} width={280} />
      <Skeleton height={18} width={220} />
      <Skeleton height={120} />
      <Skeleton height={110} />
      <Skeleton height={220} />
      <Skeleton height={140} />
    </Stack>
  );
}

/**
 * The order desk's page for one order (/admin/orders/:id): who ordered what, the credit position
 * beside Confirm, the lines (edit, cancel open pieces, expected dates), the shipments from
 * packing to delivery with their documents, and the history and audit trail. It shows only the
 * actions the server lists for the caller; every action's answer redraws the page.
 */
export function AdminOrderPage({ orderId }: { orderId: number }) {
  const detail = useQuery(adminOrderQueries.detail(orderId));

  if (detail.isPending) return <OrderSkeleton />;
  if (detail.isError) {
    if (detail.error instanceof ApiError && detail.error.status === 404) {
      return (
        <>
          <title>Order not found · Frameport</title>
          <EmptyState
            headingOrder={1}
            title="Order not found"
            description={deskMessages.order.notFound}
            action={
              <Anchor component={Link} to={QUEUE_PATH}>
                Back to the order queue
              </Anchor>
            }
          />
        </>
      );
    }
    return <LoadError title="The order could not be loaded" {...retryQuery(detail)} />;
  }

  const order = detail.data;
  return (
    <Stack gap="md">
      <title>{`Order ${order.orderRefNo} · Frameport`}</title>
      <Anchor component={Link} to={QUEUE_PATH} size="sm">
        ← Order queue
      </Anchor>
      <OrderHeader order={order} />
      <DecisionPanel order={order} />
      <LinesSection order={order} />
      <ShipmentsSection order={order} />
      <HistorySection order={order} />
    </Stack>
  );
}

/** The page for the route's `:id`; anything that is not an order id is "Order not found". */
export function AdminOrderPageFor({ id }: { id: string | undefined }) {
  const orderId = Number(id);
  if (!Number.isSafeInteger(orderId) || orderId <= 0) {
    return (
      <EmptyState
        headingOrder={1}
        title="Order not found"
        description={deskMessages.order.notFound}
        action={
          <Anchor component={Link} to={QUEUE_PATH}>
            Back to the order queue
          </Anchor>
        }
      />
    );
  }
  return <AdminOrderPage key={orderId} orderId={orderId} />;
}
