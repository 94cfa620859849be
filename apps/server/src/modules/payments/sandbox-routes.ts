import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paiseToRupees } from '@frameport/domain';
import {
  envelopeOf,
  ok,
  PaymentSettingsResponseSchema,
  SandboxPaymentLinkSchema,
  type SandboxPaymentLink,
} from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import { LinkParamsSchema, SANDBOX_MERCHANT, type SandboxProvider, type SandboxRow } from '../../adapters/payments/sandbox.ts';
import { AppError } from '../../http/errors.ts';
import type { PaymentsService } from './service.ts';

export const PAYMENT_SETTINGS_PATH = '/api/payments/settings';
export const SANDBOX_API_PREFIX = '/api/payments/sandbox';

/** A browser may keep the settings this long: they change only when the server restarts. */
const SETTINGS_MAX_AGE_SECONDS = 300;

/**
 * GET /api/payments/settings (public): whether the payment sandbox takes payments, so every page
 * of the web app (the signed-out ones too) can say that no money moves.
 */
export const paymentSettingsRoutes: FastifyPluginAsyncZod<{ sandbox: boolean }> = async (app, { sandbox }) => {
  app.get(
    PAYMENT_SETTINGS_PATH,
    {
      config: { auth: 'public' },
      schema: {
        tags: ['Invoice'],
        summary: 'Whether the payment sandbox is active (no money moves): every page shows a notice then',
        security: [],
        response: { 200: envelopeOf(PaymentSettingsResponseSchema) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', `public, max-age=${SETTINGS_MAX_AGE_SECONDS}`);
      return ok({ sandbox });
    },
  );
};

export function toSandboxLink(row: SandboxRow): SandboxPaymentLink {
  return {
    linkId: row.id,
    status: row.status as SandboxPaymentLink['status'],
    merchant: SANDBOX_MERCHANT,
    description: row.description,
    transactionNo: row.referenceId,
    payer: row.customerName,
    amount: paiseToRupees(row.amountPaise),
    amountPaid: paiseToRupees(row.amountPaidPaise),
    paymentId: row.providerPaymentId,
    failureReason: row.failureReason,
    returnUrl: row.callbackUrl,
  };
}

/**
 * The sandbox payment page's calls, made by the web app's /payments/sandbox/:linkId screen with the
 * bearer token: GET a link, POST …/pay and POST …/fail. Only someone who may act for the retailer
 * the link was made for (the retailer itself, a linked sales executive, an admin) gets past the
 * lookup; for anyone else the link does not exist (404), and without a session the bearer check
 * answers 401 before anything is read. A paid link is applied exactly once: the sandbox tells the
 * payments module, which syncs it as it would a Razorpay webhook.
 */
export const sandboxRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService; sandbox: SandboxProvider }> = async (
  app,
  { payments, sandbox },
) => {
  async function linkOf(request: FastifyRequest, linkId: string): Promise<SandboxRow> {
    const payment = await payments.find(linkId);
    // Another retailer's link reads exactly like one that does not exist.
    const allowed = payment !== null && payment.provider === 'sandbox' && (await request.canActFor(payment.retailerId)) !== null;
    const row = allowed ? await sandbox.find(linkId) : null;
    if (!row) throw new AppError('not_found', messages.payment.notFound);
    return row;
  }

  const response = { 200: envelopeOf(SandboxPaymentLinkSchema) };

  app.get(
    `${SANDBOX_API_PREFIX}/:linkId`,
    {
      schema: {
        tags: ['Invoice'],
        summary: 'A sandbox payment link, for its payment page (the retailer it was made for, a linked sales executive, an admin)',
        params: LinkParamsSchema,
        response,
      },
    },
    async (request) => ok(toSandboxLink(await linkOf(request, request.params.linkId))),
  );

  for (const action of ['pay', 'fail'] as const) {
    app.post(
      `${SANDBOX_API_PREFIX}/:linkId/${action}`,
      {
        schema: {
          tags: ['Invoice'],
          summary:
            action === 'pay'
              ? 'Pays an open sandbox link (no money moves); the payment is applied to the invoices at once, exactly once'
              : 'Fails an open sandbox link (the payer chose "Fail payment")',
          params: LinkParamsSchema,
          response,
        },
      },
      async (request) => {
        const { linkId } = request.params;
        await linkOf(request, linkId);
        const row = action === 'pay' ? await sandbox.pay(linkId) : await sandbox.fail(linkId);
        if (!row) throw new AppError('not_found', messages.payment.notFound);
        request.log.info({ linkId, action, status: row.status, userId: request.identity?.userId }, 'sandbox payment page');
        return ok(toSandboxLink(row));
      },
    );
  }
};
