import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Db } from '../db/client.ts';
import {
  brands,
  cartLines,
  carts,
  cities,
  colours,
  countries,
  productColours,
  products,
  retailers,
  roles,
  states,
  users,
} from '../db/schema.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';

/** The PostgreSQL error (SQLSTATE code + constraint) behind a drizzle error, whatever the driver. */
async function pgError(promise: Promise<unknown>): Promise<{ code?: string; constraint?: string }> {
  try {
    await promise;
  } catch (error) {
    let e: unknown = error;
    while (e && typeof e === 'object') {
      const o = e as { code?: unknown; constraint?: unknown; cause?: unknown };
      if (typeof o.code === 'string' && /^[0-9A-Z]{5}$/.test(o.code)) {
        return { code: o.code, ...(typeof o.constraint === 'string' ? { constraint: o.constraint } : {}) };
      }
      e = o.cause;
    }
    throw error;
  }
  throw new Error('expected the statement to fail');
}

async function insertBasics(db: Db) {
  await db.insert(roles).values([
    { id: 1, code: 'admin', name: 'Admin' },
    { id: 2, code: 'retailer', name: 'Retailer' },
  ]);
  const [country] = await db.insert(countries).values({ code: 'IN', name: 'India' }).returning();
  const [state] = await db
    .insert(states)
    .values({ countryId: country!.id, name: 'Telangana', stateCode: '36', tin: '36' })
    .returning();
  const [city] = await db.insert(cities).values({ stateId: state!.id, code: 'HYD', name: 'Hyderabad' }).returning();
  const [brand] = await db.insert(brands).values({ code: 'FC', name: 'Frameport Classic' }).returning();
  const [colour] = await db.insert(colours).values({ name: 'Black', hexCode: '#111111' }).returning();
  await db.execute(sql`insert into product_types (id, code, name) values (1, 'eyeglasses', 'Eyeglasses frame')`);
  const [product] = await db
    .insert(products)
    .values({
      productCode: 'P-1',
      modelName: 'FC-RO-1001',
      modelCode: 'FC-RO',
      productName: 'Frameport Classic Round 1001',
      brandId: brand!.id,
      productTypeId: 1,
      hsnCode: '9003',
      gstRatePercent: 5,
      netPricePaise: 89_900,
    })
    .returning();
  const [variant] = await db
    .insert(productColours)
    .values({
      productId: product!.id,
      colorVariant: 'C1',
      variantNumber: 1,
      frameColourId: colour!.id,
      templeColourId: colour!.id,
      availableStockQuantity: 5,
    })
    .returning();
  const [retailer] = await db
    .insert(retailers)
    .values({
      businessName: 'Vision Point Opticals',
      firstName: 'Ravi',
      email: 'owner@visionpoint.test',
      phone: '+919876543210',
      address: '1 MG Road',
      cityId: city!.id,
      stateId: state!.id,
      countryId: country!.id,
      pinCode: '500001',
    })
    .returning();
  return { product: product!, variant: variant!, retailer: retailer!, state: state! };
}

describe('database constraints', () => {
  let database: TestDatabase;
  let basics: Awaited<ReturnType<typeof insertBasics>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    basics = await insertBasics(database.db);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('applies the migrations (tables and pg_trgm exist)', async () => {
    await database.ping();
    const ext = await queryRows<{ extname: string }>(
      database.db,
      sql`select extname from pg_extension where extname = 'pg_trgm'`,
    );
    expect(ext).toHaveLength(1);
    const tables = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*) as n from information_schema.tables where table_schema = 'public' and table_name in ('products', 'orders', 'invoices', 'sessions')`,
    );
    expect(tables[0]?.n).toBe(4);
    // Migrating again is a no-op.
    await database.migrate();
  });

  it('reads bigint paise and numeric rates back as numbers', async () => {
    const [row] = await database.db
      .select({ price: products.netPricePaise, rate: products.gstRatePercent, search: products.searchText })
      .from(products);
    expect(row).toEqual({ price: 89_900, rate: 5, search: 'fc-ro-1001 fc-ro p-1 frameport classic round 1001 ' });
  });

  it('never lets stock go below zero', async () => {
    const err = await pgError(
      database.db.update(productColours).set({ availableStockQuantity: sql`available_stock_quantity - 6` }),
    );
    expect(err.code).toBe('23514');
    expect(err.constraint).toBe('product_colours_stock_nonneg');
  });

  it('rejects a cart line with quantity 0', async () => {
    const [cart] = await database.db.insert(carts).values({ retailerId: basics.retailer.id }).returning();
    const err = await pgError(
      database.db.insert(cartLines).values({ cartId: cart!.id, productColourId: basics.variant.id, quantity: 0 }),
    );
    expect(err.code).toBe('23514');
    expect(err.constraint).toBe('cart_lines_quantity_positive');
  });

  it('rejects two users whose emails differ only in case', async () => {
    await database.db.insert(users).values({ email: 'Admin@Frameport.test', passwordHash: 'x', roleId: 1, name: 'A' });
    const err = await pgError(
      database.db.insert(users).values({ email: 'admin@frameport.TEST', passwordHash: 'x', roleId: 1, name: 'B' }),
    );
    expect(err.code).toBe('23505');
    expect(err.constraint).toBe('users_email_lower_unique');
  });

  it('rejects a row pointing at a missing parent', async () => {
    const err = await pgError(
      database.db.insert(users).values({ email: 'ghost@frameport.test', passwordHash: 'x', roleId: 99, name: 'G' }),
    );
    expect(err.code).toBe('23503');
  });

  it('derives invoice balance and payment status in the database', async () => {
    const rows = await queryRows<{ balance_paise: number; payment_status: string }>(database.db, sql`
      with o as (
        insert into orders (order_ref_no, retailer_id, placed_by_user_id, bill_to_business_name, bill_to_address,
          bill_to_city, bill_to_state, bill_to_state_code, bill_to_country, bill_to_pin_code, company_state_code,
          total_quantity, subtotal_paise, taxable_paise, total_paise)
        values ('FP/2026-27/000001', ${basics.retailer.id}, (select min(id) from users), 'V', 'A', 'Hyderabad',
          'Telangana', '36', 'India', '500001', '36', 1, 1000, 1000, 1050)
        returning id
      )
      insert into invoices (invoice_no, financial_year, order_id, retailer_id, invoice_date, amount_paise, paid_paise)
      select 'FP/26-27/00001', '2026-27', o.id, ${basics.retailer.id}, '2026-05-01', 1050, 50 from o
      returning balance_paise, payment_status`);
    expect(rows[0]).toMatchObject({ balance_paise: 1000, payment_status: 'Partially Paid' });
    const err = await pgError(database.db.execute(sql`update invoices set paid_paise = 2000`));
    expect(err.code).toBe('23514');
  });
});
