import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { catalogueQueries } from '../../features/catalogue/api.ts';
import { cartResponse, fakeCartServer } from '../../testing/cart-fixtures.ts';
import { filters, product } from '../../testing/catalogue-fixtures.ts';
import { fakeOrdersServer, orderSummary } from '../../testing/order-fixtures.ts';
import { jsonResponse, renderApp } from '../../testing/render-app.tsx';
import { signIn, stubBrowserApis } from '../../testing/signed-in-fixtures.ts';

beforeEach(() => {
  stubBrowserApis();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** The cart and order calls of one retailer: placing the order adds it to the top of their list, as the server does. */
function fakeRetailerServer() {
  const orders = [orderSummary(1)];
  const orderCalls = fakeOrdersServer({ orders }).getMockImplementation()!;
  const fetchSpy = fakeCartServer({
    cart: cartResponse(),
    placeOrder: async () => {
      orders.unshift(orderSummary(2));
      return jsonResponse({ Status: 0, Error: null, Data: { message: 'Success', OrderRefNo: 'FP-000102', OrderID: 102 } });
    },
  });
  const cartCalls = fetchSpy.getMockImplementation()!;
  fetchSpy.mockImplementation((input, init) =>
    new URL(String(input), 'http://localhost').pathname === '/api/Order/getMyOrders' ? orderCalls(input, init) : cartCalls(input, init),
  );
}

describe('placing an order', () => {
  it('lists the new order in My Orders loaded moments before, and leaves no stock figure fresh', async () => {
    fakeRetailerServer();
    signIn();
    const user = userEvent.setup();
    const { router, queryClient } = renderApp('/profile?order=true');

    // The first render of the file loads the route's chunk: slow on a busy machine.
    const before = await screen.findByRole('table', { name: 'My orders' }, { timeout: 5000 });
    expect(within(before).getByRole('row', { name: 'Order FP-000101' })).toBeInTheDocument();
    expect(within(before).queryByRole('row', { name: 'Order FP-000102' })).not.toBeInTheDocument();
    // A product page and the filters seen earlier: the product shows stock, the filters do not.
    queryClient.setQueryData(catalogueQueries.product(7).queryKey, product());
    queryClient.setQueryData(catalogueQueries.filters().queryKey, filters());

    // Well within the 30 s a loaded list counts as fresh.
    await act(() => router.navigate('/purchase-order'));
    await screen.findByRole('heading', { level: 1, name: 'Purchase Order' }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order Placed Successfully' });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));

    const after = screen.getByRole('table', { name: 'My orders' });
    expect(await within(after).findByRole('row', { name: 'Order FP-000102' })).toBeInTheDocument();
    expect(within(after).getByRole('row', { name: 'Order FP-000101' })).toBeInTheDocument();
    expect(queryClient.getQueryState(catalogueQueries.product(7).queryKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(catalogueQueries.filters().queryKey)?.isInvalidated).toBe(false);
  });
});
