/**
 * The order desk through the real server: one order's detail, the queue, and every decision
 * (confirm with the credit check, hold, release, cancel, cancel a line, expected date) with its
 * refusals, idempotency, concurrency, stock, audit and mails (the in-process SMTP receiver).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deskMessages } from '@frameport/domain';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createProduct, createRetailer, createStaffUser, type TestUser } from '../../test/factories.ts';
import { headersFor, placeOrder, type Headers } from '../../test/invoices.ts';
import { startSmtpReceiver, type SmtpReceiver } from '../../test/smtp.ts';

let t: TestApp;
let smtp: SmtpReceiver;
let admin: Headers;
let warehouse: Headers;
let accounts: Headers;
let adminUser: TestUser;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  t = await buildTestApp({ smtpUrl: smtp.url });
  adminUser = await createStaffUser(t.db, 'admin');
  admin = await headersFor(t, adminUser);
  warehouse = await headersFor(t, await createStaffUser(t.db, 'warehouse'));
  accounts = await headersFor(t, await createStaffUser(t.db, 'accounts'));
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** A fresh retailer (with a linked sales executive) and product, and an order of `quantities` per colour. */
async function anOrder(options: { quantities?: number[]; stateCode?: '36' | '29'; netPricePaise?: number } = {}) {
  const quantities = options.quantities ?? [2];
  const retailer = await createRetailer(t.db, { stateCode: options.stateCode ?? '36', businessName: 'Desk Opticals' });
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
      actions: { confirm: true, override: true, hold: true, release: false, cancel: true, cancelLine: true, edit: true, ship: false },
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

  it('is 404 for an unknown order and 403 for a retailer or a sales executive', async () => {
    const { headers, orderId } = await anOrder();
    const unknown = await t.app.inject({ url: '/api/admin/orders/999999', headers: admin });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().Error.Message).toBe(deskMessages.order.notFound);
    expect((await t.app.inject({ url: `/api/admin/orders/${orderId}`, headers })).statusCode).toBe(403);
    const sales = await headersFor(t, await createStaffUser(t.db, 'salesexecutive'));
    expect((await t.app.inject({ url: `/api/admin/orders/${orderId}`, headers: sales })).statusCode).toBe(403);
  });
});
