import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppModule, ModuleDeps } from '../module-deps.ts';
import { dashboardRoutes } from './routes.ts';
import { createDashboardService, type DashboardService } from './service.ts';

/** The back office's home (issue 18): the day's figures and the desk's queues for staff. Reads orders, shipments, invoices, stock and retailers; writes nothing. */
export function createDashboardModule({ db, clock, config }: ModuleDeps): AppModule<DashboardService> {
  const service = createDashboardService({ db, clock, invoiceCreditDays: config.invoiceCreditDays });
  const plugin: FastifyPluginAsyncZod = async (app) => {
    await app.register(dashboardRoutes, { dashboard: service });
  };
  return { service, plugin };
}
