import { HOLD_KIND_LABELS, type HoldKind, type OrderStatus } from '@frameport/domain';
import { Badge, Text } from '@mantine/core';
import { STATUS_COLOUR } from '../admin-display.ts';

type StatusBadgeProps = {
  status: OrderStatus;
  holdKind?: HoldKind | null;
  holdReason?: string | null;
};

/** An order's status in words on a coloured badge; an order on hold also says why. */
export function StatusBadge({ status, holdKind = null, holdReason = null }: StatusBadgeProps) {
  return (
    <>
      <Badge color={STATUS_COLOUR[status]} variant="filled" radius="sm" size="sm" tt="none">
        {status}
      </Badge>
      {status === 'On hold' && (holdKind !== null || holdReason !== null) && (
        <Text size="xs" c="#8a4b00" mt={2} lh={1.3} style={{ overflowWrap: 'anywhere' }}>
          {holdKind !== null && `${HOLD_KIND_LABELS[holdKind]} hold`}
          {holdKind !== null && holdReason !== null && ': '}
          {holdReason}
        </Text>
      )}
    </>
  );
}
