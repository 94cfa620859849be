/**
 * The order desk through the real server: one order's detail, the queue, and every decision
 * (confirm with the credit check, hold, release, cancel, cancel a line, expected date) with its
 * refusals, idempotency, concurrency, stock, audit and mails (the in-process SMTP receiver).
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { deskMessages, lineTotals, paiseToRupees } from '@frameport/domain';
import {
  auditLog,
  orderLines,
  orders,
  orderStatusHistory,
  productColours,
  retailers,
  shipmentLines,
  shipments,
  stockMovements,
} from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createInvoice, createProduct, createRetailer, createStaffUser } from '../../test/factories.ts';
import { headersFor, placeOrder, type Headers } from '../../test/invoices.ts';
import { startSmtpReceiver, type SmtpReceiver } from '../../test/smtp.ts';

let t: TestApp;
let smtp: SmtpReceiver;
let admin: Headers;
let warehouse: Headers;
let accounts: Headers;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  t = await buildTestApp({ smtpUrl: smtp.url });
  admin = await headersFor(t, await createStaffUser(t.db, 'admin'));
  warehouse = await headersFor(t, await createStaffUser(t.db, 'warehouse'));
  accounts = await headersFor(t, await createStaffUser(t.db, 'accounts'));
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const tag = () => randomBytes(4).toString('hex');

/** A fresh retailer (with a linked sales executive) and product, and an order of `quantities` per colour. */
async function anOrder(options: { quantities?: number[]; stateCode?: '36' | '29'; businessName?: string; netPricePaise?: number; salesExecutiveUserId?: number } = {}) {
  const quantities = options.quantities ?? [2];
  const retailer = await createRetailer(t.db, { stateCode: options.stateCode ?? '36', businessName: options.businessName ?? 'Desk Opticals' });
  const sales = await createStaffUser(t.db, 'salesexecutive', { linkedRetailerIds: [retailer.retailerId] });
  const product = await createProduct(t.db, { stocks: quantities.map(() => 50), netPricePaise: options.netPricePaise ?? 100_000 });
  const headers = await headersFor(t, retailer);
  const orderId = await placeOrder(
    t,
    headers,
    quantities.map((quantity, i) => ({ productId: product.productId, colorVariant: `C${i + 1}`, quantity })),
  );
  return { retailer, sales, product, headers, orderId };
}

async function detail(orderId: number, headers: Headers = admin) {
  const response = await t.app.inject({ url: `/api/admin/orders/${orderId}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().Data;
}

function act(orderId: number, action: string, headers: Headers, payload?: unknown, key?: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/${action}`,
    headers: { ...headers, ...(key ? { 'idempotency-key': key } : {}) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function done(response: Awaited<ReturnType<typeof act>>) {
  expect(response.statusCode, response.body).toBe(200);
  return response.json().Data;
}

function refusal(response: Awaited<ReturnType<typeof act>>, status: number, message: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().Error.Message).toBe(message);
}

const historyOf = (orderId: number) =>
  t.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId)).orderBy(asc(orderStatusHistory.id));
const auditOf = (orderId: number, action: string) =>
  t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, String(orderId)), eq(auditLog.action, action)));
const stockOf = async (ids: number[]) =>
  new Map(
    (await t.db.select().from(productColours).where(inArray(productColours.id, ids))).map((row) => [row.id, row.availableStockQuantity]),
  );

/** The mail to `to` whose subject contains `subject`, once the SMTP receiver has it. */
function mailTo(to: string, subject: string) {
  return vi.waitFor(
    () => {
      const mail = smtp.received.find(
        (m) => (m.subject ?? '').includes(subject) && JSON.stringify(m.to ?? '').toLowerCase().includes(to.toLowerCase()),
      );
      if (!mail) throw new Error(`no mail '${subject}' to ${to} yet`);
      return mail;
    },
    { timeout: 5000, interval: 50 },
  );
}

/** A shipment of the order carrying `lines`, written as the shipments module would. */
async function aShipment(orderId: number, status: 'Packing' | 'Packed', lines: { orderLineId: number; quantity: number }[], shipmentNo = 1) {
  const [shipment] = await t.db.insert(shipments).values({ orderId, shipmentNo, status, boxes: status === 'Packed' ? 1 : null }).returning();
  await t.db.insert(shipmentLines).values(lines.map((line) => ({ shipmentId: shipment!.id, ...line })));
  return shipment!;
}

describe('one order on the desk', () => {
  it('shows the placed order with its retailer, sales executives, lines, credit and the actions of the role', async () => {
    const { retailer, orderId } = await anOrder({ quantities: [2, 3] });
    const order = await detail(orderId);
    expect(order).toMatchObject({
      id: orderId,
      status: 'Placed',
      hold: null,
      confirmed: null,
      cancelled: null,
      retailer: { id: retailer.retailerId, businessName: 'Desk Opticals', stateName: 'Telangana' },
      totals: { quantity: 5 },
      shipments: [],
      creditCheck: { ok: true, reasons: [] },
      actions: { confirm: true, override: true, hold: true, release: false, cancel: true, cancelLine: true, edit: true, editPastCredit: true, ship: false },
    });
    expect(order.retailer.salesExecutives).toHaveLength(1);
    expect(order.lines.map((l: { quantity: number; openQuantity: number; backorderedQuantity: number }) => [l.quantity, l.openQuantity, l.backorderedQuantity])).toEqual([
      [2, 2, 2],
      [3, 3, 3],
    ]);
    expect(order.history.map((h: { status: string }) => h.status)).toEqual(['Placed']);
    expect(order.credit).toMatchObject({ creditLimit: 500000, outstanding: 0, onOrder: 0, paymentTermsDays: 30, paymentTermsDefault: true });

    expect((await detail(orderId, warehouse)).actions).toMatchObject({ override: false, edit: true });
    expect((await detail(orderId, accounts)).actions).toMatchObject({ override: true, edit: false, ship: false });
  });

  it('values a shipment not yet dispatched as its invoice would bill it, and counts its pieces on the line', async () => {
    const { orderId } = await anOrder({ quantities: [3] });
    const [line] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    const shipment = await aShipment(orderId, 'Packed', [{ orderLineId: line!.id, quantity: 2 }]);
    // The shipment's own audit rows show on its order's page; another shipment's do not.
    await t.db.insert(auditLog).values([
      { action: 'shipment.pack', entity: 'shipment', entityId: String(shipment.id), details: { boxes: 1 } },
      { action: 'shipment.pack', entity: 'shipment', entityId: String(shipment.id + 100_000), details: { boxes: 2 } },
    ]);
    const order = await detail(orderId);
    expect(order.audit).toMatchObject([{ action: 'shipment.pack', by: null, details: { boxes: 1 } }]);
    const expected = lineTotals({
      unitPricePaise: line!.unitPricePaise,
      discountPerUnitPaise: line!.discountPerUnitPaise,
      quantity: 2,
      gstRatePercent: line!.gstRatePercent,
      billToStateCode: '36',
      companyStateCode: '36',
    });
    expect(order.shipments).toMatchObject([
      { shipmentNo: 1, status: 'Packed', lines: [{ orderLineId: line!.id, quantity: 2 }], value: paiseToRupees(expected.totalPaise), needsEwayBill: false, invoice: null },
    ]);
    expect(order.lines[0]).toMatchObject({ inShipmentsQuantity: 2, packedQuantity: 2, dispatchedQuantity: 0, openQuantity: 1, backorderedQuantity: 3 });
  });

  it('is 404 for an unknown order and 403 for a retailer or a sales executive', async () => {
    const { headers, orderId } = await anOrder();
    refusal(await t.app.inject({ url: '/api/admin/orders/999999', headers: admin }), 404, deskMessages.order.notFound);
    expect((await t.app.inject({ url: `/api/admin/orders/${orderId}`, headers })).statusCode).toBe(403);
    const sales = await headersFor(t, await createStaffUser(t.db, 'salesexecutive'));
    expect((await t.app.inject({ url: `/api/admin/orders/${orderId}`, headers: sales })).statusCode).toBe(403);
  });
});

describe('the queue', () => {
  it('filters by search, status, state, sales executive and placed date (India, inclusive), newest first, with counts per status', async () => {
    const mark = `Q${tag()}`;
    const alpha = await anOrder({ businessName: `${mark} Alpha Opticals`, stateCode: '36' });
    const alpha2 = await placeOrder(t, alpha.headers, [{ productId: alpha.product.productId, quantity: 1 }]);
    const bravo = await anOrder({ businessName: `${mark} Bravo Eyewear`, stateCode: '29' });
    await t.db.update(retailers).set({ gstin: `29ABCDE${mark.slice(1, 5).toUpperCase()}1Z5Q` }).where(eq(retailers.id, bravo.retailer.retailerId));
    // Placed at the edges of 10 Nov 2026 in India (UTC+5:30).
    await t.db.update(orders).set({ placedAt: new Date('2026-11-09T18:29:59Z') }).where(eq(orders.id, alpha.orderId));
    await t.db.update(orders).set({ placedAt: new Date('2026-11-09T18:30:00Z') }).where(eq(orders.id, alpha2));
    await t.db.update(orders).set({ placedAt: new Date('2026-11-10T18:29:59Z') }).where(eq(orders.id, bravo.orderId));
    await done(await act(alpha2, 'hold', admin, { kind: 'stock', reason: 'Waiting for stock' }));

    const queue = async (query: Record<string, string>) => {
      const response = await t.app.inject({ url: '/api/admin/orders', query, headers: warehouse });
      expect(response.statusCode, response.body).toBe(200);
      const data = response.json().Data;
      return { ...data, ids: data.orders.map((o: { id: number }) => o.id) };
    };

    const all = await queue({ q: mark.toLowerCase() });
    expect(all.ids).toEqual([bravo.orderId, alpha2, alpha.orderId]);
    expect(all.totalCount).toBe(3);
    expect(all.counts).toMatchObject({ Placed: 2, 'On hold': 1, Confirmed: 0, Cancelled: 0 });
    expect(all.orders[0]).toMatchObject({
      retailerName: `${mark} Bravo Eyewear`,
      stateName: 'Karnataka',
      city: 'Bengaluru',
      salesExecutives: ['Sales Person'],
      totalQuantity: 2,
      dispatchedQuantity: 0,
      status: 'Placed',
    });
    expect(all.orders[1]).toMatchObject({ status: 'On hold', holdKind: 'stock', holdReason: 'Waiting for stock' });

    // The status filter leaves the counts as they were.
    const held = await queue({ q: mark, status: 'On hold' });
    expect(held.ids).toEqual([alpha2]);
    expect(held.totalCount).toBe(1);
    expect(held.counts).toEqual(all.counts);

    expect((await queue({ q: `${mark} ALPHA` })).ids).toEqual([alpha2, alpha.orderId]);
    expect((await queue({ q: bravo.retailer.email.toUpperCase() })).ids).toEqual([bravo.orderId]);
    const [bravoRow] = await t.db.select().from(retailers).where(eq(retailers.id, bravo.retailer.retailerId));
    expect((await queue({ q: bravoRow!.gstin!.slice(3, 12).toLowerCase() })).ids).toEqual([bravo.orderId]);
    const [ref] = await t.db.select({ ref: orders.orderRefNo }).from(orders).where(eq(orders.id, alpha2));
    expect((await queue({ q: ref!.ref })).ids).toEqual([alpha2]);
    // A wildcard in the search is a character, not a pattern.
    expect((await queue({ q: `${mark}%Bravo` })).ids).toEqual([]);

    const [bravoState] = await t.db.select({ stateId: retailers.stateId }).from(retailers).where(eq(retailers.id, bravo.retailer.retailerId));
    expect((await queue({ q: mark, stateId: String(bravoState!.stateId) })).ids).toEqual([bravo.orderId]);
    expect((await queue({ q: mark, salesExecutiveId: String(alpha.sales.userId) })).ids).toEqual([alpha2, alpha.orderId]);

    const day = await queue({ q: mark, from: '2026-11-10', to: '2026-11-10' });
    expect(day.ids).toEqual([bravo.orderId, alpha2]);
    expect(day.counts).toMatchObject({ Placed: 1, 'On hold': 1 });
    expect((await queue({ q: mark, to: '2026-11-09' })).ids).toEqual([alpha.orderId]);
    expect((await queue({ q: mark, from: '2026-11-11' })).ids).toEqual([]);

    const page2 = await queue({ q: mark, pageSize: '2', pageNumber: '2' });
    expect(page2).toMatchObject({ ids: [alpha.orderId], totalCount: 3, pageNumber: 2, pageSize: 2 });
  });

  it('is for desk staff only', async () => {
    const { headers } = await anOrder();
    expect((await t.app.inject({ url: '/api/admin/orders', headers })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/orders', headers: accounts })).statusCode).toBe(200);
  });
});

describe('confirming', () => {
  it('confirms a placed order once: status, history, audit, mails to the retailer and its sales executive; a second confirm is 409', async () => {
    const { orderId, retailer, sales } = await anOrder();
    const order = await done(await act(orderId, 'confirm', warehouse, {}));
    expect(order).toMatchObject({ status: 'Confirmed', confirmed: { overrideReason: null, by: { name: 'Warehouse Person', role: 'warehouse' } } });
    expect(order.actions).toMatchObject({ confirm: false, hold: true, cancel: true, ship: true });
    expect(order.history.map((h: { status: string }) => h.status)).toEqual(['Placed', 'Confirmed']);
    expect(order.audit).toMatchObject([{ action: 'order.confirm', details: { before: 'Placed', after: 'Confirmed', reason: null, override: null } }]);
    refusal(await act(orderId, 'confirm', admin, {}), 409, deskMessages.order.illegal('confirmed', 'Confirmed'));

    const mail = await mailTo(retailer.email, 'confirmed');
    expect(mail.text).toContain('Your order');
    expect(mail.html).toContain('has been confirmed');
    const salesMail = await mailTo(sales.email, 'confirmed');
    expect(salesMail.text).toContain('Desk Opticals');
  });

  it('two staff confirming the same order at once: exactly one confirm', async () => {
    const { orderId } = await anOrder();
    const answers = await Promise.all([act(orderId, 'confirm', admin, {}), act(orderId, 'confirm', warehouse, {})]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect((await historyOf(orderId)).filter((h) => h.status === 'Confirmed')).toHaveLength(1);
    expect(await auditOf(orderId, 'order.confirm')).toHaveLength(1);
  });

  it('the same Idempotency-Key twice (in turn, or at once) answers the same and changes once', async () => {
    const { orderId } = await anOrder();
    const key = `confirm-${tag()}`;
    const first = await act(orderId, 'confirm', admin, {}, key);
    const second = await act(orderId, 'confirm', admin, {}, key);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await auditOf(orderId, 'order.confirm')).toHaveLength(1);

    const other = await anOrder();
    const both = `hold-${tag()}`;
    const answers = await Promise.all([
      act(other.orderId, 'hold', accounts, { kind: 'note', reason: 'Call the retailer' }, both),
      act(other.orderId, 'hold', accounts, { kind: 'note', reason: 'Call the retailer' }, both),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers[1]!.json()).toEqual(answers[0]!.json());
    expect(await auditOf(other.orderId, 'order.hold')).toHaveLength(1);
    expect((await historyOf(other.orderId)).filter((h) => h.status === 'On hold')).toHaveLength(1);
    // The key belongs to that call: on another order it is refused.
    refusal(await act(orderId, 'hold', accounts, { kind: 'note', reason: 'Call the retailer' }, both), 409, deskMessages.idempotency.reused);
  });

  it('refuses on credit hold, over the limit and with overdue invoices, naming every reason', async () => {
    const held = await anOrder();
    await t.db.update(retailers).set({ creditHold: true, creditHoldReason: 'Cheque bounced' }).where(eq(retailers.id, held.retailer.retailerId));
    refusal(await act(held.orderId, 'confirm', admin, {}), 409, deskMessages.credit.refused(deskMessages.credit.hold('Cheque bounced')));
    expect((await detail(held.orderId)).creditCheck).toEqual({ ok: false, reasons: [deskMessages.credit.hold('Cheque bounced')] });

    // ₹1,000 a piece + 5% GST: 2 pieces are ₹2,100; a ₹2,000 limit is ₹100 short.
    const limited = await anOrder();
    await t.db.update(retailers).set({ creditLimitPaise: 200_000 }).where(eq(retailers.id, limited.retailer.retailerId));
    refusal(await act(limited.orderId, 'confirm', admin, {}), 409, deskMessages.credit.refused(deskMessages.credit.limit(10_000)));

    // An unpaid invoice of 1 Oct, due (30 days) 31 Oct: 20 days overdue on 20 Nov.
    const overdue = await anOrder();
    await createInvoice(t.db, { retailerId: overdue.retailer.retailerId, userId: overdue.retailer.userId, amountPaise: 50_000, invoiceDate: '2026-10-01' });
    refusal(await act(overdue.orderId, 'confirm', admin, {}), 409, deskMessages.credit.refused(deskMessages.credit.overdue(20, 50_000)));
    expect(await auditOf(overdue.orderId, 'order.confirm')).toHaveLength(0);
  });

  it('accounts may confirm past the check with a reason (stored and audited); warehouse may not (403)', async () => {
    const { orderId, retailer } = await anOrder();
    await t.db.update(retailers).set({ creditHold: true, creditHoldReason: 'Cheque bounced' }).where(eq(retailers.id, retailer.retailerId));
    const override = { override: { reason: 'Owner paid in cash today' } };
    refusal(await act(orderId, 'confirm', warehouse, override), 403, deskMessages.order.overrideNotAllowed);
    const order = await done(await act(orderId, 'confirm', accounts, override));
    expect(order.confirmed).toMatchObject({ overrideReason: 'Owner paid in cash today', by: { role: 'accounts' } });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row!.creditOverrideReason).toBe('Owner paid in cash today');
    const [audit] = await auditOf(orderId, 'order.confirm');
    expect(audit!.details).toMatchObject({
      before: 'Placed',
      after: 'Confirmed',
      reason: 'Owner paid in cash today',
      override: { reason: 'Owner paid in cash today', refusals: [deskMessages.credit.hold('Cheque bounced')] },
    });
  });
});

describe('holding and releasing', () => {
  it('holds a placed order and releases it to Placed; holds a confirmed one and releases it to Confirmed; mails the reason', async () => {
    const { orderId, retailer, sales } = await anOrder();
    const held = await done(await act(orderId, 'hold', warehouse, { kind: 'stock', reason: 'Waiting for the C1 restock' }));
    expect(held).toMatchObject({ status: 'On hold', hold: { kind: 'stock', reason: 'Waiting for the C1 restock', by: { role: 'warehouse' } } });
    expect(held.actions).toMatchObject({ confirm: true, hold: false, release: true, edit: true, ship: false });
    refusal(await act(orderId, 'hold', warehouse, { kind: 'note', reason: 'Again please' }), 409, deskMessages.order.illegal('put on hold', 'On hold'));
    const mail = await mailTo(retailer.email, 'on hold');
    expect(mail.text).toContain('Reason: Waiting for the C1 restock');
    // Its linked sales executive is told too, with the same reason.
    expect((await mailTo(sales.email, 'on hold')).text).toContain('Reason: Waiting for the C1 restock');

    expect(await done(await act(orderId, 'release', warehouse))).toMatchObject({ status: 'Placed', hold: null });
    refusal(await act(orderId, 'release', warehouse), 409, deskMessages.order.illegal('released', 'Placed'));
    await mailTo(retailer.email, 'released');

    await done(await act(orderId, 'confirm', admin, {}));
    await done(await act(orderId, 'hold', admin, { kind: 'note', reason: 'Retailer asked to wait' }));
    const released = await done(await act(orderId, 'release', accounts));
    expect(released).toMatchObject({ status: 'Confirmed', hold: null });
    expect(released.history.map((h: { status: string }) => h.status)).toEqual(['Placed', 'On hold', 'Placed', 'Confirmed', 'On hold', 'Confirmed']);
  });

  it('a credit hold is released (or confirmed through) by accounts or an admin only', async () => {
    const { orderId } = await anOrder();
    await done(await act(orderId, 'hold', accounts, { kind: 'credit', reason: 'Two invoices unpaid' }));
    refusal(await act(orderId, 'release', warehouse), 403, deskMessages.order.releaseCreditNotAllowed);
    refusal(await act(orderId, 'confirm', warehouse, {}), 403, deskMessages.order.releaseCreditNotAllowed);
    expect((await detail(orderId, warehouse)).actions).toMatchObject({ release: false });
    expect(await done(await act(orderId, 'release', accounts))).toMatchObject({ status: 'Placed' });
  });

  it('confirming a held order clears the hold', async () => {
    const { orderId } = await anOrder();
    await done(await act(orderId, 'hold', warehouse, { kind: 'note', reason: 'Check the address' }));
    const order = await done(await act(orderId, 'confirm', warehouse, {}));
    expect(order).toMatchObject({ status: 'Confirmed', hold: null });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({ holdKind: null, holdReason: null, heldAt: null });
  });

  it('refuses a reason too short (400), a retailer (403) and an unknown order (404)', async () => {
    const { orderId, headers } = await anOrder();
    expect((await act(orderId, 'hold', admin, { kind: 'note', reason: 'x' })).statusCode).toBe(400);
    expect((await act(orderId, 'hold', headers, { kind: 'note', reason: 'Not mine to hold' })).statusCode).toBe(403);
    expect((await act(orderId, 'confirm', headers, {})).statusCode).toBe(403);
    refusal(await act(999_999, 'confirm', admin, {}), 404, deskMessages.order.notFound);
    refusal(await act(999_999, 'cancel', admin, { reason: 'No such order' }), 404, deskMessages.order.notFound);
  });
});

describe('cancelling', () => {
  it('returns every piece to stock exactly, with a movement per colour, and removes shipments still being packed', async () => {
    const { orderId, product, retailer, sales } = await anOrder({ quantities: [3, 4] });
    const ids = product.variants.map((v) => v.id);
    const before = await stockOf(ids);
    expect([...before.values()]).toEqual([47, 46]);
    const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id));
    await aShipment(orderId, 'Packing', [{ orderLineId: lines[0]!.id, quantity: 2 }]);
    await done(await act(orderId, 'confirm', admin, {}));

    const order = await done(await act(orderId, 'cancel', warehouse, { reason: 'The retailer closed the shop' }));
    expect(order).toMatchObject({ status: 'Cancelled', cancelled: { reason: 'The retailer closed the shop', by: { role: 'warehouse' } }, shipments: [] });
    expect(order.actions).toMatchObject({ confirm: false, hold: false, release: false, cancel: false, cancelLine: false, edit: false, ship: false });
    expect(order.lines.map((l: { cancelledQuantity: number; openQuantity: number }) => [l.cancelledQuantity, l.openQuantity])).toEqual([
      [3, 0],
      [4, 0],
    ]);
    const after = await stockOf(ids);
    expect(after.get(ids[0]!)).toBe(before.get(ids[0]!)! + 3);
    expect(after.get(ids[1]!)).toBe(before.get(ids[1]!)! + 4);
    const movements = await t.db.select().from(stockMovements).where(and(eq(stockMovements.orderId, orderId), eq(stockMovements.reason, 'order cancelled')));
    expect(movements.map((m) => [m.productColourId, m.delta]).sort((a, b) => a[0]! - b[0]!)).toEqual([
      [ids[0], 3],
      [ids[1], 4],
    ]);
    expect(await t.db.select().from(shipments).where(eq(shipments.orderId, orderId))).toEqual([]);
    // The money stays as it was ordered; only the decision changed.
    const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row!.totalQuantity).toBe(7);
    const [audit] = await auditOf(orderId, 'order.cancel');
    expect(audit!.details).toMatchObject({ before: 'Confirmed', after: 'Cancelled', reason: 'The retailer closed the shop' });

    refusal(await act(orderId, 'cancel', admin, { reason: 'Once more' }), 409, deskMessages.order.illegal('cancelled', 'Cancelled'));
    expect(await stockOf(ids)).toEqual(after);
    expect((await mailTo(retailer.email, 'cancelled')).text).toContain('Reason: The retailer closed the shop');
    await mailTo(sales.email, 'cancelled');
  });

  it('is refused while a shipment is packed, and once something was dispatched', async () => {
    const { orderId } = await anOrder({ quantities: [2] });
    const [line] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    await done(await act(orderId, 'confirm', admin, {}));
    const packed = await aShipment(orderId, 'Packed', [{ orderLineId: line!.id, quantity: 1 }]);
    refusal(await act(orderId, 'cancel', admin, { reason: 'Too late now' }), 409, deskMessages.order.unpackFirst(1));

    await t.db
      .update(shipments)
      .set({ status: 'Dispatched', transporter: 'Blue Dart', docketNo: 'BD1', dispatchDate: '2026-11-20', valuePaise: 105_000, dispatchedAt: new Date() })
      .where(eq(shipments.id, packed.id));
    await t.db.update(orders).set({ status: 'Partially dispatched' }).where(eq(orders.id, orderId));
    refusal(await act(orderId, 'cancel', admin, { reason: 'Too late now' }), 409, deskMessages.order.illegal('cancelled', 'Partially dispatched'));
  });
});

describe("cancelling a line's open pieces", () => {
  it('cancels only the pieces in no shipment, returns them to stock and reprices the line and the order', async () => {
    const { orderId, product, retailer } = await anOrder({ quantities: [5, 2], stateCode: '29', netPricePaise: 99_999 });
    const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id));
    const [first, second] = lines as [(typeof lines)[0], (typeof lines)[0]];
    await aShipment(orderId, 'Packing', [{ orderLineId: first.id, quantity: 2 }]);
    const stockBefore = await stockOf([product.variants[0]!.id]);

    const response = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/lines/${first.id}/cancel`,
      headers: accounts,
      payload: { reason: 'Colour discontinued' },
    });
    const order = await done(response);
    expect(order.status).toBe('Placed');
    expect(order.lines[0]).toMatchObject({ quantity: 5, cancelledQuantity: 3, inShipmentsQuantity: 2, openQuantity: 0, backorderedQuantity: 2 });
    expect((await stockOf([product.variants[0]!.id])).get(product.variants[0]!.id)).toBe(stockBefore.get(product.variants[0]!.id)! + 3);
    const [movement] = await t.db.select().from(stockMovements).where(and(eq(stockMovements.orderId, orderId), eq(stockMovements.reason, 'order line cancelled')));
    expect(movement).toMatchObject({ productColourId: product.variants[0]!.id, delta: 3 });

    const repriced = lineTotals({
      unitPricePaise: first.unitPricePaise,
      discountPerUnitPaise: first.discountPerUnitPaise,
      quantity: 2,
      gstRatePercent: first.gstRatePercent,
      billToStateCode: '29',
      companyStateCode: '36',
    });
    const [lineRow] = await t.db.select().from(orderLines).where(eq(orderLines.id, first.id));
    expect(lineRow).toMatchObject({ cancelledQuantity: 3, taxablePaise: repriced.taxablePaise, igstPaise: repriced.igst, cgstPaise: 0, lineTotalPaise: repriced.totalPaise });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({
      totalQuantity: 4,
      taxablePaise: repriced.taxablePaise + second.taxablePaise,
      igstPaise: repriced.igst + second.igstPaise,
      totalPaise: repriced.totalPaise + second.lineTotalPaise,
      subtotalPaise: 4 * 99_999,
    });
    expect(order.totals).toMatchObject({ quantity: 4, total: paiseToRupees(row!.totalPaise) });
    expect(order.history.at(-1)).toMatchObject({ status: 'Placed', note: `${first.productCode} C1: 3 cancelled (Colour discontinued)` });
    const [audit] = await auditOf(orderId, 'order.cancelLine');
    expect(audit!.details).toMatchObject({ lineId: first.id, pieces: 3, reason: 'Colour discontinued' });
    expect((await mailTo(retailer.email, `${first.productCode} C1 cancelled`)).text).toContain('Reason: Colour discontinued');

    const again = await t.app.inject({ method: 'POST', url: `/api/admin/orders/${orderId}/lines/${first.id}/cancel`, headers: admin, payload: { reason: 'Colour discontinued' } });
    refusal(again, 409, deskMessages.order.nothingOpen(`${first.productCode} C1`));
  });

  it('refuses cancelling the last open pieces of an order (cancel the order), and an unknown line (404)', async () => {
    const { orderId } = await anOrder({ quantities: [2] });
    const [line] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    const cancel = (lineId: number) =>
      t.app.inject({ method: 'POST', url: `/api/admin/orders/${orderId}/lines/${lineId}/cancel`, headers: admin, payload: { reason: 'Not needed' } });
    refusal(await cancel(line!.id), 409, deskMessages.order.noLinesLeft);
    const other = await anOrder();
    const [foreign] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, other.orderId));
    refusal(await cancel(foreign!.id), 404, deskMessages.order.lineNotFound);
  });
});

describe('the expected date of a backorder', () => {
  it('is set and cleared, audited; an unknown line is 404', async () => {
    const { orderId } = await anOrder();
    const [line] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    const put = (lineId: number, expectedDate: string | null) =>
      t.app.inject({ method: 'PUT', url: `/api/admin/orders/${orderId}/lines/${lineId}/expected-date`, headers: warehouse, payload: { expectedDate } });
    expect((await done(await put(line!.id, '2026-12-05'))).lines[0].expectedDate).toBe('2026-12-05');
    expect((await done(await put(line!.id, null))).lines[0].expectedDate).toBeNull();
    expect((await put(line!.id, '5 Dec')).statusCode).toBe(400);
    refusal(await put(999_999, '2026-12-05'), 404, deskMessages.order.lineNotFound);
    const audit = await auditOf(orderId, 'order.expectedDate');
    expect(audit.map((a) => a.details?.expectedDate)).toEqual([
      { before: null, after: '2026-12-05' },
      { before: '2026-12-05', after: null },
    ]);
  });
});

describe('the API docs', () => {
  it('list every desk route under Admin with a summary, and the Idempotency-Key header on the changes', async () => {
    const response = await t.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = response.json().paths as Record<string, Record<string, { tags: string[]; summary: string; parameters?: { in: string; name: string }[] }>>;
    const routes: [string, string, boolean][] = [
      ['/api/admin/orders', 'get', false],
      ['/api/admin/orders/{id}', 'get', false],
      ['/api/admin/orders/{id}/confirm', 'post', true],
      ['/api/admin/orders/{id}/hold', 'post', true],
      ['/api/admin/orders/{id}/release', 'post', true],
      ['/api/admin/orders/{id}/cancel', 'post', true],
      ['/api/admin/orders/{id}/lines/{lineId}/cancel', 'post', true],
      ['/api/admin/orders/{id}/lines/{lineId}/expected-date', 'put', true],
      ['/api/admin/retailers/{id}/credit', 'get', false],
      ['/api/admin/retailers/{id}/credit', 'put', true],
    ];
    for (const [path, method, keyed] of routes) {
      const operation = paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation!.tags).toEqual(['Admin']);
      expect(operation!.summary.length).toBeGreaterThan(10);
      const header = (operation!.parameters ?? []).some((p) => p.in === 'header' && p.name === 'idempotency-key');
      expect(header, `${method} ${path} Idempotency-Key`).toBe(keyed);
    }
  });
});
