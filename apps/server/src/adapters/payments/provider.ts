/**
 * A payment provider as the payments module sees it: it makes payment links, tells where a link
 * stands, and cancels one. Two implementations: the built-in sandbox (sandbox.ts, the default, no
 * account needed) and Razorpay Payment Links (razorpay.ts). Money is integer paise throughout.
 */

/** Where a link stands at the provider (Razorpay's statuses, plus the sandbox's 'failed'). */
export type ProviderLinkStatus = 'created' | 'partially_paid' | 'paid' | 'expired' | 'cancelled' | 'failed';

export const PROVIDER_LINK_STATUSES: readonly ProviderLinkStatus[] = [
  'created',
  'partially_paid',
  'paid',
  'expired',
  'cancelled',
  'failed',
];

export interface ProviderLink {
  /** The provider's link id: Razorpay's `plink_…`, the sandbox's `plink_sbx_…`. */
  id: string;
  /** The page the payer opens. */
  shortUrl: string;
  status: ProviderLinkStatus;
  amountPaise: number;
  amountPaidPaise: number;
  /** The captured payment's id (`pay_…`), once paid. */
  paymentId: string | null;
  failureReason: string | null;
}

export interface CreateLinkRequest {
  amountPaise: number;
  /** Our transactionNo: unique per link, at most 40 characters. */
  referenceId: string;
  description: string;
  /** `contact` is the 10-digit mobile number (sent as +91…). */
  customer: { name: string; email: string; contact?: string | undefined };
  /** Where the payer's browser goes back to after paying. */
  callbackUrl: string;
  expireBy: Date;
  /** At most 15 pairs, values at most 256 characters (Razorpay's limits). */
  notes: Record<string, string>;
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'razorpay';
  createLink(request: CreateLinkRequest): Promise<ProviderLink>;
  fetchLink(id: string): Promise<ProviderLink>;
  /**
   * Cancels a link still open for payment. A link no longer open stays as it is: the sandbox
   * ignores the call, Razorpay refuses it (a ProviderError); read the link again to know.
   */
  cancelLink(id: string): Promise<void>;
}

/**
 * The provider did not answer as it should: unreachable, timed out, refused our keys, or said no.
 * `description` is the provider's own text (for the log only, never for the payer).
 */
export class ProviderError extends Error {
  readonly provider: PaymentProvider['name'];
  readonly statusCode: number | null;
  readonly description: string | null;

  constructor(
    provider: PaymentProvider['name'],
    message: string,
    options: { statusCode?: number | null; description?: string | null; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ProviderError';
    this.provider = provider;
    this.statusCode = options.statusCode ?? null;
    this.description = options.description ?? null;
  }
}

/** Whether a link is still waiting for its money. */
export function isOpenLink(status: ProviderLinkStatus): boolean {
  return status === 'created' || status === 'partially_paid';
}
