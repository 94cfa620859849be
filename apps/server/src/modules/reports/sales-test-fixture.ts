/**
 * December 2026's invoices for the sales and GST report tests, made through the real API (orders
 * placed, shipped in parts and dispatched: each dispatch raises its invoice at the rate in force on
 * its date) plus one whole-order invoice as the seeded history has them (no shipment: it bills the
 * order's lines):
 *
 * - Telangana (intra-state, CGST + SGST), order A: 4 frames (₹1,000.00, HSN 900311) and 2 sunglasses
 *   (₹1,499.50, 18%). Part 1, dispatched 2 Dec: 2 frames at 5% and both sunglasses. The frames' rate
 *   changes to 12% from 10 Dec; part 2, dispatched 12 Dec: the other 2 frames at 12%.
 * - Karnataka (inter-state, IGST), order B: 3 frames and 1 sunglasses, all dispatched 5 Dec (5%, 18%).
 * - Karnataka, order C: 1 sunglasses, invoiced whole on Sunday 20 Dec without a shipment, with a
 *   round-off of 30 paise.
 * - Telangana, order D: 1 frame dispatched 30 Nov (not December's); order E: placed, never invoiced.
 *
 * Sales executive "Meera" looks after both retailers, "Ravi" only the Karnataka one.
 */
import { eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { makeGstin } from '../../db/seed/gstin.ts';
import { invoices, orders, retailers, users } from '../../db/schema.ts';
import type { TestApp } from '../../test/app.ts';
import { createProduct, createRetailer, createStaffUser, ensureCorporateDetails } from '../../test/factories.ts';
import { confirmOrder, dispatchShipment, headersFor, packedShipment, placeOrder, type Headers } from '../../test/invoices.ts';

export type SalesFixture = {
  admin: Headers;
  accounts: Headers;
  frame: number;
  sunglasses: number;
  telangana: number;
  karnataka: number;
  meera: number;
  ravi: number;
  /** December's invoice ids, and the one of 30 November. */
  december: number[];
  november: number;
  wholeOrderInvoice: number;
};

/** 1 Dec 2026, 10:30 in India. */
const at = (day: string) => `${day}T05:00:00.000Z`;

export async function buildSalesFixture(t: TestApp): Promise<SalesFixture> {
  t.clock.set(at('2026-11-30'));
  await ensureCorporateDetails(t.db);
  const [a, c] = await Promise.all([createStaffUser(t.db, 'admin'), createStaffUser(t.db, 'accounts')]);
  const admin = await headersFor(t, a);
  const accounts = await headersFor(t, c);
  const frame = (await createProduct(t.db, { stocks: [100], netPricePaise: 1_000_00, hsnCode: '900311', gstRatePercent: 5, name: 'Report Aviator Frame' })).productId;
  const sunglasses = (await createProduct(t.db, { stocks: [100], netPricePaise: 1_499_50, productTypeId: 2, name: 'Report Wayfarer Sunglasses' })).productId;

  const tel = await createRetailer(t.db, { stateCode: '36', businessName: 'Report Charminar Opticals' });
  const kar = await createRetailer(t.db, { stateCode: '29', businessName: 'Report Lalbagh Eyewear' });
  await t.db.update(retailers).set({ gstin: makeGstin('36', 'AABCR1234F') }).where(eq(retailers.id, tel.retailerId));
  await t.db.update(retailers).set({ gstin: makeGstin('29', 'AABCR5678G') }).where(eq(retailers.id, kar.retailerId));
  const telHeaders = await headersFor(t, tel);
  const karHeaders = await headersFor(t, kar);
  const meera = await createStaffUser(t.db, 'salesexecutive', { linkedRetailerIds: [tel.retailerId, kar.retailerId] });
  const ravi = await createStaffUser(t.db, 'salesexecutive', { linkedRetailerIds: [kar.retailerId] });
  await t.db.update(users).set({ name: 'Meera Report' }).where(eq(users.id, meera.userId));
  await t.db.update(users).set({ name: 'Ravi Report' }).where(eq(users.id, ravi.userId));

  async function dispatchOn(day: string, shipmentId: number): Promise<number> {
    t.clock.set(at(day));
    const response = await dispatchShipment(t, admin, shipmentId);
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await t.db.select({ id: invoices.id, invoiceDate: invoices.invoiceDate }).from(invoices).where(eq(invoices.shipmentId, shipmentId));
    expect(row?.invoiceDate).toBe(day);
    return row!.id;
  }

  // D: 30 November.
  const orderD = await placeOrder(t, telHeaders, [{ productId: frame, quantity: 1 }]);
  await confirmOrder(t, orderD);
  const november = await dispatchOn('2026-11-30', await packedShipment(t, admin, orderD));

  t.clock.set(at('2026-12-01'));
  // The frames' HSN code goes to 12% from 10 Dec, recorded ahead of its day.
  const rate = await t.app.inject({
    method: 'POST',
    url: '/api/admin/gst-rates',
    headers: admin,
    payload: { hsnPrefix: '900311', ratePercent: 12, validFrom: '2026-12-10', notification: 'Notification 98/2026-Central Tax (Rate)' },
  });
  expect(rate.statusCode, rate.body).toBe(200);

  const orderA = await placeOrder(t, telHeaders, [
    { productId: frame, quantity: 4 },
    { productId: sunglasses, quantity: 2 },
  ]);
  const orderB = await placeOrder(t, karHeaders, [
    { productId: frame, quantity: 3 },
    { productId: sunglasses, quantity: 1 },
  ]);
  const orderC = await placeOrder(t, karHeaders, [{ productId: sunglasses, quantity: 1 }]);
  await placeOrder(t, telHeaders, [{ productId: frame, quantity: 5 }]); // E: never invoiced
  for (const orderId of [orderA, orderB, orderC]) await confirmOrder(t, orderId);

  const a1 = await dispatchOn('2026-12-02', await packedShipment(t, admin, orderA, [2, 2]));
  const b = await dispatchOn('2026-12-05', await packedShipment(t, admin, orderB));
  const a2 = await dispatchOn('2026-12-12', await packedShipment(t, admin, orderA, [2]));

  // C: a whole-order invoice as the seeded history has them, rounded up by 30 paise.
  const [order] = await t.db.select().from(orders).where(eq(orders.id, orderC));
  await t.db.update(orders).set({ roundOffPaise: 30, totalPaise: order!.totalPaise + 30, status: 'Delivered' }).where(eq(orders.id, orderC));
  const [whole] = await t.db
    .insert(invoices)
    .values({
      invoiceNo: 'HIST/REPORT/1',
      financialYear: '2026-27',
      orderId: orderC,
      retailerId: kar.retailerId,
      invoiceDate: '2026-12-20',
      amountPaise: order!.totalPaise + 30,
    })
    .returning({ id: invoices.id });
  t.clock.set(at('2026-12-24'));
  const december = [a1, b, a2, whole!.id];
  expect((await t.db.select({ id: invoices.id }).from(invoices).where(inArray(invoices.id, december))).length).toBe(4);
  return {
    admin,
    accounts,
    frame,
    sunglasses,
    telangana: tel.retailerId,
    karnataka: kar.retailerId,
    meera: meera.userId,
    ravi: ravi.userId,
    december,
    november,
    wholeOrderInvoice: whole!.id,
  };
}

export type EInvoiceFigures = {
  ItemList: { GstRt: number; Qty: number; AssAmt: number; CgstAmt: number; SgstAmt: number; IgstAmt: number }[];
  ValDtls: { TotInvVal: number; RndOffAmt?: number };
  BuyerDtls: { Pos: string };
};

/** An invoice's own figures, as its e-invoice (INV-01) states them: one item per line it bills. */
export async function eInvoiceOf(t: TestApp, headers: Headers, invoiceId: number): Promise<EInvoiceFigures> {
  const response = await t.app.inject({ url: `/api/admin/invoices/${invoiceId}/e-invoice`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<EInvoiceFigures>();
}
