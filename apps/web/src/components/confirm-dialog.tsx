import { messages } from '@frameport/domain/messages';
import { confirmMessages } from '@frameport/domain/messages/confirm';
import { Button, Group, Text } from '@mantine/core';
import { AppModal } from './app-modal.tsx';

type ConfirmDialogProps = {
  opened: boolean;
  /** The question, as the spec words it, e.g. 'Are you sure you want to clear cart?'. */
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** The confirm button spins while the action runs; both buttons wait. */
  busy?: boolean;
  title?: string;
  /** A confirm that removes or undoes something is red (the default); one that goes ahead (apply, activate) is the primary colour. */
  destructive?: boolean;
};

/** The one confirmation before an action that cannot be taken back (delete a line, clear the cart, apply an import). */
export function ConfirmDialog({ opened, message, confirmLabel, onConfirm, onCancel, busy = false, title = confirmMessages.title, destructive = true }: ConfirmDialogProps) {
  return (
    <AppModal opened={opened} onClose={busy ? () => {} : onCancel} title={title} closeLabel={messages.actions.close} centered size="sm">
      <Text size="sm">{message}</Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={busy}>
          {messages.actions.cancel}
        </Button>
        <Button color={destructive ? 'red.8' : undefined} onClick={onConfirm} loading={busy}>
          {confirmLabel}
        </Button>
      </Group>
    </AppModal>
  );
}
