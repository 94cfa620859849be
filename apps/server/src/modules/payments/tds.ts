/**
 * TDS settlement (section 194Q): a large buyer pays an invoice less the 0.1 % it deducted at source;
 * accounts record the deduction against the invoice so it closes. One transaction locks the
 * invoice, checks the deduction (not on a paid invoice, not twice, not above the balance, not above
 * 0.1 % of the taxable value plus a rupee of rounding), writes it to `invoice_tds_deductions`,
 * adds it to the invoice's `paid_paise` and audits it: the invoice's balance and payment status
 * (generated columns) follow, so the receivables, the retailer's invoice list and its statement
 * all see the smaller balance at once.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { formatInr, istDateOf, maxTds194QPaise, receivablesMessages, tds194QPaise } from '@frameport/domain';
import {
  AdminIdempotencyHeadersSchema,
  envelopeOf,
  InvoiceIdParamsSchema,
  ok,
  ReceivableInvoiceSchema,
  RecordTdsBodySchema,
  type ReceivableInvoice,
  type RecordTdsBody,
} from '@frameport/domain/contract';
import type { Clock } from '../../clock.ts';
import { recordAudit } from '../../db/audit.ts';
import { isUniqueViolation, queryRows, type Db } from '../../db/client.ts';
import { invoices, invoiceTdsDeductions } from '../../db/schema.ts';
import { requireIdentity, requireRole } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { idempotent } from '../../http/idempotency.ts';
import { receivableInvoice } from '../reports/service.ts';

type Locked = { id: number; retailer_id: number; invoice_no: string; balance_paise: string | number; paid_paise: string | number; taxable_paise: string | number; tds_id: number | null };

export function createTdsService({ db, clock, invoiceCreditDays }: { db: Db; clock: Clock; invoiceCreditDays: number }) {
  async function record(request: FastifyRequest, invoiceId: number, body: RecordTdsBody): Promise<ReceivableInvoice> {
    const identity = requireIdentity(request);
    try {
      return await idempotent(db, request, async (tx) => {
        const now = clock.now();
        // The invoice row locked: a second deduction (or a payment being applied) waits here, then sees this one.
        const [invoice] = await queryRows<Locked>(
          tx,
          sql`select i.id, i.retailer_id, i.invoice_no, i.balance_paise, i.paid_paise,
              case when i.shipment_id is null then o.taxable_paise
                else coalesce((select sum(sl.taxable_paise) from shipment_lines sl where sl.shipment_id = i.shipment_id), 0) end as taxable_paise,
              (select t.id from invoice_tds_deductions t where t.invoice_id = i.id) as tds_id
            from invoices i join orders o on o.id = i.order_id
            where i.id = ${invoiceId}
            for update of i`,
        );
        if (!invoice) throw new AppError('not_found', receivablesMessages.invoiceNotFound);
        const balancePaise = Number(invoice.balance_paise);
        const taxablePaise = Number(invoice.taxable_paise);
        if (invoice.tds_id !== null) throw new AppError('conflict', receivablesMessages.tds.alreadyRecorded);
        if (balancePaise <= 0) throw new AppError('conflict', receivablesMessages.tds.alreadyPaid);
        if (body.amountPaise > balancePaise) throw new AppError('invalid', receivablesMessages.tds.moreThanBalance(balancePaise));
        const maxPaise = maxTds194QPaise(taxablePaise);
        if (body.amountPaise > maxPaise) {
          throw new AppError('invalid', receivablesMessages.tds.moreThan194Q(tds194QPaise(taxablePaise), maxPaise));
        }

        await tx.insert(invoiceTdsDeductions).values({
          invoiceId,
          retailerId: invoice.retailer_id,
          section: '194Q',
          amountPaise: body.amountPaise,
          reference: body.reference,
          recordedByUserId: identity.userId,
          createdAt: now,
        });
        const [after] = await tx
          .update(invoices)
          .set({ paidPaise: sql`${invoices.paidPaise} + ${body.amountPaise}`, updatedAt: now })
          .where(eq(invoices.id, invoiceId))
          .returning({ paidPaise: invoices.paidPaise, balancePaise: invoices.balancePaise, status: invoices.paymentStatus });
        if (!after) throw new Error(`invoice ${invoiceId} vanished while locked`);
        await recordAudit(tx, {
          actorUserId: identity.userId,
          action: 'invoice.tds',
          entity: 'invoice',
          entityId: String(invoiceId),
          details: {
            invoiceNo: invoice.invoice_no,
            retailerId: invoice.retailer_id,
            section: '194Q',
            amount: formatInr(body.amountPaise),
            reference: body.reference,
            before: { paid: formatInr(Number(invoice.paid_paise)), balance: formatInr(balancePaise) },
            after: { paid: formatInr(after.paidPaise), balance: formatInr(after.balancePaise), status: after.status },
          },
          ip: request.ip,
          at: now,
        });
        const answer = await receivableInvoice(tx, invoiceId, { today: istDateOf(now), invoiceCreditDays });
        if (!answer) throw new Error(`invoice ${invoiceId} vanished while locked`);
        return answer;
      });
    } catch (error) {
      // Two deductions at once on PostgreSQL: the unique invoice_id stops the second even past the lock.
      if (isUniqueViolation(error)) throw new AppError('conflict', receivablesMessages.tds.alreadyRecorded);
      throw error;
    }
  }
  return { record };
}

export type TdsService = ReturnType<typeof createTdsService>;

/** POST /api/admin/invoices/:id/tds (accounts, admin). */
export const tdsRoutes: FastifyPluginAsyncZod<{ tds: TdsService }> = async (app, { tds }) => {
  app.post(
    '/api/admin/invoices/:id/tds',
    {
      onRequest: requireRole('admin', 'accounts'),
      config: { audit: 'invoice.tds' },
      schema: {
        tags: ['Admin'],
        summary: 'Record a TDS deduction (section 194Q) the buyer made against an invoice, so it closes: accounts, admin',
        description:
          'amountPaise is what the buyer deducted (whole paise). Added to the invoice\'s paid amount in the same ' +
          'transaction as the deduction is written, so the invoice is Paid when the rest was paid. Refused: on a paid ' +
          'invoice or a second time (409), above the open balance or above 0.1 % of the taxable value (the value without ' +
          'GST) rounded to the rupee plus ₹1 of rounding (400). Audited. With an Idempotency-Key header a repeat answers ' +
          'what the first call answered and changes nothing. Answers the invoice as the receivables drill-down shows it.',
        params: InvoiceIdParamsSchema,
        headers: AdminIdempotencyHeadersSchema,
        body: RecordTdsBodySchema,
        response: { 200: envelopeOf(ReceivableInvoiceSchema) },
      },
    },
    async (request) => ok(await tds.record(request, request.params.id, request.body)),
  );
};
