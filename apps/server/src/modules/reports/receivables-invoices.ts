/**
 * A retailer's open invoices as the receivables drill-down and the TDS settlement show them: aged
 * on today in India, with the taxable value (a shipment's invoice: what the shipment carried; an
 * older whole-order invoice: the order's), the 194Q figure on it and any deduction recorded. Read
 * with the caller's handle, so the TDS settlement answers from inside its own transaction.
 */
import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm';
import { ageingBucketOf, daysOverdue, maxTds194QPaise, paiseToRupees, tds194QPaise } from '@frameport/domain';
import type { ReceivableInvoice } from '@frameport/domain/contract';
import type { DbOrTx } from '../../db/client.ts';
import { invoices, invoiceTdsDeductions, orders, users } from '../../db/schema.ts';

export type AgeContext = { today: string; invoiceCreditDays: number };

/** The due date: the invoice's own, else its date plus the default credit days. */
export const dueDateSql = (creditDays: number) =>
  sql<string>`coalesce(${invoices.dueDate}, ${invoices.invoiceDate} + ${creditDays}::int)::text`;

/** What the invoice bills without GST: its shipment's lines, or (no shipment) its order's. */
const taxableSql = sql<string>`case when ${invoices.shipmentId} is null then ${orders.taxablePaise}
  else coalesce((select sum(sl.taxable_paise) from shipment_lines sl where sl.shipment_id = ${invoices.shipmentId}), 0) end`;

export async function receivableInvoices(dbx: DbOrTx, where: SQL | undefined, context: AgeContext): Promise<ReceivableInvoice[]> {
  const due = dueDateSql(context.invoiceCreditDays);
  const rows = await dbx
    .select({
      id: invoices.id,
      invoiceNo: invoices.invoiceNo,
      invoiceDate: invoices.invoiceDate,
      dueDate: due,
      amountPaise: invoices.amountPaise,
      paidPaise: invoices.paidPaise,
      balancePaise: invoices.balancePaise,
      taxablePaise: taxableSql,
      tdsPaise: invoiceTdsDeductions.amountPaise,
      tdsSection: invoiceTdsDeductions.section,
      tdsReference: invoiceTdsDeductions.reference,
      tdsAt: invoiceTdsDeductions.createdAt,
      tdsBy: users.name,
    })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .leftJoin(invoiceTdsDeductions, eq(invoiceTdsDeductions.invoiceId, invoices.id))
    .leftJoin(users, eq(users.id, invoiceTdsDeductions.recordedByUserId))
    .where(where)
    .orderBy(asc(due), asc(invoices.invoiceDate), asc(invoices.id));
  return rows.map((row) => {
    const dueDate = String(row.dueDate).slice(0, 10);
    const taxablePaise = Number(row.taxablePaise);
    const tds194Q = tds194QPaise(taxablePaise);
    const recorded = row.tdsPaise !== null;
    return {
      id: row.id,
      invoiceNo: row.invoiceNo,
      invoiceDate: String(row.invoiceDate).slice(0, 10),
      dueDate,
      daysOverdue: Math.max(0, daysOverdue(dueDate, context.today)),
      bucket: ageingBucketOf(dueDate, context.today),
      amount: paiseToRupees(row.amountPaise),
      paid: paiseToRupees(row.paidPaise),
      tds: recorded
        ? {
            section: row.tdsSection ?? '194Q',
            amount: paiseToRupees(row.tdsPaise ?? 0),
            reference: row.tdsReference,
            recordedAt: (row.tdsAt ?? new Date(0)).toISOString(),
            recordedBy: row.tdsBy,
          }
        : null,
      balance: paiseToRupees(row.balancePaise),
      taxable: paiseToRupees(taxablePaise),
      tds194Q: paiseToRupees(tds194Q),
      tdsAllowed: recorded ? 0 : paiseToRupees(Math.max(0, Math.min(row.balancePaise, maxTds194QPaise(taxablePaise)))),
    };
  });
}

/** A retailer's open invoices (balance above zero). */
export const openInvoicesOf = (dbx: DbOrTx, retailerId: number, context: AgeContext) =>
  receivableInvoices(dbx, and(eq(invoices.retailerId, retailerId), gt(invoices.balancePaise, 0)), context);

/** One invoice, open or not (the TDS settlement's answer). */
export const receivableInvoice = async (dbx: DbOrTx, invoiceId: number, context: AgeContext) =>
  (await receivableInvoices(dbx, eq(invoices.id, invoiceId), context))[0] ?? null;
