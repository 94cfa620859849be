/**
 * GST at the invoice date (issue 17, item 4): a shipment's invoice taxes each line at the rate in
 * force on the invoice's date for its HSN code (`gst_rates`), not at the rate the order line took
 * when it was placed; an HSN code the table does not cover keeps the order line's rate. The tax
 * invoice PDF, the e-invoice and the desk's shipment all show the invoice's rate.
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { lineTotals, splitGst } from '@frameport/domain';
import type { AdminOrderDetail } from '@frameport/domain/contract';
import { makeGstin } from '../../db/seed/gstin.ts';
import { invoices, orderLines, orders, retailers, shipmentLines } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createProduct, createRetailer, createStaffUser, ensureCorporateDetails, HSN_NOT_IN_GST_TABLE } from '../../test/factories.ts';
import { confirmOrder, dispatchShipment, headersFor, packedShipment, placeOrder, type Headers } from '../../test/invoices.ts';

/** Orders are placed on 20 Nov 2026 (India); the new rate is in force from 1 Dec 2026. */
const BEFORE = '2026-11-20T10:00:00.000Z';
const CHANGE_DAY = '2026-12-01';
/** 2 Dec 2026, 05:00 in India: the invoice date is 2 Dec (IST), though it is still 1 Dec in UTC only until 18:30. */
const AFTER = '2026-12-01T23:30:00.000Z';
const AFTER_DAY = '2026-12-02';
/** The last moment of 30 Nov in India (18:29 UTC): still the old rate. */
const EVE = '2026-11-30T18:29:00.000Z';

/** The HSN code whose rate changes: frames' 9003 (5%) has a longer prefix of its own from CHANGE_DAY (12%). */
const HSN = '900311';
const OLD_RATE = 5;
const NEW_RATE = 12;
/** A registered buyer's GSTIN in its state: a PAN of its own each time (GSTINs are unique among retailers). */
let buyers = 0;
const gstinIn = (stateCode: '36' | '29') => {
  buyers += 1;
  return makeGstin(stateCode, `AABC${stateCode === '36' ? 'T' : 'K'}${String(1000 + buyers).padStart(4, '0')}F`);
};

let t: TestApp;
let admin: Headers;
let accounts: Headers;
/** ₹1,000.00 a piece, HSN 900311 (5% on the order day). */
let product: number;
/** ₹1,499.50 a piece at 12%, HSN the table does not cover: keeps 12% whatever the day. */
let unlisted: number;

type Party = { retailerId: number; headers: Headers };

async function buyer(stateCode: '36' | '29'): Promise<Party> {
  const user = await createRetailer(t.db, { stateCode, businessName: stateCode === '36' ? 'Charminar Opticals' : 'Lalbagh Eyewear' });
  await t.db.update(retailers).set({ gstin: gstinIn(stateCode) }).where(eq(retailers.id, user.retailerId));
  return { retailerId: user.retailerId, headers: await headersFor(t, user) };
}

async function confirmedOrder(party: Party, items: { productId: number; quantity: number }[]): Promise<number> {
  const orderId = await placeOrder(t, party.headers, items);
  await confirmOrder(t, orderId);
  return orderId;
}

/** Dispatches the shipment today (by the test clock) and answers its invoice row. */
async function dispatch(shipmentId: number) {
  const response = await dispatchShipment(t, admin, shipmentId);
  expect(response.statusCode, response.body).toBe(200);
  const [invoice] = await t.db.select().from(invoices).where(eq(invoices.shipmentId, shipmentId));
  return invoice!;
}

async function linesOfOrder(orderId: number) {
  return t.db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id));
}

async function shippedLines(shipmentId: number) {
  return t.db.select().from(shipmentLines).where(eq(shipmentLines.shipmentId, shipmentId)).orderBy(asc(shipmentLines.orderLineId));
}

async function pdfTextOf(invoiceId: number): Promise<string> {
  const response = await t.app.inject({ url: `/api/admin/invoices/${invoiceId}/document`, headers: accounts });
  expect(response.statusCode, response.body).toBe(200);
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(response.rawPayload)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

type EInvoiceItem = { HsnCd: string; Qty: number; GstRt: number; AssAmt: number; CgstAmt: number; SgstAmt: number; IgstAmt: number; TotItemVal: number };
async function eInvoiceOf(invoiceId: number) {
  const response = await t.app.inject({ url: `/api/admin/invoices/${invoiceId}/e-invoice`, headers: accounts });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ ItemList: EInvoiceItem[]; ValDtls: { AssVal: number; CgstVal: number; SgstVal: number; IgstVal: number; TotInvVal: number } }>();
}

async function deskOrder(orderId: number): Promise<AdminOrderDetail> {
  const response = await t.app.inject({ url: `/api/admin/orders/${orderId}`, headers: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ Data: AdminOrderDetail }>().Data;
}

const inr = (paise: number) => new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(paise / 100);

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(BEFORE);
  await ensureCorporateDetails(t.db);
  const [a, c] = await Promise.all([createStaffUser(t.db, 'admin'), createStaffUser(t.db, 'accounts')]);
  admin = await headersFor(t, a);
  accounts = await headersFor(t, c);
  product = (await createProduct(t.db, { stocks: [1000], netPricePaise: 1_000_00, hsnCode: HSN, gstRatePercent: OLD_RATE, name: 'Aviator Classic Frame' })).productId;
  unlisted = (await createProduct(t.db, { stocks: [1000], netPricePaise: 1_499_50, hsnCode: HSN_NOT_IN_GST_TABLE, gstRatePercent: 12, name: 'Lens Kit' })).productId;
  // The change, as an admin records it ahead of its day.
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/admin/gst-rates',
    headers: admin,
    payload: { hsnPrefix: HSN, ratePercent: NEW_RATE, validFrom: CHANGE_DAY, notification: 'Notification 99/2026-Central Tax (Rate)' },
  });
  expect(created.statusCode, created.body).toBe(200);
});

afterEach(() => {
  t.clock.set(BEFORE);
});

afterAll(async () => {
  await t?.close();
});

describe('the GST rate of an invoice', () => {
  it('is the rate in force on the invoice date: an order placed before the change and dispatched after it is billed at the new rate (CGST + SGST)', async () => {
    const party = await buyer('36');
    const orderId = await confirmedOrder(party, [{ productId: product, quantity: 3 }]);
    const [line] = await linesOfOrder(orderId);
    // The order keeps what it was placed at.
    expect(line).toMatchObject({ hsnCode: HSN, gstRatePercent: OLD_RATE, taxablePaise: 3_000_00, cgstPaise: 75_00, sgstPaise: 75_00, lineTotalPaise: 3_150_00 });
    const shipmentId = await packedShipment(t, admin, orderId);

    t.clock.set(AFTER);
    const invoice = await dispatch(shipmentId);
    expect(invoice.invoiceDate).toBe(AFTER_DAY);
    const gst = splitGst({ taxablePaise: 3_000_00, ratePercent: NEW_RATE, billToStateCode: '36', companyStateCode: '36' });
    expect([gst.cgst, gst.sgst]).toEqual([180_00, 180_00]);
    expect(await shippedLines(shipmentId)).toEqual([
      expect.objectContaining({ gstRatePercent: NEW_RATE, taxablePaise: 3_000_00, cgstPaise: 180_00, sgstPaise: 180_00, igstPaise: 0, totalPaise: 3_360_00 }),
    ]);
    expect(invoice.amountPaise).toBe(3_360_00);
    // The order's own figures are its snapshot; the invoice is what is billed.
    const [order] = await t.db.select({ totalPaise: orders.totalPaise }).from(orders).where(eq(orders.id, orderId));
    expect(order!.totalPaise).toBe(3_150_00);

    const text = await pdfTextOf(invoice.id);
    expect(text).toContain(`${HSN} 3 PCS 1,000.00 0.00 3,000.00 6% 180.00 6% 180.00`);
    expect(text).not.toContain('2.5%');
    expect(text).toContain(`Invoice total ₹${inr(3_360_00)}`);

    const doc = await eInvoiceOf(invoice.id);
    expect(doc.ItemList.map((item) => [item.HsnCd, item.Qty, item.GstRt, item.AssAmt, item.CgstAmt, item.SgstAmt, item.IgstAmt, item.TotItemVal])).toEqual([
      [HSN, 3, NEW_RATE, 3000, 180, 180, 0, 3360],
    ]);
    expect(doc.ValDtls).toMatchObject({ AssVal: 3000, CgstVal: 180, SgstVal: 180, IgstVal: 0, TotInvVal: 3360 });

    // The desk shows the shipment at its invoice's value and rate beside the order's snapshot.
    const detail = await deskOrder(orderId);
    expect(detail.totals.total).toBe(3150);
    expect(detail.lines[0]!.gstRate).toBe(OLD_RATE);
    expect(detail.shipments[0]).toMatchObject({ value: 3360, invoice: { amount: 3360, invoiceDate: AFTER_DAY } });
    expect(detail.shipments[0]!.lines).toEqual([{ orderLineId: line!.id, quantity: 3, gstRate: NEW_RATE }]);
  });

  it('charges IGST at the new rate across States', async () => {
    const party = await buyer('29');
    const orderId = await confirmedOrder(party, [{ productId: product, quantity: 3 }]);
    const shipmentId = await packedShipment(t, admin, orderId);
    t.clock.set(AFTER);
    const invoice = await dispatch(shipmentId);
    expect(await shippedLines(shipmentId)).toEqual([
      expect.objectContaining({ gstRatePercent: NEW_RATE, taxablePaise: 3_000_00, cgstPaise: 0, sgstPaise: 0, igstPaise: 360_00, totalPaise: 3_360_00 }),
    ]);
    expect(invoice.amountPaise).toBe(3_360_00);
    expect(await pdfTextOf(invoice.id)).toContain(`${HSN} 3 PCS 1,000.00 0.00 3,000.00 12% 360.00`);
    expect((await eInvoiceOf(invoice.id)).ItemList[0]).toMatchObject({ GstRt: NEW_RATE, IgstAmt: 360, TotItemVal: 3360 });
  });

  it('keeps the old rate for an order dispatched before the change, up to the last minute of the day before (India)', async () => {
    const party = await buyer('36');
    const early = await confirmedOrder(party, [{ productId: product, quantity: 2 }]);
    const eve = await confirmedOrder(party, [{ productId: product, quantity: 2 }]);
    const earlyShipment = await packedShipment(t, admin, early);
    const eveShipment = await packedShipment(t, admin, eve);

    const first = await dispatch(earlyShipment);
    t.clock.set(EVE);
    const second = await dispatch(eveShipment);
    expect([first.invoiceDate, second.invoiceDate]).toEqual(['2026-11-20', '2026-11-30']);
    for (const [shipmentId, invoice, orderId] of [
      [earlyShipment, first, early],
      [eveShipment, second, eve],
    ] as const) {
      const [line] = await linesOfOrder(orderId);
      expect(await shippedLines(shipmentId)).toEqual([
        expect.objectContaining({ gstRatePercent: OLD_RATE, taxablePaise: 2_000_00, cgstPaise: 50_00, sgstPaise: 50_00, totalPaise: 2_100_00 }),
      ]);
      // Billed exactly as the order was placed.
      expect(invoice.amountPaise).toBe(line!.lineTotalPaise);
      expect(await pdfTextOf(invoice.id)).toContain(`${HSN} 2 PCS 1,000.00 0.00 2,000.00 2.5% 50.00 2.5% 50.00`);
      expect((await eInvoiceOf(invoice.id)).ItemList[0]).toMatchObject({ GstRt: OLD_RATE, CgstAmt: 50, SgstAmt: 50 });
    }
  });

  it('dates each part of an order on its own: a shipment before the change at the old rate, the rest after it at the new', async () => {
    const party = await buyer('36');
    // ₹1,000.00 × 7: odd shares, so the old rate's part is a cumulative share of the line's stored GST.
    const orderId = await confirmedOrder(party, [{ productId: product, quantity: 7 }]);
    const [line] = await linesOfOrder(orderId);
    const firstShipment = await packedShipment(t, admin, orderId, [3]);
    const first = await dispatch(firstShipment);

    t.clock.set(AFTER);
    const secondShipment = await packedShipment(t, admin, orderId, [4]);
    const second = await dispatch(secondShipment);

    const alone = (quantity: number, rate: number) =>
      lineTotals({ unitPricePaise: 1_000_00, quantity, discountPerUnitPaise: 0, gstRatePercent: rate, billToStateCode: '36', companyStateCode: '36' });
    const [before] = await shippedLines(firstShipment);
    const [after] = await shippedLines(secondShipment);
    expect(before).toMatchObject({ gstRatePercent: OLD_RATE, quantity: 3, taxablePaise: 3_000_00, cgstPaise: alone(3, OLD_RATE).cgst, sgstPaise: alone(3, OLD_RATE).sgst });
    expect(after).toMatchObject({ gstRatePercent: NEW_RATE, quantity: 4, taxablePaise: 4_000_00, cgstPaise: alone(4, NEW_RATE).cgst, sgstPaise: alone(4, NEW_RATE).sgst });
    // The taxable value adds up to the order line's; the tax does not: the second part was billed at 12%.
    expect(before!.taxablePaise! + after!.taxablePaise!).toBe(line!.taxablePaise);
    expect([first.amountPaise, second.amountPaise]).toEqual([alone(3, OLD_RATE).totalPaise, alone(4, NEW_RATE).totalPaise]);
    expect(first.amountPaise + second.amountPaise).toBeGreaterThan(line!.lineTotalPaise);

    expect(await pdfTextOf(first.id)).toContain(`${HSN} 3 PCS 1,000.00 0.00 3,000.00 2.5% 75.00 2.5% 75.00`);
    expect(await pdfTextOf(second.id)).toContain(`${HSN} 4 PCS 1,000.00 0.00 4,000.00 6% 240.00 6% 240.00`);
    expect((await eInvoiceOf(first.id)).ItemList[0]!.GstRt).toBe(OLD_RATE);
    expect((await eInvoiceOf(second.id)).ItemList[0]!.GstRt).toBe(NEW_RATE);

    const detail = await deskOrder(orderId);
    expect(detail.shipments.map((s) => [s.value, s.invoice?.amount, s.lines[0]!.gstRate])).toEqual([
      [first.amountPaise / 100, first.amountPaise / 100, OLD_RATE],
      [second.amountPaise / 100, second.amountPaise / 100, NEW_RATE],
    ]);
  });

  it('falls back to the order line’s rate for an HSN code the table does not cover, beside a line that takes the new rate', async () => {
    const party = await buyer('36');
    const orderId = await confirmedOrder(party, [
      { productId: product, quantity: 1 },
      { productId: unlisted, quantity: 2 },
    ]);
    const [changed, kept] = await linesOfOrder(orderId);
    expect(kept).toMatchObject({ hsnCode: HSN_NOT_IN_GST_TABLE, gstRatePercent: 12 });
    const shipmentId = await packedShipment(t, admin, orderId);
    t.clock.set(AFTER);
    const invoice = await dispatch(shipmentId);
    const rows = await shippedLines(shipmentId);
    expect(rows.map((row) => [row.orderLineId, row.gstRatePercent, row.totalPaise])).toEqual([
      [changed!.id, NEW_RATE, 1_120_00],
      // Its stored totals, to the paisa.
      [kept!.id, 12, kept!.lineTotalPaise],
    ]);
    expect(invoice.amountPaise).toBe(1_120_00 + kept!.lineTotalPaise);
    const doc = await eInvoiceOf(invoice.id);
    expect(doc.ItemList.map((item) => [item.HsnCd, item.GstRt])).toEqual([
      [HSN, NEW_RATE],
      [HSN_NOT_IN_GST_TABLE, 12],
    ]);
    expect(doc.ValDtls.TotInvVal * 100).toBe(invoice.amountPaise);
  });

  it('prints the order line’s rate for a shipment line dispatched before the rate was stored with it (migration 0013)', async () => {
    const party = await buyer('36');
    const orderId = await confirmedOrder(party, [{ productId: product, quantity: 2 }]);
    const shipmentId = await packedShipment(t, admin, orderId);
    const invoice = await dispatch(shipmentId);
    // As a line invoiced before 0013 reads: no rate of its own.
    await t.db.update(shipmentLines).set({ gstRatePercent: null }).where(eq(shipmentLines.shipmentId, shipmentId));
    expect(await pdfTextOf(invoice.id)).toContain(`${HSN} 2 PCS 1,000.00 0.00 2,000.00 2.5% 50.00 2.5% 50.00`);
    expect((await eInvoiceOf(invoice.id)).ItemList[0]!.GstRt).toBe(OLD_RATE);
    expect((await deskOrder(orderId)).shipments[0]!.lines[0]!.gstRate).toBe(OLD_RATE);
  });
});
