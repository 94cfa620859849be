import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppModule, ModuleDeps } from '../module-deps.ts';
import type { PaymentsService } from '../payments/service.ts';
import { receivablesRoutes } from './receivables-routes.ts';
import { createReceivablesService } from './receivables-service.ts';
import { reportsRoutes } from './routes.ts';
import { createGstReports } from './gst.ts';
import { createSalesReports } from './sales.ts';
import { salesReportRoutes } from './sales-routes.ts';
import { createReportsService, type ReportsService } from './service.ts';

/** Reports for the back office (issue 18): receivables ageing, its drill-down and export, and the payment reminder (a payment link through the payments module, a mail and an audit row). */
export function createReportsModule({ db, clock, config, mailer, payments }: ModuleDeps & { payments: PaymentsService }): AppModule<ReportsService> {
  const service = createReportsService({ db, clock, invoiceCreditDays: config.invoiceCreditDays });
  const receivables = createReceivablesService({
    db,
    clock,
    mailer,
    payments,
    reports: service,
    invoiceCreditDays: config.invoiceCreditDays,
    publicUrl: config.publicUrl,
    paymentsProvider: config.payments.provider,
  });
  const plugin: FastifyPluginAsyncZod = async (app) => {
    await app.register(reportsRoutes, { reports: service });
    await app.register(salesReportRoutes, { sales: createSalesReports({ db, clock }), gst: createGstReports({ db, clock }) });
    await app.register(receivablesRoutes, { receivables });
  };
  return { service, plugin };
}
