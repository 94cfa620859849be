import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyCatalogueQuery } from '@frameport/domain';
import type { Product } from '@frameport/domain/contract';
import { catalogueVersion, discountRules, productColours, products, retailers, states } from '../../db/schema.ts';
import { DEMO_EMAILS, DEMO_PASSWORDS, seedDemo } from '../../db/seed/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { loginAs } from '../../test/factories.ts';
import { createCatalogueService } from './service.ts';

/**
 * The catalogue read cache: repeated reads come from memory, and every write to the catalogue
 * (stock, price, discount rules — by any writer) is seen by the very next read.
 */
let t: TestApp;
let headers: { authorization: string };

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t.db, { products: 30, now: new Date('2026-11-01') });
  headers = (await loginAs(t.app, { email: DEMO_EMAILS.retailer, password: DEMO_PASSWORDS.retailer })).headers;
});

afterAll(async () => {
  await t.close();
});

async function version() {
  const [row] = await t.db.select({ version: catalogueVersion.version }).from(catalogueVersion);
  return row?.version;
}

async function firstPage(): Promise<Product[]> {
  const response = await t.app.inject({ url: '/api/Product/getAll?pageNumber=1&pageSize=5', headers });
  expect(response.statusCode).toBe(200);
  return response.json().Data.searchResults.value;
}

describe('catalogue read cache', () => {
  it('answers a repeated read from memory', async () => {
    const catalogue = createCatalogueService({ db: t.db, clock: t.clock, cache: true });
    const query = emptyCatalogueQuery();
    const first = await catalogue.search(query, { pageNumber: 1, pageSize: 5 }, null);
    const second = await catalogue.search(query, { pageNumber: 1, pageSize: 5 }, null);
    expect(second).toEqual(first);
    expect(catalogue.cacheStats()).toMatchObject({ hits: 1, misses: 1 });
  });

  it('the bill-to GST state code comes with the page and follows the retailer at once, cached or not', async () => {
    const [retailer] = await t.db
      .select({ id: retailers.id, stateId: retailers.stateId, gstin: retailers.gstin })
      .from(retailers)
      .where(eq(retailers.email, DEMO_EMAILS.retailer));
    const [karnataka] = await t.db.select({ id: states.id }).from(states).where(eq(states.stateCode, '29'));
    const withCache = createCatalogueService({ db: t.db, clock: t.clock, cache: true });
    const withoutCache = createCatalogueService({ db: t.db, clock: t.clock, cache: false });
    const page = { pageNumber: 1, pageSize: 5 };
    const searches = [emptyCatalogueQuery(), { ...emptyCatalogueQuery(), isAvailable: true }];
    const codes = async () => {
      const answers = [];
      for (const catalogue of [withCache, withoutCache]) {
        for (const query of searches) answers.push((await catalogue.search(query, page, retailer!.id)).billToGstStateCode);
      }
      return answers;
    };
    // A GSTIN's first two digits decide (Telangana's 36 here); nobody acting: none.
    expect(await codes()).toEqual(['36', '36', '36', '36']);
    expect((await withCache.search(emptyCatalogueQuery(), page, null)).billToGstStateCode).toBeNull();
    expect((await withoutCache.search(emptyCatalogueQuery(), page, null)).billToGstStateCode).toBeNull();
    try {
      // Moved to Karnataka without a GSTIN: its state's code (the move changes the catalogue version).
      await t.db.update(retailers).set({ stateId: karnataka!.id, gstin: null }).where(eq(retailers.id, retailer!.id));
      const hits = withCache.cacheStats()!.hits;
      expect(await codes()).toEqual(['29', '29', '29', '29']);
      expect((await withCache.search(emptyCatalogueQuery(), page, retailer!.id)).billToGstStateCode).toBe('29');
      expect(withCache.cacheStats()!.hits).toBe(hits + 1);
      // A GSTIN decides over the state it is filed in.
      await t.db.update(retailers).set({ gstin: retailer!.gstin }).where(eq(retailers.id, retailer!.id));
      expect(await codes()).toEqual(['36', '36', '36', '36']);
    } finally {
      await t.db.update(retailers).set({ stateId: retailer!.stateId, gstin: retailer!.gstin }).where(eq(retailers.id, retailer!.id));
    }
  });

  it('sees a stock change at once', async () => {
    const [product] = await firstPage();
    const variant = product!.productColor[0]!;
    await firstPage(); // cached now
    await t.db
      .update(productColours)
      .set({ availableStockQuantity: variant.availableStockQuantity + 7 })
      .where(eq(productColours.id, variant.productColorId));
    const [after] = await firstPage();
    const changed = after!.productColor.find((colour) => colour.productColorId === variant.productColorId);
    expect(changed?.availableStockQuantity).toBe(variant.availableStockQuantity + 7);
  });

  it('sees a price change and a new discount rule at once', async () => {
    const [product] = await firstPage();
    await t.db.update(products).set({ netPricePaise: 123_400 }).where(eq(products.id, product!.productId));
    const [repriced] = await firstPage();
    expect(repriced!.netPrice).toBe(1234);

    await t.db.update(discountRules).set({ isActive: false });
    const [undiscounted] = await firstPage();
    expect(undiscounted!.selectedDiscount).toBeNull();
    expect(undiscounted!.discountedPrice).toBe(1234);
  });

  it('does not bump the version for stock (orders would queue on it), but does for a colour’s other columns', async () => {
    const before = await version();
    await t.db.update(productColours).set({ availableStockQuantity: sql`available_stock_quantity + 1`, updatedOn: new Date() }).where(sql`true`);
    expect(await version()).toBe(before);
    const [colour] = await t.db.select().from(productColours).limit(1);
    await t.db.update(productColours).set({ templeColourId: colour!.templeColourId }).where(eq(productColours.id, colour!.id));
    expect(await version()).toBe((before ?? 0) + 1);
  });

  it('bumps the version once per committed transaction, and not for a rolled-back one', async () => {
    const before = await version();
    await t.db.transaction(async (tx) => {
      await tx.update(products).set({ weightGrams: 20 }).where(sql`true`);
      await tx.update(productColours).set({ availableStockQuantity: sql`available_stock_quantity` }).where(sql`true`);
    });
    expect(await version()).toBe((before ?? 0) + 1);

    const after = await version();
    await expect(
      t.db.transaction(async (tx) => {
        await tx.update(products).set({ weightGrams: 21 }).where(sql`true`);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await version()).toBe(after);
  });
});
