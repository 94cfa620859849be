import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminCalls, fakeAdminServer, orderRow, ordersPage, staffProfile } from '../../../testing/admin-fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { signIn, stubBrowserApis } from '../../../testing/signed-in-fixtures.ts';

beforeEach(stubBrowserApis);
afterEach(() => vi.unstubAllGlobals());

const twoOrders = () =>
  ordersPage(
    [
      orderRow(),
      orderRow({
        id: 42,
        orderRefNo: 'FP-2026-000042',
        status: 'On hold',
        holdKind: 'credit',
        holdReason: 'Over the credit limit',
        retailerName: 'Sharma Eye Care',
        city: 'Pune',
        stateName: 'Maharashtra',
        salesExecutives: [],
        totalQuantity: 10,
        total: 8500.5,
      }),
    ],
    { totalCount: 2, counts: { Placed: 1, Confirmed: 0, 'On hold': 1, 'Partially dispatched': 0, Dispatched: 0, Delivered: 0, Cancelled: 0 } },
  );

async function openQueue(path = '/admin/orders', answer: Parameters<typeof fakeAdminServer>[0] = { orders: twoOrders() }) {
  const server = fakeAdminServer(answer);
  signIn();
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Orders' }, { timeout: 15000 });
  return { ...view, server };
}

describe('order queue', () => {
  it('offers the e-invoices of a date range to admin and accounts, not to the warehouse', async () => {
    const admin = await openQueue();
    expect(screen.getByRole('button', { name: 'E-invoices' })).toBeInTheDocument();
    admin.unmount();
    const accounts = await openQueue('/admin/orders', { orders: twoOrders(), profile: staffProfile('Accounts') });
    expect(await screen.findByRole('button', { name: 'E-invoices' })).toBeInTheDocument();
    accounts.unmount();
    await openQueue('/admin/orders', { orders: twoOrders(), profile: staffProfile('Warehouse') });
    await screen.findByRole('row', { name: /Order FP-2026-000041/ });
    expect(screen.queryByRole('button', { name: 'E-invoices' })).not.toBeInTheDocument();
  });

  it('lists the orders: ref, placed (India time), retailer and place, executives, pieces, total in rupees, status with the hold reason', async () => {
    await openQueue();
    const row = await screen.findByRole('row', { name: /Order FP-2026-000041/ });
    expect(within(row).getByRole('link', { name: 'FP-2026-000041' })).toHaveAttribute('href', '/admin/orders/41');
    // 09:15 UTC is 2:45 pm in India.
    expect(row).toHaveTextContent(/20 Nov 2026\s*02:45 pm/i);
    expect(row).toHaveTextContent('Verma Opticals');
    expect(row).toHaveTextContent('Hyderabad, Telangana');
    expect(row).toHaveTextContent('Ravi Kumar');
    expect(within(row).getByText('24')).toBeInTheDocument();
    expect(within(row).getByText('₹1,24,999.00')).toBeInTheDocument();
    expect(within(row).getByText('Placed')).toBeInTheDocument();

    const held = screen.getByRole('row', { name: /Order FP-2026-000042/ });
    expect(within(held).getByText('On hold')).toBeInTheDocument();
    expect(held).toHaveTextContent('Credit hold: Over the credit limit');
    expect(within(held).getByText('₹8,500.50')).toBeInTheDocument();
    expect(screen.getByText('Showing 1–2 of 2 orders')).toBeInTheDocument();

    // The tabs count under the other filters: All is their sum.
    const tabs = screen.getByRole('navigation', { name: 'Order status' });
    expect(within(tabs).getByRole('link', { name: 'All (2)' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'On hold (1)' })).toBeInTheDocument();
    expect(within(tabs).getByRole('link', { name: 'Cancelled (0)' })).toBeInTheDocument();
  });

  it('sends the URL filters to the server and the status tab into the URL', async () => {
    const user = userEvent.setup();
    const { server, router } = await openQueue('/admin/orders?q=verma&stateId=36&from=2026-11-01&to=2026-11-30&page=2');
    await screen.findByRole('row', { name: /FP-2026-000041/ });
    const first = adminCalls(server, '/api/admin/orders')[0]!.url.searchParams;
    expect(Object.fromEntries(first)).toEqual({ q: 'verma', stateId: '36', from: '2026-11-01', to: '2026-11-30', pageNumber: '2', pageSize: '50' });
    expect(screen.getByRole('searchbox', { name: 'Search orders' })).toHaveValue('verma');
    expect(await screen.findByRole('option', { name: 'Telangana', selected: true })).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'On hold (1)' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('status')).toBe('On hold'));
    // A new tab starts on page 1; the other filters stay.
    expect(new URLSearchParams(router.state.location.search).get('page')).toBeNull();
    await waitFor(() => expect(adminCalls(server, '/api/admin/orders').at(-1)!.url.searchParams.get('status')).toBe('On hold'));
  });

  it('focuses the search with /, searches after a pause, and Escape leaves the box', async () => {
    const user = userEvent.setup();
    const { server, router } = await openQueue();
    await screen.findByRole('row', { name: /FP-2026-000041/ });
    const box = screen.getByRole('searchbox', { name: 'Search orders' });
    expect(box).not.toHaveFocus();

    await user.keyboard('/');
    expect(box).toHaveFocus();
    expect(box).toHaveValue('');
    await user.keyboard('Sharma');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('q')).toBe('Sharma'));
    await waitFor(() => expect(adminCalls(server, '/api/admin/orders').at(-1)!.url.searchParams.get('q')).toBe('Sharma'));
    expect(box).toHaveValue('Sharma');
    // Searches follow pauses in the typing, not every keystroke.
    expect(adminCalls(server, '/api/admin/orders').filter(({ url }) => url.searchParams.has('q')).length).toBeLessThan(6);

    await user.keyboard('{Escape}');
    expect(box).not.toHaveFocus();
  });

  it('opens an order with Enter on its focused row, and by clicking a row', async () => {
    const user = userEvent.setup();
    const { router } = await openQueue();
    const row = await screen.findByRole('row', { name: /Order FP-2026-000041/ });
    row.focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('row', { name: /Order FP-2026-000042/ })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(row).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/orders/41'));
    // The order screen.
    expect(await screen.findByRole('heading', { level: 1, name: /FP-2026-000041/ }, { timeout: 15000 })).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: '← Order queue' }));
    await user.click(await screen.findByText('Sharma Eye Care'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/orders/42'));
  });

  it('says when nothing matches and clears the filters (keeping the tab)', async () => {
    const user = userEvent.setup();
    const { router } = await openQueue('/admin/orders?status=Placed&q=nobody', {
      orders: (url) => (url.searchParams.has('q') ? ordersPage([], { totalCount: 0 }) : twoOrders()),
    });
    expect(await screen.findByRole('heading', { name: 'No orders match these filters.' })).toBeInTheDocument();
    const clear = screen.getAllByRole('button', { name: 'Clear filters' });
    await user.click(clear.at(-1)!);
    await waitFor(() => expect(router.state.location.search).toBe('?status=Placed'));
    expect(await screen.findByRole('row', { name: /FP-2026-000041/ })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search orders' })).toHaveValue('');
  });

  it('shows a skeleton while loading, then the failure with Retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    const { server } = await openQueue('/admin/orders', { orders: () => (fail ? 'fail' : twoOrders()) });
    expect(screen.getByRole('status', { name: 'Loading orders' })).toBeInTheDocument();
    expect(await screen.findByText('The orders could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Something went wrong. Please try again.')).toBeInTheDocument();

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('row', { name: /FP-2026-000041/ })).toBeInTheDocument();
    expect(adminCalls(server, '/api/admin/orders')).toHaveLength(2);
  });
});
