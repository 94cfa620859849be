import { z } from 'zod/mini';
import { rupees } from './primitives.ts';
import { text } from './text.ts';

/**
 * The back office's home (`GET /api/admin/dashboard`, admin, warehouse and accounts): the day's and
 * the month's orders, the desk's queues, overdue receivables, low stock and retailers waiting for
 * approval, read in one snapshot. Days are 'YYYY-MM-DD' in India; money is rupees. A figure the
 * caller's role does not see is null: money for warehouse staff (no prices), receivables and
 * retailers for warehouse, low stock for accounts.
 */

export const DashboardPeriodSchema = z.object({
  /** The first day of the period (India), and the last (today). */
  from: text(),
  to: text(),
  /** Orders placed in the period, cancelled ones left out. */
  orders: z.number().check(z.int()),
  /** Their value with GST; null for warehouse staff. */
  value: z.nullable(rupees),
});
export type DashboardPeriod = z.infer<typeof DashboardPeriodSchema>;

export const AdminDashboardSchema = z.object({
  /** Today in India. */
  asOf: text(),
  today: DashboardPeriodSchema,
  month: DashboardPeriodSchema,
  /** The order desk's queues now: orders Placed (waiting for confirmation), On hold, Confirmed (to pack), with a packed shipment (to dispatch). */
  queue: z.object({
    toConfirm: z.number().check(z.int()),
    onHold: z.number().check(z.int()),
    toPack: z.number().check(z.int()),
    toDispatch: z.number().check(z.int()),
  }),
  /** Open invoice balances past their due date and how many retailers owe them; null for warehouse staff. */
  overdue: z.nullable(z.object({ amount: rupees, retailers: z.number().check(z.int()), invoices: z.number().check(z.int()) })),
  /** Colours of active styles at or below their low-stock threshold (the stock page's default view); null for accounts staff. */
  lowStock: z.nullable(z.number().check(z.int())),
  /** Retailers waiting for approval (status Pending); null for warehouse staff. */
  pendingRetailers: z.nullable(z.number().check(z.int())),
});
export type AdminDashboard = z.infer<typeof AdminDashboardSchema>;
