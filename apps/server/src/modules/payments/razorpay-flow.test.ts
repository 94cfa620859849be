/**
 * Invoice payments with PAYMENTS_PROVIDER=razorpay against a local fake Razorpay (node:http on
 * 127.0.0.1) and a real SMTP receiver: link creation, the signed webhook, the signed callback,
 * exactly-once application under repeats and concurrency, signature refusals, and 503 when
 * Razorpay does not answer. Nothing here touches the internet.
 */
import { count, eq, like } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fail } from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import { startFakeRazorpay, type FakeRazorpay } from '../../adapters/payments/fake-razorpay.ts';
import { callbackSignature, webhookSignature } from '../../adapters/payments/signatures.ts';
import { mailOutbox, paymentAllocations, paymentEvents, payments, sandboxPaymentLinks } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createInvoice, createRetailer, invoiceState, loginAs } from '../../test/factories.ts';
import { startSmtpReceiver, type SmtpReceiver } from '../../test/smtp.ts';

const KEYS = { keyId: 'rzp_test_FakeKey0001', keySecret: 'fake_key_secret_0001', webhookSecret: 'fake_webhook_secret_0001' };

let fake: FakeRazorpay;
let smtp: SmtpReceiver;
let t: TestApp;

function razorpayEnv(apiUrl: string) {
  return {
    PAYMENTS_PROVIDER: 'razorpay',
    RAZORPAY_KEY_ID: KEYS.keyId,
    RAZORPAY_KEY_SECRET: KEYS.keySecret,
    RAZORPAY_WEBHOOK_SECRET: KEYS.webhookSecret,
    RAZORPAY_API_URL: apiUrl,
  };
}

beforeAll(async () => {
  fake = await startFakeRazorpay(KEYS);
  smtp = await startSmtpReceiver();
  t = await buildTestApp({ smtpUrl: smtp.url, env: razorpayEnv(fake.url) });
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
  await fake?.close();
});


async function retailerWithInvoice(amountPaise: number, app: TestApp = t) {
  const user = await createRetailer(app.db, { stateCode: '29' });
  const { headers } = await loginAs(app.app, user);
  const invoice = await createInvoice(app.db, { retailerId: user.retailerId, userId: user.userId, amountPaise });
  return { ...user, headers, invoice };
}

async function requestLink(r: Awaited<ReturnType<typeof retailerWithInvoice>>, TransactionAmount: number, app: TestApp = t) {
  return app.app.inject({
    method: 'POST',
    url: '/backoffice/LensMaster/RazorpaymentRequest',
    headers: r.headers,
    payload: { Type: 'Stock', TransactionAmount, RetailerID: r.retailerId, InvoiceNos: [r.invoice.invoiceNo] },
  });
}

async function linkFor(r: Awaited<ReturnType<typeof retailerWithInvoice>>, amount: number) {
  const response = await requestLink(r, amount);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().Data as { paymentLinkId: string; transactionNo: string; paymentUrl: string; amount: number };
}

async function readStatus(headers: { authorization: string }, PaymentLinkID: string) {
  return t.app.inject({ method: 'POST', url: '/backoffice/LensMaster/GetRazorpaymentStatus', headers, payload: { PaymentLinkID } });
}

/** Posts a webhook the way Razorpay does: these exact bytes, signed, with an event id. */
function postWebhook(raw: string, options: { signature?: string | null; eventId?: string | null } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const signature = options.signature === undefined ? webhookSignature(raw, KEYS.webhookSecret) : options.signature;
  if (signature !== null) headers['x-razorpay-signature'] = signature;
  if (options.eventId !== null) headers['x-razorpay-event-id'] = options.eventId ?? `evt_${Math.random().toString(36).slice(2, 16)}`;
  return t.app.inject({ method: 'POST', url: '/backoffice/razorpay/webhook', headers, payload: raw });
}

function callbackUrl(linkId: string, referenceId: string, paymentId: string, options: { status?: string; signature?: string } = {}) {
  const status = options.status ?? 'paid';
  const signature = options.signature ?? callbackSignature({ paymentLinkId: linkId, referenceId, status, paymentId }, KEYS.keySecret);
  const query = new URLSearchParams({
    razorpay_payment_id: paymentId,
    razorpay_payment_link_id: linkId,
    razorpay_payment_link_reference_id: referenceId,
    razorpay_payment_link_status: status,
    razorpay_signature: signature,
  });
  return `/payments/razorpay/callback?${query.toString()}`;
}

async function paymentRow(linkId: string) {
  const [row] = await t.db.select().from(payments).where(eq(payments.paymentLinkId, linkId));
  return row!;
}

async function allocationCount(linkId: string) {
  const row = await paymentRow(linkId);
  const [n] = await t.db.select({ n: count() }).from(paymentAllocations).where(eq(paymentAllocations.paymentId, row.id));
  return Number(n!.n);
}

async function receiptCount(transactionNo: string) {
  const [n] = await t.db.select({ n: count() }).from(mailOutbox).where(like(mailOutbox.subject, `%${transactionNo}%`));
  return Number(n!.n);
}

describe('Razorpay Payment Links, end to end against a fake Razorpay', () => {
  it('creates the link at Razorpay, applies the signed webhook and mails the receipt over SMTP', async () => {
    const r = await retailerWithInvoice(2_468_000); // ₹24,680.00
    const link = await linkFor(r, 12345);
    expect(link.paymentLinkId).toMatch(/^plink_[A-Za-z0-9]{14}$/);
    const entity = fake.get(link.paymentLinkId);
    expect(link.paymentUrl).toBe(entity.short_url);
    expect(entity).toMatchObject({
      amount: 1_234_500,
      currency: 'INR',
      reference_id: link.transactionNo,
      accept_partial: false,
      callback_url: `${t.config.publicUrl}/payments/razorpay/callback`,
      callback_method: 'get',
      customer: { email: r.email, contact: '+919876543210' },
      notify: { sms: false, email: false },
      expire_by: Math.floor(Date.parse('2026-11-21T10:00:00Z') / 1000),
    });
    expect(await t.db.select().from(sandboxPaymentLinks)).toEqual([]);

    const pending = await readStatus(r.headers, link.paymentLinkId);
    expect(pending.json().Data).toMatchObject({ result: false, status: 'created', message: messages.payment.pending });

    fake.markPaid(link.paymentLinkId);
    const hook = await postWebhook(JSON.stringify(fake.webhookPayload('payment_link.paid', link.paymentLinkId)));
    expect(hook.statusCode, hook.body).toBe(200);
    expect(hook.json()).toEqual({ status: 'ok' });

    expect(await invoiceState(t.db, r.invoice.id)).toEqual({ paidPaise: 1_234_500, balancePaise: 1_233_500, paymentStatus: 'Partially Paid' });
    const row = await paymentRow(link.paymentLinkId);
    expect(row).toMatchObject({ status: 'paid', providerPaymentId: fake.get(link.paymentLinkId).payments![0]!.payment_id });
    const read = await readStatus(r.headers, link.paymentLinkId);
    expect(read.json().Data).toEqual({ result: true, message: messages.payment.paid, status: 'paid', transactionNo: link.transactionNo, amount: 12345 });

    const mail = await smtp.waitFor(r.email);
    expect(mail.subject).toBe(`Payment received: ₹12,345.00 (${link.transactionNo})`);
    expect(mail.text).toContain(r.invoice.invoiceNo);
    expect(mail.text).toContain('₹12,345.00 applied, balance ₹12,335.00 (Partially Paid)');
    expect(mail.html).toContain(r.invoice.invoiceNo);
    await expect.poll(async () => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, r.email)))[0]?.status).toBe('sent');
  });

  it('pays 30 invoices with one link: the notes Razorpay keeps stay within its 256-character limit', async () => {
    const r = await retailerWithInvoice(10_000);
    const more = [];
    for (let i = 0; i < 29; i++) more.push(await createInvoice(t.db, { retailerId: r.retailerId, userId: r.userId, amountPaise: 10_000 }));
    const invoiceNos = [r.invoice.invoiceNo, ...more.map((invoice) => invoice.invoiceNo)];
    const response = await t.app.inject({
      method: 'POST',
      url: '/backoffice/LensMaster/RazorpaymentRequest',
      headers: r.headers,
      payload: { Type: 'Stock', TransactionAmount: 3000, RetailerID: r.retailerId, InvoiceNos: invoiceNos },
    });
    expect(response.statusCode, response.body).toBe(200);
    const entity = fake.get(response.json().Data.paymentLinkId);
    expect(entity.amount).toBe(300_000);
    for (const value of Object.values(entity.notes)) expect(value.length).toBeLessThanOrEqual(256);
    expect(entity.description).toContain('and 20 more');
  });

  it('applies a paid link exactly once: repeated and re-sent webhooks, status reads and the callback', async () => {
    const r = await retailerWithInvoice(1_000_000);
    const link = await linkFor(r, 2500);
    const paid = fake.markPaid(link.paymentLinkId);
    const raw = JSON.stringify(fake.webhookPayload('payment_link.paid', link.paymentLinkId));
    for (let i = 0; i < 3; i++) expect((await postWebhook(raw, { eventId: `evt_same_${link.paymentLinkId}` })).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) expect((await postWebhook(raw, { eventId: `evt_other_${i}_${link.paymentLinkId}` })).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) expect((await readStatus(r.headers, link.paymentLinkId)).json().Data.result).toBe(true);
    const back = await t.app.inject({ url: callbackUrl(link.paymentLinkId, link.transactionNo, paid.payments![0]!.payment_id) });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(back.body).toContain('<h1 class="ok">Payment successful</h1>');
    expect(back.body).toContain('You can close this window and return to Frameport.');

    expect(await invoiceState(t.db, r.invoice.id)).toMatchObject({ paidPaise: 250_000 });
    expect(await allocationCount(link.paymentLinkId)).toBe(1);
    expect(await receiptCount(link.transactionNo)).toBe(1);
    const events = await t.db.select().from(paymentEvents).where(eq(paymentEvents.paymentLinkId, link.paymentLinkId));
    expect(events.map((e) => e.eventId).sort()).toEqual(
      [`evt_other_0_${link.paymentLinkId}`, `evt_other_1_${link.paymentLinkId}`, `evt_same_${link.paymentLinkId}`].sort(),
    );
  });

  it('de-duplicates a webhook without an event id by the hash of its body', async () => {
    const r = await retailerWithInvoice(1_000_000);
    const link = await linkFor(r, 100);
    fake.markPaid(link.paymentLinkId);
    const raw = JSON.stringify(fake.webhookPayload('payment_link.paid', link.paymentLinkId));
    expect((await postWebhook(raw, { eventId: null })).statusCode).toBe(200);
    expect((await postWebhook(raw, { eventId: null })).statusCode).toBe(200);
    const events = await t.db.select().from(paymentEvents).where(eq(paymentEvents.paymentLinkId, link.paymentLinkId));
    expect(events).toHaveLength(1);
    expect(events[0]!.eventId).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(await invoiceState(t.db, r.invoice.id)).toMatchObject({ paidPaise: 10_000 });
  });

  it('applies once when five status reads of a just-paid link arrive at once (no webhook yet)', async () => {
    const r = await retailerWithInvoice(1_000_000);
    const link = await linkFor(r, 777.77);
    fake.markPaid(link.paymentLinkId);
    const reads = await Promise.all(Array.from({ length: 5 }, () => readStatus(r.headers, link.paymentLinkId)));
    for (const read of reads) expect(read.json().Data).toMatchObject({ result: true, status: 'paid' });
    expect(await invoiceState(t.db, r.invoice.id)).toMatchObject({ paidPaise: 77_777 });
    expect(await allocationCount(link.paymentLinkId)).toBe(1);
    expect(await receiptCount(link.transactionNo)).toBe(1);
  });

  it('refuses webhooks with a wrong signature, a signature of other bytes, or none (400), changing nothing', async () => {
    const r = await retailerWithInvoice(1_000_000);
    const link = await linkFor(r, 1000);
    fake.markPaid(link.paymentLinkId);
    const payload = fake.webhookPayload('payment_link.paid', link.paymentLinkId);
    const raw = JSON.stringify(payload);
    const reserialised = JSON.stringify(payload, null, 2);
    const attempts: Array<[string, string | null]> = [
      [raw, webhookSignature(raw, 'not-the-webhook-secret')],
      [raw, webhookSignature(raw, KEYS.keySecret)],
      [reserialised, webhookSignature(raw, KEYS.webhookSecret)],
      [raw, null],
      [raw, 'abc'],
    ];
    for (const [body, signature] of attempts) {
      const response = await postWebhook(body, { signature, eventId: `evt_bad_${link.paymentLinkId}` });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual(fail(messages.payment.badSignature));
    }
    expect(await paymentRow(link.paymentLinkId)).toMatchObject({ status: 'created', appliedAt: null });
    expect(await invoiceState(t.db, r.invoice.id)).toMatchObject({ paidPaise: 0 });
    expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.paymentLinkId, link.paymentLinkId))).toEqual([]);
    // The same event, properly signed, is then handled (its id was never recorded).
    expect((await postWebhook(raw, { eventId: `evt_bad_${link.paymentLinkId}` })).statusCode).toBe(200);
    expect(await invoiceState(t.db, r.invoice.id)).toMatchObject({ paidPaise: 100_000 });
  });

  it('refuses a callback whose signature does not verify against the stored link (400 page), changing nothing', async () => {
    const r = await retailerWithInvoice(1_000_000);
    const link = await linkFor(r, 1000);
    const paid = fake.markPaid(link.paymentLinkId);
    const paymentId = paid.payments![0]!.payment_id;
    const other = await linkFor(r, 1);
    const bad = [
      callbackUrl(link.paymentLinkId, link.transactionNo, paymentId, { signature: '0'.repeat(64) }),
      // Signed for another link of ours: not this link's signature.
      callbackUrl(link.paymentLinkId, link.transactionNo, paymentId, {
        signature: callbackSignature({ paymentLinkId: other.paymentLinkId, referenceId: link.transactionNo, status: 'paid', paymentId }, KEYS.keySecret),
      }),
      // Signed with the webhook secret instead of the key secret.
      callbackUrl(link.paymentLinkId, link.transactionNo, paymentId, {
        signature: callbackSignature({ paymentLinkId: link.paymentLinkId, referenceId: link.transactionNo, status: 'paid', paymentId }, KEYS.webhookSecret),
      }),
      callbackUrl('plink_UnknownLink0000', link.transactionNo, paymentId),
      '/payments/razorpay/callback',
    ];
    for (const url of bad) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(400);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('The payment could not be verified');
    }
    expect(await paymentRow(link.paymentLinkId)).toMatchObject({ status: 'created', appliedAt: null });
    expect(await invoiceState(t.db, r.invoice.id)).toMatchObject({ paidPaise: 0 });
  });

  it('treats a valid callback as a hint: the link is read from Razorpay before anything is applied', async () => {
    const r = await retailerWithInvoice(1_000_000);
    const link = await linkFor(r, 1000);
    // Signed, but Razorpay itself says the link is not paid: nothing is applied.
    const early = await t.app.inject({ url: callbackUrl(link.paymentLinkId, link.transactionNo, 'pay_NotReallyPaid01') });
    expect(early.statusCode).toBe(200);
    expect(early.body).toContain('Payment not complete yet');
    expect(await invoiceState(t.db, r.invoice.id)).toMatchObject({ paidPaise: 0 });
    const paid = fake.markPaid(link.paymentLinkId);
    const back = await t.app.inject({ url: callbackUrl(link.paymentLinkId, link.transactionNo, paid.payments![0]!.payment_id) });
    expect(back.body).toContain('Payment successful');
    expect(await invoiceState(t.db, r.invoice.id)).toMatchObject({ paidPaise: 100_000 });
  });

  it('marks expired and cancelled links, never downgrades a paid one, and answers 200 to what it ignores', async () => {
    const r = await retailerWithInvoice(1_000_000);
    const expiring = await linkFor(r, 10);
    fake.markExpired(expiring.paymentLinkId);
    expect((await postWebhook(JSON.stringify(fake.webhookPayload('payment_link.expired', expiring.paymentLinkId)))).statusCode).toBe(200);
    expect((await readStatus(r.headers, expiring.paymentLinkId)).json().Data).toMatchObject({ status: 'expired', message: messages.payment.expired });

    const cancelled = await linkFor(r, 20);
    expect((await postWebhook(JSON.stringify(fake.webhookPayload('payment_link.cancelled', cancelled.paymentLinkId)))).statusCode).toBe(200);
    expect((await readStatus(r.headers, cancelled.paymentLinkId)).json().Data).toMatchObject({ status: 'cancelled', result: false });

    const paid = await linkFor(r, 30);
    fake.markPaid(paid.paymentLinkId);
    const paidRaw = JSON.stringify(fake.webhookPayload('payment_link.paid', paid.paymentLinkId));
    const lateRaw = JSON.stringify(fake.webhookPayload('payment_link.expired', paid.paymentLinkId));
    const cancelRaw = JSON.stringify(fake.webhookPayload('payment_link.cancelled', paid.paymentLinkId));
    // Out of order: the late 'expired' first is still applied when 'paid' arrives (money received wins).
    expect((await postWebhook(lateRaw)).statusCode).toBe(200);
    expect((await postWebhook(paidRaw)).statusCode).toBe(200);
    expect((await postWebhook(cancelRaw)).statusCode).toBe(200);
    expect(await paymentRow(paid.paymentLinkId)).toMatchObject({ status: 'paid' });
    expect((await readStatus(r.headers, paid.paymentLinkId)).json().Data.result).toBe(true);
    expect(await invoiceState(t.db, r.invoice.id)).toMatchObject({ paidPaise: 3000 });

    const ignored = JSON.stringify({ event: 'payment.captured', payload: { payment: { entity: { id: 'pay_x' } } } });
    expect((await postWebhook(ignored)).json()).toEqual({ status: 'ok' });
    const unknown = JSON.stringify({ event: 'payment_link.paid', payload: { payment_link: { entity: { id: 'plink_NotOurs000000', amount_paid: 100 } } } });
    expect((await postWebhook(unknown)).json()).toEqual({ status: 'ok' });
  });

  it('lists the payment calls and the webhook in the OpenAPI document', async () => {
    const docs = await t.app.inject({ url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    const paths = Object.keys(docs.json().paths as Record<string, unknown>);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/backoffice/LensMaster/RazorpaymentRequest',
        '/backoffice/LensMaster/GetRazorpaymentStatus',
        '/backoffice/razorpay/webhook',
      ]),
    );
  });

  it('keeps JSON parsing for the other routes (only the webhook reads raw bytes)', async () => {
    const r = await retailerWithInvoice(10_000);
    const response = await requestLink(r, 1);
    expect(response.statusCode).toBe(200);
    expect(response.json().Data.result).toBe(true);
  });
});

describe('when Razorpay does not answer', () => {
  let down: TestApp;
  let downFake: FakeRazorpay;

  beforeAll(async () => {
    downFake = await startFakeRazorpay(KEYS);
    await downFake.close(); // a port nothing listens on any more
    down = await buildTestApp({ env: razorpayEnv(downFake.url) });
  });

  afterAll(async () => {
    await down?.close();
  });

  it('answers RazorpaymentRequest with 503 providerUnavailable and writes no payment', async () => {
    const r = await retailerWithInvoice(100_000, down);
    const response = await requestLink(r, 100, down);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual(fail(messages.payment.providerUnavailable));
    expect(response.headers['retry-after']).toBe('30');
    expect(await down.db.select().from(payments).where(eq(payments.retailerId, r.retailerId))).toEqual([]);
  });

  it('answers a status read of an open link with 503 and leaves the payment as it was', async () => {
    const r = await retailerWithInvoice(100_000, down);
    await down.db.insert(payments).values({
      retailerId: r.retailerId,
      provider: 'razorpay',
      paymentLinkId: 'plink_WrittenBefore01',
      transactionNo: 'FPTXN20261120DOWN0001',
      amountPaise: 10_000,
    });
    const response = await down.app.inject({
      method: 'POST',
      url: '/backoffice/LensMaster/GetRazorpaymentStatus',
      headers: r.headers,
      payload: { PaymentLinkID: 'plink_WrittenBefore01' },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual(fail(messages.payment.providerUnavailable));
    const [row] = await down.db.select().from(payments).where(eq(payments.paymentLinkId, 'plink_WrittenBefore01'));
    expect(row).toMatchObject({ status: 'created', appliedAt: null });
  });

  it('has no sandbox pages and no Razorpay routes in sandbox mode (and vice versa)', async () => {
    const sandboxRoute = (await down.app.inject({ url: '/payments/sandbox/plink_sbx_x' } as InjectOptions)).statusCode;
    expect(sandboxRoute).toBe(404);
    expect(t.app.routeTable.some((route) => route.url === '/backoffice/razorpay/webhook' && route.isPublic)).toBe(true);
    expect(t.app.routeTable.some((route) => route.url === '/payments/razorpay/callback' && route.isPublic)).toBe(true);
  });
});
