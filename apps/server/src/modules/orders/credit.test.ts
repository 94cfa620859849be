/**
 * A retailer's credit on the desk: the position (outstanding, on order, overdue, the oldest overdue
 * invoice) from invoices and confirmed orders, and the terms accounts set (audited).
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deskMessages } from '@frameport/domain';
import { auditLog, invoices, orders } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createInvoice, createProduct, createRetailer, createStaffUser } from '../../test/factories.ts';
import { headersFor, placeOrder, type Headers } from '../../test/invoices.ts';

let t: TestApp;
let admin: Headers;
let warehouse: Headers;
let accounts: Headers;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await headersFor(t, await createStaffUser(t.db, 'admin'));
  warehouse = await headersFor(t, await createStaffUser(t.db, 'warehouse'));
  accounts = await headersFor(t, await createStaffUser(t.db, 'accounts'));
});

afterAll(async () => {
  await t?.close();
});

async function credit(retailerId: number, headers: Headers = warehouse) {
  const response = await t.app.inject({ url: `/api/admin/retailers/${retailerId}/credit`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().Data;
}

function putCredit(retailerId: number, headers: Headers, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'PUT', url: `/api/admin/retailers/${retailerId}/credit`, headers, payload });
}

/** An invoice of `orderId` written as the invoices module would (its number unique). */
async function invoiceFor(orderId: number, retailerId: number, amountPaise: number, invoiceDate: string, dueDate: string | null = null) {
  const [row] = await t.db
    .insert(invoices)
    .values({
      invoiceNo: `TI/${randomBytes(4).toString('hex').toUpperCase()}`,
      financialYear: '2026-27',
      orderId,
      retailerId,
      invoiceDate,
      dueDate,
      amountPaise,
    })
    .returning();
  return row!;
}

describe("a retailer's credit position", () => {
  it('starts at the default terms, with nothing outstanding', async () => {
    const retailer = await createRetailer(t.db, { businessName: 'Fresh Opticals' });
    expect(await credit(retailer.retailerId)).toEqual({
      retailerId: retailer.retailerId,
      businessName: 'Fresh Opticals',
      creditLimit: 500000,
      paymentTermsDays: 30,
      paymentTermsDefault: true,
      defaultPaymentTermsDays: 30,
      creditHold: false,
      creditHoldReason: null,
      outstanding: 0,
      onOrder: 0,
      available: 500000,
      overdue: 0,
      oldestOverdueDays: 0,
      oldestOverdueInvoiceNo: null,
      updated: null,
    });
  });

  it('counts unpaid balances, what confirmed orders will still bill, and invoices past their due date (20 Nov 2026)', async () => {
    const retailer = await createRetailer(t.db);
    const product = await createProduct(t.db, { stocks: [100], netPricePaise: 100_000 });
    const headers = await headersFor(t, retailer);

    // On order: a confirmed order (2 pieces, ₹2,100) of which ₹500 is invoiced below; a placed one and a cancelled one count nothing.
    const confirmed = await placeOrder(t, headers, [{ productId: product.productId, quantity: 2 }]);
    const placed = await placeOrder(t, headers, [{ productId: product.productId, quantity: 3 }]);
    const cancelled = await placeOrder(t, headers, [{ productId: product.productId, quantity: 4 }]);
    for (const orderId of [confirmed, cancelled]) {
      const response = await t.app.inject({ method: 'POST', url: `/api/admin/orders/${orderId}/confirm`, headers: admin, payload: {} });
      expect(response.statusCode, response.body).toBe(200);
    }
    const cancel = await t.app.inject({ method: 'POST', url: `/api/admin/orders/${cancelled}/cancel`, headers: admin, payload: { reason: 'Changed their mind' } });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await invoiceFor(confirmed, retailer.retailerId, 50_000, '2026-11-20');

    // Outstanding: 60,000 of a recent invoice (not due), 30,000 due on 10 Oct (41 days over), a paid one not at all.
    await createInvoice(t.db, { retailerId: retailer.retailerId, userId: retailer.userId, amountPaise: 100_000, paidPaise: 40_000, invoiceDate: '2026-11-15' });
    await createInvoice(t.db, { retailerId: retailer.retailerId, userId: retailer.userId, amountPaise: 80_000, paidPaise: 80_000, invoiceDate: '2026-08-01' });
    const overdueInvoice = await createInvoice(t.db, { retailerId: retailer.retailerId, userId: retailer.userId, amountPaise: 30_000, invoiceDate: '2026-09-01' });
    await t.db.update(invoices).set({ dueDate: '2026-10-10' }).where(eq(invoices.id, overdueInvoice.id));
    // Due by the default terms (invoice date + 30 days = 19 Nov): 1 day overdue, not the oldest.
    await createInvoice(t.db, { retailerId: retailer.retailerId, userId: retailer.userId, amountPaise: 5_000, invoiceDate: '2026-10-20' });

    const position = await credit(retailer.retailerId, accounts);
    expect(position).toMatchObject({
      outstanding: (60_000 + 30_000 + 5_000 + 50_000) / 100,
      onOrder: (210_000 - 50_000) / 100,
      available: (50_000_000 - 145_000 - 160_000) / 100,
      overdue: (30_000 + 5_000) / 100,
      oldestOverdueDays: 41,
      oldestOverdueInvoiceNo: overdueInvoice.invoiceNo,
    });

    // The order page shows the same position, and why confirming the placed order would be refused.
    const detail = await t.app.inject({ url: `/api/admin/orders/${placed}`, headers: accounts });
    const { businessName: _name, defaultPaymentTermsDays: _terms, updated: _updated, ...view } = position;
    expect(detail.json().Data.credit).toEqual(view);
    expect(detail.json().Data.creditCheck.reasons).toEqual([deskMessages.credit.overdue(41, 35_000)]);
  });

  it('is 404 for an unknown retailer and 403 for a retailer', async () => {
    const response = await t.app.inject({ url: '/api/admin/retailers/999999/credit', headers: warehouse });
    expect(response.statusCode).toBe(404);
    expect(response.json().Error.Message).toBe(deskMessages.credit.retailerNotFound);
    const retailer = await createRetailer(t.db);
    expect((await t.app.inject({ url: `/api/admin/retailers/${retailer.retailerId}/credit`, headers: await headersFor(t, retailer) })).statusCode).toBe(403);
  });
});

describe("setting a retailer's credit terms", () => {
  it('accounts set the limit, terms and a credit hold; audited with before and after; the desk then refuses to confirm', async () => {
    const retailer = await createRetailer(t.db);
    // Placed before the hold: a retailer on credit hold cannot place orders at all (decision 016).
    const product = await createProduct(t.db, { stocks: [10] });
    const orderId = await placeOrder(t, await headersFor(t, retailer), [{ productId: product.productId, quantity: 1 }]);
    const response = await putCredit(retailer.retailerId, accounts, {
      creditLimit: 150000.5,
      paymentTermsDays: 45,
      creditHold: true,
      creditHoldReason: 'Cheque bounced twice',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().Data).toMatchObject({
      creditLimit: 150000.5,
      paymentTermsDays: 45,
      paymentTermsDefault: false,
      creditHold: true,
      creditHoldReason: 'Cheque bounced twice',
      available: 150000.5,
      updated: { by: { name: 'Accounts Person', role: 'accounts' }, at: '2026-11-20T10:00:00.000Z' },
    });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'retailer.credit'), eq(auditLog.entityId, String(retailer.retailerId))));
    expect(audit).toMatchObject({
      entity: 'retailer',
      details: {
        before: { creditLimitPaise: 50_000_000, paymentTermsDays: null, creditHold: false, creditHoldReason: null },
        after: { creditLimitPaise: 15_000_050, paymentTermsDays: 45, creditHold: true, creditHoldReason: 'Cheque bounced twice' },
      },
    });

    const confirm = await t.app.inject({ method: 'POST', url: `/api/admin/orders/${orderId}/confirm`, headers: admin, payload: {} });
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json().Error.Message).toBe(deskMessages.credit.refused(deskMessages.credit.hold('Cheque bounced twice')));

    // Lifting the hold drops its reason; null terms are the default again.
    const lifted = await putCredit(retailer.retailerId, admin, { creditLimit: 150000, paymentTermsDays: null, creditHold: false, creditHoldReason: 'old' });
    expect(lifted.json().Data).toMatchObject({ creditHold: false, creditHoldReason: null, paymentTermsDays: 30, paymentTermsDefault: true });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.status).toBe('Placed');
  });

  it('is refused to warehouse staff (403), without a hold reason (400), for an unknown retailer (404)', async () => {
    const retailer = await createRetailer(t.db);
    const body = { creditLimit: 1000, paymentTermsDays: 30, creditHold: false };
    expect((await putCredit(retailer.retailerId, warehouse, body)).statusCode).toBe(403);
    expect((await putCredit(retailer.retailerId, accounts, { ...body, creditHold: true })).statusCode).toBe(400);
    expect((await putCredit(retailer.retailerId, accounts, { ...body, creditLimit: 10.001 })).statusCode).toBe(400);
    expect((await putCredit(999_999, accounts, body)).statusCode).toBe(404);
    expect((await credit(retailer.retailerId)).updated).toBeNull();
  });
});
