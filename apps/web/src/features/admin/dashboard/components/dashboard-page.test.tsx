import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dashboardFigures } from '../../../../testing/admin-fixtures.ts';
import { renderApp } from '../../../../testing/render-app.tsx';
import { signIn, stubBrowserApis } from '../../../../testing/signed-in-fixtures.ts';
import { fakeDeskServer } from '../../stock/stock-fixtures.ts';

beforeEach(() => {
  stubBrowserApis();
  signIn();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const tile = (name: RegExp) => screen.getByRole('link', { name });

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
  });

  it('offers Retry when the figures cannot be loaded', async () => {
    fakeDeskServer((url) => (url.pathname === '/api/admin/dashboard' ? { status: 500, message: 'Something went wrong. Please try again.' } : undefined));
    renderApp('/admin');
    expect(await screen.findByText('The dashboard could not be loaded', {}, { timeout: 15000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
