import { checkAmountToPay, formatInr, paiseToRupees, PAYMENT_STATUS_DELAY_MS } from '@frameport/domain';
import type { GetRazorpaymentStatusResponse, RazorpaymentRequestResponse } from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import { invoiceMessages } from '@frameport/domain/messages/invoices';
import { Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useCreatePaymentLink, usePaymentStatus } from '../api.ts';
import type { PayScope } from '../invoice-display.ts';
import { Notice, type NoticeTone } from './notice.tsx';

/**
 * The pay flow of spec section 4, held by the screen (so the two views share it): enter an amount,
 * Proceed To Pay creates a payment link and opens its page in a new window; the amount, the invoice
 * choice and Proceed then lock and Payment Status reads the link's status (also once by itself,
 * 20 s after the link was made); Continue reloads the invoices and starts again.
 */
export type PayFlow = {
  amount: string;
  setAmount: (amount: string) => void;
  /**
   * The spec's amount message, checked as the amount is typed (and against the total due as the
   * invoice choice changes); shown once the field has been typed in or Proceed To Pay pressed.
   */
  amountError: string | null;
  proceed: () => void;
  creating: boolean;
  /** The server's refusal of Proceed To Pay (an amount message, 503, ...). */
  createError: string | null;
  link: RazorpaymentRequestResponse | null;
  /** True when the browser did not open the payment window. */
  popupBlocked: boolean;
  /** Seconds until the automatic status read; null when none is due. */
  secondsLeft: number | null;
  readStatus: () => void;
  reading: boolean;
  status: GetRazorpaymentStatusResponse | null;
  statusError: string | null;
  /** A link exists: the amount and the invoice choice are fixed until Continue. */
  locked: boolean;
  reset: () => void;
};

export function usePayFlow({ retailerId, scope }: { retailerId: number; scope: PayScope }): PayFlow {
  const [amount, setAmountText] = useState('');
  // An untouched field is not yet wrong: the message waits for typing or for Proceed To Pay.
  const [amountTouched, setAmountTouched] = useState(false);
  const checked = checkAmountToPay(amount, scope.duePaise);
  const amountError = amountTouched && !checked.ok ? checked.message : null;
  const [popupBlocked, setPopupBlocked] = useState(false);
  /** When the automatic status read is due (ms since the epoch); null once done or cancelled. */
  const [deadline, setDeadline] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const create = useCreatePaymentLink();
  const status = usePaymentStatus();
  const link = create.data ?? null;
  const readLinkStatus = status.mutate;

  // The countdown: a tick each second, and one status read when it reaches 0.
  useEffect(() => {
    if (deadline === null || link === null) return;
    const timer = window.setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= deadline) {
        window.clearInterval(timer);
        setDeadline(null);
        readLinkStatus(link.paymentLinkId);
      }
    }, 1000);
    return () => window.clearInterval(timer);
  }, [deadline, link, readLinkStatus]);

  const proceed = () => {
    if (link !== null || create.isPending) return;
    setAmountTouched(true);
    if (!checked.ok) return;
    create.mutate(
      { retailerId, amount: paiseToRupees(checked.paise), invoiceNos: scope.invoiceNos },
      {
        onSuccess: (created) => {
          const startedAt = Date.now();
          setNow(startedAt);
          setDeadline(startedAt + PAYMENT_STATUS_DELAY_MS);
          const opened = window.open(created.paymentUrl, '_blank');
          if (opened === null) setPopupBlocked(true);
          else {
            try {
              opened.opener = null; // the payment page gets no handle on this one
            } catch {
              // already navigated away from about:blank: nothing to cut
            }
          }
        },
      },
    );
  };

  const readStatus = () => {
    if (link === null || status.isPending) return;
    readLinkStatus(link.paymentLinkId, {
      // Paid already: the automatic read has nothing left to tell.
      onSuccess: (reply) => {
        if (reply.result) setDeadline(null);
      },
    });
  };

  return {
    amount,
    setAmount: (next) => {
      setAmountText(next);
      setAmountTouched(true);
    },
    amountError,
    proceed,
    creating: create.isPending,
    createError: create.isError ? getErrorMessage(create.error) : null,
    link,
    popupBlocked,
    secondsLeft: deadline === null ? null : Math.max(0, Math.ceil((deadline - now) / 1000)),
    readStatus,
    reading: status.isPending,
    status: status.data ?? null,
    statusError: status.isError ? getErrorMessage(status.error) : null,
    locked: link !== null,
    reset: () => {
      create.reset();
      status.reset();
      setAmountText('');
      setAmountTouched(false);
      setPopupBlocked(false);
      setDeadline(null);
    },
  };
}

const STATUS_LOOK: Record<GetRazorpaymentStatusResponse['status'], { tone: NoticeTone; title: string }> = {
  paid: { tone: 'success', title: messages.payment.paidTitle },
  created: { tone: 'pending', title: messages.payment.pendingTitle },
  failed: { tone: 'error', title: messages.payment.failedTitle },
  expired: { tone: 'error', title: messages.payment.expiredTitle },
  cancelled: { tone: 'error', title: messages.payment.cancelledTitle },
};

type PayInvoicesProps = {
  flow: PayFlow;
  scope: PayScope;
  /** Reloads the invoices and resets the flow and the invoice choice. */
  onContinue: () => void;
};

/** The pay panel: what is due, the amount, Proceed To Pay, Payment Status, Continue and every reply. */
export function PayInvoices({ flow, scope, onContinue }: PayInvoicesProps) {
  const titleId = useId();
  const { link, locked } = flow;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    flow.proceed();
  };

  return (
    <Paper component="section" aria-labelledby={titleId} withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2} fz="h4" id={titleId}>
          Pay invoices
        </Title>

        {scope.duePaise === 0 && !locked ? (
          <Text size="sm">{messages.payment.nothingToPay}</Text>
        ) : (
          <>
            <div aria-live="polite">
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text fw={600}>{invoiceMessages.totalDue}</Text>
                <Text fw={700} fz="lg" className="tabular">
                  {formatInr(scope.duePaise)}
                </Text>
              </Group>
              <Text size="sm" c="dimmed">
                {scope.description}
              </Text>
            </div>

            <form onSubmit={submit} noValidate>
              <Stack gap="xs">
                <TextInput
                  label="Amount to pay"
                  inputMode="decimal"
                  autoComplete="off"
                  leftSection={<span aria-hidden="true">₹</span>}
                  value={flow.amount}
                  onChange={(event) => flow.setAmount(event.currentTarget.value)}
                  error={flow.amountError}
                  disabled={locked}
                  placeholder="0.00"
                  className="tabular"
                />
                {!locked && (
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    style={{ alignSelf: 'flex-start' }}
                    onClick={() => flow.setAmount(String(paiseToRupees(scope.duePaise)))}
                  >
                    Enter total due ({formatInr(scope.duePaise)})
                  </Button>
                )}
                <Button type="submit" loading={flow.creating} disabled={locked} fullWidth>
                  Proceed To Pay
                </Button>
              </Stack>
            </form>

            <Group grow gap="xs">
              <Button variant="default" onClick={flow.readStatus} disabled={link === null} loading={flow.reading}>
                Payment Status
              </Button>
              <Button variant="default" onClick={onContinue} disabled={link === null}>
                Continue
              </Button>
            </Group>
          </>
        )}

        {flow.createError !== null && (
          <Notice tone="error" role="alert" title={messages.payment.startFailed}>
            {flow.createError}
          </Notice>
        )}

        {link !== null && (
          <Notice tone="info" role="status" title="Payment link created">
            <Text size="sm">{link.message}</Text>
            <Text size="sm">
              {messages.payment.forTransaction} <strong className="tabular">{link.transactionNo}</strong>
            </Text>
            {flow.popupBlocked && (
              <Text size="sm" fw={600} mt={4}>
                Your browser blocked the payment window.
              </Text>
            )}
            <Anchor href={link.paymentUrl} target="_blank" rel="noopener noreferrer" size="sm" fw={600} mt={4} display="inline-flex">
              <Group gap={4} component="span" wrap="nowrap">
                Open the payment page
                <IconExternalLink size={14} aria-hidden="true" />
              </Group>
            </Anchor>
          </Notice>
        )}

        {flow.secondsLeft !== null && (
          // role=timer is not announced each second (aria-live off); the status reply is (role=status).
          <Text size="sm" role="timer" className="tabular">
            Checking payment status in {flow.secondsLeft} s
          </Text>
        )}

        {flow.status !== null && (
          <Notice tone={STATUS_LOOK[flow.status.status].tone} role="status" title={STATUS_LOOK[flow.status.status].title}>
            <Text size="sm">{flow.status.message}</Text>
            {flow.status.result && <Text size="sm">Press Continue to see your updated invoices.</Text>}
          </Notice>
        )}

        {flow.statusError !== null && (
          <Notice tone="error" role="alert" title={messages.payment.statusFailed}>
            {flow.statusError}
          </Notice>
        )}
      </Stack>
    </Paper>
  );
}
