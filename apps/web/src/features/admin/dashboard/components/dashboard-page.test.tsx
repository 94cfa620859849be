import type { SalesReport, SalesRow } from '@frameport/domain/contract/admin-reports';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dashboardFigures } from '../../../../testing/admin-fixtures.ts';
import { renderApp } from '../../../../testing/render-app.tsx';
import { signIn, stubBrowserApis } from '../../../../testing/signed-in-fixtures.ts';
import { fakeDeskServer } from '../../stock/stock-fixtures.ts';
import { barsOf, CHART_BARS, chartSpecs } from './sales-charts.tsx';

beforeEach(() => {
  stubBrowserApis();
  signIn();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const tile = (name: RegExp) => screen.getByRole('link', { name });

const figures = (total: number) => ({ invoices: 1, quantity: 10, taxable: total, cgst: 0, sgst: 0, igst: 0, tax: 0, total });
const row = (name: string, total: number): SalesRow => ({ key: name, id: null, name, detail: null, ...figures(total) });
function salesReport(url: URL): SalesReport {
  const groupBy = url.searchParams.get('groupBy') as SalesReport['groupBy'];
  const rows =
    groupBy === 'brand'
      ? ['Ray-Ban', 'Vogue', 'Oakley', 'Titan', 'Fastrack', 'Lenskart', 'Carrera', 'Police', 'Guess', 'Fossil'].map((name, index) => row(name, 10_000 - index * 500))
      : groupBy === 'week'
        ? [row('Week of 16 Nov 2026', 120_000.5), row('Week of 23 Nov 2026', 0)]
        : [row(groupBy === 'state' ? 'Telangana' : 'Suresh Naidu', 54_321.25)];
  return { from: url.searchParams.get('from')!, to: url.searchParams.get('to')!, groupBy, rows, totals: figures(1) };
}

describe('/admin, the dashboard', () => {
  it('shows an admin every figure, each a link to its filtered list', async () => {
    fakeDeskServer((url) => (url.pathname === '/api/admin/dashboard' ? { data: dashboardFigures() } : undefined));
    renderApp('/admin');
    const figures = await screen.findByRole('list', { name: 'Figures' }, { timeout: 15000 });
    expect(within(figures).getAllByRole('link')).toHaveLength(9);
    expect(tile(/Orders today/)).toHaveTextContent(/Orders today12₹1,84,250\.50/);
    expect(tile(/Orders today/)).toHaveAttribute('href', '/admin/orders?from=2026-11-20&to=2026-11-20');
    expect(tile(/Orders this month/)).toHaveAttribute('href', '/admin/orders?from=2026-11-01&to=2026-11-20');
    expect(tile(/Orders this month/)).toHaveTextContent('₹36,12,000.00');
    expect(tile(/Waiting for confirmation/)).toHaveAttribute('href', '/admin/orders?status=Placed');
    expect(tile(/On hold/)).toHaveAttribute('href', '/admin/orders?status=On+hold');
    expect(tile(/To pack/)).toHaveAttribute('href', '/admin/orders?status=Confirmed');
    expect(tile(/Overdue receivables/)).toHaveTextContent(/₹96,400\.00.*4 retailers, 9 invoices/);
    expect(tile(/Overdue receivables/)).toHaveAttribute('href', '/admin/receivables');
    expect(tile(/Low stock/)).toHaveAttribute('href', '/admin/stock');
    expect(tile(/New retailers to approve/)).toHaveAttribute('href', '/admin/retailers?status=Pending');
    expect(screen.getByText(/Today, 20 Nov 2026/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  });

  it('charts sales by week, brand, state and sales executive, each also as a table', async () => {
    const server = fakeDeskServer((url) =>
      url.pathname === '/api/admin/dashboard' ? { data: dashboardFigures() } : url.pathname === '/api/admin/reports/sales' ? { data: salesReport(url) } : undefined,
    );
    renderApp('/admin');
    const brands = await screen.findByRole('figure', { name: 'Sales by brand (this month)' }, { timeout: 15000 });
    const chart = await within(brands).findByRole('img', {}, { timeout: 15000 });
    // Read aloud: every bar with its figure; the ten brands are seven bars and "Others (3)".
    expect(chart).toHaveAccessibleName(/Sales by brand \(this month\), bar chart\. Ray-Ban: ₹10,000\.00; .*Others \(3\): ₹18,000\.00\./);
    await userEvent.click(within(brands).getByText('Table'));
    const table = within(brands).getByRole('table', { name: 'Sales by brand (this month)' });
    expect(within(table).getAllByRole('row')).toHaveLength(CHART_BARS + 1);
    expect(within(table).getByRole('rowheader', { name: 'Others (3)' }).closest('tr')).toHaveTextContent('₹18,000.00');
    const weeks = screen.getByRole('figure', { name: 'Sales by week (last 12 weeks)' });
    expect(await within(weeks).findByRole('img', {}, { timeout: 15000 })).toHaveAccessibleName(/Week of 16 Nov 2026: ₹1,20,000\.50; Week of 23 Nov 2026: ₹0\.00/);
    expect(within(screen.getByRole('figure', { name: 'Sales by state (this month)' })).getByRole('link', { name: 'Open the sales report' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/admin\/reports\/sales\?from=\d{4}-\d{2}-01&to=.*&groupBy=state$/),
    );
    // One request per chart, for the period each shows.
    const asked = server.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).filter((url) => url.pathname === '/api/admin/reports/sales');
    expect(asked.map((url) => url.searchParams.get('groupBy')).sort()).toEqual(['brand', 'salesExecutive', 'state', 'week']);
  });

  it('says so when nothing was invoiced, and offers Retry when a chart cannot load', async () => {
    fakeDeskServer((url) => {
      if (url.pathname === '/api/admin/dashboard') return { data: dashboardFigures() };
      if (url.pathname !== '/api/admin/reports/sales') return undefined;
      if (url.searchParams.get('groupBy') === 'state') return { status: 500, message: 'Something went wrong. Please try again.' };
      return { data: { ...salesReport(url), rows: [] } };
    });
    renderApp('/admin');
    const brands = await screen.findByRole('figure', { name: 'Sales by brand (this month)' }, { timeout: 15000 });
    expect(await within(brands).findByText('Nothing invoiced in this period yet.', {}, { timeout: 15000 })).toBeInTheDocument();
    const states = screen.getByRole('figure', { name: 'Sales by state (this month)' });
    expect(await within(states).findByText('These sales could not be loaded', {}, { timeout: 15000 })).toBeInTheDocument();
  });

  it('shows warehouse staff counts without money, receivables or retailers', async () => {
    const warehouse = dashboardFigures({
      today: { from: '2026-11-20', to: '2026-11-20', orders: 12, value: null },
      month: { from: '2026-11-01', to: '2026-11-20', orders: 240, value: null },
      overdue: null,
      pendingRetailers: null,
    });
    fakeDeskServer((url) => (url.pathname === '/api/admin/dashboard' ? { data: warehouse } : undefined), 'Warehouse');
    renderApp('/admin');
    const figures = await screen.findByRole('list', { name: 'Figures' }, { timeout: 15000 });
    expect(within(figures).getAllByRole('link')).toHaveLength(7);
    expect(figures).not.toHaveTextContent('₹');
    expect(tile(/Low stock/)).toHaveTextContent('18');
    expect(screen.queryByRole('link', { name: /Overdue receivables/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Sales/ })).not.toBeInTheDocument();
  });

  it('offers Retry when the figures cannot be loaded', async () => {
    fakeDeskServer((url) =>
      url.pathname === '/api/admin/dashboard'
        ? { status: 500, message: 'Something went wrong. Please try again.' }
        : url.pathname === '/api/admin/reports/sales'
          ? { data: salesReport(url) }
          : undefined,
    );
    renderApp('/admin');
    expect(await screen.findByText('The dashboard could not be loaded', {}, { timeout: 15000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('the charts’ periods and bars', () => {
  it('asks for the last 12 weeks from a Monday, and this month so far', () => {
    const [weeks, brands] = chartSpecs('2026-11-25');
    expect(weeks!.query).toEqual({ from: '2026-09-07', to: '2026-11-25', groupBy: 'week' });
    expect(brands!.query).toEqual({ from: '2026-11-01', to: '2026-11-25', groupBy: 'brand' });
  });

  it('keeps every week, and sums the smaller groups in Others so the bars add up to the rows', () => {
    const rows = Array.from({ length: 11 }, (_, index) => row(`B${index}`, 100.01 * (11 - index)));
    const bars = barsOf({ from: 'x', to: 'y', groupBy: 'brand', rows, totals: figures(0) });
    expect(bars).toHaveLength(CHART_BARS);
    expect(bars.at(-1)!.name).toBe('Others (4)');
    const sum = (values: number[]) => Math.round(values.reduce((total, value) => total + value * 100, 0));
    expect(sum(bars.map((bar) => bar.total))).toBe(sum(rows.map((r) => r.total)));
    const weeks = Array.from({ length: 12 }, (_, index) => row(`W${index}`, index));
    expect(barsOf({ from: 'x', to: 'y', groupBy: 'week', rows: weeks, totals: figures(0) })).toHaveLength(12);
  });
});
