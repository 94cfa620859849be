import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminIdempotencyHeadersSchema,
  envelopeOf,
  ok,
  ReceivablesExportQuerySchema,
  ReceivablesRetailerParamsSchema,
  ReceivablesRetailerSchema,
} from '@frameport/domain/contract';
import { requireRole } from '../../http/auth.ts';
import type { ReceivablesService } from './receivables-service.ts';

/** Receivables' drill-down, export and payment reminder (/api/admin/reports/receivables/...): admin and accounts. */
export const receivablesRoutes: FastifyPluginAsyncZod<{ receivables: ReceivablesService }> = async (app, { receivables }) => {
  const staff = requireRole('admin', 'accounts');

  app.get(
    '/api/admin/reports/receivables/export',
    {
      onRequest: staff,
      schema: {
        tags: ['Admin'],
        summary: 'The receivables ageing report as a CSV or XLSX file: admin, accounts',
        description:
          'The same rows as GET /api/admin/reports/receivables (groupBy, salesExecutive) with the totals last; amounts ' +
          'in rupees. A text cell that starts like a formula (= + - @) is written with a leading apostrophe.',
        querystring: ReceivablesExportQuerySchema,
      },
    },
    async (request, reply) => {
      const file = await receivables.exportFile(request.query);
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .header('Cache-Control', 'private, no-store')
        .send(file.body);
    },
  );

  app.get(
    '/api/admin/reports/receivables/retailers/:id',
    {
      onRequest: staff,
      schema: {
        tags: ['Admin'],
        summary: "A retailer's open invoices, aged: the receivables drill-down (admin, accounts)",
        description:
          'Each open invoice with its due date, days overdue, bucket, amount, paid (payments and TDS), any TDS ' +
          "deduction, balance, taxable value and its 194Q figure; the retailer's ageing and when the last reminder went.",
        params: ReceivablesRetailerParamsSchema,
        response: { 200: envelopeOf(ReceivablesRetailerSchema) },
      },
    },
    async (request) => ok(await receivables.retailer(request.params.id)),
  );

  app.post(
    '/api/admin/reports/receivables/retailers/:id/reminder',
    {
      onRequest: staff,
      config: { audit: 'receivables.reminder' },
      schema: {
        tags: ['Admin'],
        summary: 'Mail the retailer its statement of open invoices and a payment link for the open balance (admin, accounts)',
        description:
          "The link is the retailer's own payment-link flow for every open invoice, oldest first (an open link for the " +
          'same balance is reused). 409 when the retailer owes nothing. Audited; the drill-down shows the last reminder. ' +
          'With an Idempotency-Key header a repeat answers what the first call answered and sends nothing.',
        params: ReceivablesRetailerParamsSchema,
        headers: AdminIdempotencyHeadersSchema,
        response: { 200: envelopeOf(ReceivablesRetailerSchema) },
      },
    },
    async (request) => ok(await receivables.remind(request, request.params.id)),
  );
};
