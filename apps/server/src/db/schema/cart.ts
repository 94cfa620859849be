/**
 * Carts: written by modules/cart; modules/orders deletes the cart it has just turned into an order.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, unique } from 'drizzle-orm/pg-core';
import { createdAt, paise, tstz, updatedAt } from './columns.ts';
import { retailers, users } from './accounts.ts';
import { productColours } from './catalogue.ts';

export const carts = pgTable('carts', {
  id: serial().primaryKey(),
  /** One open cart per retailer. */
  retailerId: integer()
    .notNull()
    .unique()
    .references(() => retailers.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const cartLines = pgTable(
  'cart_lines',
  {
    id: serial().primaryKey(),
    cartId: integer()
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productColourId: integer()
      .notNull()
      .references(() => productColours.id, { onDelete: 'cascade' }),
    quantity: integer().notNull(),
    isFree: boolean().notNull().default(false),
    /** The style's net (list) price when the line was added or last changed: the cart shows a price change since. */
    netPricePaiseAtAdd: paise(),
    /** Lines expire 24 h (config CartExpiryHours) after they were added. */
    addedAt: tstz().notNull().defaultNow(),
    addedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('cart_lines_cart_variant_free_unique').on(t.cartId, t.productColourId, t.isFree),
    index('cart_lines_product_colour_id_idx').on(t.productColourId),
    check('cart_lines_quantity_positive', sql`quantity > 0`),
  ],
);

export type Cart = typeof carts.$inferSelect;
export type CartLine = typeof cartLines.$inferSelect;
export type NewCartLine = typeof cartLines.$inferInsert;
