import { describe, expect, it } from 'vitest';
import { filters, sortTypes } from '../../testing/catalogue-fixtures.ts';
import { filterChips, readCatalogueUrl, sortChoices, withSearchText, withSort, writeCatalogueUrl } from './catalogue-url.ts';

function read(search: string) {
  const state = readCatalogueUrl(new URLSearchParams(search));
  if (!state.ok) throw new Error(state.message);
  return state;
}

describe('the /products URL', () => {
  it('reads the spec keys plus page, and writes them back normalised', () => {
    const state = read('frameShapeId=2,1&netPrice_To=800&page=3');
    expect(state.page).toBe(3);
    expect(state.query.filters).toEqual({ frameShapeId: [1, 2] });
    expect(writeCatalogueUrl(state.query, state.page).toString()).toBe('frameShapeId=1%2C2&netPrice_To=800&page=3');
    expect(writeCatalogueUrl(state.query).toString()).toBe('frameShapeId=1%2C2&netPrice_To=800');
  });

  it('treats a bad page as page 1 and an unknown key as unreadable', () => {
    expect(read('page=abc').page).toBe(1);
    expect(read('page=0').page).toBe(1);
    expect(readCatalogueUrl(new URLSearchParams('colour=red'))).toMatchObject({ ok: false, message: 'Unknown search key "colour".' });
  });

  it('names chips after the getFilters options, then price and availability', () => {
    const { query } = read('frameShapeId=1,2&netPrice_From=500&netPrice_To=800&isAvailable=true&frameColorIdList=2,99');
    const chips = filterChips(query, filters());
    expect(chips.map((chip) => `${chip.group}: ${chip.label}`)).toEqual([
      'Frame Shape: Aviator',
      'Frame Shape: Round',
      'Colour: Gold',
      'Colour: #99',
      'Price: ₹500.00 – ₹800.00',
      'Availability: In stock only',
    ]);
    const withoutRound = chips[1]?.remove(query);
    expect(withoutRound?.filters.frameShapeId).toEqual([1]);
  });

  it('offers the server sort types, plus Best match while searching text', () => {
    const withBestMatch = [...sortTypes(), { ID: 9, SortTypeName: 'Best Match', SortKey: 'sortBy=relevance&orderBy=Desc' }];
    expect(sortChoices(withBestMatch, read('').query).map((choice) => choice.label)).toEqual([
      'Newest first',
      'Price: low to high',
      'Price: high to low',
    ]);
    const searching = read('searchText=round').query;
    expect(sortChoices(sortTypes(), searching)[0]).toEqual({ value: 'sortBy=relevance&orderBy=Desc', label: 'Best match' });
    expect(sortChoices(withBestMatch, searching).at(-1)).toEqual({ value: 'sortBy=relevance&orderBy=Desc', label: 'Best Match' });
    expect(withSort(searching, 'sortBy=netPrice&orderBy=Asc')).toMatchObject({ sortBy: 'netPrice', orderBy: 'Asc' });
  });
});

describe('withSearchText', () => {
  it('lets the default sort follow the text, and keeps a chosen one', () => {
    expect(withSearchText(read('').query, 'round')).toMatchObject({ searchText: 'round', sortBy: 'relevance' });
    expect(withSearchText(read('searchText=round').query, '')).toMatchObject({ searchText: '', sortBy: 'releaseDate', orderBy: 'Desc' });
    expect(withSearchText(read('sortBy=netPrice&orderBy=Asc').query, 'round')).toMatchObject({ sortBy: 'netPrice', orderBy: 'Asc' });
  });
});
