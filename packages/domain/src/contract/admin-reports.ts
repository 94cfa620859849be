import { z } from 'zod';
import type { AgeingBucket } from '../retailers.ts';
import { rupees } from './primitives.ts';
import { text } from './text.ts';

/**
 * The back office's reports (`/api/admin/reports/...`, admin and accounts). Money is rupees on the
 * wire, days 'YYYY-MM-DD' (India).
 */

export const RECEIVABLES_GROUPS = ['retailer', 'salesExecutive'] as const;

export const ReceivablesQuerySchema = z.object({
  /** One row per retailer (default), or per sales executive over the retailers linked to them. */
  groupBy: z.enum(RECEIVABLES_GROUPS).default('retailer'),
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
  id: z.number().int().nullable(),
  name: text(),
  /** Retailer rows: city and state; sales executive rows: how many of their retailers owe something. */
  detail: text().nullable(),
  openInvoices: z.number().int(),
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
  openInvoices: z.number().int(),
});
export type ReceivablesReport = z.infer<typeof ReceivablesReportSchema>;
