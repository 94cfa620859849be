import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IN_FILTER_KEYS, SORT_KEYS } from './contract/catalogue.ts';
import { buildCatalogueSearch, emptyCatalogueQuery, hasActiveFilters, parseCatalogueSearch, type CatalogueQuery } from './catalogue-search.ts';

function parsed(input: string): CatalogueQuery {
  const result = parseCatalogueSearch(input);
  if (!result.ok) throw new Error(result.message);
  return result.query;
}

describe('parseCatalogueSearch', () => {
  it('reads every key of the spec', () => {
    const query = parsed(
      'frameShapeId=2,1&frameColorIdList=3&sizeId=1&brandId=4&productTypeId=2&frameMaterialId=5,6&genderIdList=1,2' +
        '&isAvailable=true&netPrice_From=500&netPrice_To=899.5&sortBy=netPrice&orderBy=asc&searchText=aviator%20gold',
    );
    expect(query).toEqual({
      filters: {
        frameShapeId: [1, 2],
        frameColorIdList: [3],
        sizeId: [1],
        brandId: [4],
        productTypeId: [2],
        frameMaterialId: [5, 6],
        genderIdList: [1, 2],
      },
      isAvailable: true,
      netPriceFrom: 500,
      netPriceTo: 899.5,
      sortBy: 'netPrice',
      orderBy: 'Asc',
      searchText: 'aviator gold',
      modelName: '',
    });
  });

  it('defaults to newest first, and to best match first when there is free text', () => {
    expect(parsed('')).toMatchObject({ sortBy: 'releaseDate', orderBy: 'Desc' });
    expect(parsed('searchText=round')).toMatchObject({ sortBy: 'relevance', orderBy: 'Desc' });
    expect(parsed('searchText=round&sortBy=netPrice&orderBy=Desc')).toMatchObject({ sortBy: 'netPrice' });
    expect(parsed('sortBy=relevance')).toMatchObject({ sortBy: 'releaseDate' });
  });

  it('an express-checkout model lookup also shows the best matches (exact, then prefix) first', () => {
    expect(parsed('modelName=UO-AV')).toMatchObject({ modelName: 'UO-AV', sortBy: 'relevance', orderBy: 'Desc' });
    expect(parsed('modelName=UO-AV&sortBy=modelName&orderBy=Asc')).toMatchObject({ sortBy: 'modelName', orderBy: 'Asc' });
    expect(buildCatalogueSearch({ ...emptyCatalogueQuery(), modelName: 'UO-AV', sortBy: 'relevance', orderBy: 'Desc' })).toBe('modelName=UO-AV');
  });

  it.each([
    ['frameShapeId=abc', '"frameShapeId" must be a comma-separated list of ids, e.g. 1,2.'],
    ['brandId=1,,2', '"brandId" must be a comma-separated list of ids, e.g. 1,2.'],
    ['netPrice_From=-5', '"netPrice_From" must be an amount in rupees, e.g. 500 or 499.50.'],
    ['netPrice_From=900&netPrice_To=500', '"netPrice_From" must not be above "netPrice_To".'],
    ['sortBy=colour', '"sortBy" must be one of: releaseDate, netPrice, productName, modelName, relevance.'],
    ['orderBy=up', '"orderBy" must be Asc or Desc.'],
    ['isAvailable=yes', '"isAvailable" must be true or false.'],
    ['colour=red', 'Unknown search key "colour".'],
    [`searchText=${'x'.repeat(101)}`, '"searchText" must be at most 100 characters long.'],
  ])('%s → %s', (input, message) => {
    expect(parseCatalogueSearch(input)).toEqual({ ok: false, message });
  });

  it('knows when a filter is active', () => {
    expect(hasActiveFilters(parsed('sortBy=netPrice&orderBy=Asc&searchText=x'))).toBe(false);
    expect(hasActiveFilters(parsed('isAvailable=true'))).toBe(true);
    expect(hasActiveFilters(parsed('netPrice_To=800'))).toBe(true);
    expect(hasActiveFilters(parsed('genderIdList=1'))).toBe(true);
  });
});

describe('buildCatalogueSearch', () => {
  it('leaves defaults out', () => {
    expect(buildCatalogueSearch(emptyCatalogueQuery())).toBe('');
  });

  const queryArbitrary = fc.record({
    filters: fc.record(
      Object.fromEntries(IN_FILTER_KEYS.map((key) => [key, fc.uniqueArray(fc.integer({ min: 1, max: 999 }), { minLength: 1, maxLength: 5 }).map((ids) => [...ids].sort((a, b) => a - b))])),
      { requiredKeys: [] },
    ),
    isAvailable: fc.boolean(),
    netPriceFrom: fc.option(fc.integer({ min: 0, max: 1000 })),
    netPriceTo: fc.option(fc.integer({ min: 1000, max: 5000 })),
    sortBy: fc.constantFrom(...SORT_KEYS.filter((key) => key !== 'relevance')),
    orderBy: fc.constantFrom('Asc' as const, 'Desc' as const),
    searchText: fc.constantFrom('', 'aviator', 'rose gold & black', 'UO-AV-1042'),
    modelName: fc.constant(''),
  });

  it('round-trips through parse (property)', () => {
    fc.assert(
      fc.property(queryArbitrary, (query) => {
        expect(parsed(buildCatalogueSearch(query as CatalogueQuery))).toEqual(query);
      }),
    );
  });
});
