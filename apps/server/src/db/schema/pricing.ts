/**
 * Discount rules by state and price band. Written by modules/discounts (the catalogue desk: created,
 * edited, ended, never deleted) and the seed; read by the price context and, joined, by the catalogue query.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, paise, percent, tstz, updatedAt } from './columns.ts';
import { states } from './reference.ts';

export const discountRules = pgTable(
  'discount_rules',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    /** null = all states (fallback rules). */
    stateId: integer().references(() => states.id, { onDelete: 'cascade' }),
    usePercentage: boolean().notNull(),
    discountPercentage: percent(),
    discountAmountPaise: paise(),
    priceFromPaise: paise(),
    priceToPaise: paise(),
    isActive: boolean().notNull().default(true),
    validFrom: tstz(),
    validTo: tstz(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('discount_rules_state_id_idx').on(t.stateId),
    check(
      'discount_rules_value',
      sql`(use_percentage and discount_percentage is not null and discount_percentage > 0 and discount_percentage <= 100)
        or (not use_percentage and discount_amount_paise is not null and discount_amount_paise > 0)`,
    ),
    check(
      'discount_rules_price_bounds',
      sql`(price_from_paise is null or price_from_paise >= 0) and (price_to_paise is null or price_to_paise >= 0)
        and (price_from_paise is null or price_to_paise is null or price_from_paise <= price_to_paise)`,
    ),
    check('discount_rules_validity', sql`valid_from is null or valid_to is null or valid_from <= valid_to`),
  ],
);

export type DiscountRule = typeof discountRules.$inferSelect;
export type NewDiscountRule = typeof discountRules.$inferInsert;
