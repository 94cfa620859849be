import { formatInr, rupeesToPaise } from '@frameport/domain';
import type { SandboxPaymentLink } from '@frameport/domain/contract/payments';
import { messages } from '@frameport/domain/messages';
import { Alert, Anchor, Button, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { Link, useLocation } from '../../../lib/router.tsx';
import { BrandMark } from '../../../components/brand-mark.tsx';
import { ApiError, getErrorMessage } from '../../../lib/api-client.ts';
import { loginPathFor } from '../../../lib/next-path.ts';
import { useSessionState } from '../../../lib/session.ts';
import { paymentQueries, useSandboxAction } from '../api.ts';
import classes from './sandbox-payment-page.module.css';

const PAGE_TITLE = 'Frameport sandbox payment';

const inr = (rupees: number) => formatInr(rupeesToPaise(rupees));

/**
 * /payments/sandbox/:linkId, the window Pay invoices opens while the server runs the payment
 * sandbox: the link's details and two buttons, "Pay" and "Fail payment". It shares the app's
 * signed-in session (same origin, same storage); the server lets only the retailer the link was
 * made for, a linked sales executive or an admin see or pay it. A signed-out visitor is asked to
 * sign in first and comes back here.
 */
export function SandboxPaymentPage({ linkId }: { linkId: string }) {
  const { session } = useSessionState();
  const location = useLocation();
  return (
    <div className={classes.root}>
      <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }} className={classes.card}>
        <Stack gap="md">
          <BrandMark />
          {session === null ? (
            <Outcome title="Sign in to continue" pageTitle={`Sign in - ${PAGE_TITLE}`}>
              <Text size="sm">
                Only the retailer this payment link was made for, its sales executive or an administrator can use it.
              </Text>
              <Button component={Link} to={loginPathFor(location)} fullWidth>
                Sign in
              </Button>
            </Outcome>
          ) : (
            <SandboxLink linkId={linkId} />
          )}
        </Stack>
      </Paper>
    </div>
  );
}

function SandboxLink({ linkId }: { linkId: string }) {
  const link = useQuery(paymentQueries.sandboxLink(linkId));
  const action = useSandboxAction(linkId);

  if (link.isPending) {
    return (
      <Stack align="center" py="lg" role="status" aria-label="Loading the payment">
        <title>{PAGE_TITLE}</title>
        <Loader />
      </Stack>
    );
  }
  if (link.isError) {
    if (link.error instanceof ApiError && link.error.status === 404) {
      return (
        <Outcome title={messages.payment.sandbox.linkNotFoundTitle} pageTitle={`${messages.payment.sandbox.linkNotFoundTitle} - ${PAGE_TITLE}`} tone="bad">
          <Text size="sm">{messages.payment.sandbox.linkNotFound}</Text>
        </Outcome>
      );
    }
    return (
      <Outcome title={PAGE_TITLE} pageTitle={PAGE_TITLE}>
        <Alert color="red" role="alert" title={messages.payment.sandbox.loadFailed}>
          {getErrorMessage(link.error)}
        </Alert>
        <Button variant="default" onClick={() => void link.refetch()} loading={link.isFetching}>
          {messages.actions.retry}
        </Button>
      </Outcome>
    );
  }

  const data = link.data;
  const back = data.returnUrl ? (
    <Anchor href={data.returnUrl} size="sm" fw={600}>
      Return to Frameport
    </Anchor>
  ) : null;

  switch (data.status) {
    case 'created':
      return (
        <Outcome title={PAGE_TITLE} pageTitle={PAGE_TITLE}>
          <Details link={data} extra={data.payer ? [['Payer', data.payer]] : []} />
          <Text fz={28} fw={700} c="frameport.7" className="tabular">
            {inr(data.amount)}
          </Text>
          <Text className={classes.note}>This is a sandbox: no real money moves. Choose how this test payment ends.</Text>
          {action.isError && (
            <Alert color="red" role="alert" title={messages.payment.sandbox.nothingChanged}>
              {getErrorMessage(action.error)}
            </Alert>
          )}
          <Button size="md" fullWidth onClick={() => action.mutate('pay')} loading={action.isPending && action.variables === 'pay'} disabled={action.isPending}>
            Pay {inr(data.amount)}
          </Button>
          <Button
            size="md"
            fullWidth
            variant="outline"
            color="red.9"
            onClick={() => action.mutate('fail')}
            loading={action.isPending && action.variables === 'fail'}
            disabled={action.isPending}
          >
            Fail payment
          </Button>
        </Outcome>
      );
    case 'paid':
      return (
        <Outcome title={messages.payment.paidTitle} pageTitle={`${messages.payment.paidTitle} - ${PAGE_TITLE}`} tone="ok">
          <Details
            link={data}
            extra={[
              ['Amount paid', inr(data.amountPaid)],
              ['Payment id', data.paymentId ?? ''],
            ]}
          />
          <Text size="sm">{messages.payment.closeWindow}</Text>
          {back}
        </Outcome>
      );
    case 'failed':
      return (
        <Outcome title={messages.payment.failedTitle} pageTitle={`${messages.payment.failedTitle} - ${PAGE_TITLE}`} tone="bad">
          <Details link={data} extra={[['Amount', inr(data.amount)]]} />
          <Text size="sm">{data.failureReason ?? messages.payment.sandbox.didNotGoThrough} {messages.payment.sandbox.noMoneyTaken}</Text>
          <Text size="sm">{messages.payment.closeWindow}</Text>
          {back}
        </Outcome>
      );
    case 'cancelled':
      return (
        <Outcome title={messages.payment.sandbox.linkCancelledTitle} pageTitle={`${messages.payment.sandbox.linkCancelledTitle} - ${PAGE_TITLE}`} tone="bad">
          <Details link={data} extra={[['Amount', inr(data.amount)]]} />
          <Text size="sm">{messages.payment.sandbox.linkUnpayable}</Text>
          <Text size="sm">{messages.payment.closeWindow}</Text>
          {back}
        </Outcome>
      );
  }
}

/** The page's one heading (and the window's title), then what it says. */
function Outcome({ title, pageTitle, tone, children }: { title: string; pageTitle: string; tone?: 'ok' | 'bad'; children: ReactNode }) {
  const color = tone === 'ok' ? '#1e6b31' : tone === 'bad' ? '#a61e1e' : 'frameport.7';
  return (
    <>
      <title>{pageTitle}</title>
      <Title order={1} fz={24} c={color}>
        {title}
      </Title>
      {children}
    </>
  );
}

function Details({ link, extra }: { link: SandboxPaymentLink; extra: [string, string][] }) {
  const rows: [string, string][] = [['Merchant', link.merchant], ['Description', link.description], ['Transaction no.', link.transactionNo], ...extra];
  return (
    <dl className={classes.details}>
      {rows.map(([term, value]) => (
        <Fragment key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}
