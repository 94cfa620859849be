import type { ReceivableInvoice, ReceivablesRetailer } from '@frameport/domain/contract/admin-reports';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../../testing/render-app.tsx';
import { signIn, stubBrowserApis } from '../../../../testing/signed-in-fixtures.ts';
import { fakeDeskServer, sentTo } from '../../stock/stock-fixtures.ts';

const late: ReceivableInvoice = {
  id: 501,
  invoiceNo: 'FP/26-27/00042',
  invoiceDate: '2026-10-01',
  dueDate: '2026-10-31',
  daysOverdue: 24,
  bucket: 'd1to30',
  amount: 118_000,
  paid: 117_900,
  tds: null,
  balance: 100,
  taxable: 100_000,
  tds194Q: 100,
  tdsAllowed: 100,
};
const drill: ReceivablesRetailer = {
  asOf: '2026-11-24',
  retailer: { id: 7, name: 'Verma Opticals', email: 'accounts@verma.example', detail: 'Hyderabad, Telangana', salesExecutives: [{ id: 31, name: 'Ravi Kumar' }] },
  invoices: [late],
  ageing: { notDue: 0, d1to30: 100, d31to60: 0, d61to90: 0, d90plus: 0, total: 100 },
  lastReminder: null,
};

beforeEach(() => {
  stubBrowserApis();
  signIn();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('/admin/receivables/:retailerId', () => {
  it('lists the open invoices; Send reminder asks first, then sends once with an Idempotency-Key and shows when it went', async () => {
    const user = userEvent.setup();
    const server = fakeDeskServer((url, init) => {
      if (url.pathname === '/api/admin/reports/receivables/retailers/7/reminder' && init?.method === 'POST') {
        return { data: { ...drill, lastReminder: { at: '2026-11-24T05:30:00.000Z', by: 'Anita', to: drill.retailer.email, amount: 100 } } };
      }
      return url.pathname === '/api/admin/reports/receivables/retailers/7' ? { data: drill } : undefined;
    });
    renderApp('/admin/receivables/7');
    const table = await screen.findByRole('table', { name: 'Open invoices' }, { timeout: 15000 });
    const [, row] = within(table).getAllByRole('row');
    expect(row).toHaveTextContent(/FP\/26-27\/00042.*1 Oct 2026.*31 Oct 2026.*24.*1–30 days.*₹1,18,000\.00.*₹1,17,900\.00.*—.*₹100\.00/);
    expect(screen.getByTestId('last-reminder')).toHaveTextContent('No reminder sent yet');

    await user.click(screen.getByRole('button', { name: 'Send reminder' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Mail Verma Opticals (accounts@verma.example) its statement of 1 open invoice and a payment link for ₹100.00?');
    expect(sentTo(server, '/api/admin/reports/receivables/retailers/7/reminder')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Send reminder' }));
    await waitFor(() => expect(screen.getByTestId('last-reminder')).toHaveTextContent(/Last reminder .* to accounts@verma\.example for ₹100\.00 by Anita/));
    const sent = sentTo(server, '/api/admin/reports/receivables/retailers/7/reminder');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.key).toMatch(/^web-/);
  });

  it('Record TDS shows the 194Q amount, asks to confirm, and posts the amount in paise with the reference', async () => {
    const user = userEvent.setup();
    let settled = false;
    const server = fakeDeskServer((url, init) => {
      if (url.pathname === '/api/admin/invoices/501/tds' && init?.method === 'POST') {
        settled = true;
        return { data: { ...late, paid: 118_000, balance: 0, tdsAllowed: 0, tds: { section: '194Q', amount: 100, reference: 'CHALLAN 9', recordedAt: '2026-11-24T06:00:00.000Z', recordedBy: 'Anita' } } };
      }
      if (url.pathname === '/api/admin/reports/receivables/retailers/7') return { data: settled ? { ...drill, invoices: [], ageing: { ...drill.ageing, d1to30: 0, total: 0 } } : drill };
      return undefined;
    });
    renderApp('/admin/receivables/7');
    await user.click(await screen.findByRole('button', { name: `Record TDS on ${late.invoiceNo}` }, { timeout: 15000 }));
    const form = await screen.findByRole('dialog');
    expect(form).toHaveTextContent('0.1 % of the taxable value ₹1,00,000.00 is ₹100.00');
    expect(within(form).getByRole('button', { name: 'Continue' })).toBeDisabled();
    await user.type(within(form).getByRole('textbox', { name: /reference/ }), 'CHALLAN 9');
    await user.click(within(form).getByRole('button', { name: 'Continue' }));
    const confirm = await screen.findByRole('dialog', { name: 'Record a TDS deduction' });
    expect(confirm).toHaveTextContent('Record ₹100.00 deducted under section 194Q');
    await user.click(within(confirm).getByRole('button', { name: 'Record TDS' }));
    await waitFor(() => expect(sentTo(server, '/api/admin/invoices/501/tds')).toHaveLength(1));
    expect(sentTo(server, '/api/admin/invoices/501/tds')[0]!.body).toEqual({ amountPaise: 10_000, reference: 'CHALLAN 9' });
    expect(await screen.findByText('Nothing is owed.')).toBeInTheDocument();
  });
});
