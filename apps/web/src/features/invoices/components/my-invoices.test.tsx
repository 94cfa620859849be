import { INVOICE_PAGE_SIZES } from '@frameport/domain';
import { invoiceMessages } from '@frameport/domain/messages/invoices';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '../../../testing/signed-in-fixtures.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { bodiesSentTo } from '../../../testing/account-fixtures.ts';
import { callCount, fakeInvoiceServer, invoiceNo, manyInvoices } from '../../../testing/invoice-fixtures.ts';
import { MyInvoices } from './my-invoices.tsx';
import { TestProviders } from '../../../testing/render-app.tsx';

const REPORT = '/backoffice/LensMaster/LensInvoiceReport';

function renderInvoices() {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  render(
    <TestProviders queryClient={queryClient}>
      <MyInvoices email={null} />
    </TestProviders>,
  );
  return queryClient;
}

async function invoiceTable() {
  return screen.findByRole('table', { name: 'My invoices' });
}

const rowOf = (table: HTMLElement, n: number) => within(table).getByRole('row', { name: `Invoice ${invoiceNo(n)}` });

const objectUrlApi = {
  createObjectURL: Object.getOwnPropertyDescriptor(URL, 'createObjectURL'),
  revokeObjectURL: Object.getOwnPropertyDescriptor(URL, 'revokeObjectURL'),
};

beforeEach(() => signIn());
afterEach(() => {
  // The download test replaces the object-URL functions (jsdom's cannot read a fetched Blob).
  for (const [name, descriptor] of Object.entries(objectUrlApi)) {
    if (descriptor) Object.defineProperty(URL, name, descriptor);
    else Reflect.deleteProperty(URL, name);
  }
  vi.useRealTimers();
});

describe('MyInvoices: the invoice table', () => {
  it('colours each row by its status and writes the status too', async () => {
    fakeInvoiceServer();
    renderInvoices();
    const table = await invoiceTable();

    const unpaid = rowOf(table, 3);
    const partial = rowOf(table, 2);
    const paid = rowOf(table, 1);
    expect(unpaid).toHaveStyle({ backgroundColor: '#ffe3e3' });
    expect(partial).toHaveStyle({ backgroundColor: '#fff3bf' });
    expect(paid).toHaveStyle({ backgroundColor: '#d3f9d8' });
    expect(within(unpaid).getByText('Unpaid')).toBeInTheDocument();
    expect(within(partial).getByText('Partially Paid')).toBeInTheDocument();
    expect(within(paid).getByText('Paid')).toBeInTheDocument();

    // Newest first, amounts in en-IN rupees, the overdue days spelt out.
    expect(within(table).getAllByRole('row', { name: /^Invoice / }).map((row) => row.getAttribute('aria-label'))).toEqual([
      `Invoice ${invoiceNo(3)}`,
      `Invoice ${invoiceNo(2)}`,
      `Invoice ${invoiceNo(1)}`,
    ]);
    expect(within(partial).getByText('₹3,000.00')).toBeInTheDocument();
    expect(within(partial).getByText('₹1,749.50')).toBeInTheDocument();
    expect(within(partial).getByText('₹1,250.50')).toBeInTheDocument();
    expect(within(partial).getByText('12 days overdue')).toBeInTheDocument();
    expect(within(partial).getByText('03 Apr 2026')).toBeInTheDocument();
    // Only open invoices can be chosen to pay.
    expect(within(unpaid).getByRole('checkbox', { name: `Select invoice ${invoiceNo(3)} to pay` })).toBeInTheDocument();
    expect(within(paid).queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('sums what is due and what is overdue', async () => {
    fakeInvoiceServer();
    renderInvoices();
    await invoiceTable();

    expect(within(screen.getByRole('group', { name: 'Total due' })).getByText('₹6,250.50')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Overdue' })).getByText('₹1,250.50')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Overdue' })).toHaveTextContent('1 invoice past the due date');
  });

  it('offers the page sizes 10 to 200 and pages through the invoices', async () => {
    fakeInvoiceServer({ invoices: manyInvoices(23) });
    const user = userEvent.setup();
    renderInvoices();
    const table = await invoiceTable();

    const pageSize = screen.getByRole('combobox', { name: 'Rows per page' });
    expect(within(pageSize).getAllByRole('option').map((option) => option.textContent)).toEqual(INVOICE_PAGE_SIZES.map(String));
    expect(pageSize).toHaveValue('10');
    expect(within(table).getAllByRole('row', { name: /^Invoice / })).toHaveLength(10);
    expect(screen.getByText('Showing 1–10 of 23 invoices')).toBeInTheDocument();
    expect(rowOf(table, 23)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(within(table).getAllByRole('row', { name: /^Invoice / })).toHaveLength(3);
    expect(screen.getByText('Showing 21–23 of 23 invoices')).toBeInTheDocument();
    expect(rowOf(table, 1)).toBeInTheDocument();

    await user.selectOptions(pageSize, '20');
    expect(within(table).getAllByRole('row', { name: /^Invoice / })).toHaveLength(20);
    expect(screen.getByText('Showing 1–20 of 23 invoices')).toBeInTheDocument();

    await user.selectOptions(pageSize, '50');
    expect(within(table).getAllByRole('row', { name: /^Invoice / })).toHaveLength(23);
    expect(screen.queryByRole('navigation', { name: 'Invoice pages' })).not.toBeInTheDocument();
  });

  it('says Invoices not found. and No Data Found when there are none, with nothing to pay', async () => {
    fakeInvoiceServer({ invoices: [] });
    renderInvoices();
    const table = await invoiceTable();

    expect(screen.getByText(invoiceMessages.notFound)).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: invoiceMessages.noData })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Pay invoices' })).not.toBeInTheDocument();
  });

  it('shows a failed load with Retry, which asks again', async () => {
    const fetchSpy = fakeInvoiceServer({ invoices: 'fail' });
    const user = userEvent.setup();
    renderInvoices();

    expect(await screen.findByText('Your invoices could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Something went wrong. Please try again.')).toBeInTheDocument();
    const before = callCount(fetchSpy, REPORT);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(callCount(fetchSpy, REPORT)).toBe(before + 1));
  });

  it('asks for the report from 2021-07-01 to today for the retailer of the profile', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-05-02T20:00:00Z')); // 3 May in India
    const fetchSpy = fakeInvoiceServer();
    renderInvoices();
    await invoiceTable();
    vi.useRealTimers();

    expect(bodiesSentTo(fetchSpy, REPORT)).toEqual([
      { Type: 'Stock invoice report for website', FromDate: '2021-07-01', ToDate: '2026-05-03', RetailerID: 3 },
    ]);
    const headers = new Headers(fetchSpy.mock.calls.find(([input]) => String(input) === REPORT)?.[1]?.headers);
    expect(headers.get('Authorization')).toBe('Bearer token-abc');
  });

  it('downloads the PDF with the token, and says so when it cannot', async () => {
    const fetchSpy = fakeInvoiceServer();
    const user = userEvent.setup();
    const saved: string[] = [];
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: vi.fn(() => 'blob:invoice-3') });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.href}`);
    });
    renderInvoices();
    const table = await invoiceTable();

    await user.click(within(rowOf(table, 3)).getByRole('button', { name: `Download invoice ${invoiceNo(3)} (PDF)` }));

    await waitFor(() => expect(saved).toEqual(['FP-26-27-00003.pdf blob:invoice-3']));
    const [, init] = fetchSpy.mock.calls.find(([input]) => String(input) === '/backoffice/LensMaster/InvoiceDocument/3') ?? [];
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer token-abc');

    fakeInvoiceServer({ pdf: 'fail' });
    await user.click(within(rowOf(table, 2)).getByRole('button', { name: `Download invoice ${invoiceNo(2)} (PDF)` }));
    expect(await screen.findByText(`Invoice ${invoiceNo(2)} could not be downloaded`)).toBeInTheDocument();
    expect(screen.getByText(invoiceMessages.oneNotFound)).toBeInTheDocument();
    expect(saved).toHaveLength(1);
  });
});
