import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bodiesOf } from '../../features/cart/cart-fixtures.ts';
import { fakeOrdersServer, orderDetails, orderLine, orderSummary } from '../../features/orders/order-fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { signIn, stubBrowserApis } from '../layouts/signed-in-fixtures.ts';

beforeEach(() => {
  stubBrowserApis();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const manyOrders = (count: number) => Array.from({ length: count }, (_, index) => orderSummary(index + 1));

function myOrdersCalls(fetchSpy: ReturnType<typeof fakeOrdersServer>): string[] {
  return fetchSpy.mock.calls.map(([input]) => String(input)).filter((url) => url.includes('/api/Order/getMyOrders'));
}

async function openOrder(refNo: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: `View order ${refNo}` }));
  const drawer = await screen.findByRole('dialog', { name: `Order ${refNo}` });
  await within(drawer).findByRole('table', { name: `Lines of order ${refNo}` });
  return { user, drawer };
}

describe('/profile My Orders', () => {
  it('lists the first 10 orders and Load More asks for 10 more', async () => {
    const fetchSpy = fakeOrdersServer({ orders: manyOrders(13) });
    signIn();
    const user = userEvent.setup();
    renderApp('/profile?order=true');

    expect(await screen.findByRole('tab', { name: 'My Orders', selected: true })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'My orders' });
    const first = within(table).getByRole('row', { name: 'Order FP-000101' });
    expect(within(first).getByText('05 Mar 2026')).toBeInTheDocument();
    expect(within(first).getByText('Pending')).toBeInTheDocument();
    expect(within(first).getByText('₹2,100.00')).toBeInTheDocument();
    expect(within(table).getAllByRole('row', { name: /^Order FP-/ })).toHaveLength(10);
    expect(myOrdersCalls(fetchSpy).at(-1)).toContain('pageNumber=1&pageSize=10');

    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(within(table).getAllByRole('row', { name: /^Order FP-/ })).toHaveLength(13));
    expect(myOrdersCalls(fetchSpy).at(-1)).toContain('pageNumber=1&pageSize=20');
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
  });

  it('says so when there are no orders, also on /my-orders', async () => {
    fakeOrdersServer({ orders: [] });
    signIn();
    renderApp('/my-orders');

    expect(await screen.findByRole('tab', { name: 'My Orders', selected: true })).toBeInTheDocument();
    expect(await screen.findByText('You have not placed any orders yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
  });

  it('shows CGST and SGST in the order totals when there is no IGST', async () => {
    fakeOrdersServer({ orders: manyOrders(1), details: orderDetails({ Note: 'Deliver before Diwali' }) });
    signIn();
    renderApp('/profile?order=true');
    const { drawer } = await openOrder('FP-000101');

    const totals = within(drawer).getByRole('region', { name: 'Order totals' });
    expect(within(totals).getByText('Subtotal').nextSibling).toHaveTextContent('₹2,000.00');
    expect(within(totals).getByText('CGST').nextSibling).toHaveTextContent('₹50.00');
    expect(within(totals).getByText('SGST').nextSibling).toHaveTextContent('₹50.00');
    expect(within(totals).queryByText('IGST')).not.toBeInTheDocument();
    expect(within(totals).getByText('Order total').nextSibling).toHaveTextContent('₹2,100.00');
    expect(within(drawer).getByText('Deliver before Diwali')).toBeInTheDocument();
    const line = within(drawer).getByRole('row', { name: 'Vistara Aviator Classic, Black (C1)' });
    expect(within(line).getByText('54-18-140')).toBeInTheDocument();
  });

  it('shows IGST alone when it is above 0', async () => {
    fakeOrdersServer({
      orders: manyOrders(1),
      details: orderDetails({
        lines: [orderLine({ IGSTValue: 100, CGSTValue: 0, SGSTValue: 0, IGSTRate: 5, CGSTRate: 0, SGSTRate: 0 })],
        TotalIGSTValue: 100,
        TotalCGSTValue: 0,
        TotalSGSTValue: 0,
      }),
    });
    signIn();
    renderApp('/profile?order=true');
    const { drawer } = await openOrder('FP-000101');

    const totals = within(drawer).getByRole('region', { name: 'Order totals' });
    expect(within(totals).getByText('IGST').nextSibling).toHaveTextContent('₹100.00');
    expect(within(totals).queryByText('CGST')).not.toBeInTheDocument();
    expect(within(totals).queryByText('SGST')).not.toBeInTheDocument();
  });

  it('orders again in one call with the quantities as ordered and reports the skipped lines', async () => {
    const fetchSpy = fakeOrdersServer({
      orders: manyOrders(1),
      details: orderDetails({
        lines: [
          orderLine(),
          orderLine({ ProductID: 2, ProductName: 'Kaveri Round', ColorName: 'Tortoise', ColorVariant: 'C2', ProductQty: 5 }),
          orderLine({ ProductID: 3, ProductName: 'Free Case', ColorVariant: 'C1', ProductQty: 1, IsFree: true }),
        ],
      }),
      skipped: [{ ProductId: 2, ColorVariant: 'C2', Message: 'Only 3 left in stock' }],
    });
    signIn();
    renderApp('/profile?order=true');
    const { user, drawer } = await openOrder('FP-000101');

    await user.click(within(drawer).getByRole('button', { name: 'Order again' }));

    await waitFor(() =>
      expect(bodiesOf(fetchSpy, '/api/Product/addItemsToCart')).toEqual([
        {
          Products: [
            { ProductId: 1, ColorVariant: 'C1', Quantity: 2 },
            { ProductId: 2, ColorVariant: 'C2', Quantity: 5 },
          ],
          Email: null,
        },
      ]),
    );
    expect(await within(drawer).findByText('Some items were not added')).toBeInTheDocument();
    expect(within(drawer).getByText('Kaveri Round, Tortoise (C2): Only 3 left in stock')).toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: 'Go to purchase order' })).toHaveAttribute('href', '/purchase-order');
  });

  it('shows the order-placed dialog while success=true and OK removes the flag', async () => {
    fakeOrdersServer({ orders: manyOrders(1) });
    signIn();
    const user = userEvent.setup();
    const { router } = renderApp('/profile?order=true&success=true');

    const dialog = await screen.findByRole('dialog', { name: 'Order Placed Successfully' });
    expect(within(dialog).getByText('You can track status of your orders at any time in my order section.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));

    await waitFor(() => expect(router.state.location.search).toBe('?order=true'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Order Placed Successfully' })).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/profile');
  });
});
