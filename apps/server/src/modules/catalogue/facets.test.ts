/**
 * GET /api/Product/getFacets through the real server: for several searches (text, price,
 * availability and filter groups kept), every option's count equals getAll's '@odata.count' for
 * the same search with that option chosen in its group (the group's own choices replaced), `total`
 * equals getAll's count of the search and `available` its count with isAvailable=true. And
 * relevance read from the newest full-score styles and the bonus rows gives the same pages as
 * ranking every match, and related products read one tier at a time are those of scoring every style.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCatalogueSearch, parseCatalogueSearch, type CatalogueQuery } from '@frameport/domain';
import { FacetsResponseSchema, IN_FILTER_KEYS, type Facets } from '@frameport/domain/contract';
import { DEMO_EMAILS, DEMO_PASSWORDS, seedDemo } from '../../db/seed/index.ts';
import { productColours, productGenders, products } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createProduct, createRetailer, createStaffUser, loginAs } from '../../test/factories.ts';
import { headersFor, placeOrder } from '../../test/invoices.ts';
import { queryRows } from '../../db/client.ts';
import { createFacetIndex } from './facets-index.ts';
import { catalogueSearchSql, FACET_AVAILABLE, FACET_BITS, FACET_TOTAL, facetsSql, type FacetRow, relatedProductsSql } from './search.ts';

let t: TestApp;
let headers: { authorization: string };

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t.db, { products: 60, now: new Date('2026-11-01') });
  headers = (await loginAs(t.app, { email: DEMO_EMAILS.retailer, password: DEMO_PASSWORDS.retailer })).headers;
});

afterAll(async () => {
  await t?.close();
});

function parse(search: string): CatalogueQuery {
  const parsed = parseCatalogueSearch(search);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.query;
}

/** getAll's count (from the bitsets since decision 019), checked against its statement's own count where that matched. */
async function countOf(query: CatalogueQuery): Promise<number> {
  const search = encodeURIComponent(buildCatalogueSearch(query));
  const response = await t.app.inject({ url: `/api/Product/getAll?search=${search}&pageNumber=1&pageSize=1`, headers });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().Data.countIsLowerBound).toBe(false);
  const count: number = response.json().Data.searchResults['@odata.count'];
  const unbounded = { countLimits: { text: 1_000_000, other: 1_000_000 } };
  const [row] = await queryRows<{ total: number }>(t.db, catalogueSearchSql(query, { pageNumber: 1, pageSize: 1 }, { retailerId: null, now: new Date() }, 'literal', unbounded));
  // Nothing matched literally: getAll's count is its corrected retry's, if any.
  if (Number(row?.total) > 0) expect(count, buildCatalogueSearch(query)).toBe(Number(row?.total));
  return count;
}

async function facetsOf(search: string): Promise<Facets> {
  const response = await t.app.inject({ url: `/api/Product/getFacets?search=${encodeURIComponent(search)}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return FacetsResponseSchema.parse(response.json().Data);
}

const SEARCHES = [
  '',
  'searchText=black&netPrice_From=500&netPrice_To=2500',
  'isAvailable=true&frameMaterialId=1,2&genderIdList=1&sortBy=netPrice&orderBy=Asc',
  'frameShapeId=1,3&frameColorIdList=1,2,3&brandId=1,2,3&searchText=frame',
];

describe('GET /api/Product/getFacets', () => {
  it.each(SEARCHES)('counts what getAll would find with each option chosen: %s', async (search) => {
    const query = parse(search);
    const facets = await facetsOf(search);
    expect(facets.total).toBe(await countOf(query));
    expect(facets.available).toBe(await countOf({ ...query, isAvailable: true }));
    expect(facets.facets.map((group) => group.Key).sort()).toEqual([...IN_FILTER_KEYS].sort());
    let nonZero = 0;
    for (const group of facets.facets) {
      for (const option of group.Counts) {
        const chosen = { ...query, filters: { ...query.filters, [group.Key]: [option.Id] } };
        expect(option.Count, `${group.Key}=${option.Id}`).toBe(await countOf(chosen));
        if (option.Count > 0) nonZero += 1;
      }
    }
    expect(nonZero).toBeGreaterThan(0);
  });

  it('lists every option of getFilters, in its order, and ignores sort and page', async () => {
    const filters = await t.app.inject({ url: '/api/Product/getFilters', headers });
    const inGroups = (filters.json().Data as { Key: string; Data: { Id: number }[] }[]).filter((group) => group.Key !== 'netPrice');
    const facets = await facetsOf('searchText=black&sortBy=productName&orderBy=Asc');
    expect(facets.facets.map((group) => [group.Key, group.Counts.map((option) => option.Id)])).toEqual(
      inGroups.map((group) => [group.Key, group.Data.map((option) => option.Id)]),
    );
    expect(await facetsOf('searchText=black')).toEqual(facets);
  });

  it('corrects a mistyped word as getAll does, refuses a bad search, and is described in /api/docs', async () => {
    const typo = await facetsOf('searchText=blak');
    expect(typo.total).toBe(await countOf(parse('searchText=blak')));
    expect(typo.total).toBeGreaterThan(0);
    const bad = await t.app.inject({ url: `/api/Product/getFacets?search=${encodeURIComponent('sortBy=nonsense')}`, headers });
    expect(bad.statusCode).toBe(400);
    const anonymous = await t.app.inject({ url: '/api/Product/getFacets' });
    expect(anonymous.statusCode).toBe(401);
    const docs = await t.app.inject({ url: '/api/docs/json' });
    expect(Object.keys(docs.json().paths)).toContain('/api/Product/getFacets');
  });
});

describe('relevance without ranking every match', () => {
  it.each(['black', 'aviator', 'frame', 'urban optix', 'black metal round', 'uo', 'fc-re-10', 'acetate women'])(
    'gives the same pages as ranking every match: %s',
    async (text) => {
      const query = parse(`searchText=${text}`);
      const pricing = { retailerId: null, now: new Date('2026-11-01') };
      for (const [pageNumber, pageSize] of [
        [1, 5],
        [2, 5],
        [3, 7],
        [1, 40],
      ] as const) {
        const ids = async (rankEveryMatch: boolean) =>
          (await queryRows<{ id: number | null; total: number }>(t.db, catalogueSearchSql(query, { pageNumber, pageSize }, pricing, 'literal', { rankEveryMatch })))
            .filter((row) => row.id !== null)
            .map((row) => [row.id, Number(row.total)]);
        expect(await ids(false), `${text} page ${pageNumber} of ${pageSize}`).toEqual(await ids(true));
      }
    },
  );
});

describe('related products, one tier at a time', () => {
  it('are the best 8 of scoring every style of the type (same shape 4, brand 2, material 1, then newest)', async () => {
    const pricing = { retailerId: null, now: new Date('2026-11-01') };
    const styles = await queryRows<{ id: number }>(t.db, sql`select id from products where is_active order by id limit 25`);
    for (const { id } of styles) {
      const tiered = (await queryRows<{ id: number }>(t.db, relatedProductsSql(id, 8, pricing))).map((row) => row.id);
      const scored = await queryRows<{ id: number }>(
        t.db,
        sql`select p.id from products o
          join products p on p.product_type_id = o.product_type_id and p.id <> o.id and p.is_active
            and (p.frame_shape_id = o.frame_shape_id or p.brand_id = o.brand_id)
          where o.id = ${id}
          order by (case when p.frame_shape_id = o.frame_shape_id then 4 else 0 end
            + case when p.brand_id = o.brand_id then 2 else 0 end
            + case when p.material_id = o.material_id then 1 else 0 end) desc, p.release_date desc nulls last, p.id desc
          limit 8`,
      );
      expect(tiered, `style ${id}`).toEqual(scored.map((row) => row.id));
    }
  });
});

/**
 * The bitsets (facets-index.ts) against the counts computed in SQL over catalogue_search in the
 * same moment (facetsSql, what getFacets answered before them), through two app instances on one
 * database (two replicas, each with its own bitsets), right after writes made through either.
 */
describe('getFacets from the bitsets of two replicas, right after every write', () => {
  let u: TestApp;
  let admin: { authorization: string };
  let retailer: { authorization: string };

  beforeAll(async () => {
    u = await buildTestApp({ database: t.database });
    admin = await headersFor(t, await createStaffUser(t.db, 'admin'));
    retailer = await headersFor(t, await createRetailer(t.db, { stateCode: '36' }));
  });

  afterAll(async () => {
    await u?.close();
  });

  async function facetsOn(app: TestApp, search: string): Promise<Facets> {
    const response = await app.app.inject({ url: `/api/Product/getFacets?search=${encodeURIComponent(search)}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return FacetsResponseSchema.parse(response.json().Data);
  }

  /** What facetsSql counts now, on the options the answer lists. */
  async function expected(search: string, answer: Facets): Promise<Facets> {
    const rows = await queryRows<FacetRow>(t.db, facetsSql(parse(search), 'literal'));
    const count = (bit: number, id: number | null) => Number(rows.find((row) => row.bit === bit && row.id === id)?.count ?? 0);
    return {
      facets: answer.facets.map((group) => ({
        Key: group.Key,
        Counts: group.Counts.map((option) => ({ Id: option.Id, Count: count(FACET_BITS[group.Key], option.Id) })),
      })),
      available: count(FACET_AVAILABLE, null),
      total: count(FACET_TOTAL, null),
    };
  }

  const CHECKED = [
    '',
    'isAvailable=true',
    'isAvailable=true&frameColorIdList=1,2',
    'frameMaterialId=1,2&genderIdList=1,4&netPrice_From=500&netPrice_To=1800',
    'brandId=1,2&frameShapeId=1,2,3&sizeId=1&productTypeId=1',
    'searchText=black&isAvailable=true&genderIdList=2',
    'modelName=t-&netPrice_To=2000',
    'searchText=red men&frameMaterialId=1,2',
    'searchText=urban optix&isAvailable=true',
  ];

  /** Both replicas, several searches at once, each equal to SQL. */
  async function expectBothRight(extra: string[] = []) {
    for (const search of [...CHECKED, ...extra]) {
      const answers = await Promise.all([facetsOn(t, search), facetsOn(u, search), facetsOn(t, search), facetsOn(u, search)]);
      const want = await expected(search, answers[0]!);
      for (const answer of answers) expect(answer, search).toEqual(want);
    }
  }

  it('equal the SQL counts for searches with and without text, price, stock and every group', async () => {
    await expectBothRight(['searchText=frame&frameShapeId=1,3', 'frameColorIdList=3&brandId=3&isAvailable=true']);
  });

  it('follow an order taking the last piece of a colour, placed on the other replica', async () => {
    const style = await createProduct(t.db, { stocks: [1, 0] });
    const [colour] = await t.db.select({ id: productColours.frameColourId }).from(productColours).where(eq(productColours.productId, style.productId));
    const search = `isAvailable=true&frameColorIdList=${colour!.id}`;
    const before = await facetsOn(t, search);
    await expectBothRight([search]);
    await placeOrder(u, retailer, [{ productId: style.productId, colorVariant: 'C1', quantity: 1 }]);
    const after = await facetsOn(t, search);
    expect(after.total).toBe(before.total - 1);
    await expectBothRight([search]);
  });

  it('follow a price change, genders and colours edited, and a style deactivated and activated, on either replica', async () => {
    const style = await createProduct(t.db, { stocks: [2, 3], netPricePaise: 150_000 });
    const priced = 'netPrice_From=1700&netPrice_To=1800';
    await expectBothRight([priced]);
    const before = (await facetsOn(u, priced)).total;
    const patched = await t.app.inject({ method: 'PATCH', url: `/api/admin/products/${style.productId}`, headers: admin, payload: { netPrice: 1750 } });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((await facetsOn(u, priced)).total).toBe(before + 1);
    await expectBothRight([priced]);

    await t.db.insert(productGenders).values([{ productId: style.productId, genderId: 1 }, { productId: style.productId, genderId: 2 }]);
    await expectBothRight();
    await t.db.delete(productGenders).where(eq(productGenders.productId, style.productId));
    await t.db.update(productColours).set({ frameColourId: 2 }).where(eq(productColours.id, style.variants[1]!.id));
    await expectBothRight();

    const off = await u.app.inject({ method: 'POST', url: `/api/admin/products/${style.productId}/deactivate`, headers: admin });
    expect(off.statusCode, off.body).toBe(200);
    expect((await facetsOn(t, priced)).total).toBe(before);
    await expectBothRight([priced]);
    const on = await t.app.inject({ method: 'POST', url: `/api/admin/products/${style.productId}/activate`, headers: admin });
    expect(on.statusCode, on.body).toBe(200);
    await expectBothRight([priced]);

    // Each replica keeps the styles matching a text it was asked for; a new name must reach them.
    const named = 'searchText=zyxwvq&isAvailable=true';
    await expectBothRight([named]);
    expect((await facetsOn(u, named)).total).toBe(0);
    await t.db.update(products).set({ productName: 'Zyxwvq Special' }).where(eq(products.id, style.productId));
    expect((await facetsOn(u, named)).total).toBe(1);
    expect((await facetsOn(t, named)).total).toBe(1);
    await expectBothRight([named]);
  });

  it('reload everything after a bulk change or a TRUNCATE is logged (a null product id)', async () => {
    await expectBothRight();
    // A change that bypasses the per-style log, as the seed's bulk fill does: the reload marker covers it.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('frameport.catalogue_search_bulk', 'on', true)`);
      await tx.execute(sql`update products set net_price_paise = 123400 where id in (select id from products where is_active order by id limit 5)`);
      await tx.execute(sql`alter table catalogue_search disable trigger catalogue_search_log_update`);
      await tx.execute(sql`update catalogue_search s set net_price_paise = p.net_price_paise from products p where p.id = s.id`);
      await tx.execute(sql`alter table catalogue_search enable trigger catalogue_search_log_update`);
      await tx.execute(sql`insert into catalogue_search_changes (product_id) values (null)`);
    });
    await expectBothRight(['netPrice_From=1234&netPrice_To=1234']);
    expect((await facetsOn(u, 'netPrice_From=1234&netPrice_To=1234')).total).toBeGreaterThanOrEqual(5);
  });
});

/**
 * Calls that need nothing of their own from the refresh statement share the next one not yet
 * started (facets-index.ts `matchesAfterRefresh`): a burst costs one or two statements, not one
 * each, and a call still sees every write committed before it came.
 */
describe('the bitsets refresh shared by calls arriving together', () => {
  it('answers a burst with at most two refresh statements, each call exact, and sees a write made just before', async () => {
    let statements = 0;
    const counted = new Proxy(t.db, {
      get(target, property, receiver) {
        if (property !== 'execute') return Reflect.get(target, property, receiver);
        return (...args: Parameters<typeof target.execute>) => {
          statements += 1;
          return target.execute(...args);
        };
      },
    });
    const index = createFacetIndex(counted);
    const searches = ['', 'genderIdList=1', 'searchText=black', 'isAvailable=true&frameShapeId=1,3', 'searchText=frame&brandId=1,2'];
    await index.total(parse(''));
    statements = 0;
    const totals = await Promise.all([...searches, ...searches].map((search) => index.total(parse(search))));
    expect(statements).toBeLessThanOrEqual(2);
    for (const [i, search] of [...searches, ...searches].entries()) {
      const rows = await queryRows<FacetRow>(t.db, facetsSql(parse(search), 'literal'));
      expect(totals[i], search).toBe(Number(rows.find((row) => row.bit === FACET_TOTAL)?.count ?? 0));
    }

    // A text matched in SQL (a short word) runs its own statement.
    statements = 0;
    await Promise.all([index.total(parse('searchText=red')), index.total(parse(''))]);
    expect(statements).toBe(2);

    // A write committed before the call is counted by it, while another refresh is in flight.
    const before = await index.total(parse(''));
    const inFlight = index.total(parse('genderIdList=1'));
    await createProduct(t.db, { stocks: [1] });
    const [after] = await Promise.all([index.total(parse('')), inFlight]);
    expect(after).toBe(before + 1);
  });
});
