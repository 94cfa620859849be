/**
 * GET /api/admin/reports/receivables through the real server: open balances aged by days past due
 * (the invoice's own due date, else its date plus INVOICE_CREDIT_DAYS) on the test clock's day
 * (2026-11-20 in India), by retailer and by sales executive, and who may read it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createInvoice, createRetailer, createStaffUser } from '../../test/factories.ts';
import { headersFor, type Headers } from '../../test/invoices.ts';

let t: TestApp;
let accounts: Headers;
const ids: Record<string, number> = {};
const names = { r1: 'Ageing One Opticals', r2: 'Ageing Two Opticals', r3: 'Ageing Three Opticals' };

async function invoice(retailer: { retailerId: number; userId: number }, amountPaise: number, invoiceDate: string, extra: { paidPaise?: number; dueDate?: string } = {}) {
  const made = await createInvoice(t.db, { retailerId: retailer.retailerId, userId: retailer.userId, amountPaise, invoiceDate, paidPaise: extra.paidPaise ?? 0 });
  if (extra.dueDate) await t.db.update(invoices).set({ dueDate: extra.dueDate }).where(eq(invoices.id, made.id));
}

beforeAll(async () => {
  t = await buildTestApp();
  const r1 = await createRetailer(t.db, { stateCode: '36', businessName: names.r1 });
  const r2 = await createRetailer(t.db, { stateCode: '29', businessName: names.r2 });
  const r3 = await createRetailer(t.db, { stateCode: '36', businessName: names.r3 });
  const clean = await createRetailer(t.db, { stateCode: '36', businessName: 'Paid Up Opticals' });
  Object.assign(ids, { r1: r1.retailerId, r2: r2.retailerId, r3: r3.retailerId });
  const se1 = await createStaffUser(t.db, 'salesexecutive', { linkedRetailerIds: [r1.retailerId, r2.retailerId] });
  const se2 = await createStaffUser(t.db, 'salesexecutive', { linkedRetailerIds: [r2.retailerId, clean.retailerId] });
  Object.assign(ids, { se1: se1.userId, se2: se2.userId });
  accounts = await headersFor(t, await createStaffUser(t.db, 'accounts'));

  // r1: due 10 Dec (not due), and due 31 Oct with 200 of 500 paid (20 days late).
  await invoice(r1, 100_000, '2026-11-10');
  await invoice(r1, 50_000, '2026-10-01', { paidPaise: 20_000 });
  // r2: its own due date 1 Aug (111 days late), due 10 Oct (41 days), one paid in full (not listed).
  await invoice(r2, 25_000, '2026-07-01', { dueDate: '2026-08-01' });
  await invoice(r2, 40_000, '2026-09-10');
  await invoice(r2, 99_900, '2026-09-01', { paidPaise: 99_900 });
  // r3 (nobody looks after it): due 14 Sep (67 days); due exactly today: not due.
  await invoice(r3, 70_000, '2026-08-15');
  await invoice(r3, 1_050, '2026-10-21');
  await invoice(clean, 5_000, '2026-10-01', { paidPaise: 5_000 });
});

afterAll(async () => {
  await t?.close();
});

const zero = { notDue: 0, d1to30: 0, d31to60: 0, d61to90: 0, d90plus: 0 };

async function report(query = '', headers: Headers = accounts) {
  return t.app.inject({ url: `/api/admin/reports/receivables${query}`, headers });
}

describe('GET /api/admin/reports/receivables', () => {
  it('ages each retailer’s open balances in buckets, largest total first, with the totals of every open invoice', async () => {
    const response = await report();
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json().Data;
    expect(body.asOf).toBe('2026-11-20');
    expect(body.groupBy).toBe('retailer');
    expect(body.rows).toEqual([
      { id: ids.r1, name: names.r1, detail: expect.stringContaining('Telangana'), openInvoices: 2, ageing: { ...zero, notDue: 1000, d1to30: 300, total: 1300 } },
      { id: ids.r3, name: names.r3, detail: expect.any(String), openInvoices: 2, ageing: { ...zero, notDue: 10.5, d61to90: 700, total: 710.5 } },
      { id: ids.r2, name: names.r2, detail: expect.stringContaining('Karnataka'), openInvoices: 2, ageing: { ...zero, d31to60: 400, d90plus: 250, total: 650 } },
    ]);
    expect(body.totals).toEqual({ notDue: 1010.5, d1to30: 300, d31to60: 400, d61to90: 700, d90plus: 250, total: 2660.5 });
    expect(body.openInvoices).toBe(6);
  });

  it('by sales executive: each over their linked retailers, nobody’s retailers apart, a shared retailer under both but once in the totals', async () => {
    const response = await report('?groupBy=salesExecutive');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json().Data;
    const byId = new Map(body.rows.map((row: { id: number | null }) => [row.id, row]));
    expect(byId.get(ids.se1)).toMatchObject({ detail: '2 retailers owing', openInvoices: 4, ageing: { ...zero, notDue: 1000, d1to30: 300, d31to60: 400, d90plus: 250, total: 1950 } });
    expect(byId.get(ids.se2)).toMatchObject({ detail: '1 retailer owing', openInvoices: 2, ageing: { ...zero, d31to60: 400, d90plus: 250, total: 650 } });
    expect(byId.get(null)).toMatchObject({ name: 'No sales executive', detail: '1 retailer owing', ageing: { total: 710.5 } });
    expect(body.rows.map((row: { id: number | null }) => row.id)).toEqual([ids.se1, null, ids.se2]);
    expect(body.totals.total).toBe(2660.5);
    expect(body.openInvoices).toBe(6);
  });

  it('is for admin and accounts staff: warehouse staff, sales executives and retailers get 403; a wrong groupBy is 400 and says why', async () => {
    const admin = await headersFor(t, await createStaffUser(t.db, 'admin'));
    expect((await report('', admin)).statusCode).toBe(200);
    for (const role of ['warehouse', 'salesexecutive'] as const) {
      expect((await report('', await headersFor(t, await createStaffUser(t.db, role)))).statusCode, role).toBe(403);
    }
    expect((await report('', await headersFor(t, await createRetailer(t.db)))).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/reports/receivables' })).statusCode).toBe(401);
    const wrong = await report('?groupBy=city');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().Error.Message).toMatch(/groupBy/);
  });
});
