/**
 * Reference data: countries, states, cities. Written only by the seed (no module changes them);
 * accounts, addresses, discount rules and the order snapshots point at them.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';

export const countries = pgTable('countries', {
  id: serial().primaryKey(),
  code: text().notNull().unique(),
  name: text().notNull(),
});

export const states = pgTable(
  'states',
  {
    id: serial().primaryKey(),
    countryId: integer()
      .notNull()
      .references(() => countries.id, { onDelete: 'restrict' }),
    name: text().notNull(),
    /** The 2-digit GST state code, e.g. '36' for Telangana (spec: StateCode). */
    stateCode: text().notNull().unique(),
    /** Spec's TIN field: the same GST code. */
    tin: text().notNull(),
    isUnionTerritory: boolean().notNull().default(false),
  },
  (t) => [
    index('states_country_id_idx').on(t.countryId),
    check('states_state_code_format', sql`state_code ~ '^[0-9]{2}$'`),
  ],
);

export const cities = pgTable(
  'cities',
  {
    id: serial().primaryKey(),
    stateId: integer()
      .notNull()
      .references(() => states.id, { onDelete: 'restrict' }),
    code: text().notNull(),
    name: text().notNull(),
  },
  (t) => [unique('cities_state_id_code_unique').on(t.stateId, t.code), index('cities_state_id_idx').on(t.stateId)],
);

export type Country = typeof countries.$inferSelect;
export type State = typeof states.$inferSelect;
export type City = typeof cities.$inferSelect;
