import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AccountStatementBodySchema,
  AccountStatementResponseSchema,
  envelopeOf,
  InvoiceDocumentParamsSchema,
  LensInvoiceReportBodySchema,
  LensInvoiceReportResponseSchema,
  InvoiceIdParamsSchema,
  ok,
} from '@frameport/domain/contract';
import { invoiceMessages } from '@frameport/domain/messages/invoices';
import { requireRole } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import type { InvoicesService } from './service.ts';

export const invoiceRoutes: FastifyPluginAsyncZod<{ invoices: InvoicesService }> = async (app, { invoices }) => {
  app.post(
    '/backoffice/LensMaster/LensInvoiceReport',
    {
      config: { audit: 'invoice.report' },
      schema: {
        tags: ['Invoice'],
        summary: "The acting retailer's invoices between FromDate and ToDate, newest first",
        description:
          '`stores` is a JSON string of InvoiceRow[] (parse it with parseInvoiceStores). FromDate defaults to ' +
          '2021-07-01, ToDate to today (India); FromDate after ToDate is 400. No invoices: result false, stores "[]", ' +
          "message 'Invoices not found.'.",
        body: LensInvoiceReportBodySchema,
        response: { 200: envelopeOf(LensInvoiceReportResponseSchema) },
      },
    },
    async (request) => {
      const acting = await request.requireActing();
      const rows = await invoices.report(acting.retailerId, { fromDate: request.body.FromDate, toDate: request.body.ToDate });
      return ok({ result: rows.length > 0, stores: JSON.stringify(rows), message: rows.length > 0 ? '' : invoiceMessages.notFound });
    },
  );

  app.post(
    '/backoffice/LensMaster/AccountStatement',
    {
      config: { audit: 'invoice.statement' },
      schema: {
        tags: ['Invoice'],
        summary: "The acting retailer's account statement: outstanding, overdue, credit, open invoices and the ledger",
        description:
          'Entries are the invoices (debits) and applied payments (credits) between FromDate (default ToDate − 90 days) ' +
          'and ToDate (default today, India), oldest first, with the running balance from OpeningBalance.',
        body: AccountStatementBodySchema,
        response: { 200: envelopeOf(AccountStatementResponseSchema) },
      },
    },
    async (request) => {
      const acting = await request.requireActing();
      return ok(await invoices.statement(acting.retailerId, { fromDate: request.body.FromDate, toDate: request.body.ToDate }));
    },
  );

  app.get(
    '/api/admin/invoices/:id/document',
    {
      onRequest: requireRole('admin', 'warehouse', 'accounts'),
      schema: {
        tags: ['Admin'],
        summary: 'The GST tax invoice as a PDF, for the back office (admin, warehouse, accounts)',
        description:
          "Any retailer's invoice, drawn on request: a shipment's invoice from what the shipment carried, an older " +
          "one from its order's lines. 404 for an unknown invoice.",
        params: InvoiceIdParamsSchema,
      },
    },
    async (request, reply) => {
      const { fileName, pdf } = await invoices.document(request.params.id);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `inline; filename="${fileName}"`)
        .header('Cache-Control', 'private, no-store')
        .send(pdf);
    },
  );

  app.get(
    '/backoffice/LensMaster/InvoiceDocument/:invoiceId',
    {
      schema: {
        tags: ['Invoice'],
        summary: 'The GST tax invoice as a PDF (application/pdf)',
        description:
          "Drawn on request from the order's snapshots. 404 for an unknown invoice and for one of a retailer the " +
          'caller may not act for.',
        params: InvoiceDocumentParamsSchema,
      },
    },
    async (request, reply) => {
      const retailerId = await invoices.ownerOf(request.params.invoiceId);
      // Someone else's invoice reads as one that does not exist.
      if (retailerId === null || !(await request.canActFor(retailerId))) {
        throw new AppError('not_found', invoiceMessages.oneNotFound);
      }
      const { fileName, pdf } = await invoices.document(request.params.invoiceId);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `inline; filename="${fileName}"`)
        .header('Cache-Control', 'private, no-store')
        .send(pdf);
    },
  );
};
