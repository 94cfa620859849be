import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppModule, ModuleDeps } from '../module-deps.ts';
import { eInvoiceRoutes } from './e-invoice-routes.ts';
import { invoiceRoutes } from './routes.ts';
import { createInvoicesService, type InvoicesService } from './service.ts';

/**
 * Invoices: raised per shipment at dispatch (raiseForShipment, called by modules/shipments), the
 * invoice report, the account statement, the tax invoice PDF, the e-invoice (INV-01) calls.
 */
export function createInvoicesModule({ db, clock, config }: ModuleDeps): AppModule<InvoicesService> {
  const invoices = createInvoicesService({ db, clock, config });
  const plugin: FastifyPluginAsyncZod = async (app) => {
    await app.register(invoiceRoutes, { invoices });
    await app.register(eInvoiceRoutes, { db, clock });
  };
  return { service: invoices, plugin };
}
