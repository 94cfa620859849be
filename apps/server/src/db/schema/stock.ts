/**
 * Why stock changed: written by modules/orders (orders placed, cancelled, edited) and modules/stock
 * (adjustments on the catalogue desk, and the stock import through its setStockLevel). Its own file because it points at both the catalogue and orders.
 */
import { bigserial, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './accounts.ts';
import { productColours } from './catalogue.ts';
import { orders } from './orders.ts';

/** Stock changes (orders, admin uploads, cancellations), for traceability. */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    productColourId: integer()
      .notNull()
      .references(() => productColours.id, { onDelete: 'cascade' }),
    delta: integer().notNull(),
    /** 'order', 'cancel', 'edit', or an adjustment's STOCK_ADJUSTMENT_REASONS code, 'import', 'initial'. */
    reason: text().notNull(),
    /** What staff typed with an adjustment (delivery note, count sheet …). */
    note: text(),
    orderId: integer().references(() => orders.id, { onDelete: 'set null' }),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('stock_movements_product_colour_id_idx').on(t.productColourId, t.createdAt)],
);
