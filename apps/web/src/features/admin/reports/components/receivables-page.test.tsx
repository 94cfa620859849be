import type { ReceivablesReport } from '@frameport/domain/contract/admin-reports';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../../testing/render-app.tsx';
import { signIn, stubBrowserApis } from '../../../../testing/signed-in-fixtures.ts';
import { fakeDeskServer, sentTo } from '../../stock/stock-fixtures.ts';

const zero = { notDue: 0, d1to30: 0, d31to60: 0, d61to90: 0, d90plus: 0 };
const byRetailer: ReceivablesReport = {
  asOf: '2026-11-24',
  groupBy: 'retailer',
  rows: [
    { id: 7, name: 'Verma Opticals', detail: 'Hyderabad, Telangana', openInvoices: 2, ageing: { ...zero, notDue: 1000, d1to30: 300, total: 1300 } },
    { id: 9, name: 'Bengaluru Eye Care', detail: 'Bengaluru, Karnataka', openInvoices: 1, ageing: { ...zero, d90plus: 250.5, total: 250.5 } },
  ],
  totals: { ...zero, notDue: 1000, d1to30: 300, d90plus: 250.5, total: 1550.5 },
  openInvoices: 3,
};
const bySalesExecutive: ReceivablesReport = {
  ...byRetailer,
  groupBy: 'salesExecutive',
  rows: [{ id: 31, name: 'Ravi Kumar', detail: '2 retailers owing', openInvoices: 3, ageing: { ...zero, notDue: 1000, d1to30: 300, d90plus: 250.5, total: 1550.5 } }],
};

beforeEach(() => {
  stubBrowserApis();
  signIn();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('/admin/receivables', () => {
  it('ages each retailer’s balances in the buckets with the totals; a retailer opens its invoices; grouping by sales executive goes in the URL and a sales executive opens their retailers', async () => {
    const user = userEvent.setup();
    const server = fakeDeskServer((url) =>
      url.pathname === '/api/admin/reports/receivables' ? { data: url.searchParams.get('groupBy') === 'salesExecutive' ? bySalesExecutive : byRetailer } : undefined,
    );
    const { router } = renderApp('/admin/receivables');
    const grid = await screen.findByRole('table', { name: 'Receivables' }, { timeout: 15000 });
    const [, verma, bengaluru, totals] = within(grid).getAllByRole('row');
    expect(verma).toHaveTextContent(/Verma Opticals.*Hyderabad, Telangana.*2.*₹1,000\.00.*₹300\.00.*—.*—.*—.*₹1,300\.00/);
    expect(bengaluru).toHaveTextContent(/Bengaluru Eye Care.*1.*—.*—.*—.*—.*₹250\.50.*₹250\.50/);
    expect(totals).toHaveTextContent(/All retailers.*3.*₹1,000\.00.*₹300\.00.*₹0\.00.*₹0\.00.*₹250\.50.*₹1,550\.50/);
    expect(screen.getByText(/on 24 Nov 2026/)).toBeInTheDocument();
    expect(within(verma!).getByRole('link', { name: 'Verma Opticals' })).toHaveAttribute('href', '/admin/receivables/7');
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export XLSX' })).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Group by' }), 'salesExecutive');
    await waitFor(() => expect(router.state.location.search).toBe('?groupBy=salesExecutive'));
    expect(await screen.findByRole('cell', { name: /Ravi Kumar/ })).toHaveTextContent('2 retailers owing');
    expect(screen.getByRole('rowheader', { name: /All retailers \(each once\)/ })).toBeInTheDocument();
    expect(sentTo(server, '/api/admin/reports/receivables', 'GET').map((call) => call.url.searchParams.get('groupBy'))).toEqual(['retailer', 'salesExecutive']);

    await user.click(screen.getByRole('link', { name: 'Ravi Kumar' }));
    await waitFor(() => expect(router.state.location.search).toBe('?salesExecutive=31&name=Ravi+Kumar'));
    expect(await screen.findByText(/Retailers of/)).toHaveTextContent('Retailers of Ravi Kumar');
    await waitFor(() => expect(sentTo(server, '/api/admin/reports/receivables', 'GET').at(-1)?.url.searchParams.get('salesExecutive')).toBe('31'));
  });

  it('says when nothing is owed, and offers Retry when the report cannot be loaded', async () => {
    fakeDeskServer((url) => (url.pathname === '/api/admin/reports/receivables' ? { data: { ...byRetailer, rows: [], openInvoices: 0 } } : undefined));
    renderApp('/admin/receivables');
    expect(await screen.findByText('Nothing is owed.', {}, { timeout: 15000 })).toBeInTheDocument();
    vi.restoreAllMocks();
    fakeDeskServer((url) => (url.pathname === '/api/admin/reports/receivables' ? { status: 500, message: 'Something went wrong' } : undefined));
    renderApp('/admin/receivables?groupBy=salesExecutive');
    expect(await screen.findByRole('button', { name: /Retry/ }, { timeout: 15000 })).toBeInTheDocument();
  });

  it('tells warehouse staff it is for admin and accounts, and asks the server nothing', async () => {
    const server = fakeDeskServer(() => ({ data: byRetailer }), 'Warehouse');
    renderApp('/admin/receivables');
    expect(await screen.findByText('Only admin and accounts staff can see receivables.', {}, { timeout: 15000 })).toBeInTheDocument();
    expect(sentTo(server, '/api/admin/reports/receivables', 'GET')).toEqual([]);
  });
});
