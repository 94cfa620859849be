import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeRazorpay, type FakeRazorpay } from './fake-razorpay.ts';
import { ProviderError, type CreateLinkRequest } from './provider.ts';
import { createRazorpayProvider } from './razorpay.ts';

const KEYS = { keyId: 'rzp_test_FakeKey0001', keySecret: 'fake_key_secret_0001' };

let fake: FakeRazorpay;

beforeAll(async () => {
  fake = await startFakeRazorpay(KEYS);
});

afterAll(async () => {
  await fake?.close();
});

function linkRequest(overrides: Partial<CreateLinkRequest> = {}): CreateLinkRequest {
  return {
    amountPaise: 1_234_550,
    referenceId: `FPTXN20261120${Math.random().toString(36).slice(2, 10).toUpperCase()}`,
    description: 'Test Opticals: payment towards invoice TI/0001',
    customer: { name: 'Test Opticals', email: 'shop@example.test', contact: '9876543210' },
    callbackUrl: 'http://localhost:3000/payments/razorpay/callback',
    expireBy: new Date('2026-11-21T10:00:00Z'),
    notes: { transaction_no: 'x', retailer_id: '7' },
    ...overrides,
  };
}

async function providerError(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe('Razorpay Payment Links adapter (against a local fake)', () => {
  const razorpay = () => createRazorpayProvider({ ...KEYS, apiUrl: fake.url });

  it('creates a link with the documented request fields and Basic auth', async () => {
    const request = linkRequest();
    const link = await razorpay().createLink(request);
    expect(link).toMatchObject({ status: 'created', amountPaise: 1_234_550, amountPaidPaise: 0, paymentId: null, failureReason: null });
    expect(link.id).toMatch(/^plink_[A-Za-z0-9]{14}$/);
    expect(link.shortUrl).toMatch(/^https:\/\/rzp\.io\/i\//);

    const sent = fake.requests.at(-1)!;
    expect(sent).toMatchObject({ method: 'POST', path: '/v1/payment_links', authorized: true });
    expect(sent.body).toEqual({
      amount: 1_234_550,
      currency: 'INR',
      accept_partial: false,
      description: request.description,
      reference_id: request.referenceId,
      customer: { name: 'Test Opticals', email: 'shop@example.test', contact: '+919876543210' },
      notify: { sms: false, email: false },
      reminder_enable: false,
      notes: { transaction_no: 'x', retailer_id: '7' },
      callback_url: request.callbackUrl,
      callback_method: 'get',
      expire_by: Math.floor(Date.parse('2026-11-21T10:00:00Z') / 1000),
    });
  });

  it('omits the contact when there is none', async () => {
    await razorpay().createLink(linkRequest({ customer: { name: 'Shop', email: 'shop@example.test' } }));
    expect((fake.requests.at(-1)!.body as { customer: unknown }).customer).toEqual({ name: 'Shop', email: 'shop@example.test' });
  });

  it('fetches a link: open, then paid with the captured payment id', async () => {
    const provider = razorpay();
    const created = await provider.createLink(linkRequest({ amountPaise: 50_000 }));
    expect(await provider.fetchLink(created.id)).toMatchObject({ id: created.id, status: 'created', amountPaidPaise: 0, paymentId: null });
    const paid = fake.markPaid(created.id);
    expect(await provider.fetchLink(created.id)).toMatchObject({
      id: created.id,
      status: 'paid',
      amountPaise: 50_000,
      amountPaidPaise: 50_000,
      paymentId: paid.payments![0]!.payment_id,
    });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v1/payment_links/${created.id}` });
  });

  it('cancels an open link; cancelling it again is refused by Razorpay', async () => {
    const provider = razorpay();
    const created = await provider.createLink(linkRequest());
    await provider.cancelLink(created.id);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', path: `/v1/payment_links/${created.id}/cancel` });
    expect((await provider.fetchLink(created.id)).status).toBe('cancelled');
    const error = await providerError(provider.cancelLink(created.id));
    expect(error.statusCode).toBe(400);
  });

  it("turns Razorpay's refusals into a ProviderError carrying its description", async () => {
    const wrongKeys = createRazorpayProvider({ keyId: KEYS.keyId, keySecret: 'wrong', apiUrl: fake.url });
    const auth = await providerError(wrongKeys.createLink(linkRequest()));
    expect(auth).toMatchObject({ provider: 'razorpay', statusCode: 401, description: 'Authentication failed' });
    expect(fake.requests.at(-1)!.authorized).toBe(false);

    const request = linkRequest();
    await razorpay().createLink(request);
    const duplicate = await providerError(razorpay().createLink(request));
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.description).toContain('already exists');

    const unknown = await providerError(razorpay().fetchLink('plink_DoesNotExist00'));
    expect(unknown.description).toBe('The id provided does not exist');
  });

  it('turns an unreachable server into a ProviderError without a status', async () => {
    const down = await startFakeRazorpay(KEYS);
    await down.close();
    const error = await providerError(createRazorpayProvider({ ...KEYS, apiUrl: down.url }).createLink(linkRequest()));
    expect(error.statusCode).toBeNull();
    expect(error.cause).toBeDefined();
  });

  it('gives up on a server that does not answer within the timeout', async () => {
    const { createServer } = await import('node:http');
    const silent = createServer(() => {
      /* never answers */
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    try {
      const provider = createRazorpayProvider({ ...KEYS, apiUrl: `http://127.0.0.1:${port}/v1`, timeoutMs: 200 });
      const error = await providerError(provider.fetchLink('plink_x'));
      expect(error.statusCode).toBeNull();
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});
