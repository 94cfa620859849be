import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../module-deps.ts';
import { invoiceRoutes } from './routes.ts';
import { createInvoicesService } from './service.ts';

/** Invoices: raising them from orders, the invoice report, the account statement, the tax invoice PDF. */
export const invoicesModule: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, clock, config }) => {
  const invoices = createInvoicesService({ db, clock, config });
  await app.register(invoiceRoutes, { invoices });
};
