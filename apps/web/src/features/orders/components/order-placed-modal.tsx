import { messages } from '@frameport/domain/messages';
import { Button, Paper, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { AppModal } from '../../../components/app-modal.tsx';

export const ORDER_PLACED_DETAIL = 'You can track status of your orders at any time in my order section.';

/** Navigation state the purchase order hands over with /profile?order=true&success=true. */
export type OrderPlacedState = { orderRefNo?: string };

/** The order reference in a location's state, when it carries one. */
export function orderRefFrom(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('orderRefNo' in state)) return null;
  const { orderRefNo } = state as OrderPlacedState;
  return typeof orderRefNo === 'string' ? orderRefNo : null;
}

type OrderPlacedModalProps = {
  opened: boolean;
  /** The reference of the order just placed, when the screen knows it. */
  orderRefNo: string | null;
  onClose: () => void;
};

/** The spec's 'Order Placed Successfully' dialog with OK. */
export function OrderPlacedModal({ opened, orderRefNo, onClose }: OrderPlacedModalProps) {
  return (
    <AppModal opened={opened} onClose={onClose} title={messages.order.placed} closeLabel={messages.actions.close} centered size="sm">
      <Stack gap="sm" align="center" ta="center">
        <IconCircleCheck size={40} color="var(--mantine-color-green-8)" aria-hidden="true" />
        <Text size="sm">{ORDER_PLACED_DETAIL}</Text>
        {orderRefNo !== null && (
          <Paper withBorder px="md" py={6} radius="sm">
            <Text size="sm" className="tabular">
              Order reference: <strong>{orderRefNo}</strong>
            </Text>
          </Paper>
        )}
        <Button onClick={onClose}>{messages.actions.ok}</Button>
      </Stack>
    </AppModal>
  );
}
