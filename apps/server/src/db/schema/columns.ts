/**
 * Column helpers shared by every area of the schema (conventions in ../schema.ts). Not re-exported
 * by the barrel: drizzle-kit reads only tables and sequences from it.
 */
import { sql } from 'drizzle-orm';
import { bigint, numeric, timestamp } from 'drizzle-orm/pg-core';

export const paise = () => bigint({ mode: 'number' });
export const percent = () => numeric({ precision: 5, scale: 2, mode: 'number' });
export const tstz = () => timestamp({ withTimezone: true, mode: 'date' });
export const createdAt = () => tstz().notNull().defaultNow();
export const updatedAt = () =>
  tstz()
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** `'a', 'b'` for use in a CHECK (...) IN (...) list; values are our own constants. */
export function sqlList(values: readonly string[]) {
  return sql.raw(values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', '));
}
