/**
 * The sandbox provider's book on a real database: links, and that pay / fail move only an open
 * link. Its payment page and who may use it: modules/payments/sandbox-routes.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { ProviderError } from './provider.ts';
import { createSandboxProvider, SANDBOX_FAILURE_REASON, type SandboxProvider } from './sandbox.ts';

let t: TestApp;
let sandbox: SandboxProvider;
const paidNotices: string[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  // A second handle on the same book, as the module has one.
  sandbox = createSandboxProvider({ db: t.db, clock: t.clock });
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
