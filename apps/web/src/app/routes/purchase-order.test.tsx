import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@frameport/domain/messages';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { BLR, creditPosition, fakeActingServer, requestsTo, signInAsSales } from '../../testing/acting-fixtures.ts';
import { bodiesOf, cartItem, cartResponse, fakeCartServer } from '../../testing/cart-fixtures.ts';
import { startSession } from '../../lib/session.ts';
import { jsonResponse, renderApp } from '../../testing/render-app.tsx';
import { signIn, stubBrowserApis } from '../../testing/signed-in-fixtures.ts';

const LINE = 'Vistara Aviator Classic, Black (C1)';

beforeEach(() => {
  stubBrowserApis();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function openPurchaseOrder() {
  renderApp('/purchase-order');
  await screen.findByRole('heading', { level: 1, name: 'Purchase Order' });
  return screen.getByRole('listitem', { name: LINE });
}

describe('/purchase-order', () => {
  it('shows the count, the line, the bill-to block and a badge in the header', async () => {
    fakeCartServer({ cart: cartResponse() });
    signIn();
    const line = await openPurchaseOrder();

    expect(screen.getByText('You have 1 item in your order')).toBeInTheDocument();
    expect(within(line).getByText(/Size 54-18-140/)).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByText('Verma Opticals')).toBeInTheDocument();
    expect(await screen.findByTestId('cart-count')).toHaveTextContent('1');
  });

  it('says so when the cart is empty and offers no Place order', async () => {
    fakeCartServer({ cart: cartResponse({ cartItems: [] }) });
    signIn();
    renderApp('/purchase-order');

    expect(await screen.findByText('You have 0 items in your order')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Place order' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('cart-count')).not.toBeInTheDocument();
  });

  it('enables Update only for a valid change and sends it', async () => {
    const fetchSpy = fakeCartServer({ cart: cartResponse() });
    signIn();
    const user = userEvent.setup();
    const line = await openPurchaseOrder();
    const update = within(line).getByRole('button', { name: 'Update' });
    const field = within(line).getByRole('textbox', { name: `Quantity of ${LINE}` });
    expect(update).toBeDisabled();

    await user.clear(field);
    await user.type(field, '20');
    expect(within(line).getByRole('alert')).toHaveTextContent(
      "We're sorry, only 12 items are left in stock. Please update quantity to place order",
    );
    expect(update).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Place order' })).toBeDisabled();

    await user.clear(field);
    await user.type(field, '2');
    expect(update).toBeDisabled(); // unchanged

    await user.clear(field);
    await user.type(field, '5');
    expect(update).toBeEnabled();
    await user.click(update);

    await waitFor(() => expect(bodiesOf(fetchSpy, '/api/Product/updateItemsToCart')).toEqual([
      { lines: [{ CartProductDetailID: 501, Quantity: 5 }], Email: null },
    ]));
    expect(await screen.findByText('Cart updated successfully')).toBeInTheDocument();
  });

  it('asks before deleting a line', async () => {
    const fetchSpy = fakeCartServer({ cart: cartResponse() });
    signIn();
    const user = userEvent.setup();
    const line = await openPurchaseOrder();

    await user.click(within(line).getByRole('button', { name: `Delete ${LINE}` }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete this item?')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fetchSpy.mock.calls.some(([input]) => String(input).includes('deleteCartItems'))).toBe(false);

    await user.click(within(line).getByRole('button', { name: `Delete ${LINE}` }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(fetchSpy.mock.calls.some(([input]) => String(input).includes('deleteCartItems?CartProductDetailID=501'))).toBe(true),
    );
  });

  it('asks before clearing the cart', async () => {
    fakeCartServer({ cart: cartResponse() });
    signIn();
    const user = userEvent.setup();
    await openPurchaseOrder();

    await user.click(screen.getByRole('button', { name: 'Clear Cart' }));
    expect(within(await screen.findByRole('dialog')).getByText('Are you sure you want to clear cart?')).toBeInTheDocument();
  });

  it('flags an expired line with the server message and keeps it removable', async () => {
    fakeCartServer({
      cart: cartResponse({
        cartItems: [cartItem({ IsExpired: true, ExpiredMessage: 'This item has expired. Please remove it and add it again.' })],
      }),
    });
    signIn();
    const line = await openPurchaseOrder();

    expect(within(line).getByText('This item has expired. Please remove it and add it again.')).toBeInTheDocument();
    expect(within(line).queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
    expect(within(line).getByRole('button', { name: `Delete ${LINE}` })).toBeEnabled();
  });

  it('shows Load more while more lines exist and asks for 5 more', async () => {
    const fetchSpy = fakeCartServer({ cart: cartResponse({ cartItemsCount: 12 }) });
    signIn();
    const user = userEvent.setup();
    await openPurchaseOrder();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() =>
      expect(fetchSpy.mock.calls.some(([input]) => String(input).includes('getCartItems?pageNumber=1&pageSize=15'))).toBe(true),
    );
  });

  it('locks the fields while placing, sends the CartId and note, then confirms with the order reference', async () => {
    let answer: (response: Response) => void = () => {};
    const fetchSpy = fakeCartServer({
      cart: cartResponse(),
      placeOrder: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    signIn();
    const user = userEvent.setup();
    const line = await openPurchaseOrder();

    await user.type(screen.getByRole('textbox', { name: 'Order notes (optional)' }), 'Deliver before Diwali');
    await user.click(screen.getByRole('button', { name: 'Place order' }));

    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Order notes (optional)' })).toBeDisabled());
    expect(within(line).getByRole('textbox', { name: `Quantity of ${LINE}` })).toBeDisabled();
    expect(within(line).getByRole('button', { name: `Delete ${LINE}` })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Clear Cart' })).toBeDisabled();
    expect(bodiesOf(fetchSpy, '/api/Order/placeOrder')).toEqual([{ CartId: 31, Note: 'Deliver before Diwali', Email: null }]);

    answer(jsonResponse({ Status: 0, Error: null, Data: { message: 'Success', OrderRefNo: 'FP-000123', OrderID: 123 } }));
    const dialog = await screen.findByRole('dialog', { name: 'Order Placed Successfully' });
    expect(within(dialog).getByText('You can track status of your orders at any time in my order section.')).toBeInTheDocument();
    expect(within(dialog).getByText('FP-000123')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'My Orders', selected: true })).toBeInTheDocument();
  });

  it('sends a signed-out visitor to /login', async () => {
    fakeCartServer({ cart: cartResponse() });
    startSession({ accessToken: 'x', expiresAt: Date.now() - 1, userName: 'a@b.in', rememberMe: false });
    const { router } = renderApp('/purchase-order');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('sends an Idempotency-Key, the same again after a network error, a new one after an answer', async () => {
    const answers: (() => Promise<Response>)[] = [
      () => Promise.reject(new TypeError('Failed to fetch')),
      async () =>
        jsonResponse({ Status: 1, Error: { Message: messages.order.cartNotFound, StackTrace: null }, Data: null }, 400),
      async () => jsonResponse({ Status: 0, Error: null, Data: { message: 'Success', OrderRefNo: 'FP-000124', OrderID: 124 } }),
    ];
    const fetchSpy = fakeCartServer({ cart: cartResponse(), placeOrder: () => answers.shift()!() });
    signIn();
    const user = userEvent.setup();
    await openPurchaseOrder();
    const place = screen.getByRole('button', { name: 'Place order' });

    await user.click(place);
    expect(await screen.findByText(messages.http.network)).toBeInTheDocument();
    await waitFor(() => expect(place).toBeEnabled());
    await user.click(place);
    expect(await screen.findByText(messages.order.cartNotFound)).toBeInTheDocument();
    await waitFor(() => expect(place).toBeEnabled());
    await user.click(place);
    await screen.findByRole('dialog', { name: 'Order Placed Successfully' });

    const keys = fetchSpy.mock.calls
      .filter(([input]) => String(input).startsWith('/api/Order/placeOrder'))
      .map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    // The retry after "no answer" may be the same order: same key. After an answer: a new attempt.
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('acting for a retailer: reads, changes and places that retailer’s order with their email', async () => {
    const fetchSpy = fakeActingServer();
    signInAsSales(BLR);
    const user = userEvent.setup();
    const line = await openPurchaseOrder();

    expect(requestsTo(fetchSpy, '/api/Product/getCartItems')[0]?.url.searchParams.get('email')).toBe(BLR.email);
    await waitFor(() => expect(requestsTo(fetchSpy, '/api/Product/getCartItemsCount').length).toBeGreaterThan(0));
    expect(requestsTo(fetchSpy, '/api/Product/getCartItemsCount')[0]?.url.searchParams.get('email')).toBe(BLR.email);

    await user.click(within(line).getByRole('button', { name: `Delete ${LINE}` }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(requestsTo(fetchSpy, '/api/Product/deleteCartItems')).toHaveLength(1));
    expect(requestsTo(fetchSpy, '/api/Product/deleteCartItems')[0]?.url.searchParams.get('email')).toBe(BLR.email);

    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(requestsTo(fetchSpy, '/api/Order/placeOrder')).toHaveLength(1));
    expect(requestsTo(fetchSpy, '/api/Order/placeOrder')[0]?.body).toEqual({ CartId: 31, Note: null, Email: BLR.email });
  });
});

describe('/purchase-order: the credit panel', () => {
  it('shows a sales executive the retailer’s credit, in warning words when the order is over it and invoices are overdue', async () => {
    // The cart's total with GST is ₹2,100.00.
    const fetchSpy = fakeActingServer({
      credit: creditPosition({
        Available: 1000,
        Outstanding: 64_000,
        Overdue: 12_500,
        OldestOverdueDays: 47,
        OldestOverdueInvoiceNo: 'FP/26-27/00012',
        CreditHold: true,
        CreditHoldReason: 'Cheque returned.',
      }),
    });
    signInAsSales(BLR);
    await openPurchaseOrder();

    const panel = await screen.findByRole('region', { name: 'Credit before placing' });
    expect(within(panel).getByText('Available credit').nextSibling).toHaveTextContent('₹1,000.00');
    expect(within(panel).getByText('Outstanding').nextSibling).toHaveTextContent('₹64,000.00');
    expect(within(panel).getByText('Overdue').nextSibling).toHaveTextContent('₹12,500.00');
    expect(within(panel).getByText('Oldest overdue: 47 days, FP/26-27/00012')).toBeInTheDocument();
    const warnings = within(panel).getByRole('list', { name: 'Credit warnings' });
    expect(within(warnings).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'On credit hold: Cheque returned. The desk will hold new orders.',
      'This order is ₹1,100.00 more than the available credit.',
      'Invoices are overdue: the desk may hold this order until they are paid.',
    ]);
    // Sits above Place order, which stays available: the desk decides.
    const place = screen.getByRole('button', { name: 'Place order' });
    expect(panel.compareDocumentPosition(place) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(place).toBeEnabled();
    expect(requestsTo(fetchSpy, '/api/Order/getCreditPosition')[0]?.url.searchParams.get('email')).toBe(BLR.email);
  });

  it('says all is well when the order is within the available credit and nothing is overdue', async () => {
    fakeActingServer();
    signInAsSales(BLR);
    await openPurchaseOrder();

    const panel = await screen.findByRole('region', { name: 'Credit before placing' });
    expect(within(panel).getByText('Available credit').nextSibling).toHaveTextContent('₹3,50,000.00');
    expect(within(panel).getByText('Within the available credit, nothing overdue.')).toBeInTheDocument();
    expect(within(panel).queryByRole('list', { name: 'Credit warnings' })).not.toBeInTheDocument();
    expect(within(panel).queryByText(/Oldest overdue/)).not.toBeInTheDocument();
  });

  it('is not shown to a retailer ordering for itself, nor asked for', async () => {
    const fetchSpy = fakeCartServer({ cart: cartResponse() });
    signIn();
    await openPurchaseOrder();

    expect(screen.getByRole('button', { name: 'Place order' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Credit before placing' })).not.toBeInTheDocument();
    expect(bodiesOf(fetchSpy, '/api/Order/getCreditPosition')).toHaveLength(0);
  });
});
