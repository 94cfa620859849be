/**
 * The receivables drill-down, export and payment reminder through the real server (test clock:
 * 2026-11-20 in India): a retailer's open invoices aged with TDS and 194Q figures; a sales
 * executive's retailers; the report as CSV and XLSX (formula cells neutralised); the reminder mail
 * read from a real SMTP receiver, its payment link followed and paid, the invoices closed.
 */
import { readSheet } from 'read-excel-file/node';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, invoices, orders, payments, retailers } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createInvoice, createRetailer, createStaffUser } from '../../test/factories.ts';
import { headersFor, type Headers } from '../../test/invoices.ts';
import { startSmtpReceiver, type SmtpReceiver } from '../../test/smtp.ts';

let t: TestApp;
let smtp: SmtpReceiver;
let accounts: Headers;
let owing: Awaited<ReturnType<typeof createRetailer>>;
let paidUp: Awaited<ReturnType<typeof createRetailer>>;
let tricky: Awaited<ReturnType<typeof createRetailer>>;
let se: { userId: number };
const inv: Record<string, { id: number; invoiceNo: string; orderId: number }> = {};

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  t = await buildTestApp({ smtpUrl: smtp.url });
  owing = await createRetailer(t.db, { businessName: 'Reminder Opticals' });
  paidUp = await createRetailer(t.db, { businessName: 'Paid Up Opticals' });
  tricky = await createRetailer(t.db, { businessName: '=HYPERLINK("http://x")' });
  se = await createStaffUser(t.db, 'salesexecutive', { linkedRetailerIds: [owing.retailerId] });
  accounts = await headersFor(t, await createStaffUser(t.db, 'accounts'));
  // owing: ₹1,180 due 31 Oct (20 days late; ₹1,000 taxable) and ₹500 due 20 Dec with ₹100 paid.
  inv.late = await createInvoice(t.db, { retailerId: owing.retailerId, userId: owing.userId, amountPaise: 118_000, invoiceDate: '2026-10-01' });
  await t.db.update(orders).set({ taxablePaise: 100_000 }).where(eq(orders.id, inv.late.orderId));
  inv.fresh = await createInvoice(t.db, { retailerId: owing.retailerId, userId: owing.userId, amountPaise: 50_000, paidPaise: 10_000, invoiceDate: '2026-11-20' });
  await createInvoice(t.db, { retailerId: paidUp.retailerId, userId: paidUp.userId, amountPaise: 5_000, paidPaise: 5_000, invoiceDate: '2026-10-01' });
  await createInvoice(t.db, { retailerId: tricky.retailerId, userId: tricky.userId, amountPaise: 7_000, invoiceDate: '2026-10-01' });
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('GET /api/admin/reports/receivables/retailers/:id', () => {
  it("lists the retailer's open invoices oldest due first, aged, with the 194Q figure, and its ageing", async () => {
    const response = await t.app.inject({ url: `/api/admin/reports/receivables/retailers/${owing.retailerId}`, headers: accounts });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json().Data;
    expect(body.asOf).toBe('2026-11-20');
    expect(body.retailer).toMatchObject({ id: owing.retailerId, name: 'Reminder Opticals', email: owing.email, salesExecutives: [{ id: se.userId, name: expect.any(String) }] });
    expect(body.invoices).toEqual([
      expect.objectContaining({ id: inv.late!.id, invoiceDate: '2026-10-01', dueDate: '2026-10-31', daysOverdue: 20, bucket: 'd1to30', amount: 1180, paid: 0, balance: 1180, taxable: 1000, tds194Q: 1, tdsAllowed: 2, tds: null }),
      expect.objectContaining({ id: inv.fresh!.id, dueDate: '2026-12-20', daysOverdue: 0, bucket: 'notDue', amount: 500, paid: 100, balance: 400 }),
    ]);
    expect(body.ageing).toEqual({ notDue: 400, d1to30: 1180, d31to60: 0, d61to90: 0, d90plus: 0, total: 1580 });
    expect(body.lastReminder).toBeNull();
    expect((await t.app.inject({ url: '/api/admin/reports/receivables/retailers/999999', headers: accounts })).statusCode).toBe(404);
  });

  it("a sales executive's row drills down to the retailers they look after (salesExecutive=id), or nobody's (none)", async () => {
    const theirs = await t.app.inject({ url: `/api/admin/reports/receivables?salesExecutive=${se.userId}`, headers: accounts });
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json().Data.rows.map((row: { id: number }) => row.id)).toEqual([owing.retailerId]);
    expect(theirs.json().Data.totals.total).toBe(1580);
    const nobodys = await t.app.inject({ url: '/api/admin/reports/receivables?salesExecutive=none', headers: accounts });
    expect(nobodys.json().Data.rows.map((row: { id: number }) => row.id)).toEqual([tricky.retailerId]);
    expect((await t.app.inject({ url: '/api/admin/reports/receivables?salesExecutive=abc', headers: accounts })).statusCode).toBe(400);
  });
});

describe('GET /api/admin/reports/receivables/export', () => {
  it('CSV: a row per retailer with the buckets, the totals last, a formula-looking name neutralised', async () => {
    const response = await t.app.inject({ url: '/api/admin/reports/receivables/export?format=csv', headers: accounts });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toBe('attachment; filename="receivables-by-retailer-2026-11-20.csv"');
    const lines = response.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Retailer,"City, state",Open invoices,Not due (₹),1–30 days (₹),31–60 days (₹),61–90 days (₹),Over 90 days (₹),Total (₹)');
    expect(lines[1]).toMatch(/^Reminder Opticals,.*,2,400,1180,0,0,0,1580$/);
    expect(lines).toContainEqual(expect.stringMatching(/^"'=HYPERLINK\(""http:\/\/x""\)",/));
    expect(lines.at(-1)).toBe('All retailers,As of 2026-11-20,3,400,1250,0,0,0,1650');
  });

  it('XLSX by sales executive: amounts as numbers, the totals row last', async () => {
    const response = await t.app.inject({ url: '/api/admin/reports/receivables/export?format=xlsx&groupBy=salesExecutive', headers: accounts });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('receivables-by-sales-executive-2026-11-20.xlsx');
    const sheet = await readSheet(response.rawPayload);
    expect(sheet[0]![0]).toBe('Sales executive');
    const noOne = sheet.find((row) => row[0] === 'No sales executive');
    expect(noOne).toEqual(['No sales executive', '1 retailer owing', 1, 0, 70, 0, 0, 0, 70]);
    expect(sheet.at(-1)).toEqual(['All retailers (each once)', 'As of 2026-11-20', 3, 400, 1250, 0, 0, 0, 1650]);
  });
});

describe('POST /api/admin/reports/receivables/retailers/:id/reminder', () => {
  it('mails the statement and a payment link for the open balance; the link pays every open invoice; audited; shown as the last reminder', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/admin/reports/receivables/retailers/${owing.retailerId}/reminder`,
      headers: { ...accounts, 'idempotency-key': 'reminder-0001' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json().Data;
    expect(body.lastReminder).toMatchObject({ at: '2026-11-20T10:00:00.000Z', to: owing.email, amount: 1580, by: expect.any(String) });

    const mail = await smtp.waitFor(owing.email);
    expect(mail.subject).toBe('Payment reminder: ₹1,580.00 outstanding');
    expect(mail.text).toContain(`${inv.late!.invoiceNo}  dated 2026-10-01  due 2026-10-31  20 days overdue  balance ₹1,180.00`);
    expect(mail.text).toContain(`${inv.fresh!.invoiceNo}  dated 2026-11-20  due 2026-12-20  not yet due  balance ₹400.00`);
    expect(mail.text).toContain('Total outstanding: ₹1,580.00');
    const url = /Pay the open balance online: (\S+)/.exec(mail.text ?? '')?.[1];
    expect(url).toMatch(new RegExp(`^${t.config.publicUrl}/payments/sandbox/`));
    expect(mail.html).toContain(`href="${url}"`);

    // The same key again: the first answer, no second mail, no second audit row.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/reports/receivables/retailers/${owing.retailerId}/reminder`,
      headers: { ...accounts, 'idempotency-key': 'reminder-0001' },
    });
    expect(again.json().Data).toEqual(body);
    const audits = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'receivables.reminder'), eq(auditLog.entityId, String(owing.retailerId))));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.details).toMatchObject({ to: owing.email, amount: 1580, invoices: [inv.late!.invoiceNo, inv.fresh!.invoiceNo] });

    // The retailer follows the link: the sandbox page's API pays it, the money goes to both invoices.
    const linkId = new URL(url!).pathname.split('/').at(-1)!;
    const retailerHeaders = await headersFor(t, owing);
    const link = await t.app.inject({ url: `/api/payments/sandbox/${linkId}`, headers: retailerHeaders });
    expect(link.json().Data).toMatchObject({ status: 'created', amount: 1580 });
    const paid = await t.app.inject({ method: 'POST', url: `/api/payments/sandbox/${linkId}/pay`, headers: retailerHeaders });
    expect(paid.statusCode, paid.body).toBe(200);
    await vi.waitFor(async () => {
      const open = await t.db.select().from(invoices).where(eq(invoices.retailerId, owing.retailerId));
      expect(open.map((row) => row.balancePaise)).toEqual([0, 0]);
    });
    // Nothing is owed now: a further reminder is refused and nothing is sent.
    const nothing = await t.app.inject({ method: 'POST', url: `/api/admin/reports/receivables/retailers/${owing.retailerId}/reminder`, headers: accounts });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().Error.Message).toMatch(/owes nothing/);
  });

  it('refuses a retailer with nothing due (no link, no mail, no audit) and an unknown retailer', async () => {
    const response = await t.app.inject({ method: 'POST', url: `/api/admin/reports/receivables/retailers/${paidUp.retailerId}/reminder`, headers: accounts });
    expect(response.statusCode).toBe(409);
    expect(await t.db.select().from(payments).where(eq(payments.retailerId, paidUp.retailerId))).toHaveLength(0);
    expect(await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'receivables.reminder'), eq(auditLog.entityId, String(paidUp.retailerId))))).toHaveLength(0);
    expect(smtp.received.some((mail) => JSON.stringify(mail.to).includes(paidUp.email))).toBe(false);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/reports/receivables/retailers/999999/reminder', headers: accounts })).statusCode).toBe(404);
  });

  it('a second reminder for the same balance reuses the open link rather than making another', async () => {
    const first = await t.app.inject({ method: 'POST', url: `/api/admin/reports/receivables/retailers/${tricky.retailerId}/reminder`, headers: accounts });
    const second = await t.app.inject({ method: 'POST', url: `/api/admin/reports/receivables/retailers/${tricky.retailerId}/reminder`, headers: accounts });
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(await t.db.select().from(payments).where(eq(payments.retailerId, tricky.retailerId))).toHaveLength(1);
    const [retailer] = await t.db.select().from(retailers).where(eq(retailers.id, tricky.retailerId));
    await vi.waitFor(() => expect(smtp.received.filter((mail) => JSON.stringify(mail.to).includes(retailer!.email))).toHaveLength(2));
  });

  it('is for accounts and admin: warehouse, sales executives and retailers get 403', async () => {
    for (const role of ['warehouse', 'salesexecutive'] as const) {
      const headers = await headersFor(t, await createStaffUser(t.db, role));
      expect((await t.app.inject({ method: 'POST', url: `/api/admin/reports/receivables/retailers/${tricky.retailerId}/reminder`, headers })).statusCode, role).toBe(403);
      expect((await t.app.inject({ url: `/api/admin/reports/receivables/retailers/${tricky.retailerId}`, headers })).statusCode, role).toBe(403);
      expect((await t.app.inject({ url: '/api/admin/reports/receivables/export', headers })).statusCode, role).toBe(403);
    }
    expect((await t.app.inject({ url: '/api/admin/reports/receivables/export', headers: await headersFor(t, owing) })).statusCode).toBe(403);
  });
});
