import { z } from 'zod/mini';
import { text } from '@frameport/domain/contract';
import {
  PROVIDER_LINK_STATUSES,
  ProviderError,
  type CreateLinkRequest,
  type PaymentProvider,
  type ProviderLink,
  type ProviderLinkStatus,
} from './provider.ts';

/**
 * Razorpay Payment Links over plain fetch (no SDK: it cannot take a base URL and hides network
 * failures, stack-notes §7). HTTP Basic auth `keyId:keySecret` against `apiUrl`
 * (https://api.razorpay.com/v1 in production, a local fake in tests). Shapes: domain-india.md §5.2–5.4.
 */
export type RazorpayOptions = {
  keyId: string;
  keySecret: string;
  /** e.g. https://api.razorpay.com/v1 (no trailing slash needed). */
  apiUrl: string;
  /** Per request; default 10 s. */
  timeoutMs?: number;
};

const DEFAULT_TIMEOUT_MS = 10_000;

/** The fields of a payment link entity we read (Razorpay sends more). */
const PaymentLinkEntitySchema = z.object({
  id: text().check(z.minLength(1)),
  short_url: text().check(z.minLength(1)),
  status: text(),
  amount: z.number().check(z.int(), z.nonnegative()),
  amount_paid: z.nullish(z.number().check(z.int(), z.nonnegative())),
  payments: z.nullish(
    z.array(
      z.object({
        payment_id: text().check(z.minLength(1)),
        status: z.nullish(text()),
        amount: z.nullish(z.number().check(z.int())),
      }),
    ),
  ),
  reference_id: z.nullish(text()),
});
export type RazorpayPaymentLinkEntity = z.infer<typeof PaymentLinkEntitySchema>;

const ErrorBodySchema = z.object({ error: z.object({ code: z.nullish(text()), description: z.nullish(text()) }) });

/** The part of a Razorpay webhook we act on (payment_link.* events). */
export const RazorpayWebhookSchema = z.object({
  event: text().check(z.minLength(1)),
  payload: z.optional(
    z.object({
      payment_link: z.optional(
        z.object({
          entity: z.object({ id: text().check(z.minLength(1)), amount_paid: z.nullish(z.number().check(z.int(), z.nonnegative())) }),
        }),
      ),
      payment: z.optional(z.object({ entity: z.object({ id: text().check(z.minLength(1)) }) })),
    }),
  ),
});
export type RazorpayWebhook = z.infer<typeof RazorpayWebhookSchema>;

/** The answer's JSON, or null when it is empty or not JSON. */
function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function toLinkStatus(status: string): ProviderLinkStatus {
  return (PROVIDER_LINK_STATUSES as readonly string[]).includes(status) ? (status as ProviderLinkStatus) : 'created';
}

/** A Razorpay payment link entity as our provider link. */
export function toProviderLink(entity: RazorpayPaymentLinkEntity): ProviderLink {
  const captured = (entity.payments ?? []).filter((payment) => !payment.status || payment.status === 'captured');
  return {
    id: entity.id,
    shortUrl: entity.short_url,
    status: toLinkStatus(entity.status),
    amountPaise: entity.amount,
    amountPaidPaise: entity.amount_paid ?? 0,
    paymentId: captured.at(-1)?.payment_id ?? null,
    failureReason: null,
  };
}

/** Razorpay's limits on notes: 15 pairs, 256 characters a value. */
function limitNotes(notes: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(notes)
      .slice(0, 15)
      .map(([key, value]) => [key.slice(0, 40), value.slice(0, 256)]),
  );
}

export function createRazorpayProvider(options: RazorpayOptions): PaymentProvider {
  const base = options.apiUrl.replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
    } catch (error) {
      throw new ProviderError('razorpay', `Razorpay ${method} ${path}: no answer`, { cause: error });
    }
    const text = await response.text().catch(() => '');
    const json = parseJson(text);
    if (!response.ok) {
      const parsed = ErrorBodySchema.safeParse(json);
      const description = parsed.success ? (parsed.data.error.description ?? parsed.data.error.code ?? null) : text.slice(0, 200) || null;
      throw new ProviderError('razorpay', `Razorpay ${method} ${path}: HTTP ${response.status}`, {
        statusCode: response.status,
        description,
      });
    }
    return json;
  }

  function linkFrom(json: unknown, what: string): ProviderLink {
    const parsed = PaymentLinkEntitySchema.safeParse(json);
    if (!parsed.success) {
      throw new ProviderError('razorpay', `Razorpay ${what}: unexpected answer`, { description: parsed.error.message.slice(0, 300) });
    }
    return toProviderLink(parsed.data);
  }

  return {
    name: 'razorpay',

    async createLink(link: CreateLinkRequest) {
      const body = {
        amount: link.amountPaise,
        currency: 'INR',
        accept_partial: false,
        description: link.description.slice(0, 2048),
        reference_id: link.referenceId,
        customer: {
          name: link.customer.name,
          email: link.customer.email,
          ...(link.customer.contact ? { contact: `+91${link.customer.contact}` } : {}),
        },
        notify: { sms: false, email: false },
        reminder_enable: false,
        notes: limitNotes(link.notes),
        callback_url: link.callbackUrl,
        callback_method: 'get',
        expire_by: Math.floor(link.expireBy.getTime() / 1000),
      };
      return linkFrom(await request('POST', '/payment_links', body), 'create payment link');
    },

    async fetchLink(id: string) {
      return linkFrom(await request('GET', `/payment_links/${encodeURIComponent(id)}`), 'fetch payment link');
    },

    async cancelLink(id: string) {
      await request('POST', `/payment_links/${encodeURIComponent(id)}/cancel`);
    },
  };
}
