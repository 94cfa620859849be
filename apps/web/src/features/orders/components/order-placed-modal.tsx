import { messages } from '@frameport/domain/messages';
import { orderMessages } from '@frameport/domain/messages/orders';
import { Button, Paper, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { AppModal } from '../../../components/app-modal.tsx';

export const ORDER_PLACED_DETAIL = 'You can track status of your orders at any time in my order section.';

/** Navigation state the purchase order hands over with /profile?order=true&success=true. */
export type OrderPlacedState = { orderRefNo?: string };

/** sessionStorage key: the order placed in this tab whose dialog has not been shown yet. */
const JUST_PLACED_KEY = 'frameport.orderJustPlaced';

/**
 * Remembers, in this tab only, that `orderRefNo` was just placed: My Orders shows its dialog
 * once, on the navigation that carries the same reference in its state, and never again (not on
 * a reload, Back, or a bookmark of /profile?order=true&success=true).
 */
export function rememberPlacedOrder(orderRefNo: string): void {
  try {
    sessionStorage.setItem(JUST_PLACED_KEY, orderRefNo);
  } catch {
    // Storage refused (private mode): the dialog is not shown, the order is in My Orders all the same.
  }
}

/** The reference in `state` when it is the order just placed in this tab and its dialog is still to show; else null. */
export function justPlacedOrderRef(state: unknown): string | null {
  const orderRefNo = orderRefFrom(state);
  if (orderRefNo === null) return null;
  try {
    return sessionStorage.getItem(JUST_PLACED_KEY) === orderRefNo ? orderRefNo : null;
  } catch {
    return null;
  }
}

/** The dialog of `orderRefNo` has been shown: it is not shown again. */
export function forgetPlacedOrder(orderRefNo: string): void {
  try {
    if (sessionStorage.getItem(JUST_PLACED_KEY) === orderRefNo) sessionStorage.removeItem(JUST_PLACED_KEY);
  } catch {
    // Nothing was stored.
  }
}

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
    <AppModal opened={opened} onClose={onClose} title={orderMessages.placed} closeLabel={messages.actions.close} centered size="sm">
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
