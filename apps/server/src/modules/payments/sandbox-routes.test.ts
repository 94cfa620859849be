/**
 * No free money from the sandbox: its payment page's calls need the session of the retailer the
 * link was made for (or of someone acting for it), through the real server and database. Whoever
 * else holds a link id gets 401 (no session) or 404 (not theirs), and nothing is paid; the
 * retailer, a linked sales executive and an admin pay it, applied exactly once. Also: the public
 * settings call every page reads, and the warning at start.
 */
import { Writable } from 'node:stream';
import { count, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fail } from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import { mailOutbox, paymentAllocations, payments, sandboxPaymentLinks } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createInvoice, createRetailer, createStaffUser, invoiceState, loginAs } from '../../test/factories.ts';
import { SANDBOX_WARNING } from './index.ts';

type Headers = { authorization: string };

let t: TestApp;
const logLines: string[] = [];

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  t = await buildTestApp({ logger: pino({ level: 'info' }, sink) });
});

afterAll(async () => {
  await t?.close();
});

async function retailerWithLink(amountPaise = 500_000, pay = 1000) {
  const user = await createRetailer(t.db, { stateCode: '36' });
  const { headers } = await loginAs(t.app, user);
  const invoice = await createInvoice(t.db, { retailerId: user.retailerId, userId: user.userId, amountPaise });
  const response = await t.app.inject({
    method: 'POST',
    url: '/backoffice/LensMaster/RazorpaymentRequest',
    headers,
    payload: { Type: 'Stock', RetailerID: user.retailerId, TransactionAmount: pay },
  });
  expect(response.statusCode, response.body).toBe(200);
  const link = response.json().Data as { paymentLinkId: string; transactionNo: string; paymentUrl: string };
  return { ...user, headers, invoice, link };
}

function page(linkId: string, headers: Headers | Record<string, never> = {}) {
  return t.app.inject({ url: `/api/payments/sandbox/${linkId}`, headers });
}

function press(linkId: string, action: 'pay' | 'fail', headers: Headers | Record<string, never> = {}) {
  return t.app.inject({ method: 'POST', url: `/api/payments/sandbox/${linkId}/${action}`, headers });
}

/** Everything a pay could have changed: the sandbox's book, our payment row, allocations, receipts. */
async function footprint(r: Awaited<ReturnType<typeof retailerWithLink>>) {
  const [link] = await t.db.select().from(sandboxPaymentLinks).where(eq(sandboxPaymentLinks.id, r.link.paymentLinkId));
  const [payment] = await t.db.select().from(payments).where(eq(payments.paymentLinkId, r.link.paymentLinkId));
  const [allocations] = await t.db.select({ n: count() }).from(paymentAllocations).where(eq(paymentAllocations.paymentId, payment!.id));
  const [receipts] = await t.db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.subject, `[Sandbox, no money moved] Payment received: ₹1,000.00 (${r.link.transactionNo})`));
  return {
    linkStatus: link!.status,
    paymentStatus: payment!.status,
    appliedAt: payment!.appliedAt,
    invoice: await invoiceState(t.db, r.invoice.id),
    allocations: Number(allocations!.n),
    receipts: Number(receipts!.n),
  };
}

const UNTOUCHED = {
  linkStatus: 'created',
  paymentStatus: 'created',
  appliedAt: null,
  invoice: { paidPaise: 0, balancePaise: 500_000, paymentStatus: 'Unpaid' },
  allocations: 0,
  receipts: 0,
};

describe('the sandbox payment page without a session', () => {
  it('answers 401 for the link, Pay and Fail, and nothing is paid', async () => {
    const r = await retailerWithLink();
    for (const response of [
      await page(r.link.paymentLinkId),
      await press(r.link.paymentLinkId, 'pay'),
      await press(r.link.paymentLinkId, 'fail'),
      await press(r.link.paymentLinkId, 'pay', { authorization: 'Bearer not-a-real-token-at-all-000' }),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(fail(messages.http.unauthorized));
      expect(response.body).not.toContain(r.link.transactionNo);
    }
    expect(await footprint(r)).toEqual(UNTOUCHED);
  });

  it('has no form posts left on the old public address (the page is the web app’s now)', async () => {
    const r = await retailerWithLink();
    for (const action of ['pay', 'fail']) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/payments/sandbox/${r.link.paymentLinkId}/${action}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      });
      expect(response.statusCode).toBe(404);
    }
    expect(await footprint(r)).toEqual(UNTOUCHED);
  });
});

describe('the sandbox payment page with someone else’s session', () => {
  it('answers 404 to another retailer, as for a link that does not exist, and nothing is paid', async () => {
    const r = await retailerWithLink();
    const other = await createRetailer(t.db, { stateCode: '29' });
    const { headers } = await loginAs(t.app, other);
    for (const response of [await page(r.link.paymentLinkId, headers), await press(r.link.paymentLinkId, 'pay', headers), await press(r.link.paymentLinkId, 'fail', headers)]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(fail(messages.payment.notFound));
      expect(response.body).not.toContain(r.link.transactionNo);
    }
    const unknown = await press('plink_sbx_doesNotExist0000', 'pay', headers);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(fail(messages.payment.notFound));
    expect(await footprint(r)).toEqual(UNTOUCHED);
  });

  it('answers 404 to a sales executive not linked to the retailer, and nothing is paid', async () => {
    const r = await retailerWithLink();
    const sales = await createStaffUser(t.db, 'salesexecutive');
    const { headers } = await loginAs(t.app, sales);
    expect((await press(r.link.paymentLinkId, 'pay', headers)).statusCode).toBe(404);
    expect((await page(r.link.paymentLinkId, headers)).statusCode).toBe(404);
    expect(await footprint(r)).toEqual(UNTOUCHED);
  });
});

describe('the sandbox payment page for the retailer and those acting for it', () => {
  it('shows the retailer its link, and pays it once however often Pay is pressed', async () => {
    const r = await retailerWithLink();
    const shown = await page(r.link.paymentLinkId, r.headers);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().Data).toEqual({
      linkId: r.link.paymentLinkId,
      status: 'created',
      merchant: 'Frameport',
      description: expect.stringContaining('payment towards invoice'),
      transactionNo: r.link.transactionNo,
      payer: 'Test Opticals',
      amount: 1000,
      amountPaid: 0,
      paymentId: null,
      failureReason: null,
      returnUrl: 'http://localhost:3000/profile?my-invoices=true',
    });
    expect(r.link.paymentUrl).toBe(`/payments/sandbox/${r.link.paymentLinkId}`);

    const [first, second] = await Promise.all([press(r.link.paymentLinkId, 'pay', r.headers), press(r.link.paymentLinkId, 'pay', r.headers)]);
    for (const response of [first!, second!]) {
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().Data).toMatchObject({ status: 'paid', amountPaid: 1000, paymentId: expect.stringMatching(/^pay_sbx_/) });
    }
    expect(first!.json().Data.paymentId).toBe(second!.json().Data.paymentId);
    expect((await press(r.link.paymentLinkId, 'fail', r.headers)).json().Data.status).toBe('paid');
    expect(await footprint(r)).toEqual({
      linkStatus: 'paid',
      paymentStatus: 'paid',
      appliedAt: t.clock.now(),
      invoice: { paidPaise: 100_000, balancePaise: 400_000, paymentStatus: 'Partially Paid' },
      allocations: 1,
      receipts: 1,
    });
  });

  it('lets a linked sales executive pay it for the retailer, once', async () => {
    const r = await retailerWithLink();
    const sales = await createStaffUser(t.db, 'salesexecutive', { linkedRetailerIds: [r.retailerId] });
    const { headers } = await loginAs(t.app, sales);
    expect((await page(r.link.paymentLinkId, headers)).json().Data.status).toBe('created');
    expect((await press(r.link.paymentLinkId, 'pay', headers)).json().Data.status).toBe('paid');
    expect((await press(r.link.paymentLinkId, 'pay', headers)).json().Data.status).toBe('paid');
    expect(await footprint(r)).toMatchObject({ paymentStatus: 'paid', allocations: 1, receipts: 1, invoice: { paidPaise: 100_000 } });
  });

  it('lets an admin fail it; a failed link is never paid afterwards', async () => {
    const r = await retailerWithLink();
    const admin = await createStaffUser(t.db, 'admin');
    const { headers } = await loginAs(t.app, admin);
    const failed = await press(r.link.paymentLinkId, 'fail', headers);
    expect(failed.statusCode).toBe(200);
    expect(failed.json().Data).toMatchObject({ status: 'failed', failureReason: 'The payer chose "Fail payment" on the sandbox page.' });
    expect((await press(r.link.paymentLinkId, 'pay', r.headers)).json().Data.status).toBe('failed');
    // Our payment row follows at the next status read (payments.test.ts); no money was applied.
    expect(await footprint(r)).toEqual({ ...UNTOUCHED, linkStatus: 'failed' });
  });
});

describe('the payment settings every page reads', () => {
  it('say the sandbox is active, to anyone, and may be cached a while', async () => {
    const response = await t.app.inject({ url: '/api/payments/settings' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ Status: 0, Error: null, Data: { sandbox: true } });
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    // An expired token changes nothing for a public call.
    expect((await t.app.inject({ url: '/api/payments/settings', headers: { authorization: 'Bearer not-a-real-token-at-all-000' } })).statusCode).toBe(200);
  });

  it('were announced with a warning in the log at start', () => {
    const warnings = logLines.map((line) => JSON.parse(line) as { level: number; msg: string }).filter((line) => line.level === 40);
    expect(warnings.map((line) => line.msg)).toContain(SANDBOX_WARNING);
    expect(SANDBOX_WARNING).toMatch(/^PAYMENTS SANDBOX ACTIVE: invoices can be marked paid without any money moving/);
  });

  it('say no sandbox, and log no warning, with Razorpay', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const razorpay = await buildTestApp({
      logger: pino({ level: 'info' }, sink),
      env: { PAYMENTS_PROVIDER: 'razorpay', RAZORPAY_KEY_ID: 'rzp_test_x', RAZORPAY_KEY_SECRET: 'secret', RAZORPAY_WEBHOOK_SECRET: 'hook' },
    });
    try {
      const response = await razorpay.app.inject({ url: '/api/payments/settings' });
      expect(response.json().Data).toEqual({ sandbox: false });
      expect((await razorpay.app.inject({ url: '/api/payments/sandbox/plink_sbx_x' })).statusCode).toBe(404);
      expect(lines.join('')).not.toContain('SANDBOX');
    } finally {
      await razorpay.close();
    }
  });
});
