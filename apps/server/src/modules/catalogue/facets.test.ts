/**
 * GET /api/Product/getFacets through the real server: for several searches (text, price,
 * availability and filter groups kept), every option's count equals getAll's '@odata.count' for
 * the same search with that option chosen in its group (the group's own choices replaced), `total`
 * equals getAll's count of the search and `available` its count with isAvailable=true. And
 * relevance read from the newest full-score styles and the bonus rows gives the same pages as
 * ranking every match, and related products read one tier at a time are those of scoring every style.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCatalogueSearch, parseCatalogueSearch, type CatalogueQuery } from '@frameport/domain';
import { FacetsResponseSchema, IN_FILTER_KEYS, type Facets } from '@frameport/domain/contract';
import { DEMO_EMAILS, DEMO_PASSWORDS, seedDemo } from '../../db/seed/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { loginAs } from '../../test/factories.ts';
import { queryRows } from '../../db/client.ts';
import { catalogueSearchSql, relatedProductsSql } from './search.ts';

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

async function countOf(query: CatalogueQuery): Promise<number> {
  const search = encodeURIComponent(buildCatalogueSearch(query));
  const response = await t.app.inject({ url: `/api/Product/getAll?search=${search}&pageNumber=1&pageSize=1`, headers });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().Data.countIsLowerBound).toBe(false);
  return response.json().Data.searchResults['@odata.count'];
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
