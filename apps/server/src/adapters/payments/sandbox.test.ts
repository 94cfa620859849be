/**
 * The sandbox provider's book and its pages, through the real server: what the page shows and
 * escapes, that it carries no script, and that pay / fail move only an open link.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxPaymentLinks } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { ProviderError } from './provider.ts';
import { createSandboxProvider, SANDBOX_FAILURE_REASON, type SandboxProvider } from './sandbox.ts';

let t: TestApp;
let sandbox: SandboxProvider;
const paidNotices: string[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  // A second handle on the same book, as the module has one: the pages are served by the app's own.
  sandbox = createSandboxProvider({ db: t.db });
  sandbox.onPaid(async (linkId) => {
    paidNotices.push(linkId);
  });
});

afterAll(async () => {
  await t?.close();
});

let serial = 0;
async function newLink(overrides: { description?: string; amountPaise?: number; customer?: string } = {}) {
  serial += 1;
  return sandbox.createLink({
    amountPaise: overrides.amountPaise ?? 12_345_678,
    referenceId: `FPTXN20261120SBX${String(serial).padStart(5, '0')}`,
    description: overrides.description ?? 'Test Opticals: payment towards invoice TI/0001',
    customer: { name: overrides.customer ?? 'Test Opticals', email: 'shop@example.test' },
    callbackUrl: 'https://frameport.example/profile?my-invoices=true',
    expireBy: new Date('2026-11-21T10:00:00Z'),
    notes: {},
  });
}

describe('sandbox provider', () => {
  it('makes links with plink_sbx_ ids and a page on this server (a path: it opens from any address the app is reached at)', async () => {
    const link = await newLink();
    expect(link).toMatchObject({ status: 'created', amountPaise: 12_345_678, amountPaidPaise: 0, paymentId: null, failureReason: null });
    expect(link.id).toMatch(/^plink_sbx_[A-Za-z0-9]{14}$/);
    expect(link.shortUrl).toBe(`/payments/sandbox/${link.id}`);
    expect(await sandbox.fetchLink(link.id)).toEqual(link);
  });

  it('pays an open link once, telling its listener once', async () => {
    const link = await newLink({ amountPaise: 5000 });
    const paid = await sandbox.pay(link.id);
    expect(paid).toMatchObject({ status: 'paid', amountPaidPaise: 5000 });
    expect(paid!.providerPaymentId).toMatch(/^pay_sbx_[A-Za-z0-9]{14}$/);
    const again = await sandbox.pay(link.id);
    expect(again!.providerPaymentId).toBe(paid!.providerPaymentId);
    expect(paidNotices.filter((id) => id === link.id)).toHaveLength(1);
    expect(await sandbox.fail(link.id)).toMatchObject({ status: 'paid' });
    await sandbox.cancelLink(link.id);
    expect((await sandbox.fetchLink(link.id)).status).toBe('paid');
  });

  it('fails and cancels only open links; unknown ids are a ProviderError', async () => {
    const failed = await newLink();
    expect(await sandbox.fail(failed.id)).toMatchObject({ status: 'failed', failureReason: SANDBOX_FAILURE_REASON });
    expect(await sandbox.pay(failed.id)).toMatchObject({ status: 'failed', amountPaidPaise: 0 });
    const cancelled = await newLink();
    await sandbox.cancelLink(cancelled.id);
    expect(await sandbox.pay(cancelled.id)).toMatchObject({ status: 'cancelled' });
    await expect(sandbox.fetchLink('plink_sbx_nothingHere000')).rejects.toBeInstanceOf(ProviderError);
    await expect(sandbox.cancelLink('plink_sbx_nothingHere000')).rejects.toBeInstanceOf(ProviderError);
    expect(await sandbox.pay('plink_sbx_nothingHere000')).toBeNull();
  });
});

describe('sandbox pages', () => {
  it('shows merchant, description, transaction and amount in Indian grouping, with two buttons and no script', async () => {
    const link = await newLink();
    const [row] = await t.db.select().from(sandboxPaymentLinks).where(eq(sandboxPaymentLinks.id, link.id));
    const response = await t.app.inject({ url: `/payments/sandbox/${link.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    const body = response.body;
    expect(body).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(body).toContain('<title>Frameport sandbox payment</title>');
    expect(body).toContain('<h1>Frameport sandbox payment</h1>');
    expect(body).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(body).toContain('<dd>Frameport</dd>');
    expect(body).toContain(`<dd>${row!.description}</dd>`);
    expect(body).toContain(`<dd>${row!.referenceId}</dd>`);
    expect(body).toContain('₹1,23,456.78');
    expect(body).toContain('no real money moves');
    expect(body).toContain(`<form method="post" action="/payments/sandbox/${link.id}/pay"><button class="pay" type="submit">Pay ₹1,23,456.78</button></form>`);
    expect(body).toContain(`<form method="post" action="/payments/sandbox/${link.id}/fail"><button class="fail" type="submit">Fail payment</button></form>`);
    expect(body.toLowerCase()).not.toContain('<script');
    expect(body).not.toMatch(/\son[a-z]+=/i);
  });

  it('escapes every value it shows', async () => {
    const link = await newLink({ description: `Tom & Jerry's <script>alert("x")</script>`, customer: '<img src=x onerror=alert(1)>' });
    const body = (await t.app.inject({ url: `/payments/sandbox/${link.id}` })).body;
    expect(body).toContain('Tom &amp; Jerry&#39;s &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(body).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(body.toLowerCase()).not.toContain('<script');
    expect(body).not.toContain('<img');
  });

  it('after Pay: 303 to the page, which reads "Payment successful"; paying again changes nothing', async () => {
    const link = await newLink({ amountPaise: 99_900 });
    // As a browser submits the form: an empty url-encoded body.
    const posted = await t.app.inject({
      method: 'POST',
      url: `/payments/sandbox/${link.id}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe(`/payments/sandbox/${link.id}`);
    const page = await t.app.inject({ url: posted.headers.location as string });
    expect(page.body).toContain('<h1 class="ok">Payment successful</h1>');
    expect(page.body).toContain('You can close this window and return to Frameport.');
    expect(page.body).toContain('<title>Payment successful - Frameport sandbox payment</title>');
    expect(page.body).not.toContain('<form');
    const paymentId = (await sandbox.fetchLink(link.id)).paymentId;
    expect(paymentId).toMatch(/^pay_sbx_/);
    await t.app.inject({ method: 'POST', url: `/payments/sandbox/${link.id}/pay` });
    await t.app.inject({ method: 'POST', url: `/payments/sandbox/${link.id}/fail` });
    expect(await sandbox.fetchLink(link.id)).toMatchObject({ status: 'paid', paymentId });
  });

  it('after Fail: "Payment failed" with the reason; the link stays failed', async () => {
    const link = await newLink();
    const posted = await t.app.inject({ method: 'POST', url: `/payments/sandbox/${link.id}/fail` });
    expect(posted.statusCode).toBe(303);
    const page = await t.app.inject({ url: `/payments/sandbox/${link.id}` });
    expect(page.body).toContain('<h1 class="bad">Payment failed</h1>');
    expect(page.body).toContain('The payer chose &quot;Fail payment&quot; on the sandbox page.');
    await t.app.inject({ method: 'POST', url: `/payments/sandbox/${link.id}/pay` });
    expect((await sandbox.fetchLink(link.id)).status).toBe('failed');
  });

  it('answers an unknown link with a 404 page, for the page and for its buttons', async () => {
    for (const [method, url] of [
      ['GET', '/payments/sandbox/plink_sbx_unknown0000000'],
      ['POST', '/payments/sandbox/plink_sbx_unknown0000000/pay'],
      ['POST', '/payments/sandbox/plink_sbx_unknown0000000/fail'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('<h1 class="bad">Payment link not found</h1>');
    }
  });

  it('is served without a session (a public page)', async () => {
    const link = await newLink();
    const route = t.app.routeTable.find((r) => r.url === '/payments/sandbox/:linkId' && r.method === 'GET');
    expect(route?.isPublic).toBe(true);
    expect((await t.app.inject({ url: `/payments/sandbox/${link.id}`, headers: { authorization: 'Bearer not-a-real-token-at-all-000' } })).statusCode).toBe(200);
  });
});
