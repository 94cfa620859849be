import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { deskMessages, formatInvoiceNo, lineTotals } from '@frameport/domain';
import { fail, parseInvoiceStores, type AdminOrderDetail } from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import { invoiceMessages } from '@frameport/domain/messages/invoices';
import {
  auditLog,
  documentSequences,
  invoices,
  mailOutbox,
  orderLines,
  orders,
  orderStatusHistory,
  retailers,
  shipmentLines,
  shipments,
} from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createProduct, createRetailer, createStaffUser, ensureCorporateDetails, HSN_NOT_IN_GST_TABLE } from '../../test/factories.ts';
import {
  confirmOrder,
  dispatchShipment,
  headersFor,
  invoiceOfShipment,
  openLines,
  packedShipment,
  placeOrder,
  type Headers,
} from '../../test/invoices.ts';
import { startSmtpReceiver, type SmtpReceiver } from '../../test/smtp.ts';

const START = '2026-11-20T10:00:00.000Z';
const TODAY = '2026-11-20';

let t: TestApp;
let smtp: SmtpReceiver;
let admin: Headers;
let warehouse: Headers;
let accounts: Headers;
/** ₹1,234.57 at 5% and ₹2,345.67 at 18%: odd paise, so shares round. */
let frame: number;
let sunglasses: number;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  t = await buildTestApp({ smtpUrl: smtp.url });
  await ensureCorporateDetails(t.db);
  const [a, w, c] = await Promise.all([createStaffUser(t.db, 'admin'), createStaffUser(t.db, 'warehouse'), createStaffUser(t.db, 'accounts')]);
  admin = await headersFor(t, a);
  warehouse = await headersFor(t, w);
  accounts = await headersFor(t, c);
  frame = (await createProduct(t.db, { stocks: [5000, 5000], netPricePaise: 1_234_57, gstRatePercent: 5 })).productId;
  sunglasses = (await createProduct(t.db, { stocks: [5000], netPricePaise: 2_345_67, productTypeId: 2, gstRatePercent: 18 })).productId;
});

afterEach(() => {
  t.clock.set(START);
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

type Party = { retailerId: number; email: string; headers: Headers };

async function retailer(stateCode: '36' | '29' = '36', businessName?: string): Promise<Party> {
  const user = await createRetailer(t.db, { stateCode, ...(businessName ? { businessName } : {}) });
  return { retailerId: user.retailerId, email: user.email, headers: await headersFor(t, user) };
}

/** An order of the party, confirmed (as the desk would), with frames and sunglasses. */
async function confirmedOrder(party: Party, items: { productId: number; quantity: number; colorVariant?: string }[]) {
  const orderId = await placeOrder(t, party.headers, items);
  await confirmOrder(t, orderId);
  return orderId;
}

function call(method: 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>, headers: Headers = warehouse) {
  return t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

async function ok(response: Awaited<ReturnType<typeof call>>): Promise<AdminOrderDetail> {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ Data: AdminOrderDetail }>().Data;
}

function ship(orderId: number, lines: { orderLineId: number; quantity: number }[], headers?: Headers) {
  return call('POST', `/api/admin/orders/${orderId}/shipments`, { lines }, headers);
}

async function lastShipmentId(orderId: number): Promise<number> {
  const rows = await t.db.select({ id: shipments.id }).from(shipments).where(eq(shipments.orderId, orderId)).orderBy(asc(shipments.shipmentNo));
  return rows.at(-1)!.id;
}

const deliver = (shipmentId: number, body: Record<string, unknown> = { deliveredOn: TODAY, receivedBy: 'Ravi at the counter' }) =>
  call('POST', `/api/admin/shipments/${shipmentId}/deliver`, body);

async function statusOf(orderId: number) {
  const [order] = await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  return order!.status;
}

async function lastInvoiceNumber(): Promise<number> {
  const [row] = await t.db
    .select({ lastValue: documentSequences.lastValue })
    .from(documentSequences)
    .where(and(eq(documentSequences.series, 'invoice'), eq(documentSequences.financialYear, '2026-27')));
  return row?.lastValue ?? 0;
}

/** The mail to `to` with this subject, received already or within 5 s. */
async function mailTo(to: string, subject: string) {
  const started = Date.now();
  for (;;) {
    const found = smtp.received.find((mail) => mail.subject === subject && mail.to && JSON.stringify(mail.to).includes(to));
    if (found) return found;
    if (Date.now() - started > 5000) throw new Error(`no mail '${subject}' to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function pdfText(pdf: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

describe('shipping an order in parts', () => {
  it('goes Partially dispatched, then Dispatched, then Delivered, with the timeline, the audit and an invoice per shipment', async () => {
    const r = await retailer();
    const orderId = await confirmedOrder(r, [
      { productId: frame, quantity: 3 },
      { productId: sunglasses, quantity: 2 },
    ]);
    const [frameLine, sunLine] = await openLines(t, orderId);

    const made = await ok(await ship(orderId, [{ orderLineId: frameLine!.id, quantity: 2 }]));
    expect(made.status).toBe('Confirmed');
    expect(made.shipments.map((s) => [s.shipmentNo, s.status, s.lines])).toEqual([[1, 'Packing', [{ orderLineId: frameLine!.id, quantity: 2, gstRate: 5 }]]]);
    const first = await lastShipmentId(orderId);
    const packed = await ok(await call('POST', `/api/admin/shipments/${first}/pack`, { boxes: 2 }));
    expect(packed.shipments[0]).toMatchObject({ status: 'Packed', boxes: 2 });

    const partly = await ok(await dispatchShipment(t, warehouse, first, { docketNo: '123', ewayBillNo: null }));
    expect(partly.status).toBe('Partially dispatched');
    expect(await statusOf(orderId)).toBe('Partially dispatched');
    const firstInvoice = await invoiceOfShipment(t, first);
    expect(partly.shipments[0]).toMatchObject({
      status: 'Dispatched',
      transporter: 'Blue Dart',
      docketNo: '123',
      dispatchDate: TODAY,
      invoice: { id: firstInvoice.InvoiceID, invoiceNo: firstInvoice.InvoiceNo, invoiceDate: TODAY, amount: firstInvoice.InvoiceAmount },
    });

    // The rest: one frame and both sunglasses.
    await ship(orderId, [
      { orderLineId: frameLine!.id, quantity: 1 },
      { orderLineId: sunLine!.id, quantity: 2 },
    ]);
    const second = await lastShipmentId(orderId);
    expect(second).not.toBe(first);
    await ok(await call('POST', `/api/admin/shipments/${second}/pack`, {}));
    const all = await ok(await dispatchShipment(t, warehouse, second));
    expect(all.status).toBe('Dispatched');
    expect(all.shipments.map((s) => [s.shipmentNo, s.status])).toEqual([
      [1, 'Dispatched'],
      [2, 'Dispatched'],
    ]);

    const oneDelivered = await ok(await deliver(first));
    expect(oneDelivered.status).toBe('Dispatched');
    expect(oneDelivered.shipments[0]).toMatchObject({ status: 'Delivered', deliveredOn: TODAY, receivedBy: 'Ravi at the counter' });
    const delivered = await ok(await deliver(second, { deliveredOn: TODAY, receivedBy: 'Asha' }));
    expect(delivered.status).toBe('Delivered');
    expect(await statusOf(orderId)).toBe('Delivered');

    const history = await t.db
      .select({ status: orderStatusHistory.status, note: orderStatusHistory.note })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, orderId))
      .orderBy(asc(orderStatusHistory.id));
    expect(history.slice(1)).toEqual([
      { status: 'Partially dispatched', note: 'Shipment 1 dispatched: Blue Dart, docket 123' },
      { status: 'Dispatched', note: `Shipment 2 dispatched: Blue Dart, docket BD${second}, e-way bill 123456789012` },
      { status: 'Dispatched', note: 'Shipment 1 delivered on 2026-11-20, received by Ravi at the counter' },
      { status: 'Delivered', note: 'Shipment 2 delivered on 2026-11-20, received by Asha' },
    ]);

    const audit = await t.db
      .select({ action: auditLog.action, entity: auditLog.entity, entityId: auditLog.entityId, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'shipment'), inArray(auditLog.entityId, [String(first), String(second)])))
      .orderBy(asc(auditLog.id));
    expect(audit.filter((row) => row.entityId === String(first)).map((row) => row.action)).toEqual([
      'shipment.create',
      'shipment.pack',
      'shipment.dispatch',
      'shipment.deliver',
    ]);
    expect(audit.find((row) => row.action === 'shipment.dispatch')!.details).toMatchObject({
      orderId,
      shipmentNo: 1,
      before: { status: 'Packed', boxes: 2 },
      after: { status: 'Dispatched', docketNo: '123', dispatchDate: TODAY },
      invoiceNo: firstInvoice.InvoiceNo,
    });

    // Two invoices, which together bill the order.
    const raised = await t.db.select().from(invoices).where(eq(invoices.orderId, orderId));
    expect(raised.map((invoice) => invoice.shipmentId).sort()).toEqual([first, second].sort());
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(raised.reduce((n, invoice) => n + invoice.amountPaise, 0)).toBe(order!.totalPaise);
  });

  it('refuses to dispatch more than was ordered: a shipment takes at most each line’s open pieces (409)', async () => {
    const r = await retailer();
    const orderId = await confirmedOrder(r, [{ productId: frame, quantity: 3 }]);
    const [line] = await openLines(t, orderId);
    const [row] = await t.db.select().from(orderLines).where(eq(orderLines.id, line!.id));
    const label = `${row!.modelName} ${row!.colourName}`;

    const tooMany = await ship(orderId, [{ orderLineId: line!.id, quantity: 4 }]);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toEqual(fail(deskMessages.shipment.tooMany(label, 3)));
    await ok(await ship(orderId, [{ orderLineId: line!.id, quantity: 2 }]));
    const again = await ship(orderId, [{ orderLineId: line!.id, quantity: 2 }]);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(fail(deskMessages.shipment.tooMany(label, 1)));
    // Cancelled pieces are not open either.
    await t.db.update(orderLines).set({ cancelledQuantity: 1 }).where(eq(orderLines.id, line!.id));
    const cancelled = await ship(orderId, [{ orderLineId: line!.id, quantity: 1 }]);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json()).toEqual(fail(deskMessages.shipment.tooMany(label, 0)));

    // Another order's line, the same line twice, an unknown order, an empty list.
    const other = await confirmedOrder(r, [{ productId: sunglasses, quantity: 1 }]);
    const [otherLine] = await openLines(t, other);
    const foreign = await ship(orderId, [{ orderLineId: otherLine!.id, quantity: 1 }]);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(fail(deskMessages.order.lineNotFound));
    const twice = await ship(other, [
      { orderLineId: otherLine!.id, quantity: 1 },
      { orderLineId: otherLine!.id, quantity: 1 },
    ]);
    expect(twice.statusCode).toBe(400);
    expect((await ship(987_654, [{ orderLineId: otherLine!.id, quantity: 1 }])).statusCode).toBe(404);
    expect((await ship(other, [])).statusCode).toBe(400);
    expect(await t.db.select().from(shipments).where(eq(shipments.orderId, other))).toEqual([]);
  });

  it('ships only a confirmed order that is not on hold (409 with the order’s status)', async () => {
    const r = await retailer();
    const orderId = await placeOrder(t, r.headers, [{ productId: frame, quantity: 1 }]);
    const [line] = await openLines(t, orderId);
    const placed = await ship(orderId, [{ orderLineId: line!.id, quantity: 1 }]);
    expect(placed.statusCode).toBe(409);
    expect(placed.json()).toEqual(fail(deskMessages.shipment.orderNotShippable('Placed')));

    await confirmOrder(t, orderId);
    const shipmentId = await packedShipment(t, warehouse, orderId);
    // Put on hold after packing: it cannot leave until released.
    await t.db.update(orders).set({ status: 'On hold', holdKind: 'note', holdReason: 'Customer asked to wait' }).where(eq(orders.id, orderId));
    const held = await dispatchShipment(t, warehouse, shipmentId);
    expect(held.statusCode).toBe(409);
    expect(held.json()).toEqual(fail(deskMessages.shipment.orderNotShippable('On hold')));
    expect(await t.db.select().from(invoices).where(eq(invoices.orderId, orderId))).toEqual([]);
  });
});

describe('packing, unpacking and deleting', () => {
  it('unpacks only a packed shipment, deletes only one being packed, and dispatches or delivers only from the right status', async () => {
    const r = await retailer();
    const orderId = await confirmedOrder(r, [{ productId: frame, quantity: 4 }]);
    const [line] = await openLines(t, orderId);
    await ok(await ship(orderId, [{ orderLineId: line!.id, quantity: 3 }]));
    const id = await lastShipmentId(orderId);

    const notPacked = await call('POST', `/api/admin/shipments/${id}/unpack`);
    expect(notPacked.statusCode).toBe(409);
    expect(notPacked.json()).toEqual(fail(deskMessages.shipment.illegal('unpacked', 'Packing')));
    const early = await dispatchShipment(t, warehouse, id);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual(fail(deskMessages.shipment.illegal('dispatched', 'Packing')));

    await ok(await call('POST', `/api/admin/shipments/${id}/pack`, { boxes: 1 }));
    const packedTwice = await call('POST', `/api/admin/shipments/${id}/pack`, { boxes: 1 });
    expect(packedTwice.statusCode).toBe(409);
    expect(packedTwice.json()).toEqual(fail(deskMessages.shipment.illegal('packed', 'Packed')));
    const deletePacked = await call('DELETE', `/api/admin/shipments/${id}`);
    expect(deletePacked.statusCode).toBe(409);
    expect(deletePacked.json()).toEqual(fail(deskMessages.shipment.illegal('deleted', 'Packed')));
    const deliverPacked = await deliver(id);
    expect(deliverPacked.statusCode).toBe(409);
    expect(deliverPacked.json()).toEqual(fail(deskMessages.shipment.illegal('marked delivered', 'Packed')));

    const unpacked = await ok(await call('POST', `/api/admin/shipments/${id}/unpack`));
    expect(unpacked.shipments[0]).toMatchObject({ status: 'Packing', boxes: null, packed: null });
    const deleted = await ok(await call('DELETE', `/api/admin/shipments/${id}`));
    expect(deleted.shipments).toEqual([]);
    expect(await t.db.select().from(shipmentLines).where(eq(shipmentLines.shipmentId, id))).toEqual([]);
    // Its pieces are open again.
    expect((await openLines(t, orderId))[0]!.open).toBe(4);
    expect((await call('DELETE', `/api/admin/shipments/${id}`)).json()).toEqual(fail(deskMessages.shipment.notFound));

    const actions = await t.db.select({ action: auditLog.action, details: auditLog.details }).from(auditLog).where(and(eq(auditLog.entity, 'shipment'), eq(auditLog.entityId, String(id)))).orderBy(asc(auditLog.id));
    expect(actions.map((row) => row.action)).toEqual(['shipment.create', 'shipment.pack', 'shipment.unpack', 'shipment.delete']);
    expect(actions.at(-1)!.details).toMatchObject({ orderId, before: { status: 'Packing', lines: [{ orderLineId: line!.id, quantity: 3 }] }, after: null });

    for (const [method, url] of [
      ['POST', '/api/admin/shipments/987654/pack'],
      ['POST', '/api/admin/shipments/987654/unpack'],
      ['POST', '/api/admin/shipments/987654/dispatch'],
      ['POST', '/api/admin/shipments/987654/deliver'],
      ['DELETE', '/api/admin/shipments/987654'],
    ] as const) {
      const payload = url.endsWith('dispatch')
        ? { transporter: 'X', docketNo: '1', dispatchDate: TODAY }
        : url.endsWith('deliver')
          ? { deliveredOn: TODAY, receivedBy: 'X' }
          : url.endsWith('pack')
            ? { boxes: 1 }
            : undefined;
      const missing = await call(method, url, payload);
      expect(missing.statusCode, url).toBe(404);
      expect(missing.json()).toEqual(fail(deskMessages.shipment.notFound));
    }
  });

  it('answers a repeated call with the same Idempotency-Key as the first, and changes nothing more', async () => {
    const r = await retailer();
    const orderId = await confirmedOrder(r, [{ productId: frame, quantity: 2 }]);
    const shipmentId = await packedShipment(t, warehouse, orderId);
    const headers = { ...warehouse, 'idempotency-key': `dispatch-${shipmentId}-once` };
    const payload = { transporter: 'DTDC', docketNo: 'D-1', dispatchDate: TODAY };
    const first = await t.app.inject({ method: 'POST', url: `/api/admin/shipments/${shipmentId}/dispatch`, headers, payload });
    const second = await t.app.inject({ method: 'POST', url: `/api/admin/shipments/${shipmentId}/dispatch`, headers, payload });
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await t.db.select().from(invoices).where(eq(invoices.orderId, orderId))).toHaveLength(1);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, r.email));
    expect(mails.filter((mail) => mail.subject.endsWith('dispatched'))).toHaveLength(1);
  });
});

describe('dates', () => {
  it('dispatches on a day from the order date to today (India), and delivers on a day from the dispatch to today', async () => {
    t.clock.set('2026-11-18T20:00:00.000Z'); // 19 Nov, 01:30 in India
    const r = await retailer();
    const orderId = await confirmedOrder(r, [{ productId: frame, quantity: 1 }]);
    const shipmentId = await packedShipment(t, warehouse, orderId);
    t.clock.set('2026-11-21T18:00:00.000Z'); // 21 Nov, 23:30 in India

    const future = await dispatchShipment(t, warehouse, shipmentId, { dispatchDate: '2026-11-22' });
    expect(future.statusCode).toBe(400);
    expect(future.json()).toEqual(fail(deskMessages.shipment.dispatchDateFuture));
    const beforeOrder = await dispatchShipment(t, warehouse, shipmentId, { dispatchDate: '2026-11-18' });
    expect(beforeOrder.statusCode).toBe(400);
    expect(beforeOrder.json()).toEqual(fail(deskMessages.shipment.dispatchDateBeforeOrder));
    const notADay = await dispatchShipment(t, warehouse, shipmentId, { dispatchDate: '2026-11-31' });
    expect(notADay.statusCode).toBe(400);
    const shape = await dispatchShipment(t, warehouse, shipmentId, { dispatchDate: '20-11-2026' });
    expect(shape.statusCode).toBe(400);
    expect(await lastShipmentStatus(shipmentId)).toBe('Packed');

    await ok(await dispatchShipment(t, warehouse, shipmentId, { dispatchDate: '2026-11-19' }));
    // A dispatch recorded late keeps its day; its tax invoice is dated the day it is issued, never back-dated.
    expect((await invoiceOfShipment(t, shipmentId)).InvoiceDate).toBe('2026-11-21');

    const early = await deliver(shipmentId, { deliveredOn: '2026-11-18', receivedBy: 'Asha' });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual(fail(deskMessages.shipment.deliveredBeforeDispatch));
    const later = await deliver(shipmentId, { deliveredOn: '2026-11-22', receivedBy: 'Asha' });
    expect(later.statusCode).toBe(400);
    expect(later.json()).toEqual(fail(deskMessages.shipment.deliveredFuture));
    expect((await deliver(shipmentId, { deliveredOn: '2026-11-21', receivedBy: '' })).statusCode).toBe(400);
    await ok(await deliver(shipmentId, { deliveredOn: '2026-11-21', receivedBy: 'Asha' }));
    const again = await deliver(shipmentId, { deliveredOn: '2026-11-21', receivedBy: 'Asha' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(fail(deskMessages.shipment.illegal('marked delivered', 'Delivered')));
  });
});

async function lastShipmentStatus(shipmentId: number) {
  const [row] = await t.db.select({ status: shipments.status }).from(shipments).where(eq(shipments.id, shipmentId));
  return row!.status;
}

describe('the invoices of an order shipped in parts', () => {
  for (const [stateCode, kind] of [
    ['36', 'CGST and SGST'],
    ['29', 'IGST'],
  ] as const) {
    it(`add up to the order to the paisa, a line split over three shipments, odd quantities (${kind})`, async () => {
      const r = await retailer(stateCode);
      const orderId = await confirmedOrder(r, [
        { productId: frame, quantity: 7 },
        { productId: sunglasses, quantity: 5 },
        { productId: frame, colorVariant: 'C2', quantity: 3 },
      ]);
      const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
      const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id));
      expect(lines.map((line) => line.quantity).sort()).toEqual([3, 5, 7]);

      // Per shipment, the pieces of the 7-frame line, the 5-sunglasses line and the 3-frame line.
      const parts: Record<number, number>[] = [
        { 7: 2, 5: 1, 3: 0 },
        { 7: 3, 5: 0, 3: 3 },
        { 7: 2, 5: 4, 3: 0 },
      ];
      const shipmentIds: number[] = [];
      for (const part of parts) {
        const id = await packedShipment(t, warehouse, orderId, lines.map((line) => part[line.quantity]));
        await ok(await dispatchShipment(t, warehouse, id));
        shipmentIds.push(id);
      }
      expect(await statusOf(orderId)).toBe('Dispatched');

      const raised = await t.db.select().from(invoices).where(eq(invoices.orderId, orderId));
      expect(raised).toHaveLength(3);
      expect(raised.reduce((n, invoice) => n + invoice.amountPaise, 0)).toBe(order!.totalPaise);
      const shares = await t.db.select().from(shipmentLines).where(inArray(shipmentLines.shipmentId, shipmentIds));
      for (const line of lines) {
        const ofLine = shares.filter((share) => share.orderLineId === line.id);
        const sum = (pick: (share: (typeof shares)[number]) => number | null) => ofLine.reduce((n, share) => n + (pick(share) ?? 0), 0);
        expect([sum((s) => s.quantity), sum((s) => s.taxablePaise), sum((s) => s.cgstPaise), sum((s) => s.sgstPaise), sum((s) => s.igstPaise), sum((s) => s.totalPaise)]).toEqual([
          line.quantity,
          line.taxablePaise,
          line.cgstPaise,
          line.sgstPaise,
          line.igstPaise,
          line.lineTotalPaise,
        ]);
        if (stateCode === '36') expect(sum((s) => s.igstPaise)).toBe(0);
        else expect(sum((s) => (s.cgstPaise ?? 0) + (s.sgstPaise ?? 0))).toBe(0);
      }
      // Each invoice bills its shipment's value; a share that is not the line's last is priced as a line of its pieces.
      for (const id of shipmentIds) {
        const [shipment] = await t.db.select().from(shipments).where(eq(shipments.id, id));
        const invoice = raised.find((row) => row.shipmentId === id)!;
        const own = shares.filter((share) => share.shipmentId === id);
        expect(invoice.amountPaise).toBe(shipment!.valuePaise);
        expect(invoice.amountPaise).toBe(own.reduce((n, share) => n + share.totalPaise!, 0));
      }
      const seven = lines.find((line) => line.quantity === 7)!;
      const firstFrame = shares.find((share) => share.shipmentId === shipmentIds[0] && share.orderLineId === seven.id)!;
      const priced = lineTotals({
        unitPricePaise: seven.unitPricePaise,
        discountPerUnitPaise: seven.discountPerUnitPaise,
        quantity: 2,
        gstRatePercent: seven.gstRatePercent,
        billToStateCode: order!.billToStateCode,
        companyStateCode: order!.companyStateCode,
      });
      expect(firstFrame).toMatchObject({ quantity: 2, taxablePaise: priced.taxablePaise, cgstPaise: priced.cgst, igstPaise: priced.igst, totalPaise: priced.totalPaise });

      // The staff's copy of the first invoice prints what the shipment carried and how it travelled.
      const first = raised.find((row) => row.shipmentId === shipmentIds[0])!;
      const document = await t.app.inject({ url: `/api/admin/invoices/${first.id}/document`, headers: accounts });
      expect(document.statusCode).toBe(200);
      expect(document.headers['content-type']).toBe('application/pdf');
      const text = await pdfText(document.rawPayload);
      expect(text).toContain(`Invoice No.: ${first.invoiceNo}`);
      expect(text).toContain('9003 2 PCS 1,234.57');
      expect(text).toContain('900410 1 PCS 2,345.67');
      expect(text).not.toContain('9003 7 PCS');
      expect(text).toContain('Blue Dart');
      expect(text).toContain(`BD${shipmentIds[0]}`);
      expect(text).toContain('123456789012');
      const inr = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2 }).format(first.amountPaise / 100);
      expect(text).toContain(`Invoice total ₹${inr}`);
    });
  }
});

describe('invoice numbers', () => {
  it('stay gap-free when shipments of different orders are dispatched at the same time', async () => {
    const r = await retailer();
    const shipmentIds: number[] = [];
    for (let i = 0; i < 8; i++) {
      const orderId = await confirmedOrder(r, [{ productId: frame, quantity: 1 }]);
      shipmentIds.push(await packedShipment(t, warehouse, orderId));
    }
    const before = await lastInvoiceNumber();
    const responses = await Promise.all(shipmentIds.map((id) => dispatchShipment(t, id % 2 ? warehouse : admin, id)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(8).fill(200));
    const numbers = (await t.db.select({ no: invoices.invoiceNo }).from(invoices).where(inArray(invoices.shipmentId, shipmentIds))).map((row) => row.no).sort();
    expect(numbers).toEqual(Array.from({ length: 8 }, (_, i) => formatInvoiceNo('2026-27', before + 1 + i)));
    expect(await lastInvoiceNumber()).toBe(before + 8);
  });
});

describe('the e-way bill', () => {
  /** A shipment whose consignment is worth exactly `paise` (one piece at 0% GST: an HSN code the rate table does not cover). */
  async function consignmentOf(paise: number) {
    const product = (await createProduct(t.db, { stocks: [5], netPricePaise: paise, gstRatePercent: 0, hsnCode: HSN_NOT_IN_GST_TABLE })).productId;
    const r = await retailer();
    const orderId = await confirmedOrder(r, [{ productId: product, quantity: 1 }]);
    const [order] = await t.db.select({ total: orders.totalPaise }).from(orders).where(eq(orders.id, orderId));
    expect(order!.total).toBe(paise);
    return packedShipment(t, warehouse, orderId);
  }

  it('is not needed for a consignment of exactly ₹50,000.00', async () => {
    const id = await consignmentOf(5_000_000);
    const detail = await ok(await dispatchShipment(t, warehouse, id, { ewayBillNo: null }));
    expect(detail.shipments[0]).toMatchObject({ status: 'Dispatched', value: 50_000, needsEwayBill: false, ewayBillNo: null });
  });

  it('is needed above it: ₹50,000.01 without one is refused (400) and takes no invoice number; with one it leaves', async () => {
    const id = await consignmentOf(5_000_001);
    const before = await lastInvoiceNumber();
    for (const ewayBillNo of [null, '']) {
      const refused = await dispatchShipment(t, warehouse, id, { ewayBillNo });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual(fail(deskMessages.shipment.ewayBillRequired(5_000_001)));
    }
    const malformed = await dispatchShipment(t, warehouse, id, { ewayBillNo: '12345' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual(fail(deskMessages.shipment.ewayBillFormat));
    expect(await lastInvoiceNumber()).toBe(before);
    expect(await lastShipmentStatus(id)).toBe('Packed');
    const detail = await ok(await dispatchShipment(t, warehouse, id, { ewayBillNo: '987654321098' }));
    expect(detail.shipments[0]).toMatchObject({ status: 'Dispatched', value: 50_000.01, needsEwayBill: true, ewayBillNo: '987654321098' });
  });
});

describe('the mails and the retailer’s invoice report', () => {
  it('mails the retailer and its sales executive on dispatch, with the tax invoice attached, and on delivery', async () => {
    const r = await retailer('29', 'Mail Opticals');
    const sales = await createStaffUser(t.db, 'salesexecutive', { linkedRetailerIds: [r.retailerId] });
    const orderId = await confirmedOrder(r, [{ productId: sunglasses, quantity: 2 }]);
    const shipmentId = await packedShipment(t, warehouse, orderId);
    await ok(await dispatchShipment(t, warehouse, shipmentId, { transporter: 'Gati', docketNo: 'GT-778', vehicleNo: 'TS09AB1234' }));
    const invoice = await invoiceOfShipment(t, shipmentId);
    const [order] = await t.db.select({ ref: orders.orderRefNo }).from(orders).where(eq(orders.id, orderId));
    const fileName = `Invoice-${invoice.InvoiceNo.replace(/\//g, '-')}.pdf`;

    for (const to of [r.email, sales.email]) {
      const mail = await mailTo(to, `Order ${order!.ref}: shipment 1 dispatched`);
      expect(mail.text).toContain('Transporter: Gati');
      expect(mail.text).toContain('Docket / AWB: GT-778');
      expect(mail.text).toContain('Vehicle: TS09AB1234');
      expect(mail.text).toContain('E-way bill: 123456789012');
      expect(mail.text).toContain(`Tax invoice ${invoice.InvoiceNo}`);
      expect(mail.attachments).toHaveLength(1);
      const [attachment] = mail.attachments;
      expect(attachment!.filename).toBe(fileName);
      expect(attachment!.contentType).toBe('application/pdf');
      expect(attachment!.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(await pdfText(attachment!.content)).toContain(`Invoice No.: ${invoice.InvoiceNo}`);
    }
    expect((await mailTo(sales.email, `Order ${order!.ref}: shipment 1 dispatched`)).text).toContain('for Mail Opticals');
    // The outbox keeps the mail and the attachment's name, not its bytes.
    const [stored] = await t.db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, r.email), eq(mailOutbox.subject, `Order ${order!.ref}: shipment 1 dispatched`)));
    expect(stored!.attachments).toEqual([{ filename: fileName, contentType: 'application/pdf' }]);
    expect(stored!.textBody).toContain('Docket / AWB: GT-778');

    await ok(await deliver(shipmentId, { deliveredOn: TODAY, receivedBy: 'Kiran' }));
    const deliveredMail = await mailTo(r.email, `Order ${order!.ref}: shipment 1 delivered`);
    expect(deliveredMail.text).toContain('received by Kiran');
    expect(deliveredMail.attachments).toHaveLength(0);
  });

  it('shows the invoice in the retailer’s LensInvoiceReport at once, due after the retailer’s own payment terms', async () => {
    const r = await retailer('36', 'Terms Opticals');
    await t.db.update(retailers).set({ paymentTermsDays: 45 }).where(eq(retailers.id, r.retailerId));
    const orderId = await confirmedOrder(r, [{ productId: frame, quantity: 2 }]);
    const shipmentId = await packedShipment(t, warehouse, orderId);
    await ok(await dispatchShipment(t, warehouse, shipmentId));
    const invoice = await invoiceOfShipment(t, shipmentId);

    const response = await t.app.inject({
      method: 'POST',
      url: '/backoffice/LensMaster/LensInvoiceReport',
      headers: r.headers,
      payload: { Type: 'Stock invoice report for website', RetailerID: r.retailerId },
    });
    expect(response.statusCode, response.body).toBe(200);
    const rows = parseInvoiceStores(response.json().Data.stores);
    const [order] = await t.db.select({ ref: orders.orderRefNo }).from(orders).where(eq(orders.id, orderId));
    expect(rows).toEqual([
      expect.objectContaining({
        InvoiceID: invoice.InvoiceID,
        InvoiceNo: invoice.InvoiceNo,
        InvoiceDate: TODAY,
        InvoiceAmount: invoice.InvoiceAmount,
        PaymentStatus: 'Unpaid',
        OrderID: orderId,
        OrderRefNo: order!.ref,
        DueDate: '2027-01-04',
        DaysOverdue: 0,
      }),
    ]);
  });
});

describe('documents', () => {
  it('draws a shipment’s packing slip for the warehouse, accounts and admins (PDF), and nobody else', async () => {
    const r = await retailer('36', 'Slip Opticals');
    const orderId = await confirmedOrder(r, [
      { productId: frame, quantity: 3 },
      { productId: sunglasses, quantity: 1 },
    ]);
    const id = await packedShipment(t, warehouse, orderId, [2, 1]);
    const [order] = await t.db.select({ ref: orders.orderRefNo }).from(orders).where(eq(orders.id, orderId));
    const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id));
    for (const headers of [warehouse, accounts, admin]) {
      const response = await t.app.inject({ url: `/api/admin/shipments/${id}/packing-slip`, headers });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(`inline; filename="Packing-slip-${order!.ref.replace(/\//g, '-')}-1.pdf"`);
    }
    const slip = await t.app.inject({ url: `/api/admin/shipments/${id}/packing-slip`, headers: warehouse });
    const text = await pdfText(slip.rawPayload);
    expect(text).toContain('PACKING SLIP');
    expect(text).toContain(`Order ref.: ${order!.ref}`);
    expect(text).toContain('Shipment: 1 (Packed)');
    expect(text).toContain('Boxes: 1');
    expect(text).toContain('Ship to Asha Rao 12 Test Street');
    for (const line of lines) {
      expect(text).toContain(line.modelName);
      expect(text).toContain(`${line.colourName} (${line.colorVariant})`);
    }
    expect(text).toContain('Total: 3 pieces in 1 box');

    for (const headers of [r.headers, await headersFor(t, await createStaffUser(t.db, 'salesexecutive', { linkedRetailerIds: [r.retailerId] }))]) {
      const refused = await t.app.inject({ url: `/api/admin/shipments/${id}/packing-slip`, headers });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual(fail(messages.http.forbidden));
    }
    expect((await t.app.inject({ url: `/api/admin/shipments/${id}/packing-slip` })).statusCode).toBe(401);
    const missing = await t.app.inject({ url: '/api/admin/shipments/987654/packing-slip', headers: warehouse });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(fail(deskMessages.shipment.notFound));
  });

  it('gives staff any invoice’s PDF, a legacy one (no shipment) drawn from its order’s lines; retailers use their own route', async () => {
    const r = await retailer();
    const orderId = await confirmedOrder(r, [{ productId: frame, quantity: 3 }]);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    const [legacy] = await t.db
      .insert(invoices)
      .values({ invoiceNo: 'FP/26-27/08001', financialYear: '2026-27', orderId, retailerId: r.retailerId, invoiceDate: TODAY, amountPaise: order!.totalPaise })
      .returning({ id: invoices.id });
    const response = await t.app.inject({ url: `/api/admin/invoices/${legacy!.id}/document`, headers: warehouse });
    expect(response.statusCode).toBe(200);
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Invoice No.: FP/26-27/08001');
    expect(text).toContain('9003 3 PCS 1,234.57');
    expect(text).not.toContain('Transporter');
    const refused = await t.app.inject({ url: `/api/admin/invoices/${legacy!.id}/document`, headers: r.headers });
    expect(refused.statusCode).toBe(403);
    const missing = await t.app.inject({ url: '/api/admin/invoices/987654/document', headers: admin });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(fail(invoiceMessages.oneNotFound));
  });
});
