/**
 * Frameport data model (drizzle pg-core), one file per area under schema/; each file says which
 * module writes its tables. See docs/data-model.md. This barrel is what the code and drizzle-kit
 * (apps/server/drizzle.config.ts) import.
 *
 * Conventions:
 * - Tables are plural snake_case; TS fields are camelCase and the drizzle client and
 *   drizzle-kit both use `casing: 'snake_case'`, so `netPricePaise` is `net_price_paise`.
 *   Inside raw `sql` fragments (CHECKs, generated columns, index expressions) column names are
 *   written literally in snake_case, so they do not depend on casing.
 * - Money is integer paise in `bigint` columns read as JS numbers (`mode: 'number'`),
 *   column names end in `_paise`.
 * - Percentages (GST rate, discount %) are `numeric(5,2)` read as JS numbers: 5.00, 18.00, 2.50.
 * - Enum-like values the domain also knows (the accessory product type, invoice payment statuses,
 *   payment link states, role codes) are taken from @frameport/domain, not written again.
 * - Only PostgreSQL 15 features: stored generated columns, CHECKs, partial/expression indexes,
 *   and the `pg_trgm` extension (migration 0000).
 */
export * from './schema/reference.ts';
export * from './schema/accounts.ts';
export * from './schema/catalogue.ts';
export * from './schema/stock.ts';
export * from './schema/pricing.ts';
export * from './schema/content.ts';
export * from './schema/cart.ts';
export * from './schema/orders.ts';
export * from './schema/shipments.ts';
export * from './schema/invoices.ts';
export * from './schema/payments.ts';
export * from './schema/mail.ts';
export * from './schema/ops.ts';
export * from './schema/catalogue-desk.ts';
