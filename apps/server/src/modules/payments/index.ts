import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createRazorpayProvider } from '../../adapters/payments/razorpay.ts';
import { createSandboxProvider } from '../../adapters/payments/sandbox.ts';
import type { AppModule, ModuleDeps } from '../module-deps.ts';
import { paymentRoutes, RAZORPAY_CALLBACK_PATH, razorpayRoutes } from './routes.ts';
import { paymentSettingsRoutes, sandboxRoutes } from './sandbox-routes.ts';
import { createPaymentsService, type PaymentsService } from './service.ts';
import { createTdsService, tdsRoutes } from './tds.ts';

/** Where the sandbox's result page sends the payer back to: the web app's invoices tab. */
const WEB_INVOICES_PATH = '/profile?my-invoices=true';

/** What the log says at start while the sandbox takes payments (a warning: it must not go unseen). */
export const SANDBOX_WARNING =
  'PAYMENTS SANDBOX ACTIVE: invoices can be marked paid without any money moving. Every page says so; ' +
  'only the retailer a link is for (or its sales executive, or an admin) can pay it. Set PAYMENTS_PROVIDER=razorpay before taking real payments.';

/**
 * Invoice payments: payment links through a provider (sandbox or Razorpay), status, webhooks, receipts.
 * - sandbox (default): links in `sandbox_payment_links`, paid or failed on the web app's
 *   /payments/sandbox/:linkId screen through /api/payments/sandbox/… with the payer's session; a
 *   paid link is applied at once (the sandbox calls `sync`, as Razorpay's webhook would).
 * - razorpay: Payment Links over HTTP; the signed webhook and the signed callback apply payments.
 * GET /api/payments/settings tells every page which of the two it is.
 */
export function createPaymentsModule({ db, clock, config, mailer, logger }: ModuleDeps): AppModule<PaymentsService> {
  const settings = config.payments;
  const tds = createTdsService({ db, clock, invoiceCreditDays: config.invoiceCreditDays });
  if (settings.provider === 'razorpay') {
    const provider = createRazorpayProvider({ keyId: settings.keyId, keySecret: settings.keySecret, apiUrl: settings.apiUrl });
    const payments = createPaymentsService({
      db,
      clock,
      provider,
      mailer,
      logger,
      callbackUrl: `${config.publicUrl}${RAZORPAY_CALLBACK_PATH}`,
    });
    const plugin: FastifyPluginAsyncZod = async (app) => {
      await app.register(paymentRoutes, { payments });
      await app.register(razorpayRoutes, { payments, keySecret: settings.keySecret, webhookSecret: settings.webhookSecret });
      await app.register(paymentSettingsRoutes, { sandbox: false });
      await app.register(tdsRoutes, { tds });
    };
    return { service: payments, plugin };
  }

  logger.warn({ paymentsProvider: 'sandbox' }, SANDBOX_WARNING);
  const sandbox = createSandboxProvider({ db, clock, logger });
  const payments = createPaymentsService({
    db,
    clock,
    provider: sandbox,
    mailer,
    logger,
    callbackUrl: `${config.publicUrl}${WEB_INVOICES_PATH}`,
  });
  sandbox.onPaid(async (linkId) => {
    await payments.sync(linkId);
  });
  const plugin: FastifyPluginAsyncZod = async (app) => {
    await app.register(paymentRoutes, { payments });
    await app.register(sandboxRoutes, { payments, sandbox });
    await app.register(paymentSettingsRoutes, { sandbox: true });
    await app.register(tdsRoutes, { tds });
  };
  return { service: payments, plugin };
}
