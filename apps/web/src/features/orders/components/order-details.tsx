import type { AddCartLine, AddItemsToCartResponseSchema, OrderDetailLine } from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import { orderMessages } from '@frameport/domain/messages/orders';
import { Alert, Anchor, Badge, Button, Group, List, Paper, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from '../../../lib/router.tsx';
import type { z } from 'zod/mini';
import type { ActingEmail } from '../../../lib/query-keys.ts';
import { orderQueries } from '../api.ts';
import { discountLabel, formatOrderDate, inr, lineLabel, lineProgress, reorderLines, statusColor } from '../order-display.ts';
import { OrderShipments } from './order-shipments.tsx';
import { OrderTimeline } from './order-timeline.tsx';
import classes from './orders.module.css';
import { LoadError, retryQuery } from '../../../components/load-error.tsx';

type SkippedLine = { label: string; message: string };

/**
 * Order again: the cart's add call, composed in app/routes so that orders does not import the cart.
 * It shows its own toasts and rejects after a failure.
 */
export type OrderAgain = (lines: AddCartLine[]) => Promise<z.infer<typeof AddItemsToCartResponseSchema>>;

/** A dt/dd pair (a div holding just them, as a dl allows); the strong total has a rule above it. */
function TotalRow({ label, rupees, strong = false }: { label: string; rupees: number; strong?: boolean }) {
  return (
    <Group
      justify="space-between"
      gap="xs"
      wrap="nowrap"
      style={strong ? { borderTop: '1px solid var(--mantine-color-gray-3)', paddingTop: 8, marginTop: 4 } : undefined}
    >
      <Text size="sm" fw={strong ? 700 : 400} component="dt">
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500} className="tabular" component="dd" m={0}>
        {inr(rupees)}
      </Text>
    </Group>
  );
}

function lineTaxes(line: OrderDetailLine): string {
  if (line.IGSTValue > 0) return `IGST ${inr(line.IGSTValue)}`;
  return `CGST ${inr(line.CGSTValue)} · SGST ${inr(line.SGSTValue)}`;
}

/** One order: its lines, totals (IGST alone when above 0, else CGST and SGST), note and Order again. */
export function OrderDetails({ email, orderId, onOrderAgain }: { email: ActingEmail; orderId: number; onOrderAgain: OrderAgain }) {
  const details = useQuery(orderQueries.details(email, orderId));
  const [adding, setAdding] = useState(false);
  const [skipped, setSkipped] = useState<SkippedLine[] | null>(null);

  if (details.isPending) {
    return (
      <Stack gap="sm" role="status" aria-busy="true">
        <VisuallyHidden>Loading the order…</VisuallyHidden>
        <Skeleton height={20} width={200} />
        <Skeleton height={80} />
        <Skeleton height={80} />
      </Stack>
    );
  }
  if (details.isError) {
    return (
      <LoadError title={orderMessages.loadFailed} {...retryQuery(details)} />
    );
  }

  const order = details.data;
  const toAdd = reorderLines(order.lines);
  const anyDispatched = order.lines.some((line) => line.DispatchedQty > 0);

  const orderAgain = async () => {
    setSkipped(null);
    setAdding(true);
    try {
      const answer = await onOrderAgain(toAdd);
      setSkipped(
        answer.skipped.map((line) => {
          const ordered = order.lines.find((o) => o.ProductID === line.ProductId && o.ColorVariant === line.ColorVariant);
          return {
            label: ordered ? lineLabel(ordered) : `Product ${line.ProductId} (${line.ColorVariant})`,
            message: line.Message,
          };
        }),
      );
    } catch {
      // The add call has already shown the error toast.
    } finally {
      setAdding(false);
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            Placed on {formatOrderDate(order.OrderDate)}
          </Text>
          <Badge color={statusColor(order.OrderStatus)} variant="filled" tt="none">
            {order.OrderStatus}
          </Badge>
        </Group>
        <Button onClick={() => void orderAgain()} loading={adding} disabled={toAdd.length === 0}>
          Order again
        </Button>
      </Group>

      {skipped !== null && (
        <Alert
          color={skipped.length === 0 ? 'green' : 'orange'}
          variant="light"
          role="status"
          title={skipped.length === 0 ? 'All items were added to your order' : 'Some items were not added'}
        >
          {skipped.length > 0 && (
            <List size="sm" mb="xs">
              {skipped.map((line) => (
                <List.Item key={line.label}>
                  {line.label}: {line.message}
                </List.Item>
              ))}
            </List>
          )}
          <Anchor component={Link} to="/purchase-order" size="sm">
            Go to purchase order
          </Anchor>
        </Alert>
      )}

      <Table className={classes.table} aria-label={`Lines of order ${order.OrderRefNo}`} verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Product</Table.Th>
            <Table.Th>Colour</Table.Th>
            <Table.Th>Size</Table.Th>
            <Table.Th ta="right">Ordered</Table.Th>
            <Table.Th ta="right">Price</Table.Th>
            <Table.Th>Discount</Table.Th>
            <Table.Th>Taxes</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.lines.map((line, index) => (
            <Table.Tr key={`${line.ProductID}-${line.ColorVariant}-${index}`} aria-label={lineLabel(line)}>
              <Table.Td>
                <Group gap="xs" wrap="nowrap" style={{ textAlign: 'left' }}>
                  {line.Image ? (
                    <img src={line.Image} alt="" width={72} height={36} loading="lazy" className={classes.thumb} />
                  ) : (
                    <span className={classes.thumb} role="img" aria-label={messages.product.noImage} />
                  )}
                  <div>
                    <Text size="sm" fw={600}>
                      {line.ProductName}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {line.ProductCode}
                      {line.IsFree ? ' · Free' : ''}
                    </Text>
                  </div>
                </Group>
              </Table.Td>
              <Table.Td data-label="Colour">
                {line.ColorName} ({line.ColorVariant})
              </Table.Td>
              <Table.Td data-label="Size">{line.SizeName ?? '—'}</Table.Td>
              <Table.Td data-label="Ordered" ta="right" className="tabular">
                <div>
                  {line.ProductQty}
                  {/* Where the pieces are, under the ordered quantity (one column fewer in the drawer). */}
                  <ul className={classes.quantities}>
                    {lineProgress(line, anyDispatched).map((part) => (
                      <li key={part}>{part}</li>
                    ))}
                  </ul>
                </div>
              </Table.Td>
              <Table.Td data-label="Price" ta="right" className="tabular">
                {inr(line.ProductListPrice)}
              </Table.Td>
              <Table.Td data-label="Discount">{discountLabel(line)}</Table.Td>
              <Table.Td data-label="Taxes" className="tabular">
                {lineTaxes(line)}
              </Table.Td>
              <Table.Td data-label="Amount" ta="right" className="tabular" fw={600}>
                {inr(line.ProductTotAmt)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>

      {order.Shipments.length > 0 && <OrderShipments shipments={order.Shipments} />}

      {order.Timeline.length > 0 && <OrderTimeline entries={order.Timeline} />}

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="order-totals-heading">
        <Title order={3} fz="h4" id="order-totals-heading" mb="sm">
          Order totals
        </Title>
        <dl style={{ margin: 0, display: 'flex', flexDirection: 'column', gap: 6 }}>
          <TotalRow label={orderMessages.subtotal} rupees={order.CartTotPrice} />
          {order.TotalIGSTValue > 0 ? (
            <TotalRow label="IGST" rupees={order.TotalIGSTValue} />
          ) : (
            <>
              <TotalRow label="CGST" rupees={order.TotalCGSTValue} />
              <TotalRow label="SGST" rupees={order.TotalSGSTValue} />
            </>
          )}
          <TotalRow label={orderMessages.total} rupees={order.CartProductTotPricewithGST} strong />
        </dl>
      </Paper>

      {order.Note !== null && order.Note.trim() !== '' && (
        <div>
          <Text size="sm" fw={600}>
            Order notes
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {order.Note}
          </Text>
        </div>
      )}
    </Stack>
  );
}
