/**
 * GET /api/admin/dashboard through the real server, on the test clock's day (2026-11-20 in India):
 * the figures match orders, shipments, invoices, stock and retailers built here, India days decide
 * today and the month, each role sees its own figures, and no one else may read it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LOW_STOCK_THRESHOLD, type OrderStatus } from '@frameport/domain';
import { invoices, orders, productColours, products, retailers, shipments } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createInvoice, createProduct, createRetailer, createStaffUser } from '../../test/factories.ts';
import { headersFor, type Headers } from '../../test/invoices.ts';

let t: TestApp;
const headers: Record<'admin' | 'warehouse' | 'accounts' | 'sales' | 'retailer', Headers> = {} as never;
let retailer: { retailerId: number; userId: number };
let orderNo = 0;

async function order(status: OrderStatus, placedAt: string, totalPaise: number): Promise<number> {
  orderNo += 1;
  const [row] = await t.db
    .insert(orders)
    .values({
      orderRefNo: `DASH/ORDER/${orderNo}`,
      retailerId: retailer.retailerId,
      placedByUserId: retailer.userId,
      status,
      ...(status === 'On hold' ? { holdKind: 'note' as const, holdReason: 'Call first' } : {}),
      billToBusinessName: 'Dash Opticals',
      billToAddress: '1 Road',
      billToCity: 'Hyderabad',
      billToState: 'Telangana',
      billToStateCode: '36',
      billToCountry: 'India',
      billToPinCode: '500001',
      companyStateCode: '36',
      totalQuantity: 1,
      subtotalPaise: totalPaise,
      taxablePaise: totalPaise,
      totalPaise,
      placedAt: new Date(placedAt),
    })
    .returning({ id: orders.id });
  return row!.id;
}

beforeAll(async () => {
  t = await buildTestApp();
  retailer = await createRetailer(t.db, { businessName: 'Dash Opticals' });
  const other = await createRetailer(t.db, { stateCode: '29', businessName: 'Dash Two Opticals' });
  for (const role of ['admin', 'warehouse', 'accounts'] as const) headers[role] = await headersFor(t, await createStaffUser(t.db, role));
  headers.sales = await headersFor(t, await createStaffUser(t.db, 'salesexecutive', { linkedRetailerIds: [retailer.retailerId] }));
  headers.retailer = await headersFor(t, retailer);

  // Invoices first (their orders are Delivered, placed on the database's clock: after the test day, in no period).
  // Overdue: due 31 Oct (₹500 less ₹200 paid), and one with its own due date of 1 Nov; not due: dated 10 Nov.
  await createInvoice(t.db, { ...retailer, amountPaise: 50_000, paidPaise: 20_000, invoiceDate: '2026-10-01' });
  await createInvoice(t.db, { ...retailer, amountPaise: 100_000, invoiceDate: '2026-11-10' });
  await createInvoice(t.db, { ...retailer, amountPaise: 70_000, paidPaise: 70_000, invoiceDate: '2026-09-01' });
  const own = await createInvoice(t.db, { ...other, amountPaise: 12_345, invoiceDate: '2026-10-25' });
  await t.db.update(invoices).set({ dueDate: '2026-11-01' }).where(eq(invoices.id, own.id));
  // Due exactly today (21 Oct + 30 days): not overdue yet.
  await createInvoice(t.db, { ...other, amountPaise: 99_999, invoiceDate: '2026-10-21' });

  // Today in India began at 2026-11-19T18:30Z.
  await order('Placed', '2026-11-20T09:00:00Z', 100_000);
  await order('Placed', '2026-11-19T18:30:00Z', 50_000);
  const confirmed = await order('Confirmed', '2026-11-20T05:00:00Z', 20_000);
  await order('Cancelled', '2026-11-20T06:00:00Z', 777_700);
  // Yesterday in India (23:59), this month; 1 Nov 00:00 in India; 31 Oct 23:59 in India (last month).
  await order('On hold', '2026-11-19T18:29:00Z', 30_000);
  const packedToo = await order('Confirmed', '2026-10-31T18:30:00Z', 1_000);
  await order('Delivered', '2026-10-31T18:29:00Z', 999_900);
  const partly = await order('Partially dispatched', '2026-10-15T10:00:00Z', 5_000);
  // To dispatch: orders with a packed shipment (two on one order count once); a shipment still packing is not.
  await t.db.insert(shipments).values([
    { orderId: confirmed, shipmentNo: 1, status: 'Packing' },
    { orderId: packedToo, shipmentNo: 1, status: 'Packed', boxes: 1 },
    { orderId: partly, shipmentNo: 2, status: 'Packed', boxes: 1 },
    { orderId: partly, shipmentNo: 3, status: 'Packed', boxes: 2 },
  ]);

  // Low stock (default threshold, or a colour's own): C1 at 0 and C2 at the default are low, C3 above it is not.
  const low = await createProduct(t.db, { stocks: [0, DEFAULT_LOW_STOCK_THRESHOLD, DEFAULT_LOW_STOCK_THRESHOLD + 1] });
  const ownThreshold = await createProduct(t.db, { stocks: [40] });
  await t.db.update(productColours).set({ lowStockThreshold: 50 }).where(eq(productColours.id, ownThreshold.variants[0]!.id));
  // An inactive style's empty colour is not on the stock page's default view.
  const inactive = await createProduct(t.db, { stocks: [0] });
  await t.db.update(products).set({ isActive: false }).where(eq(products.id, inactive.productId));
  expect(low.variants).toHaveLength(3);

  const pending = await createRetailer(t.db, { businessName: 'Waiting Opticals' });
  await t.db.update(retailers).set({ status: 'Pending' }).where(eq(retailers.id, pending.retailerId));
  const blocked = await createRetailer(t.db, { businessName: 'Blocked Opticals' });
  await t.db.update(retailers).set({ status: 'Blocked', statusReason: 'Unpaid' }).where(eq(retailers.id, blocked.retailerId));
});

afterAll(async () => {
  await t?.close();
});

const dashboard = (who: keyof typeof headers) => t.app.inject({ url: '/api/admin/dashboard', headers: headers[who] });

describe('GET /api/admin/dashboard', () => {
  it('gives an admin every figure, on India days, cancelled orders left out', async () => {
    const response = await dashboard('admin');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().Data).toEqual({
      asOf: '2026-11-20',
      today: { from: '2026-11-20', to: '2026-11-20', orders: 3, value: 1700 },
      month: { from: '2026-11-01', to: '2026-11-20', orders: 5, value: 2010 },
      queue: { toConfirm: 2, onHold: 1, toPack: 2, toDispatch: 2 },
      overdue: { amount: 423.45, retailers: 2, invoices: 2 },
      lowStock: 3,
      pendingRetailers: 1,
    });
  });

  it('gives warehouse staff the counts without money, receivables or retailers', async () => {
    const response = await dashboard('warehouse');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json().Data;
    expect(body.today).toEqual({ from: '2026-11-20', to: '2026-11-20', orders: 3, value: null });
    expect(body.month.value).toBeNull();
    expect(body.queue).toEqual({ toConfirm: 2, onHold: 1, toPack: 2, toDispatch: 2 });
    expect(body).toMatchObject({ overdue: null, lowStock: 3, pendingRetailers: null });
    expect(response.body).not.toContain('1700');
  });

  it('gives accounts staff money and receivables, not low stock', async () => {
    const body = (await dashboard('accounts')).json().Data;
    expect(body.today.value).toBe(1700);
    expect(body.overdue).toEqual({ amount: 423.45, retailers: 2, invoices: 2 });
    expect(body.lowStock).toBeNull();
    expect(body.pendingRetailers).toBe(1);
  });

  it('follows the data: paying an overdue invoice and confirming an order move the figures', async () => {
    const [open] = await t.db.select({ id: invoices.id }).from(invoices).where(eq(invoices.amountPaise, 12_345));
    await t.db.update(invoices).set({ paidPaise: 12_345 }).where(eq(invoices.id, open!.id));
    const [placed] = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.orderRefNo, 'DASH/ORDER/1'));
    await t.db.update(orders).set({ status: 'Confirmed', confirmedAt: new Date('2026-11-20T09:30:00Z') }).where(eq(orders.id, placed!.id));
    const body = (await dashboard('admin')).json().Data;
    expect(body.overdue).toEqual({ amount: 300, retailers: 1, invoices: 1 });
    expect(body.queue).toMatchObject({ toConfirm: 1, toPack: 3 });
    expect(body.today.orders).toBe(3);
  });

  it('refuses sales executives and retailers (403) and callers without a session (401)', async () => {
    expect((await dashboard('sales')).statusCode).toBe(403);
    expect((await dashboard('retailer')).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/dashboard' })).statusCode).toBe(401);
  });
});
