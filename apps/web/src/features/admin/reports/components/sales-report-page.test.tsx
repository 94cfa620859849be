import type { SalesReport } from '@frameport/domain/contract/admin-reports';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../../testing/render-app.tsx';
import { signIn, stubBrowserApis } from '../../../../testing/signed-in-fixtures.ts';
import { fakeDeskServer, sentTo } from '../../stock/stock-fixtures.ts';

const figures = (taxable: number, cgst: number, sgst: number, igst: number, quantity: number, invoices: number) => ({
  invoices,
  quantity,
  taxable,
  cgst,
  sgst,
  igst,
  tax: Math.round((cgst + sgst + igst) * 100) / 100,
  total: Math.round((taxable + cgst + sgst + igst) * 100) / 100,
});

const byBrand: SalesReport = {
  from: '2026-11-01',
  to: '2026-11-24',
  groupBy: 'brand',
  rows: [
    { key: '1', id: 1, name: 'Urban Optix', detail: null, ...figures(12000, 300, 300, 150, 14, 5) },
    { key: '2', id: 2, name: 'Aero Shades', detail: null, ...figures(2999, 0, 0, 539.82, 2, 1) },
  ],
  totals: figures(14999, 300, 300, 689.82, 16, 6),
};

const byRetailer: SalesReport = {
  ...byBrand,
  groupBy: 'retailer',
  rows: [
    { key: '7', id: 7, name: 'Verma Opticals', detail: 'Hyderabad, Telangana', ...figures(12000, 300, 300, 0, 14, 5) },
    { key: '9', id: 9, name: 'Bengaluru Eye Care', detail: 'Bengaluru, Karnataka', ...figures(2999, 0, 0, 689.82, 2, 1) },
  ],
};

beforeEach(() => {
  stubBrowserApis();
  signIn();
  // 24 Nov 2026, 11:30 in India.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-24T06:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const answer = (url: URL) =>
  url.pathname === '/api/admin/reports/sales' ? { data: url.searchParams.get('groupBy') === 'retailer' ? byRetailer : byBrand } : undefined;

describe('/admin/reports/sales', () => {
  it('shows this month by brand with the GST split and a totals row; presets, dates and grouping go to the URL and the API', async () => {
    const user = userEvent.setup();
    const server = fakeDeskServer(answer);
    const { router } = renderApp('/admin/reports/sales');
    const grid = await screen.findByRole('table', { name: 'Sales by brand' }, { timeout: 15000 });
    const [, first, second, totals] = within(grid).getAllByRole('row');
    expect(first).toHaveTextContent(/Urban Optix.*5.*14.*₹12,000\.00.*₹300\.00.*₹300\.00.*₹150\.00.*₹12,750\.00/);
    expect(second).toHaveTextContent(/Aero Shades.*1.*2.*₹2,999\.00.*₹0\.00.*₹0\.00.*₹539\.82.*₹3,538\.82/);
    expect(totals).toHaveTextContent(/Total.*6.*16.*₹14,999\.00.*₹300\.00.*₹300\.00.*₹689\.82.*₹16,288\.82/);
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveValue('thisMonth');
    expect(sentTo(server, '/api/admin/reports/sales', 'GET')[0]?.url.search).toBe('?from=2026-11-01&to=2026-11-24&groupBy=brand');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'thisFinancialYear');
    await waitFor(() => expect(router.state.location.search).toBe('?from=2026-04-01&to=2026-11-24'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'lastMonth');
    await waitFor(() => expect(router.state.location.search).toBe('?from=2026-10-01&to=2026-10-31'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Group by' }), 'retailer');
    await waitFor(() => expect(router.state.location.search).toBe('?from=2026-10-01&to=2026-10-31&groupBy=retailer'));
    const retailers = await screen.findByRole('table', { name: 'Sales by retailer' });
    expect(within(retailers).getByRole('link', { name: 'Verma Opticals' })).toHaveAttribute('href', '/admin/retailers/7');
    expect(sentTo(server, '/api/admin/reports/sales', 'GET').map((call) => call.url.search)).toEqual([
      '?from=2026-11-01&to=2026-11-24&groupBy=brand',
      '?from=2026-04-01&to=2026-11-24&groupBy=brand',
      '?from=2026-10-01&to=2026-10-31&groupBy=brand',
      '?from=2026-10-01&to=2026-10-31&groupBy=retailer',
    ]);
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveValue('lastMonth');
  });

  it('sorts by a column both ways from its heading, the sort in the URL', async () => {
    const user = userEvent.setup();
    fakeDeskServer(answer);
    const { router } = renderApp('/admin/reports/sales?from=2026-11-01&to=2026-11-24');
    const grid = await screen.findByRole('table', { name: 'Sales by brand' }, { timeout: 15000 });
    const names = () => within(grid).getAllByRole('row').slice(1, -1).map((row) => within(row).getAllByRole('cell')[0]?.textContent);
    expect(names()).toEqual(['Urban Optix', 'Aero Shades']);
    const igst = within(grid).getByRole('button', { name: /IGST/ });
    await user.click(igst);
    expect(igst.closest('th')).toHaveAttribute('aria-sort', 'descending');
    expect(names()).toEqual(['Aero Shades', 'Urban Optix']);
    await user.click(igst);
    expect(igst.closest('th')).toHaveAttribute('aria-sort', 'ascending');
    expect(names()).toEqual(['Urban Optix', 'Aero Shades']);
    await user.click(within(grid).getByRole('button', { name: /Brand/ }));
    expect(names()).toEqual(['Aero Shades', 'Urban Optix']);
    expect(router.state.location.search).toContain('sort=name&dir=asc');
  });

  it('downloads the report as CSV with the period and grouping shown', async () => {
    const user = userEvent.setup();
    const created = vi.fn(() => 'blob:sales');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const server = fakeDeskServer(answer);
    renderApp('/admin/reports/sales?from=2026-11-01&to=2026-11-24&groupBy=retailer');
    await screen.findByRole('table', { name: 'Sales by retailer' }, { timeout: 15000 });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const files = sentTo(server, '/api/admin/reports/sales', 'GET').filter((call) => call.url.searchParams.get('format') === 'csv');
    expect(files.map((call) => call.url.search)).toEqual(['?from=2026-11-01&to=2026-11-24&groupBy=retailer&format=csv']);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('sales-by-retailer-2026-11-01-to-2026-11-24.csv');
  });

  it('says when nothing was invoiced, refuses a backwards range without asking, offers Retry on failure, and is not for warehouse staff', async () => {
    fakeDeskServer((url) => (url.pathname === '/api/admin/reports/sales' ? { data: { ...byBrand, rows: [], totals: figures(0, 0, 0, 0, 0, 0) } } : undefined));
    renderApp('/admin/reports/sales');
    expect(await screen.findByText('Nothing was invoiced in this period.', {}, { timeout: 15000 })).toBeInTheDocument();
    vi.restoreAllMocks();

    const backwards = fakeDeskServer(answer);
    renderApp('/admin/reports/sales?from=2026-11-20&to=2026-11-01');
    expect(await screen.findByText('The “From” date must be on or before the “To” date.', {}, { timeout: 15000 })).toBeInTheDocument();
    expect(sentTo(backwards, '/api/admin/reports/sales', 'GET')).toEqual([]);
    vi.restoreAllMocks();

    fakeDeskServer((url) => (url.pathname === '/api/admin/reports/sales' ? { status: 500, message: 'Something went wrong' } : undefined));
    renderApp('/admin/reports/sales');
    expect(await screen.findByRole('button', { name: /Retry/ }, { timeout: 15000 })).toBeInTheDocument();
    vi.restoreAllMocks();

    const warehouse = fakeDeskServer(answer, 'Warehouse');
    renderApp('/admin/reports/sales');
    expect(await screen.findByText('Only admin and accounts staff can see the sales report.', {}, { timeout: 15000 })).toBeInTheDocument();
    expect(sentTo(warehouse, '/api/admin/reports/sales', 'GET')).toEqual([]);
  });
});
