import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '../../../testing/signed-in-fixtures.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { bodiesSentTo } from '../../../testing/account-fixtures.ts';
import { accountStatement, callCount, fakeInvoiceServer, invoiceNo } from '../../../testing/invoice-fixtures.ts';
import { MyInvoices } from './my-invoices.tsx';
import { TestProviders } from '../../../testing/render-app.tsx';

const STATEMENT = '/backoffice/LensMaster/AccountStatement';
const REQUEST = '/backoffice/LensMaster/RazorpaymentRequest';

async function openStatement() {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  render(
    <TestProviders queryClient={queryClient}>
      <MyInvoices email={null} />
    </TestProviders>,
  );
  const user = userEvent.setup();
  await screen.findByRole('table', { name: 'My invoices' });
  await user.click(screen.getByRole('radio', { name: 'Account statement' }));
  await screen.findByRole('table', { name: 'Statement of account' });
  return user;
}

beforeEach(() => {
  signIn();
  // 2 May 2026, midday in India: the default period is 1 Feb – 2 May.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-05-02T06:30:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('MyInvoices: the account statement', () => {
  it('shows the totals, highlighting what is overdue, for the last 90 days by default', async () => {
    const fetchSpy = fakeInvoiceServer();
    await openStatement();

    expect(bodiesSentTo(fetchSpy, STATEMENT)).toEqual([{ RetailerID: 3, FromDate: '2026-02-01', ToDate: '2026-05-02' }]);
    for (const [label, value] of [
      ['Total outstanding', '₹6,250.50'],
      ['Overdue', '₹1,250.50'],
      ['Not yet due', '₹5,000.00'],
      ['Credit', '₹0.00'],
    ] as const) {
      expect(within(screen.getByRole('group', { name: label })).getByText(value)).toBeInTheDocument();
    }
    expect(screen.getByRole('group', { name: 'Overdue' })).toHaveTextContent('Past the due date');
    expect(screen.getByLabelText('From')).toHaveValue('2026-02-01');
    expect(screen.getByLabelText('To')).toHaveValue('2026-05-02');
  });

  it('lists the open invoices oldest first with due date and days overdue', async () => {
    fakeInvoiceServer();
    await openStatement();

    const open = screen.getByRole('table', { name: 'Open invoices' });
    const rows = within(open).getAllByRole('row', { name: /^Open invoice / });
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual([`Open invoice ${invoiceNo(2)}`, `Open invoice ${invoiceNo(3)}`]);
    expect(within(rows[0]!).getByText('03 May 2026')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('12 days')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('₹1,250.50')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Not yet due')).toBeInTheDocument();
  });

  it('pays several open invoices at once through the same pay panel', async () => {
    const fetchSpy = fakeInvoiceServer();
    vi.spyOn(window, 'open').mockReturnValue(null);
    const user = await openStatement();
    const open = screen.getByRole('table', { name: 'Open invoices' });
    const panel = screen.getByRole('region', { name: 'Pay invoices' });

    await user.click(within(open).getByRole('checkbox', { name: `Select invoice ${invoiceNo(2)} to pay` }));
    await user.click(within(open).getByRole('checkbox', { name: `Select invoice ${invoiceNo(3)} to pay` }));
    expect(within(panel).getByText('Paying 2 selected invoices')).toBeInTheDocument();
    expect(within(panel).getByText('Total due').nextSibling).toHaveTextContent('₹6,250.50');

    await user.type(within(panel).getByLabelText('Amount to pay'), '2000');
    await user.click(within(panel).getByRole('button', { name: 'Proceed To Pay' }));

    await waitFor(() =>
      expect(bodiesSentTo(fetchSpy, REQUEST)).toEqual([
        { Type: 'Stock', TransactionAmount: 2000, RetailerID: 3, InvoiceNos: [invoiceNo(2), invoiceNo(3)] },
      ]),
    );
    await within(panel).findByText('Payment link created');
    expect(within(open).getByRole('checkbox', { name: `Select invoice ${invoiceNo(2)} to pay` })).toBeDisabled();

    // The choice is the same on the Invoices view.
    await user.click(screen.getByRole('radio', { name: 'Invoices' }));
    const checkbox = await screen.findByRole('checkbox', { name: `Select invoice ${invoiceNo(3)} to pay` });
    expect(checkbox).toBeChecked();
    expect(checkbox).toBeDisabled();
  });

  it('lists the entries between an opening and a closing balance', async () => {
    fakeInvoiceServer();
    await openStatement();

    const table = screen.getByRole('table', { name: 'Statement of account' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual([
      'Opening balance',
      `Invoice ${invoiceNo(1)}`,
      'Payment FPTXN202604030001',
      `Invoice ${invoiceNo(3)}`,
      'Payment FPTXN202604100002',
      'Closing balance',
    ]);
    expect(within(rows[0]!).getByText('₹2,100.00')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('01 Feb 2026')).toBeInTheDocument();
    const payment = rows[4]!;
    expect(within(payment).getByText('Payment')).toBeInTheDocument();
    expect(within(payment).getByText('₹849.50')).toBeInTheDocument();
    expect(within(payment).getByText('₹6,250.50')).toBeInTheDocument();
    expect(within(rows[5]!).getByText('₹6,250.50')).toBeInTheDocument();
  });

  it('marks a payment made in the payment sandbox, and only that one', async () => {
    fakeInvoiceServer();
    await openStatement();

    const table = screen.getByRole('table', { name: 'Statement of account' });
    const sandbox = within(table).getByRole('row', { name: 'Payment FPTXN202604100002' });
    expect(within(sandbox).getByText('Sandbox')).toBeVisible();
    expect(within(sandbox).getByText('Sandbox').closest('td')).toHaveTextContent('PaymentSandbox, no money moved');
    const real = within(table).getByRole('row', { name: 'Payment FPTXN202604030001' });
    expect(within(real).queryByText('Sandbox')).not.toBeInTheDocument();
    expect(within(table).getAllByText('Sandbox')).toHaveLength(1);
  });

  it('asks for another period when the dates change, and refuses a reversed one', async () => {
    const fetchSpy = fakeInvoiceServer();
    await openStatement();

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-04-01' } });
    await waitFor(() => expect(bodiesSentTo(fetchSpy, STATEMENT).at(-1)).toEqual({ RetailerID: 3, FromDate: '2026-04-01', ToDate: '2026-05-02' }));

    const calls = callCount(fetchSpy, STATEMENT);
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-01' } });
    expect(await screen.findByText('The start date must be on or before the end date.')).toBeInTheDocument();
    expect(screen.getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');
    expect(callCount(fetchSpy, STATEMENT)).toBe(calls);
  });

  it('says when there is nothing in the period', async () => {
    fakeInvoiceServer({ statement: accountStatement({ Entries: [], OpeningBalance: 6250.5 }) });
    await openStatement();

    expect(screen.getByText('No invoices or payments in this period.')).toBeInTheDocument();
  });

  it('shows a failed statement with Retry', async () => {
    const fetchSpy = fakeInvoiceServer({ statement: 'fail' });
    const queryClient = createQueryClient();
    queryClient.setDefaultOptions({ queries: { retry: false } });
    render(
      <TestProviders queryClient={queryClient}>
        <MyInvoices email={null} />
      </TestProviders>,
    );
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'My invoices' });
    await user.click(screen.getByRole('radio', { name: 'Account statement' }));

    expect(await screen.findByText('Your account statement could not be loaded')).toBeInTheDocument();
    const before = callCount(fetchSpy, STATEMENT);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(callCount(fetchSpy, STATEMENT)).toBe(before + 1));
  });
});
