import { HOLD_KIND_LABELS } from '@frameport/domain';
import type { AdminOrderDetail } from '@frameport/domain/contract';
import { Alert, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import classes from './admin-order.module.css';
import { formatDateTime, inr, orderStatusColor, stampText, whoText } from '../order-display.ts';

/**
 * The warning alerts' colour (a hold, a confirm past the credit check), as the back office's other
 * amber: Mantine's light yellow title was 2.68:1 on its own tint (axe in e2e/order-desk.spec.ts).
 */
const WARNING = '#8a4b00';

function Block({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Title order={2} fz="sm" c="dimmed" fw={600}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** The order's who, where and when, and its standing decisions (hold, confirmation, cancellation). */
export function OrderHeader({ order }: { order: AdminOrderDetail }) {
  const { retailer, billTo, shipTo } = order;
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start" gap="xs">
        <div>
          <Group gap="sm" align="center">
            <Title order={1} fz={{ base: 22, sm: 28 }}>
              Order {order.orderRefNo}
            </Title>
            <Badge color={orderStatusColor(order.status)} variant="filled" size="lg" aria-label={`Status: ${order.status}`}>
              {order.status}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            Placed {formatDateTime(order.placedAt)} by {whoText(order.placedBy)}
          </Text>
        </div>
        <Stack gap={0} className={classes.headerTotal}>
          <Text size="xs" c="dimmed">
            {order.totals.quantity} pcs · total with GST
          </Text>
          <Text fw={700} size="lg" className="tabular">
            {inr(order.totals.total)}
          </Text>
        </Stack>
      </Group>

      {order.hold !== null && (
        <Alert color={WARNING} variant="light" p="xs" title={`On hold (${HOLD_KIND_LABELS[order.hold.kind]})`}>
          <Text size="sm">{order.hold.reason}</Text>
          <Text size="xs" c="dimmed">
            {stampText({ by: order.hold.by, at: order.hold.at })}
          </Text>
        </Alert>
      )}
      {order.cancelled !== null && (
        <Alert color="red" variant="light" p="xs" title="Cancelled">
          <Text size="sm">{order.cancelled.reason}</Text>
          <Text size="xs" c="dimmed">
            {stampText({ by: order.cancelled.by, at: order.cancelled.at })}
          </Text>
        </Alert>
      )}
      {order.confirmed !== null && (
        <Alert color={order.confirmed.overrideReason === null ? 'gray' : WARNING} variant="light" p="xs" title={order.confirmed.overrideReason === null ? 'Confirmed' : 'Confirmed past the credit check'}>
          {order.confirmed.overrideReason !== null && <Text size="sm">Reason: {order.confirmed.overrideReason}</Text>}
          <Text size="xs" c="dimmed">
            {stampText({ by: order.confirmed.by, at: order.confirmed.at })}
          </Text>
        </Alert>
      )}

      <Paper withBorder p="sm" radius="md">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" verticalSpacing="sm">
          <Block title="Retailer">
            <Text size="sm" fw={600}>
              {retailer.businessName}
            </Text>
            <Text size="sm">{retailer.email}</Text>
            <Text size="sm">{retailer.phone}</Text>
            <Text size="sm">GSTIN {retailer.gstin ?? '—'}</Text>
            <Text size="sm">{retailer.stateName}</Text>
            <Text size="sm">
              Sales executives:{' '}
              {retailer.salesExecutives.length === 0 ? 'none' : retailer.salesExecutives.map((executive) => executive.name).join(', ')}
            </Text>
          </Block>
          <Block title="Bill to">
            <Text size="sm" fw={600}>
              {billTo.businessName}
            </Text>
            <Text size="sm">{billTo.address}</Text>
            <Text size="sm">
              {billTo.city}, {billTo.state} ({billTo.stateCode}) {billTo.pinCode}
            </Text>
            <Text size="sm">GSTIN {billTo.gstin ?? '—'}</Text>
          </Block>
          <Block title="Ship to">
            {shipTo === null ? (
              <Text size="sm">Same as bill to</Text>
            ) : (
              <>
                <Text size="sm" fw={600}>
                  {shipTo.name}
                </Text>
                <Text size="sm">{shipTo.address}</Text>
                <Text size="sm">
                  {shipTo.city}, {shipTo.state} ({shipTo.stateCode}) {shipTo.pinCode}
                </Text>
                {shipTo.phone !== null && <Text size="sm">{shipTo.phone}</Text>}
              </>
            )}
          </Block>
          <Block title="Note">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {order.note ?? 'No note'}
            </Text>
          </Block>
        </SimpleGrid>
      </Paper>
    </Stack>
  );
}
