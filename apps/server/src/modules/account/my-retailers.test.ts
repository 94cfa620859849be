/**
 * GET /api/Account/myRetailers through the real server, on the test clock's day (2026-11-20 in
 * India): a sales executive's own retailers only, with outstanding, overdue, available credit (the
 * credit page's figures) and last order, their orders by status; everyone else 403.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MY_RETAILERS_RECENT_PER_STATUS, type MyRetailers } from '@frameport/domain/contract';
import type { OrderStatus } from '@frameport/domain';
import { invoices, orders, retailers } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createInvoice, createRetailer, createStaffUser } from '../../test/factories.ts';
import { headersFor, type Headers } from '../../test/invoices.ts';

let t: TestApp;
let se1: Headers;
let se2: Headers;
let admin: Headers;
const ids: Record<string, number> = {};
const emails: Record<string, string> = {};
let orderNo = 0;

async function order(retailer: { retailerId: number; userId: number }, status: OrderStatus, placedAt: string, totalPaise: number, confirmed = false) {
  orderNo += 1;
  const [row] = await t.db
    .insert(orders)
    .values({
      orderRefNo: `MINE/${orderNo}`,
      retailerId: retailer.retailerId,
      placedByUserId: retailer.userId,
      status,
      confirmedAt: confirmed ? new Date('2026-11-19T10:00:00Z') : null,
      billToBusinessName: 'Snapshot Name',
      billToAddress: '1 Road',
      billToCity: 'Hyderabad',
      billToState: 'Telangana',
      billToStateCode: '36',
      billToCountry: 'India',
      billToPinCode: '500001',
      companyStateCode: '36',
      totalQuantity: 3,
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
  const alpha = await createRetailer(t.db, { businessName: 'alpha Opticals' });
  const beta = await createRetailer(t.db, { stateCode: '29', businessName: 'Beta Eye Care' });
  const blocked = await createRetailer(t.db, { businessName: 'Closed Shop Opticals' });
  const pending = await createRetailer(t.db, { businessName: 'Pending Opticals' });
  const others = await createRetailer(t.db, { businessName: 'Someone Else Opticals' });
  Object.assign(ids, { alpha: alpha.retailerId, beta: beta.retailerId, blocked: blocked.retailerId, others: others.retailerId });
  Object.assign(emails, { alpha: alpha.email });
  await t.db.update(retailers).set({ status: 'Blocked', statusReason: 'Cheque bounced' }).where(eq(retailers.id, blocked.retailerId));
  await t.db.update(retailers).set({ status: 'Pending' }).where(eq(retailers.id, pending.retailerId));
  await t.db.update(retailers).set({ creditLimitPaise: 500_000, creditHold: true, creditHoldReason: 'Call accounts' }).where(eq(retailers.id, beta.retailerId));
  se1 = await headersFor(t, await createStaffUser(t.db, 'salesexecutive', { linkedRetailerIds: [beta.retailerId, alpha.retailerId, blocked.retailerId, pending.retailerId] }));
  se2 = await headersFor(t, await createStaffUser(t.db, 'salesexecutive', { linkedRetailerIds: [others.retailerId] }));
  admin = await headersFor(t, await createStaffUser(t.db, 'admin'));

  // alpha: ₹500 due 31 Oct with ₹200 paid (₹300, 20 days overdue), ₹1,000 not due, ₹700 paid in full;
  // a confirmed order of ₹400 not yet billed (on order). Credit limit: the default ₹5,00,000.
  await createInvoice(t.db, { ...alpha, amountPaise: 50_000, paidPaise: 20_000, invoiceDate: '2026-10-01' });
  await createInvoice(t.db, { ...alpha, amountPaise: 100_000, invoiceDate: '2026-11-10' });
  await createInvoice(t.db, { ...alpha, amountPaise: 70_000, paidPaise: 70_000, invoiceDate: '2026-09-01' });
  await order(alpha, 'Confirmed', '2026-11-18T06:00:00Z', 40_000, true);
  // beta: ₹250 with its own due date of 1 Aug (111 days), no orders of its own.
  const old = await createInvoice(t.db, { ...beta, amountPaise: 25_000, invoiceDate: '2026-07-01' });
  await t.db.update(invoices).set({ dueDate: '2026-08-01' }).where(eq(invoices.id, old.id));
  // alpha's placed orders: one more than the cockpit lists per status.
  for (let day = 1; day <= MY_RETAILERS_RECENT_PER_STATUS + 1; day += 1) {
    await order(alpha, 'Placed', `2026-11-${String(day).padStart(2, '0')}T05:00:00Z`, 10_000 * day);
  }
  await order(blocked, 'On hold', '2026-10-05T05:00:00Z', 5_000);
  // Another executive's retailer: never in se1's answer.
  await createInvoice(t.db, { ...others, amountPaise: 999_999, invoiceDate: '2026-01-01' });
  await order(others, 'Placed', '2026-11-19T05:00:00Z', 123_400);
});

afterAll(async () => {
  await t?.close();
});

const cockpit = async (headers: Headers | undefined, query = '') => t.app.inject({ url: `/api/Account/myRetailers${query}`, headers });

describe('GET /api/Account/myRetailers', () => {
  it('lists only the executive’s own active and blocked retailers, by name, with outstanding, overdue, available and last order', async () => {
    const response = await cockpit(se1);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json().Data as MyRetailers;
    expect(body.asOf).toBe('2026-11-20');
    expect(body.retailers.map((row) => row.businessName)).toEqual(['alpha Opticals', 'Beta Eye Care', 'Closed Shop Opticals']);
    const [alpha, beta, blocked] = body.retailers;
    // Delivered invoice orders are placed on the database's clock (now); the placed order of 6 Nov is the latest of the test's.
    expect(alpha).toMatchObject({
      id: ids.alpha,
      email: emails.alpha,
      status: 'Active',
      creditHold: false,
      creditLimit: 500_000,
      outstanding: 1300,
      overdue: 300,
      oldestOverdueDays: 20,
      available: 500_000 - 1300 - 400,
    });
    expect(beta).toMatchObject({ status: 'Active', creditHold: true, creditLimit: 5000, outstanding: 250, overdue: 250, oldestOverdueDays: 111, available: 4750 });
    expect(blocked).toMatchObject({ status: 'Blocked', outstanding: 0, overdue: 0, oldestOverdueDays: 0, lastOrderAt: '2026-10-05T05:00:00.000Z' });
    expect(response.body).not.toContain('Someone Else');
    expect(response.body).not.toContain('Pending Opticals');
  });

  it('gives each retailer the credit page’s outstanding, overdue and available', async () => {
    const body = (await cockpit(se1)).json().Data as MyRetailers;
    for (const row of body.retailers) {
      const credit = (await t.app.inject({ url: `/api/admin/retailers/${row.id}/credit`, headers: admin })).json().Data;
      expect({ outstanding: row.outstanding, overdue: row.overdue, available: row.available, creditLimit: row.creditLimit }).toEqual({
        outstanding: credit.outstanding,
        overdue: credit.overdue,
        available: credit.available,
        creditLimit: credit.creditLimit,
      });
    }
  });

  it('counts their retailers’ orders by status and lists each status’s newest few, newest first', async () => {
    const body = (await cockpit(se1)).json().Data as MyRetailers;
    expect(body.orders.counts).toMatchObject({ Placed: MY_RETAILERS_RECENT_PER_STATUS + 1, Confirmed: 1, 'On hold': 1, Cancelled: 0 });
    const placed = body.orders.recent.filter((row) => row.status === 'Placed');
    expect(placed).toHaveLength(MY_RETAILERS_RECENT_PER_STATUS);
    expect(placed[0]).toMatchObject({ retailerId: ids.alpha, businessName: 'alpha Opticals', placedAt: '2026-11-06T05:00:00.000Z', total: 600, totalQuantity: 3 });
    expect(placed.map((row) => row.placedAt)).not.toContain('2026-11-01T05:00:00.000Z');
    const times = body.orders.recent.map((row) => row.placedAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(body.orders.recent.some((row) => row.retailerId === ids.others)).toBe(false);
  });

  it('answers the same while the executive acts for one of their retailers; another executive sees only theirs', async () => {
    const acting = await cockpit(se1, `?email=${encodeURIComponent(emails.alpha!)}`);
    expect(acting.statusCode, acting.body).toBe(200);
    expect((acting.json().Data as MyRetailers).retailers).toHaveLength(3);
    const other = (await cockpit(se2)).json().Data as MyRetailers;
    expect(other.retailers.map((row) => row.id)).toEqual([ids.others]);
    expect(other.retailers[0]).toMatchObject({ outstanding: 9999.99, overdue: 9999.99 });
    expect(other.orders.counts.Placed).toBe(1);
  });

  it('is an empty book for an executive with no retailers', async () => {
    const lonely = await headersFor(t, await createStaffUser(t.db, 'salesexecutive'));
    const body = (await cockpit(lonely)).json().Data as MyRetailers;
    expect(body.retailers).toEqual([]);
    expect(body.orders.recent).toEqual([]);
    expect(Object.values(body.orders.counts).every((n) => n === 0)).toBe(true);
  });

  it('refuses admin, warehouse and accounts staff and retailers (403), and callers without a session (401)', async () => {
    expect((await cockpit(admin)).statusCode).toBe(403);
    for (const role of ['warehouse', 'accounts'] as const) {
      expect((await cockpit(await headersFor(t, await createStaffUser(t.db, role)))).statusCode).toBe(403);
    }
    const retailer = await createRetailer(t.db);
    expect((await cockpit(await headersFor(t, retailer))).statusCode).toBe(403);
    expect((await cockpit(undefined)).statusCode).toBe(401);
  });
});
