import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppModule, ModuleDeps } from '../module-deps.ts';
import { reportsRoutes } from './routes.ts';
import { createGstReports } from './gst.ts';
import { createSalesReports } from './sales.ts';
import { salesReportRoutes } from './sales-routes.ts';
import { createReportsService, type ReportsService } from './service.ts';

/** Reports for the back office (issue 18): receivables ageing. Reads invoices, retailers and their sales executives; writes nothing. */
export function createReportsModule({ db, clock, config }: ModuleDeps): AppModule<ReportsService> {
  const service = createReportsService({ db, clock, invoiceCreditDays: config.invoiceCreditDays });
  const plugin: FastifyPluginAsyncZod = async (app) => {
    await app.register(reportsRoutes, { reports: service });
    await app.register(salesReportRoutes, { sales: createSalesReports({ db, clock }), gst: createGstReports({ db, clock }) });
  };
  return { service, plugin };
}
