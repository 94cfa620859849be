import { deskMessages, HOLD_KIND_LABELS, HOLD_KINDS, type HoldKind } from '@frameport/domain';
import type { AdminOrderDetail } from '@frameport/domain/contract';
import { Alert, Anchor, Button, Group, List, NativeSelect, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from '../../../../lib/router.tsx';
import { getErrorMessage } from '../../../../lib/api-client.ts';
import { notifyError } from '../../../../lib/notify.ts';
import { deskRequests, useDeskAction } from '../api.ts';
import { inr } from '../order-display.ts';
import { ActionDialog, useReason } from './action-dialog.tsx';
import classes from './admin-order.module.css';

function Figure({ label, value, tone }: { label: string; value: string; tone?: 'bad' }) {
  return (
    <div className={classes.figure}>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} size="sm" fw={600} className="tabular" c={tone === 'bad' ? 'red.9' : undefined}>
        {value}
      </Text>
    </div>
  );
}

/** The retailer's credit position, as the confirm decision needs it. */
function CreditFigures({ order }: { order: AdminOrderDetail }) {
  const credit = order.credit;
  return (
    <section aria-labelledby="credit-heading">
      <Group justify="space-between" gap="xs" align="baseline">
        <Title order={2} fz="md" id="credit-heading">
          Credit
        </Title>
        <Anchor component={Link} to={`/admin/retailers/${order.retailer.id}/credit`} size="sm">
          Retailer credit
        </Anchor>
      </Group>
      <dl className={classes.figures}>
        <Figure label="Limit" value={inr(credit.creditLimit)} />
        <Figure label="Outstanding" value={inr(credit.outstanding)} />
        <Figure label="On order" value={inr(credit.onOrder)} />
        <Figure label="Available" value={inr(credit.available)} tone={credit.available < 0 ? 'bad' : undefined} />
        <Figure label="Overdue" value={inr(credit.overdue)} tone={credit.overdue > 0 ? 'bad' : undefined} />
        <Figure
          label="Oldest overdue"
          value={credit.oldestOverdueDays > 0 ? `${credit.oldestOverdueDays} day${credit.oldestOverdueDays === 1 ? '' : 's'}` : 'None'}
          tone={credit.oldestOverdueDays > 0 ? 'bad' : undefined}
        />
      </dl>
      <Text size="xs" c="dimmed" mt={4}>
        Terms {credit.paymentTermsDays} days{credit.paymentTermsDefault ? ' (default)' : ''}
        {credit.creditHold ? ` · On credit hold${credit.creditHoldReason ? `: ${credit.creditHoldReason}` : ''}` : ''}
      </Text>
    </section>
  );
}

/** Confirm: plain when the credit check passes; when it fails, the reasons and (accounts, admin) Confirm anyway with a reason. */
function ConfirmControls({ order }: { order: AdminOrderDetail }) {
  const action = useDeskAction(order.id);
  const [overriding, setOverriding] = useState(false);
  const reason = useReason();
  const check = order.creditCheck;

  const confirm = () =>
    action.mutate(
      { action: 'confirm', request: deskRequests.confirm(order.id) },
      { onError: (error) => notifyError(getErrorMessage(error), 'The order was not confirmed') },
    );
  const openOverride = () => {
    action.reset();
    reason.reset();
    setOverriding(true);
  };
  const confirmAnyway = () => {
    if (!reason.check()) return;
    action.mutate(
      { action: 'confirm-override', request: deskRequests.confirm(order.id, reason.value) },
      { onSuccess: () => setOverriding(false) },
    );
  };

  if (check.ok) {
    return (
      <Stack gap={4}>
        <Button onClick={confirm} loading={action.isPending && !overriding}>
          Confirm order
        </Button>
        <Text size="xs" c="dimmed">
          Credit check passed.
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap="xs">
      <Alert color="red" variant="light" p="xs" title="Credit check failed" id="credit-refusal">
        <List size="sm" spacing={2}>
          {check.reasons.map((text) => (
            <List.Item key={text}>{text}</List.Item>
          ))}
        </List>
      </Alert>
      {/* Disabled while the check fails; the reasons above say why (and screen readers hear them). */}
      <Button disabled aria-describedby="credit-refusal">
        Confirm order
      </Button>
      {order.actions.override ? (
        <Button variant="outline" color="red.9" onClick={openOverride}>
          Confirm anyway
        </Button>
      ) : (
        <Text size="xs" c="dimmed">
          {deskMessages.order.overrideNotAllowed}
        </Text>
      )}
      <ActionDialog
        opened={overriding}
        onClose={() => setOverriding(false)}
        title={`Confirm ${order.orderRefNo} anyway`}
        message="The credit check failed. Confirming records your name and this reason on the order."
        submitLabel="Confirm anyway"
        busy={action.isPending}
        error={action.error}
        onSubmit={confirmAnyway}
      >
        {reason.field('Reason for confirming past the credit check')}
      </ActionDialog>
    </Stack>
  );
}

function HoldControl({ order }: { order: AdminOrderDetail }) {
  const action = useDeskAction(order.id);
  const [opened, setOpened] = useState(false);
  const [kind, setKind] = useState<HoldKind>('note');
  const reason = useReason();
  const open = () => {
    action.reset();
    reason.reset();
    setKind(order.creditCheck.ok ? 'note' : 'credit');
    setOpened(true);
  };
  const submit = () => {
    if (!reason.check()) return;
    action.mutate({ action: 'hold', request: deskRequests.hold(order.id, kind, reason.value) }, { onSuccess: () => setOpened(false) });
  };
  return (
    <>
      <Button variant="default" onClick={open}>
        Hold
      </Button>
      <ActionDialog
        opened={opened}
        onClose={() => setOpened(false)}
        title={`Put ${order.orderRefNo} on hold`}
        submitLabel="Put on hold"
        busy={action.isPending}
        error={action.error}
        onSubmit={submit}
      >
        <NativeSelect
          label="Kind of hold"
          value={kind}
          onChange={(event) => setKind(event.currentTarget.value as HoldKind)}
          data={HOLD_KINDS.map((value) => ({ value, label: HOLD_KIND_LABELS[value] }))}
        />
        {reason.field('Reason')}
      </ActionDialog>
    </>
  );
}

function ReleaseControl({ order }: { order: AdminOrderDetail }) {
  const action = useDeskAction(order.id);
  return (
    <Button
      variant="default"
      loading={action.isPending}
      onClick={() =>
        action.mutate(
          { action: 'release', request: deskRequests.release(order.id) },
          { onError: (error) => notifyError(getErrorMessage(error), 'The hold was not released') },
        )
      }
    >
      Release hold
    </Button>
  );
}

function CancelOrderControl({ order }: { order: AdminOrderDetail }) {
  const action = useDeskAction(order.id);
  const [opened, setOpened] = useState(false);
  const reason = useReason();
  const open = () => {
    action.reset();
    reason.reset();
    setOpened(true);
  };
  const submit = () => {
    if (!reason.check()) return;
    action.mutate({ action: 'cancel', request: deskRequests.cancel(order.id, reason.value) }, { onSuccess: () => setOpened(false) });
  };
  return (
    <>
      <Button variant="outline" color="red.9" onClick={open}>
        Cancel order
      </Button>
      <ActionDialog
        opened={opened}
        onClose={() => setOpened(false)}
        title="Please confirm"
        message={`Are you sure you want to cancel order ${order.orderRefNo}? Every open piece is cancelled and the retailer is told. This cannot be undone.`}
        submitLabel="Cancel order"
        destructive
        busy={action.isPending}
        error={action.error}
        onSubmit={submit}
      >
        {reason.field('Reason for cancelling')}
      </ActionDialog>
    </>
  );
}

/**
 * The decision block: the credit position next to Confirm, and Hold, Release and Cancel order:
 * only the actions the server says the caller may take now.
 */
export function DecisionPanel({ order }: { order: AdminOrderDetail }) {
  const { actions } = order;
  const anyAction = actions.confirm || actions.hold || actions.release || actions.cancel;
  return (
    <Paper withBorder p="sm" radius="md">
      <SimpleGrid cols={{ base: 1, md: anyAction ? 2 : 1 }} spacing="md">
        <CreditFigures order={order} />
        {anyAction && (
          <Stack gap="xs" aria-label="Order decisions" role="group">
            {actions.confirm && <ConfirmControls order={order} />}
            <Group gap="xs">
              {actions.hold && <HoldControl order={order} />}
              {actions.release && <ReleaseControl order={order} />}
              {actions.cancel && <CancelOrderControl order={order} />}
            </Group>
          </Stack>
        )}
      </SimpleGrid>
    </Paper>
  );
}
