import { z } from 'zod/mini';
import { AGEING_BUCKETS, type AgeingBucket } from '../retailers.ts';
import { salesReportMessages } from '../sales-reports.ts';
import { calendarDay } from './admin-pricing.ts';
import { dbId, rupees } from './primitives.ts';
import { text } from './text.ts';

/**
 * The back office's reports (`/api/admin/reports/...`, admin and accounts). Money is rupees on the
 * wire, days 'YYYY-MM-DD' (India).
 */

export const RECEIVABLES_GROUPS = ['retailer', 'salesExecutive'] as const;

export const ReceivablesQuerySchema = z.object({
  /** One row per retailer (default), or per sales executive over the retailers linked to them. */
  groupBy: z._default(z.enum(RECEIVABLES_GROUPS), 'retailer'),
  /**
   * Only the retailers one sales executive looks after (their user id), or 'none': those nobody
   * looks after. The drill-down from a sales executive's row; with groupBy=retailer only.
   */
  salesExecutive: z.optional(z.union([z.literal('none'), dbId])),
});
export type ReceivablesQuery = z.infer<typeof ReceivablesQuerySchema>;

/** Open balances by days past due, and their total. */
export const AgeingSchema = z.object({
  notDue: rupees,
  d1to30: rupees,
  d31to60: rupees,
  d61to90: rupees,
  d90plus: rupees,
  total: rupees,
} satisfies Record<AgeingBucket | 'total', typeof rupees>);
export type AgeingRupees = z.infer<typeof AgeingSchema>;

export const ReceivablesRowSchema = z.object({
  /** The retailer's id, or the sales executive's user id; null for retailers no sales executive looks after. */
  id: z.nullable(z.number().check(z.int())),
  name: text(),
  /** Retailer rows: city and state; sales executive rows: how many of their retailers owe something. */
  detail: z.nullable(text()),
  openInvoices: z.number().check(z.int()),
  ageing: AgeingSchema,
});
export type ReceivablesRow = z.infer<typeof ReceivablesRowSchema>;

export const ReceivablesReportSchema = z.object({
  /** Today in India: the day the open balances are aged on. */
  asOf: text(),
  groupBy: z.enum(RECEIVABLES_GROUPS),
  /** Rows owing something, largest total first. A retailer linked to two sales executives counts under each. */
  rows: z.array(ReceivablesRowSchema),
  /** Every open invoice once (not the sum of the rows when a retailer has two sales executives). */
  totals: AgeingSchema,
  openInvoices: z.number().check(z.int()),
});
export type ReceivablesReport = z.infer<typeof ReceivablesReportSchema>;

// ── Sales ───────────────────────────────────────────────────────────────────────────────────

export const SALES_GROUPS = ['brand', 'style', 'state', 'city', 'retailer', 'salesExecutive', 'week'] as const;
export type SalesGroup = (typeof SALES_GROUPS)[number];

export const SALES_GROUP_LABELS: Record<SalesGroup, string> = {
  brand: 'Brand',
  style: 'Style',
  state: 'State',
  city: 'City',
  retailer: 'Retailer',
  salesExecutive: 'Sales executive',
  week: 'Week',
};

export const REPORT_FORMATS = ['json', 'csv', 'xlsx'] as const;

/** GET /api/admin/reports/sales: invoices dated from `from` to `to` (both counted, India days). */
export const SalesQuerySchema = z
  .object({
    /** Default: the first of this month (India). */
    from: z.optional(calendarDay),
    /** Default: today (India). */
    to: z.optional(calendarDay),
    groupBy: z._default(z.enum(SALES_GROUPS), 'brand'),
    /** json (default, the envelope), or the same rows as a csv or xlsx file. */
    format: z._default(z.enum(REPORT_FORMATS), 'json'),
  })
  .check(
    z.refine((query) => !query.from || !query.to || query.from <= query.to, { message: salesReportMessages.range.order, path: ['from'] }),
  );
export type SalesQuery = z.infer<typeof SalesQuerySchema>;

/** Quantity and value of what was invoiced, with the GST the invoices charged, in rupees. */
export const SalesFiguresSchema = z.object({
  /** Invoices billing something of this group. */
  invoices: z.number().check(z.int()),
  /** Pieces billed (free pieces not counted). */
  quantity: z.number().check(z.int()),
  /** Value after discounts, before GST. */
  taxable: rupees,
  cgst: rupees,
  sgst: rupees,
  igst: rupees,
  /** cgst + sgst + igst */
  tax: rupees,
  /** taxable + tax (an invoice's round-off is not part of any line). */
  total: rupees,
});
export type SalesFigures = z.infer<typeof SalesFiguresSchema>;

export const SalesRowSchema = z.extend(SalesFiguresSchema, {
  /**
   * The group's key: brand id, product id, state code, 'state code|city', retailer id, sales
   * executive user id ('none' for retailers nobody looks after), or the week's Monday 'YYYY-MM-DD'.
   */
  key: text(),
  /** The brand, retailer, product or sales executive id; null for states, cities, weeks and 'No sales executive'. */
  id: z.nullable(z.number().check(z.int())),
  /** Brand, style name, state, city, retailer, sales executive, or 'Week of 23 Nov 2026'. */
  name: text(),
  /** Style: the model number; city: its state; retailer: city and state; sales executive: retailers billed; week: Monday to Sunday. */
  detail: z.nullable(text()),
});
export type SalesRow = z.infer<typeof SalesRowSchema>;

export const SalesReportSchema = z.object({
  from: text(),
  to: text(),
  groupBy: z.enum(SALES_GROUPS),
  /**
   * Largest total first (weeks: oldest first, every week of the range, empty ones as zeros). A
   * retailer linked to two sales executives counts under each.
   */
  rows: z.array(SalesRowSchema),
  /** Every billed line once (not the sum of the rows when a retailer has two sales executives). */
  totals: SalesFiguresSchema,
});
export type SalesReport = z.infer<typeof SalesReportSchema>;

// ── GST summary ─────────────────────────────────────────────────────────────────────────────

/** GET /api/admin/reports/gst: the invoices dated in a month (India). */
export const GstQuerySchema = z.object({
  /** 'YYYY-MM'; default this month. */
  month: z.optional(text().check(z.trim(), z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, salesReportMessages.month))),
  format: z._default(z.enum(REPORT_FORMATS), 'json'),
});
export type GstQuery = z.infer<typeof GstQuerySchema>;

const GstHeadsSchema = z.object({ taxable: rupees, cgst: rupees, sgst: rupees, igst: rupees, tax: rupees });

export const GstRateRowSchema = z.extend(GstHeadsSchema, {
  /** The full rate: CGST + SGST, or IGST. */
  ratePercent: z.number(),
  /** Taxable value supplied within the supplier's State (CGST + SGST) and to other States (IGST). */
  intraTaxable: rupees,
  interTaxable: rupees,
  /** Invoices with a line at this rate. */
  invoices: z.number().check(z.int()),
});
export type GstRateRow = z.infer<typeof GstRateRowSchema>;

export const GstStateRowSchema = z.extend(GstHeadsSchema, {
  /** The place of supply: the invoice's bill-to State (the one its tax was charged for). */
  stateCode: text(),
  state: text(),
  /** intra: CGST + SGST (the supplier's own State); inter: IGST. */
  kind: z.enum(['intra', 'inter']),
  invoices: z.number().check(z.int()),
});
export type GstStateRow = z.infer<typeof GstStateRowSchema>;

export const GstSummarySchema = z.object({
  month: text(),
  from: text(),
  to: text(),
  byRate: z.array(GstRateRowSchema),
  byState: z.array(GstStateRowSchema),
  totals: z.extend(GstHeadsSchema, {
    /** Every invoice dated in the month. */
    invoices: z.number().check(z.int()),
    /** The invoices' amounts: taxable + tax + roundOff. */
    invoiceValue: rupees,
    /** What the whole-order invoices rounded their totals by (0 on shipments' invoices). */
    roundOff: rupees,
  }),
});
export type GstSummaryReport = z.infer<typeof GstSummarySchema>;
// ── Receivables: export, drill-down, reminder, TDS ────────────────────────────────────────────

export const RECEIVABLES_EXPORT_FORMATS = ['csv', 'xlsx'] as const;

export const ReceivablesExportQuerySchema = z.extend(ReceivablesQuerySchema, {
  format: z._default(z.enum(RECEIVABLES_EXPORT_FORMATS), 'csv'),
});
export type ReceivablesExportQuery = z.infer<typeof ReceivablesExportQuerySchema>;

export const ReceivablesRetailerParamsSchema = z.object({ id: dbId });

/** A TDS deduction recorded against an invoice (section 194Q). */
export const TdsDeductionSchema = z.object({
  section: text(),
  amount: rupees,
  reference: z.nullable(text()),
  /** ISO 8601. */
  recordedAt: text(),
  recordedBy: z.nullable(text()),
});
export type TdsDeduction = z.infer<typeof TdsDeductionSchema>;

/** One open invoice of a retailer, aged on `asOf`. */
export const ReceivableInvoiceSchema = z.object({
  id: z.number().check(z.int()),
  invoiceNo: text(),
  invoiceDate: text(),
  /** The invoice's own due date, else its date plus the default credit days. */
  dueDate: text(),
  /** Whole days past the due date (0 while not due). */
  daysOverdue: z.number().check(z.int()),
  bucket: z.enum(AGEING_BUCKETS),
  amount: rupees,
  /** Everything that reduced the balance: payments and a TDS deduction. */
  paid: rupees,
  tds: z.nullable(TdsDeductionSchema),
  balance: rupees,
  /** The value without GST, on which 194Q is reckoned. */
  taxable: rupees,
  /** 0.1 % of the taxable value, to the rupee: what a 194Q deduction should be. */
  tds194Q: rupees,
  /** The most a deduction may be now: the 194Q figure plus a rupee of rounding, never above the balance; 0 when one is recorded. */
  tdsAllowed: rupees,
});
export type ReceivableInvoice = z.infer<typeof ReceivableInvoiceSchema>;

/** When the last payment reminder went to a retailer, to whom, for how much. */
export const ReminderStampSchema = z.object({
  /** ISO 8601. */
  at: text(),
  by: z.nullable(text()),
  to: text(),
  amount: rupees,
});
export type ReminderStamp = z.infer<typeof ReminderStampSchema>;

export const ReceivablesRetailerSchema = z.object({
  asOf: text(),
  retailer: z.object({
    id: z.number().check(z.int()),
    name: text(),
    email: text(),
    /** City, state. */
    detail: z.nullable(text()),
    salesExecutives: z.array(z.object({ id: z.number().check(z.int()), name: text() })),
  }),
  /** Open invoices, oldest due first. */
  invoices: z.array(ReceivableInvoiceSchema),
  ageing: AgeingSchema,
  lastReminder: z.nullable(ReminderStampSchema),
});
export type ReceivablesRetailer = z.infer<typeof ReceivablesRetailerSchema>;

/** POST /api/admin/invoices/:id/tds: a 194Q deduction the buyer made from its payment. */
export const RecordTdsBodySchema = z.object({
  amountPaise: z
    .number({ error: 'Enter the amount deducted, in paise.' })
    .check(
      z.int('Enter the amount deducted in whole paise.'),
      z.positive('The amount deducted must be more than zero.'),
      z.lte(1_000_000_000_00),
    ),
  /** The buyer's challan or Form 16A reference. */
  reference: text().check(
    z.trim(),
    z.minLength(1, 'Enter the challan or Form 16A reference of the deduction.'),
    z.maxLength(100, 'The reference can be at most 100 characters.'),
  ),
});
export type RecordTdsBody = z.infer<typeof RecordTdsBodySchema>;
