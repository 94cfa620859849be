import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../module-deps.ts';

/** Invoice payments: payment links through a provider (sandbox or Razorpay), status, webhooks, receipts. */
export const paymentsModule: FastifyPluginAsyncZod<ModuleDeps> = async () => {};
