/**
 * Orders, their lines and status history: written by modules/orders (placing an order).
 */
import { HOLD_KINDS, ORDER_STATUSES, type OrderStatus } from '@frameport/domain';
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgSequence, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, paise, percent, sqlList, tstz, updatedAt } from './columns.ts';
import { retailers, shippingAddresses, users } from './accounts.ts';
import { productColours } from './catalogue.ts';

export { ORDER_STATUSES, type OrderStatus };

/**
 * Order reference numbers ('FP/2026-27/000123': the financial year, then this number). A sequence,
 * not a counter row: nextval takes no lock, so orders never queue on each other for a number. Order
 * references need not be gap-free (a rolled-back order skips one); invoice numbers must be, and
 * use document_sequences.
 */
export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 1, increment: 1, minValue: 1 });

export const orders = pgTable(
  'orders',
  {
    id: serial().primaryKey(),
    /** e.g. 'FP/2026-27/000123' */
    orderRefNo: text().notNull().unique(),
    retailerId: integer()
      .notNull()
      .references(() => retailers.id, { onDelete: 'restrict' }),
    placedByUserId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /**
     * Derived (domain `deriveOrderStatus`) from the decisions below and the shipments, and written
     * in the same transaction as whatever changed them: stored so the queue can filter and count.
     */
    status: text({ enum: ORDER_STATUSES }).notNull().default('Placed'),
    note: text(),
    // The order desk's decisions (modules/orders): confirmed, on hold, cancelled; who, when, why.
    confirmedAt: tstz(),
    confirmedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** Why the credit check was passed over (accounts or admin), when it was. */
    creditOverrideReason: text(),
    holdKind: text({ enum: HOLD_KINDS }),
    holdReason: text(),
    heldAt: tstz(),
    heldByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    cancelledAt: tstz(),
    cancelledByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    cancelReason: text(),
    /** Client-supplied (or cart-derived) key: placing the same order twice creates one order. */
    idempotencyKey: text(),
    // Bill-to snapshot (the retailer at the time of the order).
    billToBusinessName: text().notNull(),
    billToAddress: text().notNull(),
    billToCity: text().notNull(),
    billToState: text().notNull(),
    billToStateCode: text().notNull(),
    billToCountry: text().notNull(),
    billToPinCode: text().notNull(),
    billToGstin: text(),
    // Ship-to snapshot (optional).
    shippingAddressId: integer().references(() => shippingAddresses.id, { onDelete: 'set null' }),
    shipToName: text(),
    shipToAddress: text(),
    shipToCity: text(),
    shipToState: text(),
    shipToStateCode: text(),
    shipToPinCode: text(),
    shipToPhone: text(),
    /** The company's GST state code at the time (decides CGST+SGST vs IGST). */
    companyStateCode: text().notNull(),
    totalQuantity: integer().notNull(),
    /** Sum of list price x quantity (before discount). */
    subtotalPaise: paise().notNull(),
    discountPaise: paise().notNull().default(0),
    taxablePaise: paise().notNull(),
    cgstPaise: paise().notNull().default(0),
    sgstPaise: paise().notNull().default(0),
    igstPaise: paise().notNull().default(0),
    roundOffPaise: paise().notNull().default(0),
    totalPaise: paise().notNull(),
    placedAt: tstz().notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_retailer_id_placed_at_idx').on(t.retailerId, t.placedAt.desc().nullsFirst()),
    index('orders_placed_at_idx').on(t.placedAt.desc().nullsFirst()),
    // The order desk's queue: a status tab's newest page (and any filter on status), and search by part of an order reference.
    index('orders_status_placed_at_idx').on(t.status, t.placedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('orders_order_ref_no_trgm_idx').using('gin', t.orderRefNo.op('gin_trgm_ops')),
    uniqueIndex('orders_retailer_idempotency_key_unique')
      .on(t.retailerId, t.idempotencyKey)
      .where(sql`idempotency_key is not null`),
    check('orders_status_check', sql`status in (${sqlList(ORDER_STATUSES)})`),
    check('orders_hold_kind_check', sql`hold_kind is null or hold_kind in (${sqlList(HOLD_KINDS)})`),
    check('orders_hold_complete', sql`(hold_kind is null) = (hold_reason is null)`),
    check('orders_total_quantity_positive', sql`total_quantity > 0`),
    check(
      'orders_money_nonneg',
      sql`subtotal_paise >= 0 and discount_paise >= 0 and taxable_paise >= 0 and cgst_paise >= 0
        and sgst_paise >= 0 and igst_paise >= 0 and total_paise >= 0`,
    ),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: serial().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productColourId: integer().references(() => productColours.id, { onDelete: 'set null' }),
    // Snapshots, so the order reads the same after the catalogue changes.
    productId: integer().notNull(),
    productTypeId: integer().notNull(),
    productCode: text().notNull(),
    productName: text().notNull(),
    modelName: text().notNull(),
    colourName: text().notNull(),
    templeColourName: text(),
    colorVariant: text().notNull(),
    sizeName: text(),
    eyeSizeMm: integer(),
    noseBridgeMm: integer(),
    armLengthMm: integer(),
    hsnCode: text().notNull(),
    gstRatePercent: percent().notNull(),
    /** Ordered (after the desk's edits). */
    quantity: integer().notNull(),
    /** Pieces cancelled (never dispatched); the line's money columns are for quantity − cancelled. */
    cancelledQuantity: integer().notNull().default(0),
    /** When the open (backordered) pieces are expected, as told to the retailer. */
    backorderExpectedDate: date({ mode: 'string' }),
    /** List (net) price per unit. */
    unitPricePaise: paise().notNull(),
    discountPerUnitPaise: paise().notNull().default(0),
    discountName: text(),
    /** Discount rule id at the time (no FK: rules may be deleted). */
    discountRuleId: integer(),
    /** quantity x (unit price - discount per unit) */
    taxablePaise: paise().notNull(),
    cgstRatePercent: percent().notNull().default(0),
    sgstRatePercent: percent().notNull().default(0),
    igstRatePercent: percent().notNull().default(0),
    cgstPaise: paise().notNull().default(0),
    sgstPaise: paise().notNull().default(0),
    igstPaise: paise().notNull().default(0),
    lineTotalPaise: paise().notNull(),
    isFree: boolean().notNull().default(false),
    imageUrl: text(),
  },
  (t) => [
    index('order_lines_order_id_idx').on(t.orderId),
    index('order_lines_product_colour_id_idx').on(t.productColourId),
    check('order_lines_quantity_positive', sql`quantity > 0`),
    check('order_lines_cancelled_quantity', sql`cancelled_quantity >= 0 and cancelled_quantity <= quantity`),
    check(
      'order_lines_money_nonneg',
      sql`unit_price_paise >= 0 and discount_per_unit_paise >= 0 and discount_per_unit_paise <= unit_price_paise
        and taxable_paise >= 0 and cgst_paise >= 0 and sgst_paise >= 0 and igst_paise >= 0 and line_total_paise >= 0`,
    ),
  ],
);

export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: serial().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text({ enum: ORDER_STATUSES }).notNull(),
    note: text(),
    changedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    changedAt: tstz().notNull().defaultNow(),
  },
  (t) => [
    index('order_status_history_order_id_idx').on(t.orderId, t.changedAt),
    check('order_status_history_status_check', sql`status in (${sqlList(ORDER_STATUSES)})`),
  ],
);

export type Order = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type OrderLine = typeof orderLines.$inferSelect;
export type NewOrderLine = typeof orderLines.$inferInsert;
export type OrderStatusHistoryRow = typeof orderStatusHistory.$inferSelect;
