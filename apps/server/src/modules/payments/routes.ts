import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { formatInr, paiseToRupees } from '@frameport/domain';
import {
  envelopeOf,
  GetRazorpaymentStatusBodySchema,
  GetRazorpaymentStatusResponseSchema,
  ok,
  RazorpaymentRequestBodySchema,
  RazorpaymentRequestResponseSchema,
  text,
} from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import { html, page } from '../../adapters/payments/html.ts';
import { RazorpayWebhookSchema } from '../../adapters/payments/razorpay.ts';
import { verifyCallbackSignature, verifyWebhookSignature } from '../../adapters/payments/signatures.ts';
import { AppError } from '../../http/errors.ts';
import type { PaymentRow, PaymentsService } from './service.ts';
import { toStatusResponse } from './service.ts';

export const RAZORPAY_WEBHOOK_PATH = '/backoffice/razorpay/webhook';
export const RAZORPAY_CALLBACK_PATH = '/payments/razorpay/callback';

/** The two back-office calls of the spec (section 7, "Invoice and payment"). */
export const paymentRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (app, { payments }) => {
  app.post(
    '/backoffice/LensMaster/RazorpaymentRequest',
    {
      config: { audit: 'payment.request' },
      schema: {
        tags: ['Invoice'],
        summary: 'A payment link for an amount of what the acting retailer owes (chosen invoices, or all open ones)',
        body: RazorpaymentRequestBodySchema,
        response: { 200: envelopeOf(RazorpaymentRequestResponseSchema) },
      },
    },
    async (request) => {
      const acting = await request.requireActing();
      const payment = await payments.requestLink(acting, {
        amount: request.body.TransactionAmount,
        mobile: request.body.MobileNO,
        invoiceNos: request.body.InvoiceNos,
      });
      const amount = paiseToRupees(payment.amountPaise);
      request.auditDetails = { transactionNo: payment.transactionNo, amount };
      return ok({
        result: true,
        message: messages.payment.linkCreated,
        paymentLinkId: payment.paymentLinkId,
        transactionNo: payment.transactionNo,
        paymentUrl: payment.paymentLinkUrl ?? '',
        amount,
      });
    },
  );

  app.post(
    '/backoffice/LensMaster/GetRazorpaymentStatus',
    {
      config: { audit: 'payment.status' },
      schema: {
        tags: ['Invoice'],
        summary: 'Where a payment link stands (checked with the provider while open; applied to the invoices once paid)',
        body: GetRazorpaymentStatusBodySchema,
        response: { 200: envelopeOf(GetRazorpaymentStatusResponseSchema) },
      },
    },
    async (request) => {
      const payment = await payments.find(request.body.PaymentLinkID);
      // Another retailer's link reads exactly like one that does not exist.
      if (!payment || !(await request.canActFor(payment.retailerId))) {
        throw new AppError('not_found', messages.payment.notFound);
      }
      return ok(toStatusResponse(await payments.refresh(payment)));
    },
  );
};

// ---------------------------------------------------------------------------
// Razorpay's webhook and callback (registered only with PAYMENTS_PROVIDER=razorpay)
// ---------------------------------------------------------------------------

const WebhookReplySchema = z.object({ status: z.literal('ok') });

const CallbackQuerySchema = z.object({
  razorpay_payment_id: z.optional(text().check(z.maxLength(100))),
  razorpay_payment_link_id: z.optional(text().check(z.maxLength(100))),
  razorpay_payment_link_reference_id: z.optional(text().check(z.maxLength(100))),
  razorpay_payment_link_status: z.optional(text().check(z.maxLength(40))),
  razorpay_signature: z.optional(text().check(z.maxLength(200))),
});

function sendPage(reply: FastifyReply, status: number, body: string) {
  return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);
}

const NOT_VERIFIED_PAGE = page({
  title: 'Payment not verified - Frameport',
  heading: 'The payment could not be verified',
  headingClass: 'bad',
  body: html`<p>This page was not opened by a genuine payment confirmation. If you paid, the payment will show in Frameport shortly.</p>
<p>${messages.payment.closeWindow}</p>`,
});

const NOT_CONFIRMED_PAGE = page({
  title: 'Payment being confirmed - Frameport',
  heading: 'We could not confirm the payment yet',
  body: html`<p>The payment service is not answering right now. If you paid, the payment will show in Frameport once it is confirmed.</p>
<p>${messages.payment.closeWindow}</p>`,
});

/** The page after the payer comes back: what our books now say about the payment. */
export function paymentResultPage(payment: PaymentRow): string {
  const facts = html`<p>Amount: ${formatInr(payment.amountPaise)}<br>Transaction no.: ${payment.transactionNo}</p>`;
  switch (payment.status) {
    case 'paid':
      return page({
        title: `${messages.payment.paidTitle} - Frameport`,
        heading: messages.payment.paidTitle,
        headingClass: 'ok',
        body: html`${facts}<p>${messages.payment.closeWindow}</p>`,
      });
    case 'created':
      return page({
        title: 'Payment pending - Frameport',
        heading: 'Payment not complete yet',
        body: html`${facts}<p>${messages.payment.pending}</p><p>${messages.payment.closeWindow}</p>`,
      });
    case 'failed':
    case 'expired':
    case 'cancelled':
      return page({
        title: `${messages.payment.failedTitle} - Frameport`,
        heading: messages.payment.failedTitle,
        headingClass: 'bad',
        body: html`${facts}<p>${toStatusResponse(payment).message}</p><p>${messages.payment.closeWindow}</p>`,
      });
  }
}

/**
 * POST /backoffice/razorpay/webhook (public; Razorpay signs it) and GET /payments/razorpay/callback
 * (public; the payer's browser after paying, signed with the key secret).
 */
export const razorpayRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService; keySecret: string; webhookSecret: string }> = async (
  app,
  { payments, keySecret, webhookSecret },
) => {
  // The webhook signature is over the raw bytes: in this plugin only, JSON bodies stay a Buffer.
  await app.register(async (raw) => {
    raw.removeContentTypeParser('application/json');
    raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    raw.post(
      RAZORPAY_WEBHOOK_PATH,
      {
        config: { auth: 'public' },
        schema: {
          tags: ['Invoice'],
          summary: "Razorpay's payment_link.* webhooks (X-Razorpay-Signature over the raw body)",
          security: [],
          response: { 200: WebhookReplySchema },
        },
      },
      async (request) => {
        const body = request.body;
        const rawBody = Buffer.isBuffer(body) ? body : null;
        const signature = request.headers['x-razorpay-signature'];
        if (!rawBody || typeof signature !== 'string' || !verifyWebhookSignature(rawBody, signature, webhookSecret)) {
          request.log.warn({ hasSignature: typeof signature === 'string' }, 'razorpay webhook: bad or missing signature');
          throw new AppError('invalid', messages.payment.badSignature);
        }
        let parsed: unknown;
        try {
          parsed = JSON.parse(rawBody.toString('utf8'));
        } catch {
          throw new AppError('invalid', messages.http.malformedJson);
        }
        const event = RazorpayWebhookSchema.safeParse(parsed);
        if (!event.success) {
          request.log.warn({ issues: event.error.issues.slice(0, 3) }, 'razorpay webhook: unexpected shape, ignored');
          return { status: 'ok' as const };
        }
        const header = request.headers['x-razorpay-event-id'];
        const eventId =
          typeof header === 'string' && header.trim() ? header.trim().slice(0, 200) : `sha256:${createHash('sha256').update(rawBody).digest('hex')}`;
        const outcome = await payments.handleRazorpayEvent(eventId, event.data);
        request.log.info({ eventId, event: event.data.event, outcome }, 'razorpay webhook handled');
        return { status: 'ok' as const };
      },
    );
  });

  app.get(
    RAZORPAY_CALLBACK_PATH,
    { config: { auth: 'public' }, schema: { hide: true, querystring: CallbackQuerySchema } },
    async (request, reply) => {
      const q = request.query;
      const linkId = q.razorpay_payment_link_id;
      const payment = linkId ? await payments.find(linkId) : null;
      const valid =
        payment !== null &&
        payment.provider === 'razorpay' &&
        q.razorpay_payment_id !== undefined &&
        q.razorpay_payment_link_status !== undefined &&
        verifyCallbackSignature(
          {
            paymentLinkId: payment.paymentLinkId,
            referenceId: payment.transactionNo,
            status: q.razorpay_payment_link_status,
            paymentId: q.razorpay_payment_id,
          },
          q.razorpay_signature,
          keySecret,
        );
      if (!valid || !payment) {
        request.log.warn({ linkId }, 'razorpay callback: signature not verified');
        return sendPage(reply, 400, NOT_VERIFIED_PAGE);
      }
      // The callback is a hint: what counts is the link as Razorpay reports it to us directly.
      try {
        const synced = await payments.sync(payment.paymentLinkId);
        return sendPage(reply, 200, paymentResultPage(synced ?? payment));
      } catch (error) {
        if (error instanceof AppError && error.kind === 'unavailable') return sendPage(reply, 503, NOT_CONFIRMED_PAGE);
        throw error;
      }
    },
  );
};
