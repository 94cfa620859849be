import { z } from 'zod/mini';
import { text } from './text.ts';
import { rupees } from './primitives.ts';

/**
 * The payment sandbox's calls (ours, beyond the spec; decision 008). The sandbox is the built-in
 * payment provider of a developer's machine: no money moves. Its payment page is a screen of the
 * web app (/payments/sandbox/:linkId) calling these with the bearer token, so only the retailer a
 * link was made for (or a linked sales executive, or an admin) can pay or fail it.
 */

/** GET /api/payments/settings (public): what every page needs to know about payments. */
export const PaymentSettingsResponseSchema = z.object({
  /** True while the sandbox takes payments: every page says "no money moves". */
  sandbox: z.boolean(),
});
export type PaymentSettings = z.infer<typeof PaymentSettingsResponseSchema>;

export const SANDBOX_LINK_STATES = ['created', 'paid', 'failed', 'cancelled'] as const;

/**
 * GET /api/payments/sandbox/:linkId, and the reply of POST …/pay and …/fail: the link as it now
 * stands. Money is rupees on the wire, as in the other payment calls.
 */
export const SandboxPaymentLinkSchema = z.object({
  linkId: text(),
  status: z.enum(SANDBOX_LINK_STATES),
  merchant: text(),
  description: text(),
  transactionNo: text(),
  payer: z.nullable(text()),
  amount: rupees,
  amountPaid: rupees,
  /** The sandbox's `pay_sbx_…` id, once paid. */
  paymentId: z.nullable(text()),
  failureReason: z.nullable(text()),
  /** Where the payer goes back to in Frameport (the invoices tab). */
  returnUrl: z.nullable(text()),
});
export type SandboxPaymentLink = z.infer<typeof SandboxPaymentLinkSchema>;
