import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Razorpay's two signatures (domain-india.md §5.5, §5.6), both hex HMAC-SHA256:
 * - webhook: over the RAW request body, keyed with the webhook secret (never re-serialised JSON);
 * - callback: over `payment_link_id|reference_id|status|payment_id`, keyed with the API key secret.
 * Both are compared in constant time.
 */

export function hmacSha256Hex(secret: string, data: string | Buffer): string {
  return createHmac('sha256', secret).update(data).digest('hex');
}

/** Constant-time comparison of a signature we computed (hex) with one we were sent. */
export function signaturesMatch(expectedHex: string, given: string | null | undefined): boolean {
  if (typeof given !== 'string' || given.length === 0) return false;
  const expected = Buffer.from(expectedHex, 'utf8');
  const actual = Buffer.from(given.trim().toLowerCase(), 'utf8');
  // timingSafeEqual needs equal lengths; a length mismatch is a mismatch (the length is no secret).
  if (expected.length !== actual.length) return false;
  return timingSafeEqual(expected, actual);
}

/** What Razorpay puts in `X-Razorpay-Signature` for this exact body. */
export function webhookSignature(rawBody: Buffer | string, webhookSecret: string): string {
  return hmacSha256Hex(webhookSecret, rawBody);
}

export function verifyWebhookSignature(rawBody: Buffer | string, signature: string | null | undefined, webhookSecret: string): boolean {
  return signaturesMatch(webhookSignature(rawBody, webhookSecret), signature);
}

export type CallbackFields = {
  /** The `plink_…` id WE stored when creating the link (not the one in the query string). */
  paymentLinkId: string;
  /** The link's reference_id (our transactionNo); '' when none was set. */
  referenceId: string;
  status: string;
  paymentId: string;
};

/** The payload Razorpay signs for the callback redirect, in the SDK's order. */
export function callbackPayload(fields: CallbackFields): string {
  return `${fields.paymentLinkId}|${fields.referenceId}|${fields.status}|${fields.paymentId}`;
}

export function callbackSignature(fields: CallbackFields, keySecret: string): string {
  return hmacSha256Hex(keySecret, callbackPayload(fields));
}

export function verifyCallbackSignature(fields: CallbackFields, signature: string | null | undefined, keySecret: string): boolean {
  return signaturesMatch(callbackSignature(fields, keySecret), signature);
}
