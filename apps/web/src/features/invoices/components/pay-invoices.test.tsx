import { messages } from '@frameport/domain/messages';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { signIn } from '../../../testing/signed-in-fixtures.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { jsonResponse, TestProviders } from '../../../testing/render-app.tsx';
import { bodiesSentTo } from '../../../testing/account-fixtures.ts';
import { callCount, fakeInvoiceServer, invoiceNo, invoiceRow, PAYMENT_URL, statusReply, threeInvoices } from '../../../testing/invoice-fixtures.ts';
import { MyInvoices } from './my-invoices.tsx';

const REPORT = '/backoffice/LensMaster/LensInvoiceReport';
const REQUEST = '/backoffice/LensMaster/RazorpaymentRequest';
const STATUS = '/backoffice/LensMaster/GetRazorpaymentStatus';

function renderInvoices() {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  render(
    <TestProviders queryClient={queryClient}>
      <MyInvoices email={null} />
    </TestProviders>,
  );
}

async function payPanel() {
  await screen.findByRole('table', { name: 'My invoices' });
  return screen.getByRole('region', { name: 'Pay invoices' });
}

const totalDueIn = (panel: HTMLElement) => within(panel).getByText('Total due').nextSibling;
const checkbox = (n: number) => screen.getByRole('checkbox', { name: `Select invoice ${invoiceNo(n)} to pay` });

async function proceedWith(amount: string) {
  const user = userEvent.setup();
  const panel = await payPanel();
  await user.type(within(panel).getByLabelText('Amount to pay'), amount);
  await user.click(within(panel).getByRole('button', { name: 'Proceed To Pay' }));
  return { user, panel };
}

let openSpy: MockInstance<typeof window.open>;

beforeEach(() => {
  signIn();
  openSpy = vi.spyOn(window, 'open').mockReturnValue({ opener: window } as unknown as Window);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the pay flow', () => {
  it('asks for an amount, and refuses one above the total due, in the spec words', async () => {
    const fetchSpy = fakeInvoiceServer();
    const user = userEvent.setup();
    renderInvoices();
    const panel = await payPanel();
    const amount = within(panel).getByLabelText('Amount to pay');
    expect(amount).toHaveAttribute('inputmode', 'decimal');

    await user.click(within(panel).getByRole('button', { name: 'Proceed To Pay' }));
    expect(within(panel).getByText(messages.payment.amountRequired)).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount.getAttribute('aria-describedby') ?? '').toContain(within(panel).getByText(messages.payment.amountRequired).id);

    await user.type(amount, '6250.51');
    await user.click(within(panel).getByRole('button', { name: 'Proceed To Pay' }));
    expect(within(panel).getByText(messages.payment.amountTooHigh)).toBeInTheDocument();
    expect(bodiesSentTo(fetchSpy, REQUEST)).toEqual([]);
    expect(openSpy).not.toHaveBeenCalled();
  });

  it('checks the amount as it is typed, against the total due of the invoices chosen', async () => {
    const fetchSpy = fakeInvoiceServer();
    const user = userEvent.setup();
    renderInvoices();
    const panel = await payPanel();
    const amount = within(panel).getByLabelText('Amount to pay');
    // Untouched: nothing to say yet.
    expect(amount).not.toHaveAttribute('aria-invalid', 'true');
    expect(within(panel).queryByText(messages.payment.amountRequired)).not.toBeInTheDocument();

    await user.type(amount, '6250.51');
    expect(within(panel).getByText(messages.payment.amountTooHigh)).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount.getAttribute('aria-describedby') ?? '').toContain(within(panel).getByText(messages.payment.amountTooHigh).id);

    await user.type(amount, '{Backspace}');
    expect(within(panel).queryByText(messages.payment.amountTooHigh)).not.toBeInTheDocument();
    expect(amount).not.toHaveAttribute('aria-invalid', 'true');

    await user.type(amount, '12');
    expect(within(panel).getByText(messages.payment.amountDecimals)).toBeInTheDocument();
    await user.clear(amount);
    expect(within(panel).getByText(messages.payment.amountRequired)).toBeInTheDocument();
    await user.type(amount, '0');
    expect(within(panel).getByText(messages.payment.amountNotPositive)).toBeInTheDocument();

    // The total due follows the invoice choice, and so does the check of what is typed.
    await user.clear(amount);
    await user.type(amount, '1300');
    expect(within(panel).queryByText(messages.payment.amountTooHigh)).not.toBeInTheDocument();
    await user.click(checkbox(2));
    expect(totalDueIn(panel)).toHaveTextContent('₹1,250.50');
    expect(within(panel).getByText(messages.payment.amountTooHigh)).toBeInTheDocument();
    expect(bodiesSentTo(fetchSpy, REQUEST)).toEqual([]);
  });

  it('disables Proceed To Pay while the link is made, then locks the form and opens the payment page', async () => {
    let answer: (response: Response) => void = () => {};
    const fetchSpy = fakeInvoiceServer({ paymentRequest: () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderInvoices();
    const { panel } = await proceedWith('1000');

    const proceed = within(panel).getByRole('button', { name: 'Proceed To Pay' });
    await waitFor(() => expect(proceed).toBeDisabled());
    expect(within(panel).getByRole('button', { name: 'Payment Status' })).toBeDisabled();
    expect(bodiesSentTo(fetchSpy, REQUEST)).toEqual([{ Type: 'Stock', TransactionAmount: 1000, RetailerID: 3 }]);

    answer(
      jsonResponse({
        Status: 0,
        Error: null,
        Data: {
          result: true,
          message: messages.payment.linkCreated,
          paymentLinkId: 'plink_sbx_1',
          transactionNo: 'FPTXN202605020001',
          paymentUrl: PAYMENT_URL,
          amount: 1000,
        },
      }),
    );

    expect(await within(panel).findByText('Payment link created')).toBeInTheDocument();
    expect(within(panel).getByText(messages.payment.linkCreated)).toBeInTheDocument();
    expect(within(panel).getByText(messages.payment.forTransaction, { exact: false })).toHaveTextContent(
      `${messages.payment.forTransaction} FPTXN202605020001`,
    );
    expect(openSpy).toHaveBeenCalledWith(PAYMENT_URL, '_blank');
    expect(within(panel).getByRole('link', { name: 'Open the payment page' })).toHaveAttribute('href', PAYMENT_URL);

    expect(within(panel).getByLabelText('Amount to pay')).toBeDisabled();
    expect(proceed).toBeDisabled();
    expect(checkbox(3)).toBeDisabled();
    expect(checkbox(2)).toBeDisabled();
    expect(within(panel).getByRole('button', { name: 'Payment Status' })).toBeEnabled();
    expect(within(panel).getByRole('button', { name: 'Continue' })).toBeEnabled();
  });

  it('says so when the browser blocks the payment window, and still offers the link', async () => {
    fakeInvoiceServer();
    openSpy.mockReturnValue(null);
    renderInvoices();
    const { panel } = await proceedWith('500');

    expect(await within(panel).findByText('Your browser blocked the payment window.')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Open the payment page' })).toHaveAttribute('target', '_blank');
  });

  it('shows the server’s refusal next to the form and leaves it open', async () => {
    fakeInvoiceServer({
      paymentRequest: () =>
        jsonResponse({ Status: 1, Error: { Message: messages.payment.providerUnavailable, StackTrace: null }, Data: null }, 503),
    });
    renderInvoices();
    const { panel } = await proceedWith('500');

    expect(await within(panel).findByRole('alert')).toHaveTextContent(messages.payment.providerUnavailable);
    expect(within(panel).getByLabelText('Amount to pay')).toBeEnabled();
    expect(within(panel).getByRole('button', { name: 'Proceed To Pay' })).toBeEnabled();
    expect(within(panel).getByRole('button', { name: 'Payment Status' })).toBeDisabled();
    expect(openSpy).not.toHaveBeenCalled();
  });

  it('takes a reply without a link (result false) as a refusal with its message', async () => {
    fakeInvoiceServer({
      paymentRequest: () =>
        jsonResponse({
          Status: 0,
          Error: null,
          Data: { result: false, message: messages.payment.nothingDue, paymentLinkId: '', transactionNo: '', paymentUrl: '', amount: 0 },
        }),
    });
    renderInvoices();
    const { panel } = await proceedWith('500');

    expect(await within(panel).findByRole('alert')).toHaveTextContent(messages.payment.nothingDue);
    expect(within(panel).getByRole('button', { name: 'Proceed To Pay' })).toBeEnabled();
    expect(within(panel).queryByText('Payment link created')).not.toBeInTheDocument();
    expect(openSpy).not.toHaveBeenCalled();
  });

  it('counts down 20 s from the link and then reads the status exactly once by itself', async () => {
    // Only the countdown's clock is fake; Testing Library and the fetches keep real timers.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const fetchSpy = fakeInvoiceServer({ statuses: [statusReply('created'), statusReply('paid')] });
    renderInvoices();
    const { panel } = await proceedWith('1000');

    expect(await within(panel).findByText('Checking payment status in 20 s')).toBeInTheDocument();
    expect(within(panel).getByText('Checking payment status in 20 s')).toHaveAttribute('role', 'timer');
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(within(panel).getByText('Checking payment status in 19 s')).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(18_000);
    });
    expect(within(panel).getByText('Checking payment status in 1 s')).toBeInTheDocument();
    expect(callCount(fetchSpy, STATUS)).toBe(0);

    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(await within(panel).findByText('Payment pending')).toBeInTheDocument();
    expect(within(panel).getByText(messages.payment.pending)).toBeInTheDocument();
    expect(within(panel).queryByText(/Checking payment status in/)).not.toBeInTheDocument();
    expect(bodiesSentTo(fetchSpy, STATUS)).toEqual([{ PaymentLinkID: 'plink_sbx_1' }]);

    await act(async () => {
      vi.advanceTimersByTime(120_000);
    });
    expect(callCount(fetchSpy, STATUS)).toBe(1);
  });

  it('reads the status on Payment Status, disabled while it reads, and shows success', async () => {
    let answer: (response: Response) => void = () => {};
    const fetchSpy = fakeInvoiceServer();
    renderInvoices();
    const { user, panel } = await proceedWith('1000');
    await within(panel).findByText(messages.payment.linkCreated);
    const implementation = fetchSpy.getMockImplementation();
    fetchSpy.mockImplementation(async (input, init) =>
      String(input) === STATUS ? new Promise<Response>((resolve) => (answer = resolve)) : implementation!(input, init),
    );

    const statusButton = within(panel).getByRole('button', { name: 'Payment Status' });
    await user.click(statusButton);
    await waitFor(() => expect(statusButton).toBeDisabled());
    answer(jsonResponse({ Status: 0, Error: null, Data: statusReply('paid') }));

    expect(await within(panel).findByText('Payment successful')).toBeInTheDocument();
    expect(within(panel).getByText(messages.payment.paid)).toBeInTheDocument();
    expect(statusButton).toBeEnabled();
    // Paid: the automatic read is not needed any more.
    expect(within(panel).queryByText(/Checking payment status in/)).not.toBeInTheDocument();
  });

  it('shows a failed payment in the failure style', async () => {
    fakeInvoiceServer({ statuses: [statusReply('failed')] });
    renderInvoices();
    const { user, panel } = await proceedWith('1000');
    await within(panel).findByText(messages.payment.linkCreated);

    await user.click(within(panel).getByRole('button', { name: 'Payment Status' }));

    expect(await within(panel).findByText('Payment failed')).toBeInTheDocument();
    expect(within(panel).getByText(messages.payment.failed).closest('[data-tone]')).toHaveAttribute('data-tone', 'error');
  });

  it('Continue reloads the invoices and starts the form afresh', async () => {
    let rows = threeInvoices();
    const fetchSpy = fakeInvoiceServer({ invoices: () => rows, statuses: [statusReply('paid')] });
    const user = userEvent.setup();
    renderInvoices();
    const panel = await payPanel();
    await user.click(checkbox(3));
    await user.type(within(panel).getByLabelText('Amount to pay'), '1000');
    await user.click(within(panel).getByRole('button', { name: 'Proceed To Pay' }));
    await within(panel).findByText(messages.payment.linkCreated);
    await user.click(within(panel).getByRole('button', { name: 'Payment Status' }));
    await within(panel).findByText('Payment successful');

    rows = [invoiceRow(3, { PaymentAmount: 1000, BalanceAmount: 4000, PaymentStatus: 'Partially Paid' }), ...threeInvoices().slice(1)];
    const reportsBefore = callCount(fetchSpy, REPORT);
    await user.click(within(panel).getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(callCount(fetchSpy, REPORT)).toBe(reportsBefore + 1));
    const row = screen.getByRole('row', { name: `Invoice ${invoiceNo(3)}` });
    expect(await within(row).findByText('Partially Paid')).toBeInTheDocument();
    expect(within(row).getByText('₹4,000.00')).toBeInTheDocument();

    expect(within(panel).getByLabelText('Amount to pay')).toHaveValue('');
    expect(within(panel).getByLabelText('Amount to pay')).toBeEnabled();
    expect(checkbox(3)).not.toBeChecked();
    expect(checkbox(3)).toBeEnabled();
    expect(within(panel).getByRole('button', { name: 'Proceed To Pay' })).toBeEnabled();
    expect(within(panel).getByRole('button', { name: 'Payment Status' })).toBeDisabled();
    expect(within(panel).getByRole('button', { name: 'Continue' })).toBeDisabled();
    expect(within(panel).queryByText(messages.payment.linkCreated)).not.toBeInTheDocument();
    expect(within(panel).queryByText('Payment successful')).not.toBeInTheDocument();
    expect(within(panel).queryByText(/Checking payment status in/)).not.toBeInTheDocument();
    expect(totalDueIn(panel)).toHaveTextContent('₹5,250.50');
    expect(within(panel).getByText('Paying towards all open invoices, oldest first')).toBeInTheDocument();
  });

  it('pays the selected invoices: the due total follows the choice and InvoiceNos are sent', async () => {
    const fetchSpy = fakeInvoiceServer();
    const user = userEvent.setup();
    renderInvoices();
    const panel = await payPanel();

    expect(totalDueIn(panel)).toHaveTextContent('₹6,250.50');
    expect(within(panel).getByText('Paying towards all open invoices, oldest first')).toBeInTheDocument();

    await user.click(checkbox(3));
    expect(totalDueIn(panel)).toHaveTextContent('₹5,000.00');
    expect(within(panel).getByText('Paying 1 selected invoice')).toBeInTheDocument();

    await user.click(checkbox(2));
    expect(totalDueIn(panel)).toHaveTextContent('₹6,250.50');
    expect(within(panel).getByText('Paying 2 selected invoices')).toBeInTheDocument();

    await user.click(checkbox(3));
    expect(totalDueIn(panel)).toHaveTextContent('₹1,250.50');
    // Checked against the chosen invoices' total, not all of them.
    await user.type(within(panel).getByLabelText('Amount to pay'), '1250.51');
    await user.click(within(panel).getByRole('button', { name: 'Proceed To Pay' }));
    expect(within(panel).getByText(messages.payment.amountTooHigh)).toBeInTheDocument();

    await user.click(checkbox(3));
    await user.clear(within(panel).getByLabelText('Amount to pay'));
    await user.type(within(panel).getByLabelText('Amount to pay'), '6000.5');
    await user.click(within(panel).getByRole('button', { name: 'Proceed To Pay' }));

    await waitFor(() =>
      expect(bodiesSentTo(fetchSpy, REQUEST)).toEqual([
        { Type: 'Stock', TransactionAmount: 6000.5, RetailerID: 3, InvoiceNos: [invoiceNo(2), invoiceNo(3)] },
      ]),
    );
  });

  it('fills in the total due on request', async () => {
    fakeInvoiceServer();
    const user = userEvent.setup();
    renderInvoices();
    const panel = await payPanel();

    await user.click(within(panel).getByRole('button', { name: 'Enter total due (₹6,250.50)' }));
    expect(within(panel).getByLabelText('Amount to pay')).toHaveValue('6250.5');
  });
});
