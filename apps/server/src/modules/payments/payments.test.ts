/**
 * Invoice payments with the sandbox provider (the default), through the real server and database:
 * the amount rules, who may pay for whom, the sandbox page end to end, allocation over several
 * invoices, expiry, and a payment applied exactly once however often its status is read.
 */
import { and, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fail } from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import {
  auditLog,
  invoices,
  mailOutbox,
  paymentAllocations,
  payments,
  sandboxPaymentLinks,
} from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createInvoice, createRetailer, createStaffUser, invoiceState, loginAs } from '../../test/factories.ts';

type Headers = { authorization: string };

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});


async function retailerWithInvoice(amountPaise: number | null, businessName?: string) {
  const user = await createRetailer(t.db, { stateCode: '36', ...(businessName ? { businessName } : {}) });
  // Remember-me: the expiry test moves the clock past a one-day session.
  const { headers } = await loginAs(t.app, user, true);
  const invoice = amountPaise === null ? null : await createInvoice(t.db, { retailerId: user.retailerId, userId: user.userId, amountPaise });
  return { ...user, headers, invoice };
}

function requestLink(headers: Headers | Record<string, never>, body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/backoffice/LensMaster/RazorpaymentRequest', headers, payload: { Type: 'Stock', ...body } });
}

function readStatus(headers: Headers | Record<string, never>, PaymentLinkID: string) {
  return t.app.inject({ method: 'POST', url: '/backoffice/LensMaster/GetRazorpaymentStatus', headers, payload: { PaymentLinkID } });
}

async function linkFor(headers: Headers, body: Record<string, unknown>) {
  const response = await requestLink(headers, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().Data as { paymentLinkId: string; transactionNo: string; paymentUrl: string; amount: number; message: string; result: boolean };
}

async function statusOf(headers: Headers, linkId: string) {
  const response = await readStatus(headers, linkId);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().Data as { result: boolean; message: string; status: string; transactionNo: string; amount: number };
}

/** Pay or Fail on the sandbox payment page, signed in as `headers`: the link as it then stands. */
async function sandboxAction(headers: Headers, linkId: string, action: 'pay' | 'fail') {
  const response = await t.app.inject({ method: 'POST', url: `/api/payments/sandbox/${linkId}/${action}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().Data as { status: string; amount: number; amountPaid: number; transactionNo: string; paymentId: string | null };
}

async function paymentsOf(retailerId: number) {
  return t.db.select().from(payments).where(eq(payments.retailerId, retailerId));
}

async function sandboxLinkCount() {
  const [row] = await t.db.select({ n: count() }).from(sandboxPaymentLinks);
  return Number(row!.n);
}

async function allocationsOf(paymentLinkId: string) {
  return t.db
    .select({ invoiceId: paymentAllocations.invoiceId, amountPaise: paymentAllocations.amountPaise })
    .from(paymentAllocations)
    .innerJoin(payments, eq(payments.id, paymentAllocations.paymentId))
    .where(eq(payments.paymentLinkId, paymentLinkId));
}

async function receiptsFor(transactionNo: string) {
  return t.db.select().from(mailOutbox).where(like(mailOutbox.subject, `%${transactionNo}%`));
}

describe('RazorpaymentRequest: the amount to pay', () => {
  const DUE = 1_234_567; // ₹12,345.67
  // One retailer for every refusal: a refused request leaves nothing behind to spoil the next.
  let refused: Awaited<ReturnType<typeof retailerWithInvoice>>;
  beforeAll(async () => {
    refused = await retailerWithInvoice(DUE);
  });

  it.each([
    ['missing', undefined, messages.payment.amountRequired],
    ['empty', '', messages.payment.amountRequired],
    ['blank', '   ', messages.payment.amountRequired],
    ['null', null, messages.payment.amountRequired],
    ['above the total due (number)', 12345.68, messages.payment.amountTooHigh],
    ['above the total due (text)', '12345.68', messages.payment.amountTooHigh],
    ['zero', 0, messages.payment.amountNotPositive],
    ['negative', -5, messages.payment.amountNotPositive],
    ['negative text', '-1', messages.payment.amountNotPositive],
    ['three decimals', 1.234, messages.payment.amountDecimals],
    ['three decimals (text)', '1.234', messages.payment.amountDecimals],
    ['not a number', 'abc', messages.payment.amountDecimals],
  ])('%s: 400 with the spec message, no payment row, no provider call', async (_name, amount, message) => {
    const r = refused;
    const linksBefore = await sandboxLinkCount();
    const response = await requestLink(r.headers, { RetailerID: r.retailerId, ...(amount === undefined ? {} : { TransactionAmount: amount }) });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual(fail(message));
    expect(await paymentsOf(r.retailerId)).toEqual([]);
    expect(await sandboxLinkCount()).toBe(linksBefore);
  });

  it('spells out the two spec messages exactly', () => {
    expect(messages.payment.amountRequired).toBe('Please enter amount to pay');
    expect(messages.payment.amountTooHigh).toBe('Your amout to pay not greater than your total due amount.');
  });

  it('accepts exactly the total due, with paise, and writes the link', async () => {
    const r = await retailerWithInvoice(DUE);
    const data = await linkFor(r.headers, { RetailerID: r.retailerId, TransactionAmount: '12345.67', MobileNO: '+91 98765-43210' });
    expect(data).toMatchObject({ result: true, message: messages.payment.linkCreated, amount: 12345.67 });
    expect(data.transactionNo).toMatch(/^FPTXN20261120[A-Z0-9]{8}$/);
    expect(data.paymentLinkId).toMatch(/^plink_sbx_[A-Za-z0-9]{14}$/);
    expect(data.paymentUrl).toBe(`/payments/sandbox/${data.paymentLinkId}`);

    const [row] = await paymentsOf(r.retailerId);
    expect(row).toMatchObject({
      provider: 'sandbox',
      paymentLinkId: data.paymentLinkId,
      paymentLinkUrl: data.paymentUrl,
      transactionNo: data.transactionNo,
      amountPaise: DUE,
      status: 'created',
      targetInvoiceIds: null,
      createdByUserId: r.userId,
      appliedAt: null,
      unappliedPaise: 0,
      invoiceId: null,
    });
    expect(row!.expiresAt!.toISOString()).toBe('2026-11-21T10:00:00.000Z');
    const [link] = await t.db.select().from(sandboxPaymentLinks).where(eq(sandboxPaymentLinks.id, data.paymentLinkId));
    expect(link).toMatchObject({ referenceId: data.transactionNo, amountPaise: DUE, status: 'created', amountPaidPaise: 0 });
  });

  it('refuses a mobile number that is not one (400), before any link is made', async () => {
    const r = refused;
    const response = await requestLink(r.headers, { RetailerID: r.retailerId, TransactionAmount: 100, MobileNO: '12345' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(fail(messages.profile.phoneInvalid));
    expect(await paymentsOf(r.retailerId)).toEqual([]);
  });

  it('answers nothingDue when nothing is owed (no invoices, or only paid ones)', async () => {
    const none = await retailerWithInvoice(null);
    const first = await requestLink(none.headers, { RetailerID: none.retailerId, TransactionAmount: 100 });
    expect(first.statusCode).toBe(400);
    expect(first.json()).toEqual(fail(messages.payment.nothingDue));

    const paid = await retailerWithInvoice(null);
    await createInvoice(t.db, { retailerId: paid.retailerId, userId: paid.userId, amountPaise: 50_000, paidPaise: 50_000 });
    const second = await requestLink(paid.headers, { RetailerID: paid.retailerId, TransactionAmount: 100 });
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual(fail(messages.payment.nothingDue));
  });

  it('with InvoiceNos, the due is the balance of the chosen invoices, kept in the order chosen', async () => {
    const r = await retailerWithInvoice(100_000);
    const second = await createInvoice(t.db, { retailerId: r.retailerId, userId: r.userId, amountPaise: 200_000, invoiceDate: '2026-09-01' });
    const tooMuch = await requestLink(r.headers, { RetailerID: r.retailerId, TransactionAmount: 1000.01, InvoiceNos: [r.invoice!.invoiceNo] });
    expect(tooMuch.json()).toEqual(fail(messages.payment.amountTooHigh));

    await linkFor(r.headers, { RetailerID: r.retailerId, TransactionAmount: 2500, InvoiceNos: [r.invoice!.invoiceNo.toLowerCase(), second.invoiceNo] });
    const [row] = await paymentsOf(r.retailerId);
    expect(row!.targetInvoiceIds).toEqual([r.invoice!.id, second.id]);
  });

  it('refuses InvoiceNos that are paid, unknown or another retailer’s (400 invoiceNotOpen)', async () => {
    const r = await retailerWithInvoice(100_000);
    const paid = await createInvoice(t.db, { retailerId: r.retailerId, userId: r.userId, amountPaise: 10_000, paidPaise: 10_000 });
    const other = await retailerWithInvoice(100_000);
    for (const InvoiceNos of [[paid.invoiceNo], ['NOPE/1'], [other.invoice!.invoiceNo], [r.invoice!.invoiceNo, other.invoice!.invoiceNo]]) {
      const response = await requestLink(r.headers, { RetailerID: r.retailerId, TransactionAmount: 10, InvoiceNos });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(fail(messages.payment.invoiceNotOpen));
    }
    expect(await paymentsOf(r.retailerId)).toEqual([]);
  });
});

describe('who may ask for and read a payment link', () => {
  it('answers 401 without a token', async () => {
    const r = await retailerWithInvoice(10_000);
    const asked = await requestLink({}, { RetailerID: r.retailerId, TransactionAmount: 10 });
    expect(asked.statusCode).toBe(401);
    expect(asked.json()).toEqual(fail(messages.http.unauthorized));
    const read = await readStatus({}, 'plink_sbx_whatever0000000');
    expect(read.statusCode).toBe(401);
  });

  it('refuses retailer A naming retailer B (403), and an unlinked sales executive (403)', async () => {
    const a = await retailerWithInvoice(10_000);
    const b = await retailerWithInvoice(10_000);
    const forB = await requestLink(a.headers, { RetailerID: b.retailerId, TransactionAmount: 10 });
    expect(forB.statusCode).toBe(403);
    expect(forB.json()).toEqual(fail(messages.http.forbidden));

    const sales = await createStaffUser(t.db, 'salesexecutive', { linkedRetailerIds: [a.retailerId] });
    const { headers } = await loginAs(t.app, sales);
    const unlinked = await requestLink(headers, { RetailerID: b.retailerId, TransactionAmount: 10 });
    expect(unlinked.statusCode).toBe(403);
    expect(await paymentsOf(b.retailerId)).toEqual([]);
  });

  it('lets a linked sales executive ask for the retailer (200), audited as done on behalf', async () => {
    const a = await retailerWithInvoice(10_000);
    const sales = await createStaffUser(t.db, 'salesexecutive', { linkedRetailerIds: [a.retailerId] });
    const { headers } = await loginAs(t.app, sales);
    const data = await linkFor(headers, { RetailerID: a.retailerId, TransactionAmount: 25.5 });
    const [row] = await paymentsOf(a.retailerId);
    expect(row).toMatchObject({ retailerId: a.retailerId, createdByUserId: sales.userId, amountPaise: 2550 });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.onBehalfOfRetailerId, a.retailerId));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorUserId: sales.userId, action: 'payment.request', details: { transactionNo: data.transactionNo, amount: 25.5 } });
    // …and may read its status.
    expect((await statusOf(headers, data.paymentLinkId)).status).toBe('created');
  });

  it('lets an admin ask for any retailer (200)', async () => {
    const a = await retailerWithInvoice(10_000);
    const admin = await createStaffUser(t.db, 'admin');
    const { headers } = await loginAs(t.app, admin);
    await linkFor(headers, { RetailerID: a.retailerId, TransactionAmount: 100 });
    expect(await paymentsOf(a.retailerId)).toHaveLength(1);
  });

  it('a staff user naming nobody gets 400 (RetailerID is required)', async () => {
    const admin = await createStaffUser(t.db, 'admin');
    const { headers } = await loginAs(t.app, admin);
    const response = await requestLink(headers, { TransactionAmount: 100 });
    expect(response.statusCode).toBe(400);
  });

  it('answers 404 for another retailer’s link, as for one that does not exist', async () => {
    const a = await retailerWithInvoice(10_000);
    const b = await retailerWithInvoice(10_000);
    const bLink = await linkFor(b.headers, { RetailerID: b.retailerId, TransactionAmount: 10 });
    const byA = await readStatus(a.headers, bLink.paymentLinkId);
    expect(byA.statusCode).toBe(404);
    expect(byA.json()).toEqual(fail(messages.payment.notFound));
    expect(byA.body).not.toContain(bLink.transactionNo);
    const unknown = await readStatus(a.headers, 'plink_sbx_doesNotExist0000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(fail(messages.payment.notFound));

    const sales = await createStaffUser(t.db, 'salesexecutive', { linkedRetailerIds: [a.retailerId] });
    const { headers } = await loginAs(t.app, sales);
    expect((await readStatus(headers, bLink.paymentLinkId)).statusCode).toBe(404);
  });
});

describe('the sandbox, end to end', () => {
  it('pays part of an invoice, then the rest: Unpaid → Partially Paid → Paid, with allocations and receipts', async () => {
    const r = await retailerWithInvoice(1_000_000); // ₹10,000.00
    const invoiceNo = r.invoice!.invoiceNo;
    const link = await linkFor(r.headers, { RetailerID: r.retailerId, TransactionAmount: 4000.5, InvoiceNos: [invoiceNo] });

    const pageResponse = await t.app.inject({ url: `/api/payments/sandbox/${link.paymentLinkId}`, headers: r.headers });
    expect(pageResponse.statusCode).toBe(200);
    expect(pageResponse.json().Data).toMatchObject({ status: 'created', amount: 4000.5, transactionNo: link.transactionNo });

    const before = await statusOf(r.headers, link.paymentLinkId);
    expect(before).toEqual({ result: false, message: messages.payment.pending, status: 'created', transactionNo: link.transactionNo, amount: 4000.5 });

    const result = await sandboxAction(r.headers, link.paymentLinkId, 'pay');
    expect(result).toMatchObject({ status: 'paid', amountPaid: 4000.5 });

    expect(await invoiceState(t.db, r.invoice!.id)).toEqual({ paidPaise: 400_050, balancePaise: 599_950, paymentStatus: 'Partially Paid' });
    expect(await allocationsOf(link.paymentLinkId)).toEqual([{ invoiceId: r.invoice!.id, amountPaise: 400_050 }]);
    const paid = await statusOf(r.headers, link.paymentLinkId);
    expect(paid).toEqual({ result: true, message: messages.payment.paid, status: 'paid', transactionNo: link.transactionNo, amount: 4000.5 });
    const [row] = await t.db.select().from(payments).where(eq(payments.paymentLinkId, link.paymentLinkId));
    expect(row!.providerPaymentId).toMatch(/^pay_sbx_[A-Za-z0-9]{14}$/);
    expect(row!.appliedAt).toEqual(t.clock.now());

    const [receipt] = await receiptsFor(link.transactionNo);
    expect(receipt).toMatchObject({ toAddress: r.email, subject: `[Sandbox, no money moved] Payment received: ₹4,000.50 (${link.transactionNo})` });
    expect(receipt!.textBody).toContain('Sandbox payments — no money moves');
    expect(receipt!.textBody).toContain(`${invoiceNo}: ₹4,000.50 applied, balance ₹5,999.50 (Partially Paid)`);
    expect(receipt!.textBody).toContain(row!.providerPaymentId!);

    const rest = await linkFor(r.headers, { RetailerID: r.retailerId, TransactionAmount: '5999.50' });
    await sandboxAction(r.headers, rest.paymentLinkId, 'pay');
    expect(await invoiceState(t.db, r.invoice!.id)).toEqual({ paidPaise: 1_000_000, balancePaise: 0, paymentStatus: 'Paid' });
    expect((await statusOf(r.headers, rest.paymentLinkId)).result).toBe(true);
    const nothingLeft = await requestLink(r.headers, { RetailerID: r.retailerId, TransactionAmount: 1 });
    expect(nothingLeft.json()).toEqual(fail(messages.payment.nothingDue));
  });

  it('fails a payment: status failed, the invoice unchanged, and the page stays failed', async () => {
    const r = await retailerWithInvoice(500_000);
    const link = await linkFor(r.headers, { RetailerID: r.retailerId, TransactionAmount: 1000 });
    const result = await sandboxAction(r.headers, link.paymentLinkId, 'fail');
    expect(result.status).toBe('failed');
    expect(await statusOf(r.headers, link.paymentLinkId)).toEqual({
      result: false,
      message: messages.payment.failed,
      status: 'failed',
      transactionNo: link.transactionNo,
      amount: 1000,
    });
    expect(await invoiceState(t.db, r.invoice!.id)).toEqual({ paidPaise: 0, balancePaise: 500_000, paymentStatus: 'Unpaid' });
    // Paying a failed link changes nothing.
    const again = await sandboxAction(r.headers, link.paymentLinkId, 'pay');
    expect(again.status).toBe('failed');
    expect(await allocationsOf(link.paymentLinkId)).toEqual([]);
    expect((await statusOf(r.headers, link.paymentLinkId)).status).toBe('failed');
    expect(await receiptsFor(link.transactionNo)).toEqual([]);
  });

  it('spreads one payment over several invoices, oldest first, and lists them on the receipt', async () => {
    const r = await retailerWithInvoice(null);
    const oct = await createInvoice(t.db, { retailerId: r.retailerId, userId: r.userId, amountPaise: 500_000, invoiceDate: '2026-10-01' });
    const aug = await createInvoice(t.db, { retailerId: r.retailerId, userId: r.userId, amountPaise: 200_000, invoiceDate: '2026-08-01' });
    const sep = await createInvoice(t.db, { retailerId: r.retailerId, userId: r.userId, amountPaise: 300_000, invoiceDate: '2026-09-01' });
    const link = await linkFor(r.headers, { RetailerID: r.retailerId, TransactionAmount: 6000 });
    await sandboxAction(r.headers, link.paymentLinkId, 'pay');

    expect(await invoiceState(t.db, aug.id)).toEqual({ paidPaise: 200_000, balancePaise: 0, paymentStatus: 'Paid' });
    expect(await invoiceState(t.db, sep.id)).toEqual({ paidPaise: 300_000, balancePaise: 0, paymentStatus: 'Paid' });
    expect(await invoiceState(t.db, oct.id)).toEqual({ paidPaise: 100_000, balancePaise: 400_000, paymentStatus: 'Partially Paid' });
    const allocations = await allocationsOf(link.paymentLinkId);
    expect(allocations.sort((x, y) => x.invoiceId - y.invoiceId)).toEqual(
      [
        { invoiceId: oct.id, amountPaise: 100_000 },
        { invoiceId: aug.id, amountPaise: 200_000 },
        { invoiceId: sep.id, amountPaise: 300_000 },
      ].sort((x, y) => x.invoiceId - y.invoiceId),
    );
    const [receipt] = await receiptsFor(link.transactionNo);
    const text = receipt!.textBody;
    expect(text.indexOf(aug.invoiceNo)).toBeLessThan(text.indexOf(sep.invoiceNo));
    expect(text.indexOf(sep.invoiceNo)).toBeLessThan(text.indexOf(oct.invoiceNo));
    expect(receipt!.htmlBody).toContain(`<td style="padding:4px 8px;border:1px solid #d0d7e2;text-align:left">${oct.invoiceNo}</td>`);
  });

  it('pays the chosen invoice first, even when it is not the oldest', async () => {
    const r = await retailerWithInvoice(null);
    const old = await createInvoice(t.db, { retailerId: r.retailerId, userId: r.userId, amountPaise: 100_000, invoiceDate: '2026-07-01' });
    const chosen = await createInvoice(t.db, { retailerId: r.retailerId, userId: r.userId, amountPaise: 100_000, invoiceDate: '2026-10-01' });
    const link = await linkFor(r.headers, { RetailerID: r.retailerId, TransactionAmount: 1000, InvoiceNos: [chosen.invoiceNo] });
    await sandboxAction(r.headers, link.paymentLinkId, 'pay');
    expect((await invoiceState(t.db, chosen.id)).paymentStatus).toBe('Paid');
    expect((await invoiceState(t.db, old.id)).paymentStatus).toBe('Unpaid');
  });

  it('keeps what no invoice can take as a credit (two links paid for one balance)', async () => {
    const r = await retailerWithInvoice(100_000);
    const first = await linkFor(r.headers, { RetailerID: r.retailerId, TransactionAmount: 1000 });
    const second = await linkFor(r.headers, { RetailerID: r.retailerId, TransactionAmount: 1000 });
    await sandboxAction(r.headers, first.paymentLinkId, 'pay');
    await sandboxAction(r.headers, second.paymentLinkId, 'pay');
    expect(await invoiceState(t.db, r.invoice!.id)).toEqual({ paidPaise: 100_000, balancePaise: 0, paymentStatus: 'Paid' });
    const [row] = await t.db.select().from(payments).where(eq(payments.paymentLinkId, second.paymentLinkId));
    expect(row).toMatchObject({ status: 'paid', unappliedPaise: 100_000 });
    expect(await allocationsOf(second.paymentLinkId)).toEqual([]);
    const [receipt] = await receiptsFor(second.transactionNo);
    expect(receipt!.textBody).toContain('Credit on your account: ₹1,000.00');
  });

  it('expires a link past its validity: cancelled at the sandbox, no longer payable', async () => {
    const r = await retailerWithInvoice(100_000);
    const link = await linkFor(r.headers, { RetailerID: r.retailerId, TransactionAmount: 500 });
    const start = t.clock.now();
    t.clock.advance(25 * 60 * 60 * 1000);
    try {
      expect(await statusOf(r.headers, link.paymentLinkId)).toMatchObject({ result: false, status: 'expired', message: messages.payment.expired });
    } finally {
      t.clock.set(start);
    }
    const page = await sandboxAction(r.headers, link.paymentLinkId, 'pay');
    expect(page.status).toBe('cancelled');
    expect((await statusOf(r.headers, link.paymentLinkId)).status).toBe('expired');
    expect(await invoiceState(t.db, r.invoice!.id)).toMatchObject({ paidPaise: 0 });
  });
});

describe('a payment is applied exactly once', () => {
  it('however often the page is paid and the status is read', async () => {
    const r = await retailerWithInvoice(300_000);
    const link = await linkFor(r.headers, { RetailerID: r.retailerId, TransactionAmount: 1000 });
    const paid = await sandboxAction(r.headers, link.paymentLinkId, 'pay');
    const again = await sandboxAction(r.headers, link.paymentLinkId, 'pay');
    expect(again).toMatchObject({ status: 'paid', paymentId: paid.paymentId });
    for (let i = 0; i < 3; i++) expect((await statusOf(r.headers, link.paymentLinkId)).result).toBe(true);
    expect(await invoiceState(t.db, r.invoice!.id)).toMatchObject({ paidPaise: 100_000 });
    expect(await allocationsOf(link.paymentLinkId)).toHaveLength(1);
    expect(await receiptsFor(link.transactionNo)).toHaveLength(1);
  });

  it('when five status reads of a just-paid link arrive at once', async () => {
    const r = await retailerWithInvoice(300_000);
    const link = await linkFor(r.headers, { RetailerID: r.retailerId, TransactionAmount: 1234.56 });
    // Paid at the provider's side without telling us yet (as if the notification were lost).
    await t.db
      .update(sandboxPaymentLinks)
      .set({ status: 'paid', amountPaidPaise: 123_456, providerPaymentId: 'pay_sbx_ConcurrentTest1' })
      .where(eq(sandboxPaymentLinks.id, link.paymentLinkId));
    const reads = await Promise.all(Array.from({ length: 5 }, () => readStatus(r.headers, link.paymentLinkId)));
    for (const read of reads) {
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json().Data).toMatchObject({ result: true, status: 'paid' });
    }
    expect(await invoiceState(t.db, r.invoice!.id)).toMatchObject({ paidPaise: 123_456 });
    expect(await allocationsOf(link.paymentLinkId)).toEqual([{ invoiceId: r.invoice!.id, amountPaise: 123_456 }]);
    expect(await receiptsFor(link.transactionNo)).toHaveLength(1);
    const [row] = await t.db.select().from(payments).where(and(eq(payments.paymentLinkId, link.paymentLinkId)));
    expect(row!.providerPaymentId).toBe('pay_sbx_ConcurrentTest1');
    const [invoice] = await t.db.select({ paid: invoices.paidPaise }).from(invoices).where(eq(invoices.id, r.invoice!.id));
    expect(invoice!.paid).toBe(123_456);
  });
});
