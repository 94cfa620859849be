/**
 * Payment links and how they were applied: written by modules/payments. `sandbox_payment_links`
 * is the sandbox provider's own book, written by adapters/payments/sandbox.ts.
 */
import { PAYMENT_LINK_STATES } from '@frameport/domain';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, paise, sqlList, tstz, updatedAt } from './columns.ts';
import { retailers, users } from './accounts.ts';
import { invoices } from './invoices.ts';

export const PAYMENT_PROVIDERS = ['sandbox', 'razorpay'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/**
 * One payment link: an amount the retailer chose to pay, through one provider. It is applied once,
 * when the provider reports it paid (applied_at), spread over the retailer's open invoices by
 * `payment_allocations`: the invoices named in `target_invoice_ids` first (oldest first), otherwise
 * every open invoice oldest first. What no invoice could take (the retailer paid two links for the
 * same balance) stays in `unapplied_paise`, a credit shown on the account statement.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial().primaryKey(),
    /** Legacy single-invoice link (seeded history); new links use `target_invoice_ids`. */
    invoiceId: integer().references(() => invoices.id, { onDelete: 'restrict' }),
    retailerId: integer()
      .notNull()
      .references(() => retailers.id, { onDelete: 'restrict' }),
    /** Invoices the retailer chose to pay, in the order chosen; null = all open invoices, oldest first. */
    targetInvoiceIds: integer().array(),
    provider: text({ enum: PAYMENT_PROVIDERS }).notNull(),
    /** Provider's payment link id (Razorpay plink_...), or the sandbox's own. */
    paymentLinkId: text().notNull().unique(),
    paymentLinkUrl: text(),
    /** Our reference sent to the provider (reference_id), unique. */
    transactionNo: text().notNull().unique(),
    amountPaise: paise().notNull(),
    status: text({ enum: PAYMENT_LINK_STATES }).notNull().default('created'),
    providerPaymentId: text().unique(),
    failureReason: text(),
    /** Set once when the amount was added to invoices.paid_paise (applied exactly once). */
    appliedAt: tstz(),
    /** Paid but owed to no open invoice when applied: a credit on the account. */
    unappliedPaise: paise().notNull().default(0),
    expiresAt: tstz(),
    createdByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_invoice_id_idx').on(t.invoiceId),
    index('payments_retailer_id_created_at_idx').on(t.retailerId, t.createdAt.desc().nullsFirst()),
    check('payments_amount_positive', sql`amount_paise > 0`),
    check('payments_unapplied_range', sql`unapplied_paise >= 0 and unapplied_paise <= amount_paise`),
    check('payments_provider_check', sql`provider in (${sqlList(PAYMENT_PROVIDERS)})`),
    check('payments_status_check', sql`status in (${sqlList(PAYMENT_LINK_STATES)})`),
    check('payments_applied_only_when_paid', sql`applied_at is null or status = 'paid'`),
  ],
);

/** How an applied payment was spread over invoices (sums to amount - unapplied). */
export const paymentAllocations = pgTable(
  'payment_allocations',
  {
    paymentId: integer()
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    invoiceId: integer()
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    amountPaise: paise().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.paymentId, t.invoiceId] }),
    index('payment_allocations_invoice_id_idx').on(t.invoiceId),
    check('payment_allocations_amount_positive', sql`amount_paise > 0`),
  ],
);

/** Provider events already handled (Razorpay webhooks repeat; `x-razorpay-event-id` de-duplicates). */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text({ enum: PAYMENT_PROVIDERS }).notNull(),
    eventId: text().notNull(),
    event: text().notNull(),
    paymentLinkId: text(),
    receivedAt: tstz().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * The sandbox provider's own book: what a real provider would keep on its side. The sandbox
 * payment page (served by this server) pays or fails these links; the payments module reads them
 * only through the provider interface.
 */
export const sandboxPaymentLinks = pgTable(
  'sandbox_payment_links',
  {
    id: text().primaryKey(),
    referenceId: text().notNull().unique(),
    amountPaise: paise().notNull(),
    description: text().notNull(),
    customerName: text(),
    /** 'created' | 'paid' | 'failed' | 'cancelled' */
    status: text().notNull().default('created'),
    amountPaidPaise: paise().notNull().default(0),
    providerPaymentId: text(),
    failureReason: text(),
    callbackUrl: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  () => [
    check('sandbox_payment_links_status_check', sql`status in ('created', 'paid', 'failed', 'cancelled')`),
    check('sandbox_payment_links_amount_positive', sql`amount_paise > 0`),
  ],
);

export type Payment = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;
export type PaymentAllocation = typeof paymentAllocations.$inferSelect;
export type SandboxPaymentLink = typeof sandboxPaymentLinks.$inferSelect;
