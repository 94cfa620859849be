/** Invoice tests' steps through the API: a session, an order placed, shipped and dispatched (which raises its invoice). */
import { randomBytes } from 'node:crypto';
import { asc, desc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { istDateOf } from '@frameport/domain';
import { invoices, orderLines, orders, sessions, shipments } from '../db/schema.ts';
import { hashToken } from '../modules/account/service.ts';
import type { TestApp } from './app.ts';
import { ensureCorporateDetails, type TestUser } from './factories.ts';

export type Headers = { authorization: string };

/** A session straight in the database, valid whatever the test clock says (it is moved around here). */
export async function headersFor(t: TestApp, user: Pick<TestUser, 'userId'>): Promise<Headers> {
  const token = randomBytes(32).toString('base64url');
  await t.db.insert(sessions).values({ userId: user.userId, tokenHash: hashToken(token), expiresAt: new Date(Date.UTC(2035, 0, 1)) });
  return { authorization: `Bearer ${token}` };
}

/** Places an order through the API (cart, then placeOrder) at the test clock's time; returns its id. */
export async function placeOrder(
  t: TestApp,
  headers: Headers,
  items: { productId: number; colorVariant?: string; quantity: number }[],
): Promise<number> {
  const added = await t.app.inject({
    method: 'POST',
    url: '/api/Product/addItemsToCart',
    headers,
    payload: { Products: items.map((item) => ({ ProductId: item.productId, ColorVariant: item.colorVariant ?? 'C1', Quantity: item.quantity })) },
  });
  expect(added.statusCode, added.body).toBe(200);
  const cart = await t.app.inject({ url: '/api/Product/getCartItems', headers });
  const cartId = cart.json<{ Data: { billToInfo: { CartId: number } } }>().Data.billToInfo.CartId;
  const placed = await t.app.inject({ method: 'POST', url: '/api/Order/placeOrder', headers, payload: { CartId: cartId, Note: '' } });
  expect(placed.statusCode, placed.body).toBe(200);
  return placed.json<{ Data: { OrderID: number } }>().Data.OrderID;
}

/**
 * Confirms an order straight in the database, as the desk's confirm does when the credit check
 * passes (the desk's own tests cover that call): what a shipment needs before it can be made.
 */
export async function confirmOrder(t: TestApp, orderId: number): Promise<void> {
  await t.db.update(orders).set({ status: 'Confirmed', confirmedAt: t.clock.now() }).where(eq(orders.id, orderId));
}

/** The order's lines (id order) with their open pieces: ordered − cancelled − in shipments. */
export async function openLines(t: TestApp, orderId: number): Promise<{ id: number; open: number }[]> {
  const rows = await t.db
    .select({
      id: orderLines.id,
      open: sql<number>`${orderLines.quantity} - ${orderLines.cancelledQuantity}
        - coalesce((select sum(sl.quantity) from shipment_lines sl where sl.order_line_id = ${orderLines.id}), 0)`.mapWith(Number),
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id));
  return rows;
}

/** Calls a back-office route and expects 200; answers the envelope's Data. */
export async function staffCall(t: TestApp, headers: Headers, method: 'POST' | 'DELETE', url: string, payload?: unknown) {
  const response = await t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
  return response.json<{ Data: { status: string } }>().Data;
}

/** Makes a shipment of the given pieces of the order (by line index, default everything open) and packs it; answers its id. */
export async function packedShipment(t: TestApp, headers: Headers, orderId: number, quantities?: (number | undefined)[]): Promise<number> {
  const lines = await openLines(t, orderId);
  const wanted = lines
    .map((line, index) => ({ orderLineId: line.id, quantity: quantities ? (quantities[index] ?? 0) : line.open }))
    .filter((line) => line.quantity > 0);
  await staffCall(t, headers, 'POST', `/api/admin/orders/${orderId}/shipments`, { lines: wanted });
  const [made] = await t.db
    .select({ id: shipments.id })
    .from(shipments)
    .where(eq(shipments.orderId, orderId))
    .orderBy(desc(shipments.shipmentNo))
    .limit(1);
  await staffCall(t, headers, 'POST', `/api/admin/shipments/${made!.id}/pack`, { boxes: 1 });
  return made!.id;
}

export function dispatchShipment(
  t: TestApp,
  headers: Headers,
  shipmentId: number,
  body: { dispatchDate?: string; ewayBillNo?: string | null; transporter?: string; docketNo?: string; vehicleNo?: string } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/shipments/${shipmentId}/dispatch`,
    headers,
    payload: {
      transporter: 'Blue Dart',
      docketNo: `BD${shipmentId}`,
      dispatchDate: istDateOf(t.clock.now()),
      ewayBillNo: '123456789012',
      ...body,
    },
  });
}

/** The tax invoice a dispatched shipment raised, in the contract's words. */
export async function invoiceOfShipment(t: TestApp, shipmentId: number) {
  const [row] = await t.db.select().from(invoices).where(eq(invoices.shipmentId, shipmentId));
  if (!row) throw new Error(`shipment ${shipmentId} has no invoice`);
  return { InvoiceID: row.id, InvoiceNo: row.invoiceNo, InvoiceDate: row.invoiceDate, InvoiceAmount: row.amountPaise / 100 };
}

/**
 * Invoices the whole order as the back office does: confirmed, everything in one shipment, packed
 * and dispatched today (India, by the test clock) with an e-way bill; answers the invoice raised.
 */
export async function dispatchedInvoice(t: TestApp, headers: Headers, orderId: number) {
  // The supplier on the tax invoice the dispatched mail carries.
  await ensureCorporateDetails(t.db);
  await confirmOrder(t, orderId);
  const shipmentId = await packedShipment(t, headers, orderId);
  const response = await dispatchShipment(t, headers, shipmentId);
  expect(response.statusCode, response.body).toBe(200);
  return invoiceOfShipment(t, shipmentId);
}
