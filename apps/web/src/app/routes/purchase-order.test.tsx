import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { retailerMessages } from '@frameport/domain';
import { messages } from '@frameport/domain/messages';
import { orderMessages } from '@frameport/domain/messages/orders';
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

    expect(screen.getByText('You have 1 line (2 pcs) in your order')).toBeInTheDocument();
    const model = screen.getByRole('listitem', { name: 'Vistara Aviator Classic (VXAV1023)' });
    expect(within(model).getByText(/Size 54-18-140/)).toBeInTheDocument();
    expect(within(model).getByRole('listitem', { name: LINE })).toBe(line);
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
    expect(await screen.findByText('Purchase order updated')).toBeInTheDocument();
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
        cartItems: [cartItem({ IsExpired: true, ExpiredMessage: 'This line has expired. Please delete it and add it again.' })],
      }),
    });
    signIn();
    const line = await openPurchaseOrder();

    expect(within(line).getByText('This line has expired. Please delete it and add it again.')).toBeInTheDocument();
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

  it('on credit hold: keeps the cart usable, Place order off with the reason and whom to call beside it (a link that dials)', async () => {
    const message = retailerMessages.ordering.creditHold('Overdue over 60 days', 'your sales executive Ravi Kumar on 9000000009');
    const fetchSpy = fakeCartServer({
      cart: cartResponse({
        orderingBlocked: { reason: 'creditHold', message, contact: { kind: 'salesExecutive', name: 'Ravi Kumar', phone: '9000000009', email: 'ravi@frameport.test' } },
      }),
    });
    signIn();
    const line = await openPurchaseOrder();

    const notice = screen.getByText('Your account is on credit hold').closest('[role="status"]') as HTMLElement;
    expect(notice).toHaveTextContent(message);
    expect(within(notice).getByRole('link', { name: 'Call Ravi Kumar on 9000000009' })).toHaveAttribute('href', 'tel:9000000009');
    expect(within(notice).getByRole('link', { name: 'Email Ravi Kumar at ravi@frameport.test' })).toHaveAttribute('href', 'mailto:ravi@frameport.test');
    const place = screen.getByRole('button', { name: 'Place order' });
    expect(place).toBeDisabled();
    expect(place).toHaveAccessibleDescription(new RegExp('Your account is on credit hold'));
    // The lines can still be changed.
    expect(within(line).getByRole('button', { name: `Delete ${LINE}` })).toBeEnabled();
    await userEvent.setup().click(place);
    expect(bodiesOf(fetchSpy, '/api/Order/placeOrder')).toEqual([]);
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
        jsonResponse({ Status: 1, Error: { Message: orderMessages.cartNotFound, StackTrace: null }, Data: null }, 400),
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
    expect(await screen.findByText(orderMessages.cartNotFound)).toBeInTheDocument();
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

describe('/purchase-order: money and stock a retailer can check', () => {
  /**
   * Two models: a frame at ₹1,000 less 10% (₹900 net) in two colours, 5% GST; a case (accessory)
   * at ₹350.55, 18% GST. Telangana: CGST + SGST per rate.
   */
  const frameC1 = cartItem({
    CartProductDetailId: 501,
    CartProductTotQuantity: 2,
    Discount: { UsePercentage: '1', DiscountPercentage: 10, DiscountAmount: 0, TotalDiscount: 100, DiscountName: 'Telangana 10%', DiscountId: 1 },
    ProductPrice: 1000,
    NetUnitPrice: 900,
    costPriceWithoutGST: 1800,
    CGSTValue: 45,
    SGSTValue: 45,
    CartProductTotPrice: 1890,
    availableStockQuantity: 12,
  });
  const caseLine = cartItem({
    CartProductDetailId: 502,
    ProductID: 2,
    ProductTypeID: 4,
    ProductCode: 'ACC-CASE-01',
    ProductName: 'Hard case',
    ProductColor: 'Brown',
    ColorVariant: 'C1',
    CartProductTotQuantity: 1,
    ProductPrice: 350.55,
    NetUnitPrice: 350.55,
    costPriceWithoutGST: 350.55,
    CGSTRate: 9,
    SGSTRate: 9,
    CGSTValue: 31.55,
    SGSTValue: 31.55,
    CartProductTotPrice: 413.65,
    availableStockQuantity: 40,
  });
  const frameC2 = cartItem({
    ...frameC1,
    CartProductDetailId: 503,
    ProductColor: 'Tortoise',
    ColorVariant: 'C2',
    CartProductTotQuantity: 1,
    costPriceWithoutGST: 900,
    CGSTValue: 22.5,
    SGSTValue: 22.5,
    CartProductTotPrice: 945,
    availableStockQuantity: 3,
  });
  const mixed = cartResponse({
    // The frame's second colour was added last: it still shows under its model.
    cartItems: [frameC1, caseLine, frameC2],
    CartTotPrice: 3050.55,
    TotalCGSTValue: 99.05,
    TotalSGSTValue: 99.05,
    cartTotalGSTAmt: 198.1,
    CartProductTotPricewithGST: 3248.65,
    rates: null,
    taxByRate: [
      { GSTRate: 5, TaxableValue: 2700, CGSTRate: 2.5, CGSTValue: 67.5, SGSTRate: 2.5, SGSTValue: 67.5, IGSTRate: 0, IGSTValue: 0 },
      { GSTRate: 18, TaxableValue: 350.55, CGSTRate: 9, CGSTValue: 31.55, SGSTRate: 9, SGSTValue: 31.55, IGSTRate: 0, IGSTValue: 0 },
    ],
  });
  const rupees = (text: string | null | undefined) => Number((text ?? '').replace(/[^\d.]/g, ''));

  it('groups the colours of a model under it; each line shows stock, net unit price with the list price struck, and a total excl. GST', async () => {
    fakeCartServer({ cart: mixed });
    signIn();
    await openPurchaseOrder();
    expect(screen.getByText('You have 3 lines (4 pcs) in your order')).toBeInTheDocument();

    const models = within(screen.getByRole('list', { name: 'Order lines' })).getAllByRole('listitem', { name: /\(/ });
    const frame = screen.getByRole('listitem', { name: 'Vistara Aviator Classic (VXAV1023)' });
    expect(within(frame).getAllByRole('listitem').map((line) => line.getAttribute('aria-label'))).toEqual([
      'Vistara Aviator Classic, Black (C1)',
      'Vistara Aviator Classic, Tortoise (C2)',
    ]);
    expect(models[0]).toBe(frame);
    expect(within(frame).getByText(/Discount 10% off/)).toBeInTheDocument();

    const black = within(frame).getByRole('listitem', { name: 'Vistara Aviator Classic, Black (C1)' });
    expect(within(black).getByText('12 in stock')).toBeInTheDocument();
    expect(within(black).getByText(/₹900\.00/)).toBeInTheDocument();
    expect(within(black).getByText(/₹1,000\.00/).closest('s')).not.toBeNull();
    expect(within(black).getByText('₹1,800.00')).toBeInTheDocument();
    expect(within(black).getByText('excl. GST')).toBeInTheDocument();

    const hardCase = screen.getByRole('listitem', { name: 'Hard case (ACC-CASE-01)' });
    expect(within(hardCase).getByText(/Discount N\/A/)).toBeInTheDocument();
    const caseRow = within(hardCase).getByRole('listitem', { name: 'Hard case, Brown (C1)' });
    expect(within(caseRow).queryByText((_, element) => element?.tagName === 'S')).toBeNull();
  });

  it('shows line totals that add up to the subtotal on screen, and GST per rate', async () => {
    fakeCartServer({ cart: mixed });
    signIn();
    await openPurchaseOrder();

    const lines = [frameC1, caseLine, frameC2].map((item) =>
      screen.getByRole('listitem', { name: `${item.ProductName}, ${item.ProductColor} (${item.ColorVariant})` }),
    );
    const lineTotals = lines.map((line) => rupees(within(line).getByText('excl. GST').previousElementSibling?.textContent));
    expect(lineTotals).toEqual([1800, 350.55, 900]);
    const summary = screen.getByRole('region', { name: 'Payment summary' });
    const row = (label: string) => rupees(within(summary).getByText(label).nextElementSibling?.textContent);
    expect(Math.round(lineTotals.reduce((a, b) => a + b, 0) * 100)).toBe(Math.round(row('Subtotal (excl. GST)') * 100));
    expect(row('CGST 2.5% on ₹2,700.00')).toBe(67.5);
    expect(row('SGST 2.5% on ₹2,700.00')).toBe(67.5);
    expect(row('CGST 9% on ₹350.55')).toBe(31.55);
    expect(row('SGST 9% on ₹350.55')).toBe(31.55);
    expect(row('Order total (incl. GST)')).toBe(3248.65);
    expect(within(summary).queryByText(/CGST 2\.5%$|^CGST \(/)).toBeNull();
  });

  it('shows the lines not loaded yet as one amount, so the lines still add up to the subtotal', async () => {
    fakeCartServer({ cart: { ...mixed, cartItems: [frameC1, caseLine], cartItemsCount: 3 } });
    signIn();
    await openPurchaseOrder();
    const rest = screen.getByText('1 more line not shown').parentElement!;
    expect(rest).toHaveTextContent('₹900.00 excl. GST');
  });

  it('flags a line above the stock left on arrival, with the pieces left, and keeps Place order off with the reason beside it', async () => {
    const overStock = { ...frameC2, CartProductTotQuantity: 5, QuantityProblem: messages.quantity.placeOrderStock(3) };
    fakeCartServer({ cart: { ...mixed, cartItems: [frameC1, caseLine, overStock], LinesToChange: 1 } });
    signIn();
    await openPurchaseOrder();

    const line = screen.getByRole('listitem', { name: 'Vistara Aviator Classic, Tortoise (C2)' });
    expect(within(line).getByRole('alert')).toHaveTextContent("We're sorry, only 3 items are left in stock. Please update quantity to place order");
    expect(within(line).getByText('3 in stock')).toBeInTheDocument();
    const place = screen.getByRole('button', { name: 'Place order' });
    expect(place).toBeDisabled();
    expect(place).toHaveAccessibleDescription('1 line needs a change before you can place the order: see the message on the line.');
    // The other lines have nothing to change.
    expect(within(screen.getByRole('listitem', { name: LINE })).queryByRole('alert')).toBeNull();
  });

  it('flags a line above the per-colour limit on arrival with the limit, and a typed quantity above it too', async () => {
    const overLimit = { ...frameC1, CartProductTotQuantity: 25, availableStockQuantity: 60, QuantityProblem: messages.quantity.modelLimitOf(20) };
    fakeCartServer({ cart: { ...mixed, cartItems: [overLimit, caseLine], LinesToChange: 1, MaxLimitPerVariant: 20 } });
    signIn();
    const user = userEvent.setup();
    const line = await openPurchaseOrder();
    expect(within(line).getByRole('alert')).toHaveTextContent('Model quantity limit reached for this color (max 20 per colour)');
    expect(screen.getByRole('button', { name: 'Place order' })).toBeDisabled();

    const field = within(line).getByRole('textbox', { name: `Quantity of ${LINE}` });
    await user.clear(field);
    await user.type(field, '21');
    expect(within(line).getByRole('alert')).toHaveTextContent('Model quantity limit reached for this color (max 20 per colour)');
    expect(within(line).getByRole('button', { name: 'Update' })).toBeDisabled();
    await user.clear(field);
    await user.type(field, '20');
    expect(within(line).queryByRole('alert')).toBeNull();
    expect(within(line).getByRole('button', { name: 'Update' })).toBeEnabled();
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
