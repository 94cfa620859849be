import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fail } from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import { orderMessages } from '@frameport/domain/messages/orders';
import {
  auditLog,
  carts,
  mailOutbox,
  orderLines,
  orders,
  orderStatusHistory,
  productColours,
  retailers,
  shippingAddresses,
} from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createProduct, createRetailer, createStaffUser, loginAs, HSN_NOT_IN_GST_TABLE } from '../../test/factories.ts';
import { CART_LINE_TTL_MS } from '../pricing/service.ts';

type Headers = { authorization: string };

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

async function retailer(stateCode: '36' | '29' = '36') {
  const user = await createRetailer(t.db, { stateCode });
  const { headers } = await loginAs(t.app, user, true);
  return { ...user, headers };
}

async function addToCart(headers: Headers, productId: number, ColorVariant: string, Quantity: number, Email?: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/Product/addItemsToCart',
    headers,
    payload: { Products: [{ ProductId: productId, ColorVariant, Quantity }], ...(Email ? { Email } : {}) },
  });
  expect(response.statusCode, response.body).toBe(200);
  const cart = await t.app.inject({ url: `/api/Product/getCartItems${Email ? `?email=${encodeURIComponent(Email)}` : ''}`, headers });
  return cart.json<{ Data: { billToInfo: { CartId: number }; CartProductTotPricewithGST: number } }>().Data;
}

async function place(headers: Headers, CartId: number, options: { key?: string; Email?: string; Note?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/Order/placeOrder',
    headers: { ...headers, ...(options.key ? { 'idempotency-key': options.key } : {}) },
    payload: { CartId, Note: options.Note ?? '', Email: options.Email ?? null },
  });
}

async function stockOf(variantId: number) {
  const [row] = await t.db.select().from(productColours).where(eq(productColours.id, variantId));
  return row!.availableStockQuantity;
}

describe('placeOrder', () => {
  it('writes the order with snapshots and history, takes the stock, empties the cart and queues the mail', async () => {
    const r = await retailer('29');
    const p = await createProduct(t.db, { stocks: [10], netPricePaise: 99_999, gstRatePercent: 12, hsnCode: HSN_NOT_IN_GST_TABLE });
    const cart = await addToCart(r.headers, p.productId, 'C1', 3);
    const response = await place(r.headers, cart.billToInfo.CartId, { Note: 'Deliver before noon.' });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().Data;
    expect(data.message).toBe(orderMessages.placed);
    expect(data.OrderRefNo).toMatch(/^FP\/2026-27\/\d{6}$/);
    expect(await stockOf(p.variants[0]!.id)).toBe(7);

    const [order] = await t.db.select().from(orders).where(eq(orders.id, data.OrderID));
    expect(order).toMatchObject({ retailerId: r.retailerId, placedByUserId: r.userId, status: 'Placed', totalQuantity: 3, note: 'Deliver before noon.' });
    expect(order!.totalPaise).toBe(Math.round(cart.CartProductTotPricewithGST * 100));
    expect(order!.igstPaise).toBe(36_000);
    // Bill-to and ship-to are snapshots: later changes to the retailer do not rewrite the order.
    expect(order).toMatchObject({ billToBusinessName: 'Test Opticals', billToStateCode: '29', shipToName: 'Asha Rao', shipToAddress: '12 Test Street', shipToStateCode: '29', shipToPhone: '9876543210' });
    expect(order!.shippingAddressId).toEqual(expect.any(Number));
    await t.db.update(retailers).set({ businessName: 'Renamed Opticals' }).where(eq(retailers.id, r.retailerId));
    await t.db.update(shippingAddresses).set({ address: '99 New Road' }).where(eq(shippingAddresses.retailerId, r.retailerId));
    const [snapshot] = await t.db.select().from(orders).where(eq(orders.id, data.OrderID));
    expect(snapshot).toMatchObject({ billToBusinessName: 'Test Opticals', shipToAddress: '12 Test Street' });
    const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, order!.id));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ quantity: 3, hsnCode: HSN_NOT_IN_GST_TABLE, colorVariant: 'C1', unitPricePaise: 99_999, igstRatePercent: 12 });
    const history = await t.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order!.id));
    expect(history.map((h) => [h.status, h.changedByUserId])).toEqual([['Placed', r.userId]]);
    expect(await t.db.select().from(carts).where(eq(carts.retailerId, r.retailerId))).toHaveLength(0);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, r.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(data.OrderRefNo);

    const mine = await t.app.inject({ url: '/api/Order/getMyOrders', headers: r.headers });
    expect(mine.json().Data).toEqual({
      orders: [
        {
          OrderID: data.OrderID,
          OrderStatus: 'Placed',
          OrderRefNo: data.OrderRefNo,
          OrderDate: t.clock.now().toISOString(),
          OrderTotalAmt: 2999.97,
          OrderNetTotalAmt: 3359.97,
          OrderItemTotal: 3,
        },
      ],
      totalCount: 1,
    });
    const details = await t.app.inject({ url: `/api/Order/getOrderDetails?orderId=${data.OrderID}`, headers: r.headers });
    expect(details.statusCode).toBe(200);
    expect(details.json().Data).toMatchObject({
      OrderRefNo: data.OrderRefNo,
      Note: 'Deliver before noon.',
      CartTotPrice: 2999.97,
      TotalIGSTValue: 360,
      TotalCGSTValue: 0,
      CartProductTotPricewithGST: 3359.97,
      lines: [{ ProductQty: 3, ProductListPrice: 999.99, IGSTValue: 360, IGSTRate: 12, GSTStateCode: '29', ProductTotAmt: 3359.97 }],
    });

    const other = await retailer();
    const foreign = await t.app.inject({ url: `/api/Order/getOrderDetails?orderId=${data.OrderID}`, headers: other.headers });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(fail(orderMessages.notFound));
    expect((await t.app.inject({ url: '/api/Order/getMyOrders', headers: other.headers })).json().Data.totalCount).toBe(0);
  });

  it('creates one order for a repeated key, with the header or without (per cart)', async () => {
    const r = await retailer();
    const p = await createProduct(t.db, { stocks: [10, 10] });
    const cart = await addToCart(r.headers, p.productId, 'C1', 2);
    const [a, b] = await Promise.all([place(r.headers, cart.billToInfo.CartId), place(r.headers, cart.billToInfo.CartId)]);
    expect(a!.statusCode, a!.body).toBe(200);
    expect(b!.statusCode, b!.body).toBe(200);
    expect(a!.json().Data.OrderRefNo).toBe(b!.json().Data.OrderRefNo);

    const second = await addToCart(r.headers, p.productId, 'C2', 1);
    const key = 'order-attempt-0001';
    const first = await place(r.headers, second.billToInfo.CartId, { key });
    const again = await place(r.headers, second.billToInfo.CartId, { key });
    expect(again.statusCode).toBe(200);
    expect(again.json().Data.OrderID).toBe(first.json().Data.OrderID);
    expect(await t.db.select().from(orders).where(eq(orders.retailerId, r.retailerId))).toHaveLength(2);
    expect(await stockOf(p.variants[0]!.id)).toBe(8);
    expect(await stockOf(p.variants[1]!.id)).toBe(9);
  });

  it('refuses expired lines, stock shortfalls and limits, writing nothing', async () => {
    const r = await retailer();
    const p = await createProduct(t.db, { stocks: [5] });
    const cart = await addToCart(r.headers, p.productId, 'C1', 4);
    await t.db.update(productColours).set({ availableStockQuantity: 2 }).where(eq(productColours.id, p.variants[0]!.id));
    const short = await place(r.headers, cart.billToInfo.CartId);
    expect(short.statusCode).toBe(409);
    expect(short.json()).toEqual(fail(messages.quantity.placeOrderStock(2)));

    t.clock.advance(CART_LINE_TTL_MS);
    const expired = await place(r.headers, cart.billToInfo.CartId);
    expect(expired.statusCode).toBe(409);
    expect(expired.json()).toEqual(fail(messages.cart.expiredInOrder));
    expect(await stockOf(p.variants[0]!.id)).toBe(2);
    expect(await t.db.select().from(orders).where(eq(orders.retailerId, r.retailerId))).toHaveLength(0);
    // The confirmation mail is written in the order's transaction: no order, no mail.
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, r.email))).toHaveLength(0);

    const other = await retailer();
    const foreign = await place(other.headers, cart.billToInfo.CartId);
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses a colour above a per-colour limit lowered after it was added, saying the limit', async () => {
    const r = await retailer();
    const p = await createProduct(t.db, { stocks: [50] });
    const cart = await addToCart(r.headers, p.productId, 'C1', 8);
    await t.db.update(retailers).set({ maxLimitPerVariant: 6 }).where(eq(retailers.id, r.retailerId));
    const refused = await place(r.headers, cart.billToInfo.CartId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(fail('Model quantity limit reached for this color (max 6 per colour)'));
    expect(await stockOf(p.variants[0]!.id)).toBe(50);
    expect(await t.db.select().from(orders).where(eq(orders.retailerId, r.retailerId))).toHaveLength(0);
  });

  it('records who placed it when a sales executive acts for a retailer', async () => {
    const r = await retailer();
    const sales = await createStaffUser(t.db, 'salesexecutive', { linkedRetailerIds: [r.retailerId] });
    const { headers } = await loginAs(t.app, sales, true);
    const p = await createProduct(t.db);
    const cart = await addToCart(headers, p.productId, 'C1', 1, r.email);
    expect((await place(headers, cart.billToInfo.CartId)).statusCode).toBe(400);
    const response = await place(headers, cart.billToInfo.CartId, { Email: r.email });
    expect(response.statusCode, response.body).toBe(200);
    const { OrderID } = response.json().Data;
    const [order] = await t.db.select().from(orders).where(eq(orders.id, OrderID));
    expect(order).toMatchObject({ retailerId: r.retailerId, placedByUserId: sales.userId });
    const history = await t.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, OrderID));
    expect(history[0]).toMatchObject({ status: 'Placed', changedByUserId: sales.userId });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.onBehalfOfRetailerId, r.retailerId));
    expect(audit.map((a) => a.action)).toEqual(['cart.add', 'order.place']);
    const list = await t.app.inject({ url: `/api/Order/getMyOrders?email=${encodeURIComponent(r.email)}`, headers });
    expect(list.json().Data.totalCount).toBe(1);
  });

  it('adding to carts while others order the same colours never deadlocks or fails', async () => {
    // Placing takes the stock rows; adding takes foreign-key locks on the same rows. Both run in
    // variant id order and the stock lock is NO KEY UPDATE, so neither can wait on the other in a cycle.
    const p = await createProduct(t.db, { stocks: [500, 500, 500, 500, 500] });
    const colours = ['C1', 'C2', 'C3', 'C4', 'C5'];
    const addMany = (headers: Headers, offset: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/Product/addItemsToCart',
        headers,
        payload: { Products: colours.map((_, k) => ({ ProductId: p.productId, ColorVariant: colours[(k + offset) % 5]!, Quantity: 1 })) },
      });
    const placers = [];
    for (let i = 0; i < 6; i++) {
      const r = await retailer(i % 2 === 0 ? '36' : '29');
      expect((await addMany(r.headers, i)).statusCode).toBe(200);
      const cart = await t.app.inject({ url: '/api/Product/getCartItems', headers: r.headers });
      placers.push({ headers: r.headers, cartId: cart.json().Data.billToInfo.CartId as number });
    }
    const adders = [];
    for (let i = 0; i < 6; i++) adders.push(await retailer());
    const responses = await Promise.all([
      ...placers.map((b) => place(b.headers, b.cartId)),
      ...adders.flatMap((a, i) => [addMany(a.headers, i), addMany(a.headers, i + 2)]),
    ]);
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
  });

  it('never oversells: 50 concurrent orders from 10 retailers on one variant with stock 10', async () => {
    const p = await createProduct(t.db, { stocks: [100] });
    const variantId = p.variants[0]!.id;
    const buyers = [];
    for (let i = 0; i < 10; i++) {
      const r = await retailer(i % 2 === 0 ? '36' : '29');
      const cart = await addToCart(r.headers, p.productId, 'C1', 1 + (i % 3));
      buyers.push({ ...r, cartId: cart.billToInfo.CartId });
    }
    await t.db.update(productColours).set({ availableStockQuantity: 10 }).where(eq(productColours.id, variantId));
    const attempts = buyers.flatMap((b) =>
      Array.from({ length: 5 }, (_, n) => place(b.headers, b.cartId, n % 2 === 0 ? {} : { key: `race-${b.retailerId}-${n}` })),
    );
    const responses = await Promise.all(attempts);
    for (const response of responses) expect([200, 404, 409], response.body).toContain(response.statusCode);

    const placed = await t.db.select().from(orders).where(inArray(orders.retailerId, buyers.map((b) => b.retailerId)));
    const lines = placed.length === 0 ? [] : await t.db.select().from(orderLines).where(inArray(orderLines.orderId, placed.map((o) => o.id)));
    const history = placed.length === 0 ? [] : await t.db.select().from(orderStatusHistory).where(inArray(orderStatusHistory.orderId, placed.map((o) => o.id)));
    const stock = await stockOf(variantId);
    const ordered = lines.reduce((sum, line) => sum + line.quantity, 0);
    expect(stock).toBeGreaterThanOrEqual(0);
    expect(ordered).toBe(10 - stock);
    expect(placed.length).toBeGreaterThan(0);
    // At most one order per retailer (one cart each), every order complete.
    expect(new Set(placed.map((o) => o.retailerId)).size).toBe(placed.length);
    for (const order of placed) {
      expect(lines.filter((l) => l.orderId === order.id).length).toBe(1);
      expect(history.filter((h) => h.orderId === order.id && h.status === 'Placed')).toHaveLength(1);
      expect(order.totalQuantity).toBe(lines.find((l) => l.orderId === order.id)!.quantity);
    }
    // A successful reply always names an order that exists.
    const ids = new Set(placed.map((o) => o.id));
    for (const response of responses.filter((res) => res.statusCode === 200)) {
      expect(ids.has(response.json().Data.OrderID)).toBe(true);
    }
  });
});
