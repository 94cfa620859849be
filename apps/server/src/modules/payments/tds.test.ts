/**
 * POST /api/admin/invoices/:id/tds through the real server: a 194Q deduction closes a short-paid
 * invoice (the deduction row and paid_paise in one transaction), the refusals (paid invoice, twice,
 * above the balance, above 0.1 % of the taxable value plus a rupee), the audit row, two at once
 * (one wins), and the retailer's statement taking the deduction as a credit so its closing balance
 * stays the outstanding.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, invoices, invoiceTdsDeductions, orders } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createInvoice, createRetailer, createStaffUser } from '../../test/factories.ts';
import { headersFor, type Headers } from '../../test/invoices.ts';

let t: TestApp;
let accounts: Headers;
let retailer: Awaited<ReturnType<typeof createRetailer>>;
let retailerHeaders: Headers;

/** An invoice of ₹1,18,000 (₹1,00,000 taxable + 18 % GST) with `paidPaise` paid: its 194Q figure is ₹100. */
async function shortPaidInvoice(paidPaise: number) {
  const made = await createInvoice(t.db, { retailerId: retailer.retailerId, userId: retailer.userId, amountPaise: 11_800_000, paidPaise, invoiceDate: '2026-10-01' });
  await t.db.update(orders).set({ taxablePaise: 10_000_000 }).where(eq(orders.id, made.orderId));
  return made;
}

const record = (invoiceId: number, body: unknown, headers: Headers = accounts, extra: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/admin/invoices/${invoiceId}/tds`, headers: { ...headers, ...extra }, payload: body as object });

const invoiceRow = async (id: number) => (await t.db.select().from(invoices).where(eq(invoices.id, id)))[0]!;
const deductions = (invoiceId: number) => t.db.select().from(invoiceTdsDeductions).where(eq(invoiceTdsDeductions.invoiceId, invoiceId));

beforeAll(async () => {
  t = await buildTestApp();
  retailer = await createRetailer(t.db, { businessName: 'TDS Buyer Opticals' });
  retailerHeaders = await headersFor(t, retailer);
  accounts = await headersFor(t, await createStaffUser(t.db, 'accounts'));
});

afterAll(async () => {
  await t?.close();
});

describe('POST /api/admin/invoices/:id/tds', () => {
  it('records the deduction and adds it to paid, so the invoice the rest paid closes; audited with before and after', async () => {
    // The buyer paid ₹1,17,900 and deducted ₹100.
    const inv = await shortPaidInvoice(11_790_000);
    const response = await record(inv.id, { amountPaise: 10_000, reference: 'CHALLAN 28001' });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json().Data;
    expect(body).toMatchObject({ id: inv.id, invoiceNo: inv.invoiceNo, amount: 118_000, paid: 118_000, balance: 0, taxable: 100_000, tds194Q: 100, tdsAllowed: 0 });
    expect(body.tds).toMatchObject({ section: '194Q', amount: 100, reference: 'CHALLAN 28001', recordedBy: expect.any(String) });

    const row = await invoiceRow(inv.id);
    expect(row.paidPaise).toBe(11_800_000);
    expect(row.balancePaise).toBe(0);
    expect(row.paymentStatus).toBe('Paid');
    expect(await deductions(inv.id)).toEqual([expect.objectContaining({ amountPaise: 10_000, section: '194Q', retailerId: retailer.retailerId, reference: 'CHALLAN 28001' })]);

    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, String(inv.id)));
    expect(audit).toMatchObject({ action: 'invoice.tds', entity: 'invoice' });
    expect(audit!.details).toMatchObject({ section: '194Q', reference: 'CHALLAN 28001', before: { balance: '₹100.00' }, after: { balance: '₹0.00', status: 'Paid' } });
  });

  it('accepts up to a rupee above the 194Q figure (a buyer that rounds up) and leaves an invoice with more to pay open', async () => {
    const inv = await shortPaidInvoice(0);
    const response = await record(inv.id, { amountPaise: 10_100, reference: 'F16A-1' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().Data).toMatchObject({ paid: 101, balance: 117_899, tdsAllowed: 0 });
    expect((await invoiceRow(inv.id)).paymentStatus).toBe('Partially Paid');
  });

  it('refuses more than 194Q allows, more than the balance, a paid invoice and a second deduction, storing nothing', async () => {
    const inv = await shortPaidInvoice(0);
    const tooMuch = await record(inv.id, { amountPaise: 10_101, reference: 'X-1' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().Error.Message).toContain('0.1 % of its taxable value is ₹100.00');

    const nearlyPaid = await shortPaidInvoice(11_799_950);
    const overBalance = await record(nearlyPaid.id, { amountPaise: 100, reference: 'X-2' });
    expect(overBalance.statusCode).toBe(400);
    expect(overBalance.json().Error.Message).toContain('₹0.50');

    const paid = await shortPaidInvoice(11_800_000);
    const onPaid = await record(paid.id, { amountPaise: 100, reference: 'X-3' });
    expect(onPaid.statusCode).toBe(409);
    expect(onPaid.json().Error.Message).toMatch(/paid in full/);

    expect((await record(inv.id, { amountPaise: 5_000, reference: 'X-4' })).statusCode).toBe(200);
    const twice = await record(inv.id, { amountPaise: 100, reference: 'X-5' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().Error.Message).toMatch(/already recorded/);

    for (const [body, field] of [
      [{ amountPaise: 0, reference: 'R' }, /more than zero/],
      [{ amountPaise: 10.5, reference: 'R' }, /whole paise/],
      [{ amountPaise: 100, reference: '  ' }, /reference/],
      [{ reference: 'R' }, /amount/],
    ] as const) {
      const bad = await record(inv.id, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json().Error.Message).toMatch(field);
    }
    expect(await deductions(nearlyPaid.id)).toHaveLength(0);
    expect(await deductions(paid.id)).toHaveLength(0);
    expect(await deductions(inv.id)).toHaveLength(1);
    expect((await invoiceRow(inv.id)).paidPaise).toBe(5_000);
    expect((await record(999_999, { amountPaise: 100, reference: 'R' })).statusCode).toBe(404);
  });

  it('two at once: one is recorded, the other is refused; paid rises once', async () => {
    const inv = await shortPaidInvoice(11_790_000);
    const [a, b] = await Promise.all([
      record(inv.id, { amountPaise: 10_000, reference: 'RACE-A' }),
      record(inv.id, { amountPaise: 10_000, reference: 'RACE-B' }),
    ]);
    expect([a!.statusCode, b!.statusCode].sort()).toEqual([200, 409]);
    expect(await deductions(inv.id)).toHaveLength(1);
    expect((await invoiceRow(inv.id)).paidPaise).toBe(11_800_000);
  });

  it('an Idempotency-Key repeat answers the first answer and records nothing more', async () => {
    const inv = await shortPaidInvoice(0);
    const key = { 'idempotency-key': 'tds-repeat-0001' };
    const first = await record(inv.id, { amountPaise: 10_000, reference: 'IDEM' }, accounts, key);
    const again = await record(inv.id, { amountPaise: 10_000, reference: 'IDEM' }, accounts, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().Data).toEqual(first.json().Data);
    expect((await invoiceRow(inv.id)).paidPaise).toBe(10_000);
  });

  it('is for accounts and admin only', async () => {
    const inv = await shortPaidInvoice(0);
    for (const role of ['warehouse', 'salesexecutive'] as const) {
      const response = await record(inv.id, { amountPaise: 100, reference: 'R' }, await headersFor(t, await createStaffUser(t.db, role)));
      expect(response.statusCode, role).toBe(403);
    }
    expect((await record(inv.id, { amountPaise: 100, reference: 'R' }, retailerHeaders)).statusCode).toBe(403);
    expect((await record(inv.id, { amountPaise: 100, reference: 'R' }, await headersFor(t, await createStaffUser(t.db, 'admin')))).statusCode).toBe(200);
    expect(await deductions(inv.id)).toHaveLength(1);
  });

  it("the retailer's statement shows each deduction as a TDS credit on the day it was recorded", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/backoffice/LensMaster/AccountStatement',
      headers: retailerHeaders,
      payload: { RetailerID: retailer.retailerId, FromDate: '2026-09-01', ToDate: '2026-11-20' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const statement = response.json().Data;
    const tds = statement.Entries.filter((entry: { Kind: string }) => entry.Kind === 'TDS');
    const recorded = await t.db.select().from(invoiceTdsDeductions).where(eq(invoiceTdsDeductions.retailerId, retailer.retailerId));
    expect(tds).toHaveLength(recorded.length);
    expect(tds[0]).toMatchObject({ Date: '2026-11-20', Debit: 0, Sandbox: false });
    // This retailer's invoices were marked paid straight in the database (no payment rows): the ledger is its invoices less the deductions.
    const invoiced = (await t.db.select().from(invoices).where(eq(invoices.retailerId, retailer.retailerId))).reduce((sum, row) => sum + row.amountPaise, 0);
    const deducted = recorded.reduce((sum, row) => sum + row.amountPaise, 0);
    expect(statement.ClosingBalance).toBe((invoiced - deducted) / 100);
    expect(tds.reduce((sum: number, entry: { Credit: number }) => sum + entry.Credit, 0)).toBe(deducted / 100);
  });
});
