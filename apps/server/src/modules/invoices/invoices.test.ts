import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { deskMessages, formatInvoiceNo, INVOICE_NUMBER_PATTERN } from '@frameport/domain';
import { fail, parseInvoiceStores, type AccountStatement, type InvoiceRow } from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import { invoiceMessages } from '@frameport/domain/messages/invoices';
import { auditLog, documentSequences, invoices, orders, paymentAllocations, payments, retailers, shipments } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createProduct, createRetailer, createStaffUser, ensureCorporateDetails, type TestUser } from '../../test/factories.ts';
import {
  confirmOrder,
  dispatchedInvoice,
  dispatchShipment,
  headersFor,
  invoiceOfShipment,
  packedShipment,
  placeOrder,
  type Headers,
} from '../../test/invoices.ts';

const START = '2026-11-20T10:00:00.000Z';

let t: TestApp;
let admin: Headers;
let productId: number;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await headersFor(t, await createStaffUser(t.db, 'admin'));
  // The supplier on the tax invoice that every dispatch draws for its mail.
  await ensureCorporateDetails(t.db);
  productId = (await createProduct(t.db, { stocks: [5000], netPricePaise: 100_000, gstRatePercent: 5 })).productId;
});

afterEach(() => {
  t.clock.set(START);
});

afterAll(async () => {
  await t?.close();
});

type Party = TestUser & { retailerId: number; headers: Headers };

async function retailer(stateCode: '36' | '29' = '36', businessName?: string): Promise<Party> {
  const user = await createRetailer(t.db, { stateCode, ...(businessName ? { businessName } : {}) });
  return { ...user, headers: await headersFor(t, user) };
}

async function orderFor(party: Party, quantity = 3) {
  return placeOrder(t, party.headers, [{ productId, quantity }]);
}

/** Places an order and raises its invoice with the clock at `at` (India dates follow from it). */
async function invoicedAt(party: Party, at: string, quantity = 3) {
  t.clock.set(at);
  const orderId = await orderFor(party, quantity);
  const invoice = await dispatchedInvoice(t, admin, orderId);
  const [row] = await t.db.select().from(invoices).where(eq(invoices.id, invoice.InvoiceID));
  return { orderId, invoice, row: row! };
}

async function lastInvoiceNumber(financialYear: string): Promise<number> {
  const [row] = await t.db
    .select({ lastValue: documentSequences.lastValue })
    .from(documentSequences)
    .where(and(eq(documentSequences.series, 'invoice'), eq(documentSequences.financialYear, financialYear)));
  return row?.lastValue ?? 0;
}

async function orderTotal(orderId: number) {
  const [order] = await t.db.select({ total: orders.totalPaise, ref: orders.orderRefNo }).from(orders).where(eq(orders.id, orderId));
  return order!;
}

const paise = (rupees: number) => Math.round(rupees * 100);

describe('the tax invoice raised when a shipment is dispatched', () => {
  it('takes the next number of the financial year series, for the shipment’s value, dated the day it is issued, once', async () => {
    // As the demo seed leaves it: 41 invoices already numbered this financial year.
    await t.db
      .insert(documentSequences)
      .values({ series: 'invoice', financialYear: '2026-27', lastValue: 41 })
      .onConflictDoUpdate({ target: [documentSequences.series, documentSequences.financialYear], set: { lastValue: 41 } });
    const r = await retailer();
    const orderId = await orderFor(r);
    const order = await orderTotal(orderId);
    await confirmOrder(t, orderId);
    const shipmentId = await packedShipment(t, admin, orderId);

    // Dispatched two days after the order, and recorded the day after that: the invoice is dated the
    // day it is issued (never back-dated), the dispatch keeps its own day.
    t.clock.set('2026-11-23T06:00:00.000Z');
    const response = await dispatchShipment(t, admin, shipmentId, { dispatchDate: '2026-11-22' });
    expect(response.statusCode, response.body).toBe(200);
    const invoice = await invoiceOfShipment(t, shipmentId);
    expect(invoice).toEqual({ InvoiceID: expect.any(Number), InvoiceNo: 'FP/26-27/00042', InvoiceDate: '2026-11-23', InvoiceAmount: order.total / 100 });
    expect(invoice.InvoiceNo.length).toBeLessThanOrEqual(16);
    expect(invoice.InvoiceNo).toMatch(INVOICE_NUMBER_PATTERN);
    const [row] = await t.db.select().from(invoices).where(eq(invoices.id, invoice.InvoiceID));
    expect(row).toMatchObject({
      orderId,
      shipmentId,
      retailerId: r.retailerId,
      financialYear: '2026-27',
      invoiceDate: '2026-11-23',
      dueDate: '2026-12-23',
      amountPaise: order.total,
      paidPaise: 0,
      balancePaise: order.total,
      paymentStatus: 'Unpaid',
    });
    expect(await lastInvoiceNumber('2026-27')).toBe(42);
    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'invoice.raise'), eq(auditLog.entityId, String(row!.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({ orderId, shipmentId, invoiceNo: 'FP/26-27/00042' });

    // Dispatching again is refused and takes no number.
    const again = await dispatchShipment(t, admin, shipmentId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(fail(deskMessages.shipment.illegal('dispatched', 'Dispatched')));
    expect(await lastInvoiceNumber('2026-27')).toBe(42);
    expect(await t.db.select().from(invoices).where(eq(invoices.orderId, orderId))).toHaveLength(1);
  });

  it('is the warehouse’s and an admin’s call: a retailer or a sales executive gets 403, nobody 401, and nothing is raised', async () => {
    const r = await retailer();
    const orderId = await orderFor(r);
    await confirmOrder(t, orderId);
    const shipmentId = await packedShipment(t, admin, orderId);
    const sales = await createStaffUser(t.db, 'salesexecutive', { linkedRetailerIds: [r.retailerId] });
    const accounts = await createStaffUser(t.db, 'accounts');
    for (const headers of [r.headers, await headersFor(t, sales), await headersFor(t, accounts)]) {
      const response = await dispatchShipment(t, headers, shipmentId);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(fail(messages.http.forbidden));
    }
    const anonymous = await t.app.inject({ method: 'POST', url: `/api/admin/shipments/${shipmentId}/dispatch`, payload: {} });
    expect(anonymous.statusCode).toBe(401);
    expect(await t.db.select().from(invoices).where(eq(invoices.orderId, orderId))).toEqual([]);
    const warehouse = await headersFor(t, await createStaffUser(t.db, 'warehouse'));
    expect((await dispatchShipment(t, warehouse, shipmentId)).statusCode).toBe(200);
  });

  it('gives the number back when the dispatch fails after taking it', async () => {
    const r = await retailer();
    const squatterOrder = await orderFor(r, 1);
    const orderId = await orderFor(r, 1);
    await confirmOrder(t, orderId);
    const shipmentId = await packedShipment(t, admin, orderId);
    const before = await lastInvoiceNumber('2026-27');
    // An invoice written by hand with the next number: the dispatch must fail on it, and roll back.
    const [squatter] = await t.db
      .insert(invoices)
      .values({
        invoiceNo: formatInvoiceNo('2026-27', before + 1),
        financialYear: '2026-27',
        orderId: squatterOrder,
        retailerId: r.retailerId,
        invoiceDate: '2026-11-20',
        amountPaise: 100,
      })
      .returning({ id: invoices.id });
    const failed = await dispatchShipment(t, admin, shipmentId);
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toEqual(fail(messages.http.serverError));
    expect(await lastInvoiceNumber('2026-27')).toBe(before);
    expect(await t.db.select().from(invoices).where(eq(invoices.orderId, orderId))).toEqual([]);
    const [shipment] = await t.db.select({ status: shipments.status }).from(shipments).where(eq(shipments.id, shipmentId));
    expect(shipment!.status).toBe('Packed');

    await t.db.delete(invoices).where(eq(invoices.id, squatter!.id));
    expect((await dispatchShipment(t, admin, shipmentId)).statusCode).toBe(200);
    expect((await invoiceOfShipment(t, shipmentId)).InvoiceNo).toBe(formatInvoiceNo('2026-27', before + 1));
  });

  it('starts a new series on 1 April (India time): 31 March 23:59 IST is still the old financial year', async () => {
    const r = await retailer();
    const lastOfMarch = await orderFor(r, 1);
    const firstOfApril = await orderFor(r, 1);
    const before = await lastInvoiceNumber('2026-27');

    t.clock.set('2027-03-31T18:29:59.000Z'); // 23:59:59 on 31 March in India
    const march = await dispatchedInvoice(t, admin, lastOfMarch);
    expect(march).toMatchObject({ InvoiceNo: formatInvoiceNo('2026-27', before + 1), InvoiceDate: '2027-03-31' });

    t.clock.set('2027-03-31T18:30:00.000Z'); // 00:00 on 1 April in India
    const april = await dispatchedInvoice(t, admin, firstOfApril);
    expect(april).toMatchObject({ InvoiceNo: 'FP/27-28/00001', InvoiceDate: '2027-04-01' });
    const [row] = await t.db.select().from(invoices).where(eq(invoices.id, april.InvoiceID));
    expect(row!.financialYear).toBe('2027-28');
    expect(await lastInvoiceNumber('2026-27')).toBe(before + 1);
    expect(await lastInvoiceNumber('2027-28')).toBe(1);
  });
});

function report(headers: Headers | null, body: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/backoffice/LensMaster/LensInvoiceReport',
    headers: headers ?? {},
    payload: { Type: 'Stock invoice report for website', ...body },
  });
}

async function reportRows(headers: Headers, body: Record<string, unknown>): Promise<InvoiceRow[]> {
  const response = await report(headers, body);
  expect(response.statusCode, response.body).toBe(200);
  const data = response.json().Data;
  expect(data.result).toBe(true);
  expect(data.message).toBe('');
  return parseInvoiceStores(data.stores);
}

describe('POST /backoffice/LensMaster/LensInvoiceReport', () => {
  let r: Party;
  let june: Awaited<ReturnType<typeof invoicedAt>>;
  let september: Awaited<ReturnType<typeof invoicedAt>>;
  let november: Awaited<ReturnType<typeof invoicedAt>>;

  beforeAll(async () => {
    r = await retailer('29', 'Report Opticals');
    june = await invoicedAt(r, '2026-06-15T06:00:00.000Z');
    september = await invoicedAt(r, '2026-09-10T06:00:00.000Z', 2);
    november = await invoicedAt(r, START, 1);
    t.clock.set(START);
  });

  it('lists the acting retailer’s invoices from 2021-07-01 to today, newest first, as the contract’s rows', async () => {
    const rows = await reportRows(r.headers, { RetailerID: r.retailerId });
    expect(rows.map((row) => row.InvoiceID)).toEqual([november, september, june].map((x) => x.invoice.InvoiceID));
    const juneOrder = await orderTotal(june.orderId);
    expect(rows[2]).toEqual({
      InvoiceID: june.invoice.InvoiceID,
      InvoiceNo: june.invoice.InvoiceNo,
      InvoiceDate: '2026-06-15',
      InvoiceAmount: juneOrder.total / 100,
      PaymentAmount: 0,
      BalanceAmount: juneOrder.total / 100,
      PaymentStatus: 'Unpaid',
      DocumentURL: `/backoffice/LensMaster/InvoiceDocument/${june.invoice.InvoiceID}`,
      OrderID: june.orderId,
      OrderRefNo: juneOrder.ref,
      DueDate: '2026-07-15',
      DaysOverdue: 128,
    });
    expect(rows.map((row) => [row.InvoiceDate, row.DueDate, row.DaysOverdue])).toEqual([
      ['2026-11-20', '2026-12-20', 0],
      ['2026-09-10', '2026-10-10', 41],
      ['2026-06-15', '2026-07-15', 128],
    ]);
  });

  it('filters by FromDate and ToDate, both days included', async () => {
    const autumn = await reportRows(r.headers, { RetailerID: r.retailerId, FromDate: '2026-09-01', ToDate: '2026-10-31' });
    expect(autumn.map((row) => row.InvoiceID)).toEqual([september.invoice.InvoiceID]);
    const oneDay = await reportRows(r.headers, { RetailerID: r.retailerId, FromDate: '2026-06-15', ToDate: '2026-06-15' });
    expect(oneDay.map((row) => row.InvoiceID)).toEqual([june.invoice.InvoiceID]);
    const sinceSeptember = await reportRows(r.headers, { RetailerID: r.retailerId, FromDate: '2026-09-10' });
    expect(sinceSeptember.map((row) => row.InvoiceID)).toEqual([november.invoice.InvoiceID, september.invoice.InvoiceID]);
    const untilSeptember = await reportRows(r.headers, { RetailerID: r.retailerId, ToDate: '2026-09-10' });
    expect(untilSeptember.map((row) => row.InvoiceID)).toEqual([september.invoice.InvoiceID, june.invoice.InvoiceID]);
  });

  it('answers result false, "Invoices not found." and "[]" when nothing matches', async () => {
    const none = await report(r.headers, { RetailerID: r.retailerId, FromDate: '2025-01-01', ToDate: '2025-12-31' });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ Status: 0, Error: null, Data: { result: false, stores: '[]', message: invoiceMessages.notFound } });
    const fresh = await retailer();
    const empty = await report(fresh.headers, { RetailerID: fresh.retailerId });
    expect(empty.json().Data).toEqual({ result: false, stores: '[]', message: 'Invoices not found.' });
  });

  it('refuses a FromDate after the ToDate, a day that does not exist and a date in another shape (400)', async () => {
    const reversed = await report(r.headers, { RetailerID: r.retailerId, FromDate: '2026-10-01', ToDate: '2026-09-01' });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toEqual(fail(invoiceMessages.dateRange));
    const notADay = await report(r.headers, { RetailerID: r.retailerId, FromDate: '2026-02-30' });
    expect(notADay.statusCode).toBe(400);
    expect(notADay.json()).toEqual(fail(invoiceMessages.invalidDate));
    const shape = await report(r.headers, { RetailerID: r.retailerId, ToDate: '20-11-2026' });
    expect(shape.statusCode).toBe(400);
    expect(shape.json().Error.Message).toBe('Please enter a date as YYYY-MM-DD');
  });

  it('follows the invoices’ paid amounts: status, payment, balance and days overdue agree with the table', async () => {
    await t.db.update(invoices).set({ paidPaise: 1_000_00 }).where(eq(invoices.id, june.invoice.InvoiceID));
    await t.db.update(invoices).set({ paidPaise: september.row.amountPaise }).where(eq(invoices.id, september.invoice.InvoiceID));
    const rows = await reportRows(r.headers, { RetailerID: r.retailerId });
    const stored = await t.db.select().from(invoices).where(eq(invoices.retailerId, r.retailerId));
    for (const row of rows) {
      const invoice = stored.find((s) => s.id === row.InvoiceID)!;
      expect([paise(row.InvoiceAmount), paise(row.PaymentAmount), paise(row.BalanceAmount), row.PaymentStatus]).toEqual([
        invoice.amountPaise,
        invoice.paidPaise,
        invoice.balancePaise,
        invoice.paymentStatus,
      ]);
    }
    const byId = new Map(rows.map((row) => [row.InvoiceID, row]));
    expect(byId.get(june.invoice.InvoiceID)).toMatchObject({ PaymentStatus: 'Partially Paid', PaymentAmount: 1000, DaysOverdue: 128 });
    expect(byId.get(september.invoice.InvoiceID)).toMatchObject({ PaymentStatus: 'Paid', BalanceAmount: 0, DaysOverdue: 0 });
    expect(byId.get(november.invoice.InvoiceID)).toMatchObject({ PaymentStatus: 'Unpaid', PaymentAmount: 0 });
  });
});

function statement(headers: Headers | null, body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/backoffice/LensMaster/AccountStatement', headers: headers ?? {}, payload: body });
}

async function statementOf(headers: Headers, body: Record<string, unknown>): Promise<AccountStatement> {
  const response = await statement(headers, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().Data;
}

/** Opening + debits − credits = closing, and every running balance on the way, in paise. */
function expectLedgerAddsUp(s: AccountStatement) {
  let balance = paise(s.OpeningBalance);
  for (const entry of s.Entries) {
    balance += paise(entry.Debit) - paise(entry.Credit);
    expect(paise(entry.Balance)).toBe(balance);
  }
  expect(paise(s.ClosingBalance)).toBe(balance);
  expect(paise(s.Overdue) + paise(s.NotYetDue)).toBe(paise(s.TotalOutstanding));
  expect(paise(s.TotalOutstanding)).toBe(s.OpenInvoices.reduce((sum, row) => sum + paise(row.BalanceAmount), 0));
}

describe('POST /backoffice/LensMaster/AccountStatement', () => {
  let r: Party;
  let paidOne: Awaited<ReturnType<typeof invoicedAt>>;
  let partOne: Awaited<ReturnType<typeof invoicedAt>>;
  let openOne: Awaited<ReturnType<typeof invoicedAt>>;
  const PART = 500_00;
  const LEFT_OVER = 100_00;

  beforeAll(async () => {
    r = await retailer('36', 'Statement Opticals');
    paidOne = await invoicedAt(r, '2026-08-01T06:00:00.000Z', 2);
    partOne = await invoicedAt(r, '2026-10-10T06:00:00.000Z', 3);
    openOne = await invoicedAt(r, '2026-11-15T06:00:00.000Z', 1);
    t.clock.set(START);
    // One payment applied at 00:30 on 20 October in India (19 October in UTC): all of the first
    // invoice, ₹500 of the second, ₹100 left over as a credit.
    const appliedAt = new Date('2026-10-19T19:00:00.000Z');
    const [payment] = await t.db
      .insert(payments)
      .values({
        retailerId: r.retailerId,
        provider: 'sandbox',
        paymentLinkId: 'plink_test_statement_1',
        transactionNo: 'FPTXN-STATEMENT-1',
        amountPaise: paidOne.row.amountPaise + PART + LEFT_OVER,
        status: 'paid',
        appliedAt,
        unappliedPaise: LEFT_OVER,
        createdAt: appliedAt,
        updatedAt: appliedAt,
      })
      .returning({ id: payments.id });
    await t.db.insert(paymentAllocations).values([
      { paymentId: payment!.id, invoiceId: paidOne.invoice.InvoiceID, amountPaise: paidOne.row.amountPaise, createdAt: appliedAt },
      { paymentId: payment!.id, invoiceId: partOne.invoice.InvoiceID, amountPaise: PART, createdAt: appliedAt },
    ]);
    await t.db.update(invoices).set({ paidPaise: sql`${invoices.paidPaise} + ${paidOne.row.amountPaise}` }).where(eq(invoices.id, paidOne.invoice.InvoiceID));
    await t.db.update(invoices).set({ paidPaise: PART }).where(eq(invoices.id, partOne.invoice.InvoiceID));
    // A paid link that found nothing to pay (a credit only), and a link never paid: neither is a ledger entry.
    await t.db.insert(payments).values([
      {
        retailerId: r.retailerId,
        provider: 'sandbox',
        paymentLinkId: 'plink_test_statement_2',
        transactionNo: 'FPTXN-STATEMENT-2',
        amountPaise: 50_00,
        status: 'paid',
        appliedAt: new Date('2026-11-01T06:00:00.000Z'),
        unappliedPaise: 50_00,
      },
      {
        retailerId: r.retailerId,
        provider: 'sandbox',
        paymentLinkId: 'plink_test_statement_3',
        transactionNo: 'FPTXN-STATEMENT-3',
        amountPaise: 70_00,
        status: 'created',
      },
    ]);
  });

  it('adds up: outstanding, overdue, not yet due, credit, and a ledger from the opening to the closing balance', async () => {
    const states = await t.db.select({ status: invoices.paymentStatus }).from(invoices).where(eq(invoices.retailerId, r.retailerId));
    expect(states.map((s) => s.status).sort()).toEqual(['Paid', 'Partially Paid', 'Unpaid']);
    const s = await statementOf(r.headers, { RetailerID: r.retailerId, FromDate: '2026-09-01' });
    const a = paidOne.row.amountPaise;
    const b = partOne.row.amountPaise;
    const c = openOne.row.amountPaise;
    expect(s).toMatchObject({
      RetailerID: r.retailerId,
      BusinessName: 'Statement Opticals',
      FromDate: '2026-09-01',
      ToDate: '2026-11-20',
      CreditDays: 30,
      TotalOutstanding: (b - PART + c) / 100,
      Overdue: (b - PART) / 100,
      NotYetDue: c / 100,
      Credit: (LEFT_OVER + 50_00) / 100,
      OpeningBalance: a / 100,
      ClosingBalance: (b - PART + c) / 100,
    });
    expect(s.Entries).toEqual([
      { Date: '2026-10-10', Kind: 'Invoice', Reference: partOne.invoice.InvoiceNo, Debit: b / 100, Credit: 0, Balance: (a + b) / 100, Sandbox: false },
      // Paid in the sandbox: marked, so it is never taken for money received.
      { Date: '2026-10-20', Kind: 'Payment', Reference: 'FPTXN-STATEMENT-1', Debit: 0, Credit: (a + PART) / 100, Balance: (b - PART) / 100, Sandbox: true },
      { Date: '2026-11-15', Kind: 'Invoice', Reference: openOne.invoice.InvoiceNo, Debit: c / 100, Credit: 0, Balance: (b - PART + c) / 100, Sandbox: false },
    ]);
    expect(s.OpenInvoices.map((row) => [row.InvoiceID, row.PaymentStatus, row.DaysOverdue])).toEqual([
      [partOne.invoice.InvoiceID, 'Partially Paid', 11],
      [openOne.invoice.InvoiceID, 'Unpaid', 0],
    ]);
    expectLedgerAddsUp(s);
    // ToDate today: the closing balance is what is outstanding now.
    expect(s.ClosingBalance).toBe(s.TotalOutstanding);
  });

  it('marks only the sandbox’s payments as sandbox payments, not Razorpay’s', async () => {
    const mixed = await retailer('36');
    const invoiced = await invoicedAt(mixed, '2026-11-02T06:00:00.000Z', 2);
    t.clock.set(START);
    const appliedAt = new Date('2026-11-05T06:00:00.000Z');
    for (const [provider, paymentLinkId, transactionNo] of [
      ['razorpay', 'plink_RealMoney0000001', 'FPTXN-STATEMENT-REAL'],
      ['sandbox', 'plink_sbx_Statement00001', 'FPTXN-STATEMENT-SBX'],
    ] as const) {
      await t.db.insert(payments).values({
        retailerId: mixed.retailerId,
        provider,
        paymentLinkId,
        transactionNo,
        amountPaise: 100_00,
        status: 'paid',
        appliedAt,
        createdAt: appliedAt,
        updatedAt: appliedAt,
      });
    }
    const s = await statementOf(mixed.headers, { RetailerID: mixed.retailerId, FromDate: '2026-11-01' });
    expect(s.Entries.map((entry) => [entry.Kind, entry.Reference, entry.Sandbox])).toEqual([
      ['Invoice', invoiced.invoice.InvoiceNo, false],
      ['Payment', 'FPTXN-STATEMENT-REAL', false],
      ['Payment', 'FPTXN-STATEMENT-SBX', true],
    ]);
  });

  it('defaults FromDate to 90 days before ToDate and keeps later entries out of the period', async () => {
    const s = await statementOf(r.headers, { RetailerID: r.retailerId, ToDate: '2026-10-19' });
    expect([s.FromDate, s.ToDate]).toEqual(['2026-07-21', '2026-10-19']);
    expect(s.OpeningBalance).toBe(0);
    // The payment was applied on 20 October in India, after this period.
    expect(s.Entries.map((entry) => entry.Reference)).toEqual([paidOne.invoice.InvoiceNo, partOne.invoice.InvoiceNo]);
    expect(s.ClosingBalance).toBe((paidOne.row.amountPaise + partOne.row.amountPaise) / 100);
    expectLedgerAddsUp(s);
    const byDefault = await statementOf(r.headers, { RetailerID: r.retailerId });
    expect([byDefault.FromDate, byDefault.ToDate]).toEqual(['2026-08-22', '2026-11-20']);
    expect(byDefault.ClosingBalance).toBe(byDefault.TotalOutstanding);
    expectLedgerAddsUp(byDefault);
  });

  it('opens a one-day period with everything before it', async () => {
    const s = await statementOf(r.headers, { RetailerID: r.retailerId, FromDate: '2026-10-20', ToDate: '2026-10-20' });
    expect(s.OpeningBalance).toBe((paidOne.row.amountPaise + partOne.row.amountPaise) / 100);
    expect(s.Entries.map((entry) => [entry.Kind, entry.Reference])).toEqual([['Payment', 'FPTXN-STATEMENT-1']]);
    expectLedgerAddsUp(s);
  });

  it('refuses a FromDate after the ToDate (400)', async () => {
    const response = await statement(r.headers, { RetailerID: r.retailerId, FromDate: '2026-11-02', ToDate: '2026-11-01' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(fail(invoiceMessages.dateRange));
  });

  it('shows an empty account as all zero', async () => {
    const fresh = await retailer();
    const s = await statementOf(fresh.headers, { RetailerID: fresh.retailerId });
    expect(s).toMatchObject({ TotalOutstanding: 0, Overdue: 0, NotYetDue: 0, Credit: 0, OpeningBalance: 0, ClosingBalance: 0, OpenInvoices: [], Entries: [] });
  });
});

describe('who may read a retailer’s invoice report and statement', () => {
  let owner: Party;
  let other: Party;
  let linked: Headers;
  let unlinked: Headers;

  beforeAll(async () => {
    owner = await retailer('36', 'Owner Opticals');
    other = await retailer('29', 'Other Opticals');
    await invoicedAt(owner, START, 1);
    t.clock.set(START);
    linked = await headersFor(t, await createStaffUser(t.db, 'salesexecutive', { linkedRetailerIds: [owner.retailerId] }));
    unlinked = await headersFor(t, await createStaffUser(t.db, 'salesexecutive', { linkedRetailerIds: [other.retailerId] }));
  });

  const calls = [
    { name: 'report', call: report },
    { name: 'statement', call: statement },
  ];

  for (const { name, call } of calls) {
    it(`${name}: the retailer itself, a linked sales executive and an admin read it; others get 403, nobody 401`, async () => {
      const body = { RetailerID: owner.retailerId };
      const self = await call(owner.headers, body);
      expect(self.statusCode, self.body).toBe(200);
      const bySales = await call(linked, body);
      expect(bySales.statusCode, bySales.body).toBe(200);
      expect(bySales.body).toBe(self.body);
      expect((await call(admin, body)).statusCode).toBe(200);

      const foreign = await call(other.headers, body);
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json()).toEqual(fail(messages.http.forbidden));
      const byUnlinked = await call(unlinked, body);
      expect(byUnlinked.statusCode).toBe(403);
      expect(byUnlinked.body).not.toContain('Owner Opticals');
      expect((await call(null, body)).statusCode).toBe(401);
      // Staff must name the retailer.
      expect((await call(linked, {})).statusCode).toBe(400);
    });
  }

  it('a sales executive acting for a retailer leaves an audit row naming the call', async () => {
    await report(linked, { RetailerID: owner.retailerId });
    const rows = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.onBehalfOfRetailerId, owner.retailerId), eq(auditLog.action, 'invoice.report')));
    expect(rows.length).toBeGreaterThan(0);
  });

  it('the report of a retailer never holds another retailer’s invoices', async () => {
    const otherInvoice = await invoicedAt(other, START, 1);
    t.clock.set(START);
    const rows = await reportRows(owner.headers, { RetailerID: owner.retailerId });
    expect(rows.map((row) => row.InvoiceID)).not.toContain(otherInvoice.invoice.InvoiceID);
    const [mine] = await t.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(invoices).where(eq(invoices.retailerId, owner.retailerId));
    expect(rows).toHaveLength(mine!.n);
    const [business] = await t.db.select({ name: retailers.businessName }).from(retailers).where(eq(retailers.id, other.retailerId));
    expect(JSON.stringify(rows)).not.toContain(business!.name);
  });
});
