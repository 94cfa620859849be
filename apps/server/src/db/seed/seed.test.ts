import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../adapters/password-hash.ts';
import { createTestDatabase, type TestDatabase } from '../../test/db.ts';
import { queryRows } from '../client.ts';
import { invoices, orderLines, orders, productColours, products, roles, salesExecutiveRetailers, states, users } from '../schema.ts';
import { isValidGstin, makeGstin } from './gstin.ts';
import { isDatabaseEmpty, resetDatabase, seedDemo } from './index.ts';

const NOW = new Date('2026-11-20T06:30:00Z');

async function productRows(database: TestDatabase) {
  return database.db
    .select({
      id: products.id,
      productCode: products.productCode,
      modelName: products.modelName,
      productName: products.productName,
      brandId: products.brandId,
      productTypeId: products.productTypeId,
      frameShapeId: products.frameShapeId,
      netPricePaise: products.netPricePaise,
      releaseDate: products.releaseDate,
      searchText: products.searchText,
      description: products.description,
    })
    .from(products)
    .orderBy(asc(products.id));
}

describe('demo seed', () => {
  let a: TestDatabase;
  let b: TestDatabase;

  beforeAll(async () => {
    [a, b] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    expect(await isDatabaseEmpty(a.db)).toBe(true);
    await seedDemo(a.db, { products: 200, now: NOW });
    await seedDemo(b.db, { products: 200, now: NOW });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('is deterministic: the same seed gives the same products and variants', async () => {
    const [pa, pb] = [await productRows(a), await productRows(b)];
    expect(pa).toHaveLength(200);
    expect(pb).toEqual(pa);
    const variants = (database: TestDatabase) =>
      database.db.select().from(productColours).orderBy(asc(productColours.id));
    const strip = (rows: Awaited<ReturnType<typeof variants>>) => rows.map(({ updatedOn: _u, ...rest }) => rest);
    expect(strip(await variants(b))).toEqual(strip(await variants(a)));
    expect(await isDatabaseEmpty(a.db)).toBe(false);
  });

  it('creates the four demo accounts with their roles and passwords', async () => {
    const rows = await a.db
      .select({ email: users.email, role: roles.code, hash: users.passwordHash, retailerId: users.retailerId })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId));
    const byEmail = new Map(rows.map((r) => [r.email, r]));
    expect(byEmail.get('retailer@frameport.test')?.role).toBe('retailer');
    expect(byEmail.get('retailer.blr@frameport.test')?.role).toBe('retailer');
    expect(byEmail.get('sales@frameport.test')?.role).toBe('salesexecutive');
    expect(byEmail.get('admin@frameport.test')?.role).toBe('admin');
    expect(await verifyPassword(byEmail.get('retailer@frameport.test')!.hash, 'Retailer@123')).toBe(true);
    expect(await verifyPassword(byEmail.get('sales@frameport.test')!.hash, 'Sales@12345')).toBe(true);
    expect(await verifyPassword(byEmail.get('admin@frameport.test')!.hash, 'Admin@12345')).toBe(true);
    // The sales executive is linked to both demo retailers.
    const sales = rows.find((r) => r.email === 'sales@frameport.test')!;
    const [salesUser] = await a.db.select({ id: users.id }).from(users).where(eq(users.email, 'sales@frameport.test'));
    const links = await a.db
      .select({ retailerId: salesExecutiveRetailers.retailerId })
      .from(salesExecutiveRetailers)
      .where(eq(salesExecutiveRetailers.salesExecutiveUserId, salesUser!.id));
    const linked = new Set(links.map((l) => l.retailerId));
    expect(sales.retailerId).toBeNull();
    expect(linked.has(byEmail.get('retailer@frameport.test')!.retailerId!)).toBe(true);
    expect(linked.has(byEmail.get('retailer.blr@frameport.test')!.retailerId!)).toBe(true);
  });

  it('has all 36 states and union territories with GST codes', async () => {
    const rows = await a.db.select({ code: states.stateCode, ut: states.isUnionTerritory }).from(states);
    expect(rows).toHaveLength(36);
    expect(rows.filter((r) => r.ut)).toHaveLength(8);
    const codes = new Set(rows.map((r) => r.code));
    for (const code of ['01', '04', '07', '26', '29', '31', '34', '35', '36', '37', '38']) expect(codes.has(code)).toBe(true);
    // 25, 28, 96, 99 and 97 (Other Territory) are never offered as a delivery state.
    for (const never of ['25', '28', '96', '97', '99']) expect(codes.has(never)).toBe(false);
  });

  it('has out-of-stock variants and 2–5 variants per style', async () => {
    const [zero] = await queryRows<{ n: number }>(a.db, sql`select count(*) as n from product_colours where available_stock_quantity = 0`);
    expect(zero!.n).toBeGreaterThan(0);
    const [range] = await queryRows<{ lo: number; hi: number }>(
      a.db,
      sql`select min(n) as lo, max(n) as hi from (select count(*) as n from product_colours group by product_id) t`,
    );
    expect(range!.lo).toBeGreaterThanOrEqual(2);
    expect(range!.hi).toBeLessThanOrEqual(5);
  });

  it('makes accessories product type 4 with no frame dimensions, at the right GST', async () => {
    const rows = await a.db
      .select({ type: products.productTypeId, eye: products.eyeSizeMm, size: products.sizeId, name: products.productName, hsn: products.hsnCode, rate: products.gstRatePercent })
      .from(products);
    const accessories = rows.filter((r) => /Case|Pouch|Cloth|Cord|Chain/.test(r.name));
    expect(accessories.length).toBeGreaterThan(0);
    for (const r of accessories) {
      expect(r.type).toBe(4);
      expect(r.eye).toBeNull();
      expect(r.size).toBeNull();
    }
    for (const r of rows.filter((x) => x.type === 2)) expect([r.hsn, r.rate]).toEqual(['9004', 18]);
    for (const r of rows.filter((x) => x.type === 1)) expect([r.hsn, r.rate]).toEqual(['9003', 5]);
    for (const r of rows.filter((x) => /Case|Pouch/.test(x.name))) expect([r.hsn, r.rate]).toEqual(['4202', 18]);
  });

  it('gives each demo retailer past orders whose money adds up, and invoices in every payment state', async () => {
    const rows = await a.db
      .select({ id: orders.id, total: orders.totalPaise, taxable: orders.taxablePaise, retailerId: orders.retailerId, ref: orders.orderRefNo })
      .from(orders);
    expect(rows.length).toBeGreaterThan(0);
    // One running number across financial years, and the next order continues after the seeded ones.
    const numbers = rows.map((o) => Number(o.ref.slice(-6))).sort((x, y) => x - y);
    expect(numbers).toEqual(rows.map((_, i) => i + 1));
    const [next] = await queryRows<{ n: string }>(a.db, sql`select nextval('order_number_seq') as n`);
    expect(Number(next!.n)).toBe(rows.length + 1);
    for (const o of rows) {
      expect(o.ref).toMatch(/^FP\/\d{4}-\d{2}\/\d{6}$/);
      const lines = await a.db.select().from(orderLines).where(eq(orderLines.orderId, o.id));
      expect(lines.reduce((s, l) => s + l.lineTotalPaise, 0)).toBe(o.total);
      expect(lines.reduce((s, l) => s + l.taxablePaise, 0)).toBe(o.taxable);
    }
    const [demo] = await a.db.select({ id: users.retailerId }).from(users).where(eq(users.email, 'retailer@frameport.test'));
    const inv = await a.db.select().from(invoices).where(eq(invoices.retailerId, demo!.id!));
    expect(new Set(inv.map((i) => i.paymentStatus))).toEqual(new Set(['Paid', 'Partially Paid', 'Unpaid']));
    for (const i of inv) expect(i.invoiceNo.length).toBeLessThanOrEqual(16);
  });

  it('writes valid GSTINs', async () => {
    expect(makeGstin('36', 'AAPFU0939F')).toBe('36AAPFU0939F1ZW');
    expect(isValidGstin('27AAPFU0939F1ZV')).toBe(true);
    expect(isValidGstin('27AAPFU0939F1ZA')).toBe(false);
    const rows = await queryRows<{ gstin: string }>(a.db, sql`select gstin from retailers`);
    for (const r of rows) expect(isValidGstin(r.gstin)).toBe(true);
  });

  it('resets to empty', async () => {
    await resetDatabase(b.db);
    expect(await isDatabaseEmpty(b.db)).toBe(true);
  });
});
