import '@mantine/core/styles/Modal.css';
import { messages } from '@frameport/domain/messages';
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
};

/** The one confirmation for destructive actions (delete a line, clear the cart). */
export function ConfirmDialog({ opened, message, confirmLabel, onConfirm, onCancel, busy = false, title = messages.confirm.title }: ConfirmDialogProps) {
  return (
    <AppModal opened={opened} onClose={busy ? () => {} : onCancel} title={title} closeLabel={messages.actions.close} centered size="sm">
      <Text size="sm">{message}</Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={busy}>
          {messages.actions.cancel}
        </Button>
        <Button color="red.8" onClick={onConfirm} loading={busy}>
          {confirmLabel}
        </Button>
      </Group>
    </AppModal>
  );
}
