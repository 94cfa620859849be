/**
 * Invoices and their gap-free numbers: written by modules/invoices (one per shipment, raised when
 * modules/shipments dispatches it; the e-invoice registration fields); modules/payments adds what
 * was paid (`paid_paise`; the balance and payment status are generated from it).
 */
import { INVOICE_PAYMENT_STATUSES } from '@frameport/domain';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, paise, tstz, updatedAt } from './columns.ts';
import { retailers, users } from './accounts.ts';
import { orders } from './orders.ts';
import { shipments } from './shipments.ts';

/** Gap-free numbering per series and financial year (invoice numbers, which GST rules require without gaps). */
export const documentSequences = pgTable(
  'document_sequences',
  {
    /** 'order' | 'invoice' */
    series: text().notNull(),
    /** '2026-27' */
    financialYear: text().notNull(),
    lastValue: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.series, t.financialYear] }),
    check('document_sequences_last_value_nonneg', sql`last_value >= 0`),
  ],
);

export const invoices = pgTable(
  'invoices',
  {
    id: serial().primaryKey(),
    /** Rule 46: ≤ 16 chars, letters/digits and - /, unique per financial year (FY is part of it). */
    invoiceNo: text().notNull().unique(),
    financialYear: text().notNull(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /**
     * The shipment this invoice bills (one invoice per shipment). Null for the invoices raised for
     * a whole order before shipments existed (the seeded history): those bill the order's lines.
     */
    shipmentId: integer()
      .unique()
      .references(() => shipments.id, { onDelete: 'restrict' }),
    retailerId: integer()
      .notNull()
      .references(() => retailers.id, { onDelete: 'restrict' }),
    invoiceDate: date({ mode: 'string' }).notNull(),
    /** Invoice date plus the retailer's payment terms at the time; null: the configured default terms. */
    dueDate: date({ mode: 'string' }),
    amountPaise: paise().notNull(),
    paidPaise: paise().notNull().default(0),
    /** amount - paid, computed by the database. */
    balancePaise: paise()
      .notNull()
      .generatedAlwaysAs(sql`amount_paise - paid_paise`),
    /** Derived by the database from paid vs amount, so it can never disagree with them. */
    paymentStatus: text({ enum: INVOICE_PAYMENT_STATUSES })
      .notNull()
      .generatedAlwaysAs(
        sql`case when paid_paise >= amount_paise then 'Paid' when paid_paise = 0 then 'Unpaid' else 'Partially Paid' end`,
      ),
    documentPath: text(),
    // E-invoice registration (the IRP's answer, recorded once registered; INV-01 JSON is drawn on request).
    irn: text(),
    irnAckNo: text(),
    irnAckDate: tstz(),
    irnSignedQrCode: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('invoices_retailer_id_invoice_date_idx').on(t.retailerId, t.invoiceDate.desc().nullsFirst()),
    index('invoices_order_id_idx').on(t.orderId),
    index('invoices_invoice_date_idx').on(t.invoiceDate),
    check('invoices_irn_complete', sql`(irn is null) = (irn_ack_no is null) and (irn is null) = (irn_ack_date is null)`),
    check('invoices_invoice_no_format', sql`invoice_no ~ '^[A-Za-z0-9/-]{1,16}$'`),
    check('invoices_invoice_no_length', sql`char_length(invoice_no) <= 16`),
    check('invoices_amounts', sql`amount_paise >= 0 and paid_paise >= 0 and paid_paise <= amount_paise`),
  ],
);

export type Invoice = typeof invoices.$inferSelect;
export type NewInvoice = typeof invoices.$inferInsert;

/**
 * Tax a buyer deducted at source when paying an invoice (section 194Q: 0.1 % for buyers with a
 * turnover over ₹10 crore), recorded by accounts so the short-paid invoice closes: the amount is
 * added to the invoice's `paid_paise` in the same transaction (settled by payments and TDS
 * together). One per invoice. Written by modules/payments.
 */
export const invoiceTdsDeductions = pgTable(
  'invoice_tds_deductions',
  {
    id: serial().primaryKey(),
    invoiceId: integer()
      .notNull()
      .unique()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    retailerId: integer()
      .notNull()
      .references(() => retailers.id, { onDelete: 'restrict' }),
    /** '194Q' */
    section: text().notNull(),
    amountPaise: paise().notNull(),
    /** The buyer's challan or Form 16A reference, as accounts typed it. */
    reference: text(),
    recordedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('invoice_tds_deductions_retailer_id_idx').on(t.retailerId),
    check('invoice_tds_deductions_amount_positive', sql`amount_paise > 0`),
    check('invoice_tds_deductions_section', sql`section in ('194Q')`),
  ],
);

export type InvoiceTdsDeduction = typeof invoiceTdsDeductions.$inferSelect;
