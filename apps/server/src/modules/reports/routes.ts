import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf, ok, ReceivablesQuerySchema, ReceivablesReportSchema } from '@frameport/domain/contract';
import { requireRole } from '../../http/auth.ts';
import type { ReportsService } from './service.ts';

/** The back office's reports (/api/admin/reports/...): admin and accounts staff. */
export const reportsRoutes: FastifyPluginAsyncZod<{ reports: ReportsService }> = async (app, { reports }) => {
  app.get(
    '/api/admin/reports/receivables',
    {
      onRequest: requireRole('admin', 'accounts'),
      schema: {
        tags: ['Admin'],
        summary: 'Receivables ageing by retailer or by sales executive: admin, accounts',
        description:
          "Every open invoice's balance by whole days past its due date (the invoice's own, else its date plus " +
          'INVOICE_CREDIT_DAYS), on today in India: notDue, d1to30, d31to60, d61to90, d90plus and total, in rupees. ' +
          'groupBy=retailer (default) gives a row per retailer owing something; groupBy=salesExecutive a row per sales ' +
          'executive over the retailers linked to them (a retailer with two counts under both; the totals count it once; ' +
          "retailers nobody looks after under 'No sales executive'). Rows largest total first.",
        querystring: ReceivablesQuerySchema,
        response: { 200: envelopeOf(ReceivablesReportSchema) },
      },
    },
    async (request) => ok(await reports.receivables(request.query)),
  );
};
