import { IN_FILTER_KEYS, SORT_KEYS, type InFilterKey, type SortKey } from './contract/catalogue.ts';

/**
 * The catalogue's `search` string (spec section 7): `key=value` pairs joined by `&`, e.g.
 * `frameShapeId=1,2&netPrice_From=500&netPrice_To=900&sortBy=releaseDate&orderBy=Desc&searchText=aviator`.
 * The server parses it; the web builds it from the /products URL. One codec for both.
 */
export type OrderBy = 'Asc' | 'Desc';

export type CatalogueQuery = {
  filters: Partial<Record<InFilterKey, number[]>>;
  /** Only styles with at least one colour in stock. */
  isAvailable: boolean;
  /** Rupees, inclusive. */
  netPriceFrom: number | null;
  netPriceTo: number | null;
  sortBy: SortKey;
  orderBy: OrderBy;
  /** Free text: model number, name, brand, colour, material, shape. */
  searchText: string;
  /** Express checkout: model number / name lookup. */
  modelName: string;
};

export const SEARCH_TEXT_MAX_LENGTH = 100;
export const DEFAULT_SORT: { sortBy: SortKey; orderBy: OrderBy } = { sortBy: 'releaseDate', orderBy: 'Desc' };

export function emptyCatalogueQuery(): CatalogueQuery {
  return {
    filters: {},
    isAvailable: false,
    netPriceFrom: null,
    netPriceTo: null,
    ...DEFAULT_SORT,
    searchText: '',
    modelName: '',
  };
}

export type ParseResult = { ok: true; query: CatalogueQuery } | { ok: false; message: string };

const ID_LIST = /^\d{1,9}(,\d{1,9})*$/;
const AMOUNT = /^\d{1,9}(\.\d{1,2})?$/;
const KNOWN_KEYS = new Set<string>([
  ...IN_FILTER_KEYS,
  'isAvailable',
  'netPrice_From',
  'netPrice_To',
  'sortBy',
  'orderBy',
  'searchText',
  'modelName',
]);

function isInFilterKey(key: string): key is InFilterKey {
  return (IN_FILTER_KEYS as readonly string[]).includes(key);
}

/** Reads a search string or URL parameters; the first problem comes back as a readable message. */
export function parseCatalogueSearch(input: string | URLSearchParams): ParseResult {
  const params = typeof input === 'string' ? new URLSearchParams(input.replace(/^\?/, '')) : input;
  const query = emptyCatalogueQuery();
  let sortGiven = false;
  for (const [rawKey, rawValue] of params) {
    const key = rawKey.trim();
    const value = rawValue.trim();
    if (key === '') continue;
    if (!KNOWN_KEYS.has(key)) return { ok: false, message: `Unknown search key "${key}".` };
    if (isInFilterKey(key)) {
      if (value === '') continue;
      if (!ID_LIST.test(value)) return { ok: false, message: `"${key}" must be a comma-separated list of ids, e.g. 1,2.` };
      const ids = [...new Set([...(query.filters[key] ?? []), ...value.split(',').map(Number)])];
      if (ids.length > 50) return { ok: false, message: `"${key}" has too many ids (at most 50).` };
      query.filters[key] = ids.sort((a, b) => a - b);
    } else if (key === 'isAvailable') {
      if (value !== 'true' && value !== 'false' && value !== '') return { ok: false, message: '"isAvailable" must be true or false.' };
      query.isAvailable = value === 'true';
    } else if (key === 'netPrice_From' || key === 'netPrice_To') {
      if (value === '') continue;
      if (!AMOUNT.test(value)) return { ok: false, message: `"${key}" must be an amount in rupees, e.g. 500 or 499.50.` };
      if (key === 'netPrice_From') query.netPriceFrom = Number(value);
      else query.netPriceTo = Number(value);
    } else if (key === 'sortBy') {
      const sortBy = SORT_KEYS.find((candidate) => candidate.toLowerCase() === value.toLowerCase());
      if (!sortBy) return { ok: false, message: `"sortBy" must be one of: ${SORT_KEYS.join(', ')}.` };
      query.sortBy = sortBy;
      sortGiven = true;
    } else if (key === 'orderBy') {
      const lower = value.toLowerCase();
      if (lower !== 'asc' && lower !== 'desc') return { ok: false, message: '"orderBy" must be Asc or Desc.' };
      query.orderBy = lower === 'asc' ? 'Asc' : 'Desc';
    } else {
      if (value.length > SEARCH_TEXT_MAX_LENGTH) {
        return { ok: false, message: `"${key}" must be at most ${SEARCH_TEXT_MAX_LENGTH} characters long.` };
      }
      if (key === 'searchText') query.searchText = value.replace(/\s+/g, ' ');
      else query.modelName = value;
    }
  }
  if (query.netPriceFrom !== null && query.netPriceTo !== null && query.netPriceFrom > query.netPriceTo) {
    return { ok: false, message: '"netPrice_From" must not be above "netPrice_To".' };
  }
  // Free text (or an express-checkout model lookup) without an explicit sort shows the best matches first.
  if (!sortGiven && (query.searchText !== '' || query.modelName !== '')) {
    query.sortBy = 'relevance';
    query.orderBy = 'Desc';
  }
  if (query.sortBy === 'relevance' && query.searchText === '' && query.modelName === '') {
    Object.assign(query, DEFAULT_SORT);
  }
  return { ok: true, query };
}

/** The URL parameters / search string for a query; defaults are left out, keys in a stable order. */
export function catalogueParams(query: CatalogueQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.searchText) params.set('searchText', query.searchText);
  if (query.modelName) params.set('modelName', query.modelName);
  for (const key of IN_FILTER_KEYS) {
    const ids = query.filters[key];
    if (ids && ids.length > 0) params.set(key, ids.join(','));
  }
  if (query.isAvailable) params.set('isAvailable', 'true');
  if (query.netPriceFrom !== null) params.set('netPrice_From', String(query.netPriceFrom));
  if (query.netPriceTo !== null) params.set('netPrice_To', String(query.netPriceTo));
  const defaultSort = query.searchText || query.modelName ? { sortBy: 'relevance', orderBy: 'Desc' } : DEFAULT_SORT;
  if (query.sortBy !== defaultSort.sortBy || query.orderBy !== defaultSort.orderBy) {
    params.set('sortBy', query.sortBy);
    params.set('orderBy', query.orderBy);
  }
  return params;
}

export function buildCatalogueSearch(query: CatalogueQuery): string {
  return catalogueParams(query).toString();
}

/** True when a filter narrows the list (the spec's filter-active flag). */
export function hasActiveFilters(query: CatalogueQuery): boolean {
  return (
    Object.values(query.filters).some((ids) => ids && ids.length > 0) ||
    query.isAvailable ||
    query.netPriceFrom !== null ||
    query.netPriceTo !== null
  );
}
