import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminIdempotencyHeadersSchema,
  EInvoiceBulkSchema,
  EInvoiceDocumentSchema,
  EInvoiceRangeQuerySchema,
  EInvoiceRegistrationSchema,
  envelopeOf,
  InvoiceIdParamsSchema,
  ok,
  RecordIrnBodySchema,
} from '@frameport/domain/contract';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { requireIdentity, requireRole } from '../../http/auth.ts';
import { idempotent } from '../../http/idempotency.ts';
import { ackDateOf, E_INVOICE_MAX_RANGE_DAYS, eInvoiceFileName, eInvoiceOf, eInvoicesBetween, recordIrn } from './e-invoice.ts';

/**
 * E-invoice readiness (/api/admin/invoices/...), for admin and accounts staff: the INV-01 JSON of an
 * invoice or of a date range, and recording the IRP's registration (e-invoice.ts, decision 013).
 */
export const eInvoiceRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock }> = async (app, { db, clock }) => {
  const accountsStaff = requireRole('admin', 'accounts');

  app.get(
    '/api/admin/invoices/e-invoice',
    {
      onRequest: accountsStaff,
      schema: {
        tags: ['Admin'],
        summary: 'The INV-01 e-invoice JSON of the invoices dated from..to (admin, accounts), as a download',
        description:
          `Documents oldest first; invoices already registered, and those that cannot have an e-invoice (a buyer without ` +
          `GSTIN, …), are listed under skipped with the reasons. from after to, or more than ${E_INVOICE_MAX_RANGE_DAYS} days, is 400.`,
        querystring: EInvoiceRangeQuerySchema,
        response: { 200: EInvoiceBulkSchema },
      },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      const bulk = await eInvoicesBetween(db, from, to);
      return reply
        .header('Content-Disposition', `attachment; filename="e-invoices-${from}-to-${to}.json"`)
        .header('Cache-Control', 'private, no-store')
        .send(bulk);
    },
  );

  app.get(
    '/api/admin/invoices/:id/e-invoice',
    {
      onRequest: accountsStaff,
      schema: {
        tags: ['Admin'],
        summary: 'The INV-01 e-invoice JSON (schema 1.1) of one invoice (admin, accounts), as a download',
        description:
          'The document to register on the Invoice Registration Portal. 404 for an unknown invoice; 409 with the reasons ' +
          'when the invoice cannot have one (a buyer without GSTIN: B2B e-invoices need it).',
        params: InvoiceIdParamsSchema,
        response: { 200: EInvoiceDocumentSchema },
      },
    },
    async (request, reply) => {
      const { invoiceNo, document } = await eInvoiceOf(db, request.params.id);
      return reply
        .header('Content-Disposition', `attachment; filename="${eInvoiceFileName(invoiceNo)}"`)
        .header('Cache-Control', 'private, no-store')
        .send(document);
    },
  );

  app.put(
    '/api/admin/invoices/:id/irn',
    {
      onRequest: accountsStaff,
      schema: {
        tags: ['Admin'],
        summary: "Record the invoice's e-invoice registration: IRN, Ack No., Ack Date and signed QR code (admin, accounts)",
        description:
          "The IRP's answer, recorded once: the tax invoice then prints it with the QR code. A registered invoice is 409 " +
          '(an IRN is never changed). ackDate without a zone is India time. Idempotent with an Idempotency-Key.',
        params: InvoiceIdParamsSchema,
        headers: AdminIdempotencyHeadersSchema,
        body: RecordIrnBodySchema,
        response: { 200: envelopeOf(EInvoiceRegistrationSchema) },
      },
    },
    async (request) => {
      const identity = requireIdentity(request);
      const { irn, ackNo, ackDate, signedQrCode } = request.body;
      const registration = { irn, ackNo, ackDate: ackDateOf(ackDate), signedQrCode };
      return ok(await idempotent(db, request, (tx) => recordIrn(tx, identity, request.params.id, registration, clock.now())));
    },
  );
};
