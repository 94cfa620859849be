import { z } from 'zod/mini';
import { ORDER_STATUSES } from '../order-desk.ts';
import { rupees } from './primitives.ts';
import { text } from './text.ts';

/**
 * A sales executive's own cockpit (`GET /api/Account/myRetailers`, sales executives only): the
 * retailers linked to them (active and blocked) with their credit position as the order desk
 * computes it, and their orders by status. Money is rupees; instants are ISO strings; days
 * 'YYYY-MM-DD' (India).
 */

/** How many of a status's newest orders the cockpit lists. */
export const MY_RETAILERS_RECENT_PER_STATUS = 5;

export const MyRetailerSchema = z.object({
  id: z.number().check(z.int()),
  businessName: text(),
  /** Their sign-in email: what acting for them names. */
  email: text(),
  city: z.nullable(text()),
  status: z.enum(['Active', 'Blocked']),
  creditHold: z.boolean(),
  creditLimit: rupees,
  /** Unpaid invoice balances. */
  outstanding: rupees,
  /** The part of outstanding past its due date, and the oldest such invoice's days past due (0: none). */
  overdue: rupees,
  oldestOverdueDays: z.number().check(z.int()),
  /** Credit limit − outstanding − on order (confirmed orders not yet billed): the credit page's figure. */
  available: rupees,
  /** When they last placed an order; null: never. */
  lastOrderAt: z.nullable(text()),
});
export type MyRetailer = z.infer<typeof MyRetailerSchema>;

export const MyRetailerOrderSchema = z.object({
  id: z.number().check(z.int()),
  orderRefNo: text(),
  retailerId: z.number().check(z.int()),
  businessName: text(),
  placedAt: text(),
  status: z.enum(ORDER_STATUSES),
  totalQuantity: z.number().check(z.int()),
  total: rupees,
});
export type MyRetailerOrder = z.infer<typeof MyRetailerOrderSchema>;

export const MyRetailersSchema = z.object({
  /** Today in India: the day overdue is reckoned on. */
  asOf: text(),
  /** By business name. */
  retailers: z.array(MyRetailerSchema),
  orders: z.object({
    /** Every status, 0 when none. */
    counts: z.record(z.enum(ORDER_STATUSES), z.number().check(z.int())),
    /** Each status's newest orders (at most MY_RETAILERS_RECENT_PER_STATUS), newest first. */
    recent: z.array(MyRetailerOrderSchema),
  }),
});
export type MyRetailers = z.infer<typeof MyRetailersSchema>;
