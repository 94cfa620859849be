import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminDashboardSchema, envelopeOf, ok } from '@frameport/domain/contract';
import { isStaffRole } from '@frameport/domain/contract/auth';
import { messages } from '@frameport/domain/messages';
import { requireIdentity, requireRole } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import type { DashboardService } from './service.ts';

/** The back office's home (/api/admin/dashboard): admin, warehouse and accounts staff. */
export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboard: DashboardService }> = async (app, { dashboard }) => {
  app.get(
    '/api/admin/dashboard',
    {
      onRequest: requireRole('admin', 'warehouse', 'accounts'),
      schema: {
        tags: ['Admin'],
        summary: "The back office's home figures: admin, warehouse, accounts",
        description:
          "Today's and this month's orders (India days, cancelled ones left out) and their value with GST; orders waiting " +
          'for confirmation (Placed), On hold, to pack (Confirmed) and to dispatch (with a packed shipment); open balances ' +
          'past their due date (the invoice’s own, else its date plus INVOICE_CREDIT_DAYS) with the retailers and invoices; ' +
          'colours of active styles at or below their low-stock threshold; retailers waiting for approval (Pending). One ' +
          'snapshot. Warehouse staff get null for money, receivables and retailers; accounts staff null for low stock.',
        response: { 200: envelopeOf(AdminDashboardSchema) },
      },
    },
    async (request) => {
      const { role } = requireIdentity(request);
      if (!isStaffRole(role)) throw new AppError('forbidden', messages.http.forbidden);
      return ok(await dashboard.dashboard(role));
    },
  );
};
