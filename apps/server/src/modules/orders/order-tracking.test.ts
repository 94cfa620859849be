import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fail, type OrderDetailsResponse } from '@frameport/domain/contract';
import { orderMessages } from '@frameport/domain/messages/orders';
import type { HoldKind } from '@frameport/domain';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { invoices, orderLines, orders, retailers, shipmentLines, shipments } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createInvoice, createProduct, createRetailer, createStaffUser, loginAs } from '../../test/factories.ts';
import { lockOrder, refreshOrderStatus } from './status.ts';
import { RETAILER_HOLD_TEXT } from './to-contract.ts';

/**
 * The retailer's view of an order after the desk and the warehouse have worked on it: statuses,
 * the timeline, each line's dispatched / backordered / cancelled pieces and the shipments with
 * their invoices. The desk's and warehouse's changes are written straight into the database here
 * (what their routes write), each followed by refreshOrderStatus as they call it.
 */

type Headers = { authorization: string };
const MINUTE = 60_000;

let t: TestApp;
let staffId: number;

beforeAll(async () => {
  t = await buildTestApp();
  staffId = (await createStaffUser(t.db, 'admin')).userId;
});

afterAll(async () => {
  await t?.close();
});

async function retailer() {
  const user = await createRetailer(t.db, { stateCode: '36' });
  const { headers } = await loginAs(t.app, user, true);
  return { ...user, headers };
}

/** An order of two lines (C1 × 5, C2 × 3) placed through the API; `Email` when staff act for the retailer. */
async function placeOrder(headers: Headers, Email?: string) {
  const p = await createProduct(t.db, { stocks: [20, 20] });
  const add = await t.app.inject({
    method: 'POST',
    url: '/api/Product/addItemsToCart',
    headers,
    payload: {
      Products: [
        { ProductId: p.productId, ColorVariant: 'C1', Quantity: 5 },
        { ProductId: p.productId, ColorVariant: 'C2', Quantity: 3 },
      ],
      ...(Email ? { Email } : {}),
    },
  });
  expect(add.statusCode, add.body).toBe(200);
  const cart = await t.app.inject({ url: `/api/Product/getCartItems${Email ? `?email=${encodeURIComponent(Email)}` : ''}`, headers });
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/Order/placeOrder',
    headers,
    payload: { CartId: cart.json().Data.billToInfo.CartId, Note: '', Email: Email ?? null },
  });
  expect(placed.statusCode, placed.body).toBe(200);
  const orderId: number = placed.json().Data.OrderID;
  const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.id);
  return { orderId, lines, productCode: lines[0]!.productCode };
}

/** A desk or warehouse change: the order locked, `change` applied, the status refreshed, as one transaction. */
async function deskChange(orderId: number, change: (now: Date, tx: Tx) => Promise<unknown>, note?: string) {
  t.clock.advance(10 * MINUTE);
  const now = t.clock.now();
  await t.db.transaction(async (tx) => {
    await lockOrder(tx, orderId);
    await change(now, tx);
    const order = await lockOrder(tx, orderId);
    await refreshOrderStatus(tx, order, { actorUserId: staffId, now, note: note ?? null });
  });
  return now;
}

const setOrder = (orderId: number, values: Partial<typeof orders.$inferInsert>, dbx: DbOrTx = t.db) =>
  dbx.update(orders).set(values).where(eq(orders.id, orderId));

const hold = (orderId: number, kind: HoldKind, reason: string) =>
  deskChange(orderId, (now, tx) => setOrder(orderId, { holdKind: kind, holdReason: reason, heldAt: now, heldByUserId: staffId }, tx));

async function details(headers: Headers, orderId: number, email?: string) {
  const response = await t.app.inject({
    url: `/api/Order/getOrderDetails?orderId=${orderId}${email ? `&email=${encodeURIComponent(email)}` : ''}`,
    headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().Data as OrderDetailsResponse;
}

describe('the retailer follows an order through the desk and the warehouse', () => {
  it('shows hold reasons fit for the retailer, shipments with invoices, per-line quantities and the timeline', async () => {
    const r = await retailer();
    const { orderId, lines, productCode } = await placeOrder(r.headers);
    const placedAt = t.clock.now().toISOString();
    const [c1, c2] = lines as [(typeof lines)[0], (typeof lines)[0]];

    // Placed: nothing shipped, everything backordered, no shipments, one timeline entry.
    let d = await details(r.headers, orderId);
    expect(d.OrderStatus).toBe('Placed');
    expect(d.lines.map((l) => [l.ColorVariant, l.ProductQty, l.DispatchedQty, l.BackorderedQty, l.CancelledQty, l.ExpectedDate])).toEqual([
      ['C1', 5, 0, 5, 0, null],
      ['C2', 3, 0, 3, 0, null],
    ]);
    expect(d.Shipments).toEqual([]);
    expect(d.Timeline).toEqual([{ Status: 'Placed', At: placedAt, Note: null }]);

    // A credit hold reads as a plain line, never the desk's reason; a note to the retailer reads as typed.
    const creditAt = await hold(orderId, 'credit', 'Cheque bounced twice, ask Suresh before releasing');
    d = await details(r.headers, orderId);
    expect(d.OrderStatus).toBe('On hold');
    expect(d.Timeline.at(-1)).toEqual({ Status: 'On hold', At: creditAt.toISOString(), Note: RETAILER_HOLD_TEXT.credit });
    expect(JSON.stringify(d)).not.toContain('Cheque bounced');

    await setOrder(orderId, { holdKind: 'note', holdReason: 'Please send the signed PO copy.' });
    d = await details(r.headers, orderId);
    expect(d.Timeline.at(-1)?.Note).toBe('On hold: Please send the signed PO copy.');

    // Confirmed out of the hold (the desk's credit override reason stays internal).
    const confirmedAt = await deskChange(orderId, (now, tx) =>
      setOrder(orderId, {
        holdKind: null,
        holdReason: null,
        heldAt: null,
        confirmedAt: now,
        confirmedByUserId: staffId,
        creditOverrideReason: 'Owner vouched for them on the phone',
      }, tx),
    );
    const mine = await t.app.inject({ url: '/api/Order/getMyOrders', headers: r.headers });
    expect(mine.json().Data.orders[0]).toMatchObject({ OrderID: orderId, OrderStatus: 'Confirmed' });

    // Shipment 1 (C1 × 3) dispatched with its invoice; shipment 2 (C1 × 1) is still being packed.
    const dispatchedAt = await deskChange(
      orderId,
      async (now, tx) => {
        const [s1] = await tx
          .insert(shipments)
          .values({
            orderId,
            shipmentNo: 1,
            status: 'Dispatched',
            transporter: 'Blue Dart',
            docketNo: 'BD123456',
            dispatchDate: '2026-11-20',
            valuePaise: 100_000,
            createdByUserId: staffId,
            dispatchedAt: now,
            dispatchedByUserId: staffId,
          })
          .returning();
        await tx.insert(shipmentLines).values({ shipmentId: s1!.id, orderLineId: c1.id, quantity: 3 });
        await tx.insert(invoices).values({
          invoiceNo: `TS/${orderId}/1`,
          financialYear: '2026-27',
          orderId,
          shipmentId: s1!.id,
          retailerId: r.retailerId!,
          invoiceDate: '2026-11-20',
          amountPaise: 100_000,
        });
        const [s2] = await tx.insert(shipments).values({ orderId, shipmentNo: 2, createdByUserId: staffId }).returning();
        await tx.insert(shipmentLines).values({ shipmentId: s2!.id, orderLineId: c1.id, quantity: 1 });
      },
      'Shipment 1 dispatched by Ravi (warehouse)',
    );
    // One piece of C2 cancelled (the desk's note, no change of status: not on the retailer's timeline);
    // the rest of C1 expected on 5 December.
    await deskChange(
      orderId,
      (_now, tx) => tx.update(orderLines).set({ cancelledQuantity: 1 }).where(eq(orderLines.id, c2.id)),
      'C2: 1 cancelled (supplier short, told Ravi)',
    );
    await t.db.update(orderLines).set({ backorderExpectedDate: '2026-12-05' }).where(eq(orderLines.id, c1.id));
    // Delivered: the order stays Partially dispatched, so the change writes no history row of its own.
    const deliveredAt = await deskChange(orderId, async (now, tx) => {
      const [s1] = await tx.select().from(shipments).where(eq(shipments.orderId, orderId)).orderBy(shipments.shipmentNo);
      await tx
        .update(shipments)
        .set({ status: 'Delivered', deliveredOn: '2026-11-21', receivedBy: 'Counter', deliveredAt: now, deliveredByUserId: staffId })
        .where(eq(shipments.id, s1!.id));
    });

    d = await details(r.headers, orderId);
    expect(d.OrderStatus).toBe('Partially dispatched');
    expect(d.lines.map((l) => [l.ColorVariant, l.ProductQty, l.DispatchedQty, l.BackorderedQty, l.CancelledQty, l.ExpectedDate])).toEqual([
      ['C1', 5, 3, 2, 0, '2026-12-05'],
      ['C2', 3, 0, 2, 1, null],
    ]);
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.orderId, orderId));
    expect(d.Shipments).toEqual([
      {
        ShipmentNo: 1,
        Status: 'Delivered',
        Transporter: 'Blue Dart',
        DocketNo: 'BD123456',
        DispatchDate: '2026-11-20',
        DeliveredOn: '2026-11-21',
        Lines: [{ ProductCode: productCode, ColorVariant: 'C1', Qty: 3, GSTRate: 5, OrderedGSTRate: 5 }],
        InvoiceID: invoice!.id,
        InvoiceNo: `TS/${orderId}/1`,
        DocumentURL: `/backoffice/LensMaster/InvoiceDocument/${invoice!.id}`,
      },
    ]);
    expect(d.Timeline).toEqual([
      { Status: 'Placed', At: placedAt, Note: null },
      // An earlier hold says only that it was one.
      { Status: 'On hold', At: creditAt.toISOString(), Note: null },
      { Status: 'Confirmed', At: confirmedAt.toISOString(), Note: RETAILER_HOLD_TEXT.released },
      { Status: 'Partially dispatched', At: dispatchedAt.toISOString(), Note: 'Shipment 1 dispatched: Blue Dart, docket BD123456' },
      { Status: 'Partially dispatched', At: deliveredAt.toISOString(), Note: 'Shipment 1 delivered on 2026-11-21' },
    ]);
    const text = JSON.stringify(d);
    for (const internal of ['Ravi', 'vouched', 'Counter']) expect(text).not.toContain(internal);
    // Every existing field of the spec stays.
    expect(d).toMatchObject({ OrderID: orderId, CartTotPrice: expect.any(Number), billTo: expect.any(Object) });
    expect(d.lines[0]).toMatchObject({ ProductQty: 5, OrderStatus: 'Partially dispatched', HSNCode: expect.any(String) });

    // Another retailer's order reads as one that does not exist.
    const other = await retailer();
    const foreign = await t.app.inject({ url: `/api/Order/getOrderDetails?orderId=${orderId}`, headers: other.headers });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(fail(orderMessages.notFound));
  });

  it('cancelled: the reason; placed by staff: no staff name; a linked sales executive sees the same', async () => {
    const r = await retailer();
    const sales = await createStaffUser(t.db, 'salesexecutive', { linkedRetailerIds: [r.retailerId!] });
    const { headers } = await loginAs(t.app, sales, true);
    const { orderId } = await placeOrder(headers, r.email);
    const cancelledAt = await deskChange(orderId, (now, tx) =>
      setOrder(orderId, { cancelledAt: now, cancelledByUserId: staffId, cancelReason: 'Model discontinued by the brand.' }, tx),
    );

    const forRetailer = await details(r.headers, orderId);
    const forSales = await details(headers, orderId, r.email);
    expect(forSales).toEqual(forRetailer);
    expect(forRetailer.OrderStatus).toBe('Cancelled');
    expect(forRetailer.Timeline).toEqual([
      { Status: 'Placed', At: expect.any(String), Note: RETAILER_HOLD_TEXT.placedForYou },
      { Status: 'Cancelled', At: cancelledAt.toISOString(), Note: 'Model discontinued by the brand.' },
    ]);
    const [placedRow] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(placedRow!.placedByUserId).toBe(sales.userId);
    expect(JSON.stringify(forRetailer)).not.toMatch(/Placed by/);
    // The order's open pieces went with it.
    expect(forRetailer.lines.map((l) => [l.ProductQty, l.DispatchedQty, l.BackorderedQty, l.CancelledQty])).toEqual([
      [5, 0, 0, 5],
      [3, 0, 0, 3],
    ]);
  });
});

describe('GET /api/Order/getCreditPosition', () => {
  it("answers the acting retailer's credit in rupees: to the retailer, its sales executive and an admin", async () => {
    const r = await retailer();
    await t.db
      .update(retailers)
      .set({ creditLimitPaise: 10_000_000, paymentTermsDays: 45 })
      .where(eq(retailers.id, r.retailerId!));
    // An invoice of ₹20,000 (₹5,000 paid) due on 4 October: 47 days overdue on 20 November; one of ₹3,000 not yet due.
    const old = await createInvoice(t.db, { retailerId: r.retailerId!, userId: r.userId, amountPaise: 2_000_000, paidPaise: 500_000 });
    await t.db.update(invoices).set({ invoiceDate: '2026-08-20', dueDate: '2026-10-04' }).where(eq(invoices.id, old.id));
    const recent = await createInvoice(t.db, { retailerId: r.retailerId!, userId: r.userId, amountPaise: 300_000 });
    await t.db.update(invoices).set({ invoiceDate: '2026-11-15', dueDate: '2026-12-30' }).where(eq(invoices.id, recent.id));
    // A confirmed order not yet invoiced is on order; a placed one is not.
    const confirmed = await placeOrder(r.headers);
    await deskChange(confirmed.orderId, (now, tx) => setOrder(confirmed.orderId, { confirmedAt: now, confirmedByUserId: staffId }, tx));
    await placeOrder(r.headers);
    // Put on hold after the orders were placed (a retailer on hold cannot place any).
    await t.db
      .update(retailers)
      .set({ creditHold: true, creditHoldReason: 'Cheque returned on 2 November.' })
      .where(eq(retailers.id, r.retailerId!));
    const [order] = await t.db.select().from(orders).where(eq(orders.id, confirmed.orderId));
    const onOrder = order!.totalPaise / 100;

    const expected = {
      CreditLimit: 100_000,
      Outstanding: 18_000,
      OnOrder: onOrder,
      Available: Math.round((100_000 - 18_000 - onOrder) * 100) / 100,
      Overdue: 15_000,
      OldestOverdueDays: 47,
      OldestOverdueInvoiceNo: old.invoiceNo,
      CreditHold: true,
      CreditHoldReason: 'Cheque returned on 2 November.',
      PaymentTermsDays: 45,
    };
    const own = await t.app.inject({ url: '/api/Order/getCreditPosition', headers: r.headers });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().Data).toEqual(expected);

    const sales = await createStaffUser(t.db, 'salesexecutive', { linkedRetailerIds: [r.retailerId!] });
    const salesHeaders = (await loginAs(t.app, sales, true)).headers;
    const url = `/api/Order/getCreditPosition?email=${encodeURIComponent(r.email)}`;
    expect((await t.app.inject({ url, headers: salesHeaders })).json().Data).toEqual(expected);
    const admin = await createStaffUser(t.db, 'admin');
    expect((await t.app.inject({ url, headers: (await loginAs(t.app, admin, true)).headers })).json().Data).toEqual(expected);

    // Another retailer's credit is not the retailer's to see, nor an unlinked sales executive's.
    const other = await retailer();
    const mine = await t.app.inject({ url: `/api/Order/getCreditPosition?email=${encodeURIComponent(r.email)}`, headers: other.headers });
    expect(mine.json().Data?.CreditLimit).not.toBe(100_000);
    const stranger = await createStaffUser(t.db, 'salesexecutive');
    const refused = await t.app.inject({ url, headers: (await loginAs(t.app, stranger, true)).headers });
    expect(refused.statusCode).toBe(403);
  });
});
