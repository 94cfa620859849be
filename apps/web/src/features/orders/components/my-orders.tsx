import { messages } from '@frameport/domain/messages';
import { orderMessages } from '@frameport/domain/messages/orders';
import { Badge, Button, Drawer, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconReceiptOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from '../../../lib/router.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import type { ActingEmail } from '../../../lib/query-keys.ts';
import { ORDERS_PAGE_STEP, orderQueries } from '../api.ts';
import { formatOrderDate, inr, statusColor } from '../order-display.ts';
import { OrderDetails, type OrderAgain } from './order-details.tsx';
import classes from './orders.module.css';
import { LoadError, retryQuery } from '../../../components/load-error.tsx';

type Selected = { id: number; refNo: string } | null;

/** The My Orders tab: the orders, newest first as the server sends them, Load More and the details drawer. */
export function MyOrders({ email, onOrderAgain }: { email: ActingEmail; onOrderAgain: OrderAgain }) {
  const [pageSize, setPageSize] = useState(ORDERS_PAGE_STEP);
  const orders = useQuery(orderQueries.list(email, pageSize));
  const [selected, setSelected] = useState<Selected>(null);

  if (orders.isPending) {
    return (
      <Stack gap="sm" role="status" aria-busy="true">
        <VisuallyHidden>Loading your orders…</VisuallyHidden>
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} height={44} radius="sm" />
        ))}
      </Stack>
    );
  }
  if (orders.isError && !orders.data) {
    return (
      <LoadError title={orderMessages.listLoadFailed} {...retryQuery(orders)} />
    );
  }

  const { orders: list, totalCount } = orders.data;
  if (list.length === 0) {
    return (
      <EmptyState
        icon={<IconReceiptOff size={30} />}
        title="You have not placed any orders yet"
        description="Orders you place appear here with their status."
        action={
          <Button component={Link} to="/products">
            {messages.actions.browseProducts}
          </Button>
        }
      />
    );
  }

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" className="tabular" aria-live="polite">
        Showing {list.length} of {totalCount} {totalCount === 1 ? 'order' : 'orders'}
      </Text>
      <Table className={classes.table} aria-label="My orders" aria-busy={orders.isPlaceholderData} verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Order</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Items</Table.Th>
            <Table.Th ta="right">Total (with GST)</Table.Th>
            <Table.Th>
              <VisuallyHidden>Details</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.map((order) => (
            <Table.Tr key={order.OrderID} aria-label={`Order ${order.OrderRefNo}`}>
              <Table.Td data-label="Order" fw={600} className="tabular">
                {order.OrderRefNo}
              </Table.Td>
              <Table.Td data-label="Date">{formatOrderDate(order.OrderDate)}</Table.Td>
              <Table.Td data-label="Status">
                <Badge color={statusColor(order.OrderStatus)} variant="filled">
                  {order.OrderStatus}
                </Badge>
              </Table.Td>
              <Table.Td data-label="Items" ta="right" className="tabular">
                {order.OrderItemTotal}
              </Table.Td>
              <Table.Td data-label="Total (with GST)" ta="right" className="tabular">
                {inr(order.OrderNetTotalAmt)}
              </Table.Td>
              <Table.Td ta="right">
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => setSelected({ id: order.OrderID, refNo: order.OrderRefNo })}
                  aria-label={`View order ${order.OrderRefNo}`}
                >
                  View
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {list.length < totalCount && (
        <Button
          variant="default"
          onClick={() => setPageSize((size) => size + ORDERS_PAGE_STEP)}
          loading={orders.isPlaceholderData}
          style={{ alignSelf: 'center' }}
        >
          Load More
        </Button>
      )}

      <Drawer.Root opened={selected !== null} onClose={() => setSelected(null)} position="right" size="xl">
        <Drawer.Overlay />
        <Drawer.Content>
          <Drawer.Header role="none">
            <Drawer.Title fw={700}>{selected ? `Order ${selected.refNo}` : 'Order'}</Drawer.Title>
            <Drawer.CloseButton aria-label="Close order details" />
          </Drawer.Header>
          <Drawer.Body>{selected !== null && <OrderDetails email={email} orderId={selected.id} onOrderAgain={onOrderAgain} />}</Drawer.Body>
        </Drawer.Content>
      </Drawer.Root>
    </Stack>
  );
}
