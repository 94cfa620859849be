import { messages } from '@frameport/domain/messages';
import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { AppModal } from '../../../../components/app-modal.tsx';
import { getErrorMessage } from '../../../../lib/api-client.ts';

type ActionDialogProps = {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** What the dialog is about, above the fields (for destructive actions, the question). */
  message?: ReactNode;
  children?: ReactNode;
  submitLabel: string;
  /** Red submit button: the action cannot be undone. */
  destructive?: boolean;
  busy: boolean;
  /** The server's refusal (or a network failure), shown inside the dialog. */
  error: unknown;
  onSubmit: () => void;
  size?: string;
};

/**
 * A desk action's dialog: its fields, the server's refusal inline, Cancel and the action's button
 * (spinning while it runs; both wait). Escape, the focus trap and focus return are Mantine's.
 */
export function ActionDialog({
  opened,
  onClose,
  title,
  message,
  children,
  submitLabel,
  destructive = false,
  busy,
  error,
  onSubmit,
  size = 'md',
}: ActionDialogProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onSubmit();
  };
  return (
    <AppModal opened={opened} onClose={busy ? () => {} : onClose} title={title} closeLabel={messages.actions.close} centered size={size}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {message !== undefined && (typeof message === 'string' ? <Text size="sm">{message}</Text> : message)}
          {children}
          {error !== null && error !== undefined && (
            <Alert color="red" variant="light" role="alert" p="xs">
              <Text size="sm">{getErrorMessage(error)}</Text>
            </Alert>
          )}
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {messages.actions.cancel}
            </Button>
            <Button type="submit" color={destructive ? 'red.9' : undefined} loading={busy}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}

/** The contract's rule for a reason: at least 3 characters after trimming. */
export const REASON_MIN = 3;
export const REASON_REQUIRED = 'Please give a reason (at least 3 characters).';

/** A required reason field with its check shown after the first submit. */
export function useReason() {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const trimmed = reason.trim();
  const valid = trimmed.length >= REASON_MIN;
  return {
    value: trimmed,
    valid,
    /** Marks the field checked; true when it may be sent. */
    check: () => {
      setTouched(true);
      return valid;
    },
    reset: () => {
      setReason('');
      setTouched(false);
    },
    field: (label: string) => (
      <Textarea
        label={label}
        required
        rows={3}
        maxLength={500}
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
        error={touched && !valid ? REASON_REQUIRED : undefined}
        data-autofocus
      />
    ),
  };
}
