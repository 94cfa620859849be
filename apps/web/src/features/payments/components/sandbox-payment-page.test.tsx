import type { SandboxPaymentLink } from '@frameport/domain/contract/payments';
import { messages } from '@frameport/domain/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '../../../testing/signed-in-fixtures.ts';
import { endSession } from '../../../lib/session.ts';
import { jsonResponse, renderApp } from '../../../testing/render-app.tsx';

const LINK_ID = 'plink_sbx_AbCdEf12345678';
const PAGE = `/payments/sandbox/${LINK_ID}`;

function link(overrides: Partial<SandboxPaymentLink> = {}): SandboxPaymentLink {
  return {
    linkId: LINK_ID,
    status: 'created',
    merchant: 'Frameport',
    description: 'Verma Opticals: payment towards invoice FP/26-27/00002',
    transactionNo: 'FPTXN20261120ABCD1234',
    payer: 'Verma Opticals',
    amount: 1000,
    amountPaid: 0,
    paymentId: null,
    failureReason: null,
    returnUrl: 'http://localhost:3000/profile?my-invoices=true',
    ...overrides,
  };
}

const ok = (Data: unknown) => jsonResponse({ Status: 0, Error: null, Data });
const failure = (message: string, status: number) => jsonResponse({ Status: 1, Error: { Message: message, StackTrace: null }, Data: null }, status);

/** The server's sandbox calls for one link: GET it, POST pay / fail (which move it once). */
function fakeSandboxServer(start: SandboxPaymentLink | 'not-found' = link()) {
  let current = start;
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (current === 'not-found') return failure(messages.payment.notFound, 404);
    if (url === `/api/payments/sandbox/${LINK_ID}` && (init?.method ?? 'GET') === 'GET') return ok(current);
    if (url === `/api/payments/sandbox/${LINK_ID}/pay` && init?.method === 'POST') {
      if (current.status === 'created') current = { ...current, status: 'paid', amountPaid: current.amount, paymentId: 'pay_sbx_Zx9Yw8Vu7Ts6Rq' };
      return ok(current);
    }
    if (url === `/api/payments/sandbox/${LINK_ID}/fail` && init?.method === 'POST') {
      if (current.status === 'created') current = { ...current, status: 'failed', failureReason: 'The payer chose "Fail payment" on the sandbox page.' };
      return ok(current);
    }
    return failure(messages.http.notFound, 404);
  });
}

afterEach(() => {
  endSession('logout');
  vi.restoreAllMocks();
});

describe('the sandbox payment page', () => {
  it('asks a signed-out visitor to sign in, and comes back here after', async () => {
    const fetchSpy = fakeSandboxServer();
    renderApp(PAGE);

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to continue' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', `/login?next=${encodeURIComponent(PAGE)}`);
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('shows the signed-in retailer its link and pays it with the session', async () => {
    const fetchSpy = fakeSandboxServer();
    signIn();
    const user = userEvent.setup();
    renderApp(PAGE);

    expect(await screen.findByRole('heading', { level: 1, name: 'Frameport sandbox payment' })).toBeInTheDocument();
    const details = screen.getByText('Transaction no.').closest('dl')!;
    expect(within(details).getByText('FPTXN20261120ABCD1234')).toBeInTheDocument();
    expect(within(details).getByText('Verma Opticals: payment towards invoice FP/26-27/00002')).toBeInTheDocument();
    expect(screen.getByText('This is a sandbox: no real money moves. Choose how this test payment ends.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Pay ₹1,000.00' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Payment successful' })).toBeInTheDocument();
    expect(screen.getByText('pay_sbx_Zx9Yw8Vu7Ts6Rq')).toBeInTheDocument();
    expect(screen.getByText('You can close this window and return to Frameport.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Frameport' })).toHaveAttribute('href', 'http://localhost:3000/profile?my-invoices=true');
    expect(screen.queryByRole('button', { name: /Pay|Fail/ })).not.toBeInTheDocument();

    const pay = fetchSpy.mock.calls.find(([input]) => String(input) === `/api/payments/sandbox/${LINK_ID}/pay`);
    expect(pay?.[1]?.method).toBe('POST');
    expect(new Headers(pay?.[1]?.headers).get('Authorization')).toBe('Bearer token-abc');
  });

  it('fails the payment on "Fail payment"', async () => {
    fakeSandboxServer();
    signIn();
    const user = userEvent.setup();
    renderApp(PAGE);

    await user.click(await screen.findByRole('button', { name: 'Fail payment' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Payment failed' })).toBeInTheDocument();
    expect(screen.getByText('The payer chose "Fail payment" on the sandbox page. No money was taken.')).toBeInTheDocument();
  });

  it('says the link is not found for someone else’s link, without its details', async () => {
    fakeSandboxServer('not-found');
    signIn();
    renderApp(PAGE);

    expect(await screen.findByRole('heading', { level: 1, name: 'Payment link not found' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
  });

  it('shows a paid link as paid, with nothing left to press', async () => {
    fakeSandboxServer(link({ status: 'paid', amountPaid: 1000, paymentId: 'pay_sbx_Paid0000000001' }));
    signIn();
    renderApp(PAGE);

    expect(await screen.findByRole('heading', { level: 1, name: 'Payment successful' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Payment successful - Frameport sandbox payment'));
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
