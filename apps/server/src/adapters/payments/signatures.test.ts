import { describe, expect, it } from 'vitest';
import {
  callbackPayload,
  callbackSignature,
  signaturesMatch,
  verifyCallbackSignature,
  verifyWebhookSignature,
  webhookSignature,
} from './signatures.ts';

const VECTOR = {
  secret: 'EnLs21M47BllR3X8PSFtjtbd',
  fields: { paymentLinkId: 'plink_Fc8lXILABzQL7M', referenceId: 'TSsd1989', status: 'paid', paymentId: 'pay_Fc8mUeDrEKf08Y' },
  signature: '78cee2c23b789a295aee9341c800f2b6a2e5d10eea459ff7e6902a2358d373f7',
};

describe('callback signature (domain-india.md §5.6)', () => {
  it('joins the fields in the SDK order', () => {
    expect(callbackPayload(VECTOR.fields)).toBe('plink_Fc8lXILABzQL7M|TSsd1989|paid|pay_Fc8mUeDrEKf08Y');
  });

  it('matches the documented test vector', () => {
    expect(callbackSignature(VECTOR.fields, VECTOR.secret)).toBe(VECTOR.signature);
    expect(verifyCallbackSignature(VECTOR.fields, VECTOR.signature, VECTOR.secret)).toBe(true);
  });

  it('refuses any other link id, status, payment id, secret or signature', () => {
    expect(verifyCallbackSignature({ ...VECTOR.fields, paymentLinkId: 'plink_Fc8lXILABzQL7N' }, VECTOR.signature, VECTOR.secret)).toBe(false);
    expect(verifyCallbackSignature({ ...VECTOR.fields, status: 'cancelled' }, VECTOR.signature, VECTOR.secret)).toBe(false);
    expect(verifyCallbackSignature({ ...VECTOR.fields, paymentId: 'pay_other' }, VECTOR.signature, VECTOR.secret)).toBe(false);
    expect(verifyCallbackSignature(VECTOR.fields, VECTOR.signature, 'another-secret')).toBe(false);
    expect(verifyCallbackSignature(VECTOR.fields, `${VECTOR.signature.slice(0, -1)}0`, VECTOR.secret)).toBe(false);
  });

  it('refuses a missing, empty or wrong-length signature without throwing', () => {
    expect(verifyCallbackSignature(VECTOR.fields, undefined, VECTOR.secret)).toBe(false);
    expect(verifyCallbackSignature(VECTOR.fields, '', VECTOR.secret)).toBe(false);
    expect(verifyCallbackSignature(VECTOR.fields, VECTOR.signature.slice(0, 10), VECTOR.secret)).toBe(false);
    expect(verifyCallbackSignature(VECTOR.fields, `${VECTOR.signature}00`, VECTOR.secret)).toBe(false);
    expect(verifyCallbackSignature(VECTOR.fields, 'é'.repeat(32), VECTOR.secret)).toBe(false);
  });
});

describe('webhook signature (domain-india.md §5.5)', () => {
  const secret = 'whsec_test_123';
  const raw = Buffer.from('{"event":"payment_link.paid","payload":{"payment_link":{"entity":{"id":"plink_X"}}}}');

  it('is the hex HMAC-SHA256 of the raw bytes with the webhook secret', () => {
    // Computed independently: printf '%s' hello | openssl dgst -sha256 -hmac whsec_test_123
    expect(webhookSignature(Buffer.from('hello'), secret)).toBe('6ea1f73d686b6c038d9b9df0656f437f4c2ae73b6647d62b2470731dcccf49ec');
    expect(webhookSignature(raw, secret)).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyWebhookSignature(raw, webhookSignature(raw, secret), secret)).toBe(true);
  });

  it('refuses the signature of different bytes, e.g. the same JSON re-serialised', () => {
    const reserialised = Buffer.from(JSON.stringify(JSON.parse(raw.toString()), null, 1));
    expect(reserialised.equals(raw)).toBe(false);
    expect(verifyWebhookSignature(reserialised, webhookSignature(raw, secret), secret)).toBe(false);
  });

  it('refuses a signature made with another secret, and a missing one', () => {
    expect(verifyWebhookSignature(raw, webhookSignature(raw, 'old-secret'), secret)).toBe(false);
    expect(verifyWebhookSignature(raw, undefined, secret)).toBe(false);
    expect(verifyWebhookSignature(raw, null, secret)).toBe(false);
  });
});

describe('signaturesMatch', () => {
  it('compares case-insensitively hex signatures of equal length only', () => {
    expect(signaturesMatch('abcdef', 'ABCDEF')).toBe(true);
    expect(signaturesMatch('abcdef', 'abcde')).toBe(false);
    expect(signaturesMatch('abcdef', 'abcdeg')).toBe(false);
  });
});
