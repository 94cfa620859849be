/**
 * catalogue_search (migrations 0016, 0017; decision 017) is kept by triggers: every writer leaves
 * it equal to what products, product_genders and product_colours say, in the same transaction, so
 * the very next search sees each change. Checked through the real server for an order taking the
 * last piece, a stock adjustment, a stock import's write, a price change and a style deactivated.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productGenders, products } from '../../db/schema.ts';
import { queryRows } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createProduct, createRetailer, createStaffUser } from '../../test/factories.ts';
import { headersFor, placeOrder } from '../../test/invoices.ts';
import { setStockLevel } from '../stock/service.ts';

type Headers = { authorization: string };

let t: TestApp;
let admin: Headers;
let retailer: Headers;
let adminUserId: number;

beforeAll(async () => {
  t = await buildTestApp();
  const staff = await createStaffUser(t.db, 'admin');
  adminUserId = staff.userId;
  admin = await headersFor(t, staff);
  retailer = await headersFor(t, await createRetailer(t.db, { stateCode: '36' }));
});

afterAll(async () => {
  await t?.close();
});

/** The search table as it is, and as the base tables say it should be: they must be equal. */
async function expectSearchTableRight() {
  const columns = sql`id, brand_id, product_type_id, frame_shape_id, material_id, size_id, gender_ids, colour_ids, in_stock,
    net_price_paise, to_char(release_date, 'YYYY-MM-DD') as release_date, name_key, model_key, search_text, search_compact, model_compact`;
  const stored = await queryRows(t.db, sql`select ${columns} from catalogue_search order by id`);
  const derived = await queryRows(
    t.db,
    sql`select ${columns} from (
      select p.id, p.brand_id, p.product_type_id, p.frame_shape_id, p.material_id, p.size_id,
        array(select g.gender_id from product_genders g where g.product_id = p.id order by g.gender_id) as gender_ids,
        array(select distinct c.frame_colour_id from product_colours c where c.product_id = p.id order by 1) as colour_ids,
        exists (select 1 from product_colours c where c.product_id = p.id and c.available_stock_quantity > 0) as in_stock,
        p.net_price_paise, p.release_date, lower(p.product_name) as name_key, lower(p.model_name) as model_key,
        p.search_text, p.search_compact, p.model_compact
      from products p where p.is_active) d
    order by id`,
  );
  expect(stored).toEqual(derived);
}

/** getAll for the style's model number; `inStock` adds isAvailable=true. */
async function find(code: string, inStock = false): Promise<{ count: number; netPrice: number | undefined }> {
  const search = `searchText=${code}${inStock ? '&isAvailable=true' : ''}`;
  const response = await t.app.inject({ url: `/api/Product/getAll?search=${encodeURIComponent(search)}&pageNumber=1&pageSize=5`, headers: retailer });
  expect(response.statusCode, response.body).toBe(200);
  const data = response.json().Data;
  expect(data.countIsLowerBound).toBe(false);
  return { count: data.searchResults['@odata.count'], netPrice: data.searchResults.value[0]?.netPrice };
}

async function codeOf(productId: number): Promise<string> {
  const [row] = await t.db.select({ code: products.modelName }).from(products).where(eq(products.id, productId));
  return row!.code;
}

describe('catalogue_search, kept by triggers', () => {
  it('follows an order taking the last piece, a stock adjustment and a stock import at once', async () => {
    const style = await createProduct(t.db, { stocks: [1, 0] });
    const code = await codeOf(style.productId);
    await expectSearchTableRight();
    expect(await find(code, true)).toMatchObject({ count: 1 });

    await placeOrder(t, retailer, [{ productId: style.productId, colorVariant: 'C1', quantity: 1 }]);
    await expectSearchTableRight();
    expect((await find(code, true)).count).toBe(0);
    expect((await find(code)).count).toBe(1);

    const adjusted = await t.app.inject({
      method: 'POST',
      url: '/api/admin/stock-adjustments',
      headers: admin,
      payload: { productColourId: style.variants[1]!.id, change: 4, reason: 'delivery' },
    });
    expect(adjusted.statusCode, adjusted.body).toBe(200);
    await expectSearchTableRight();
    expect((await find(code, true)).count).toBe(1);

    // What a stock import applies for each row of its sheet (modules/imports writes through this).
    await t.db.transaction((tx) =>
      setStockLevel(tx, { productColourId: style.variants[1]!.id, level: 0, actorUserId: adminUserId, at: t.clock.now() }),
    );
    await expectSearchTableRight();
    expect((await find(code, true)).count).toBe(0);
  });

  it('follows a price change, genders and a style deactivated and activated again', async () => {
    const style = await createProduct(t.db, { stocks: [3], netPricePaise: 150_000 });
    const code = await codeOf(style.productId);
    const patched = await t.app.inject({ method: 'PATCH', url: `/api/admin/products/${style.productId}`, headers: admin, payload: { netPrice: 1750 } });
    expect(patched.statusCode, patched.body).toBe(200);
    await expectSearchTableRight();
    expect(await find(code)).toEqual({ count: 1, netPrice: 1750 });

    const [gender] = await queryRows<{ id: number }>(t.db, sql`insert into genders (name) values ('Search Table Test') returning id`);
    await t.db.insert(productGenders).values({ productId: style.productId, genderId: gender!.id });
    await expectSearchTableRight();
    await t.db.delete(productGenders).where(eq(productGenders.productId, style.productId));
    await expectSearchTableRight();

    const off = await t.app.inject({ method: 'POST', url: `/api/admin/products/${style.productId}/deactivate`, headers: admin });
    expect(off.statusCode, off.body).toBe(200);
    await expectSearchTableRight();
    expect((await find(code)).count).toBe(0);
    const on = await t.app.inject({ method: 'POST', url: `/api/admin/products/${style.productId}/activate`, headers: admin });
    expect(on.statusCode, on.body).toBe(200);
    await expectSearchTableRight();
    expect((await find(code)).count).toBe(1);

    await t.db.delete(products).where(eq(products.id, style.productId));
    await expectSearchTableRight();
  });
});
