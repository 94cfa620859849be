import { messages } from '@frameport/domain/messages';
import { Alert, Button, Text, VisuallyHidden, type MantineSpacing } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { getErrorMessage } from '../lib/api-client.ts';

type LoadErrorProps = {
  /** What could not be loaded, e.g. 'Your orders could not be loaded'. */
  title: string;
  /** Why (the server's or the network's message); without one the title says it all. */
  message?: string;
  retrying: boolean;
  onRetry: () => void;
  /** Said after 'Retry' to screen readers when several of these can be on one screen. */
  retryWhat?: string;
  mt?: MantineSpacing;
};

/** A first load that failed: what and why, and a Retry that spins while the load runs again. */
export function LoadError({ title, message, retrying, onRetry, retryWhat, mt }: LoadErrorProps) {
  return (
    <Alert color="red" variant="light" mt={mt} title={title} icon={<IconAlertCircle size={18} aria-hidden="true" />}>
      {message !== undefined && <Text size="sm">{message}</Text>}
      <Button mt={message === undefined ? 'xs' : 'sm'} size="xs" variant="default" onClick={onRetry} loading={retrying}>
        {messages.actions.retry}
        {retryWhat !== undefined && <VisuallyHidden> {retryWhat}</VisuallyHidden>}
      </Button>
    </Alert>
  );
}

/** `LoadError`'s message and Retry for a failed query. */
export function retryQuery(query: { error: unknown; isFetching: boolean; refetch: () => Promise<unknown> }) {
  return { message: getErrorMessage(query.error), retrying: query.isFetching, onRetry: () => void query.refetch() };
}
