import {
  catalogueParams,
  DEFAULT_SORT,
  formatInr,
  parseCatalogueSearch,
  rupeesToPaise,
  type CatalogueQuery,
} from '@frameport/domain';
import { IN_FILTER_KEYS, SORT_KEYS, type Filter, type InFilterKey, type SortType } from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';

/**
 * /products keeps its whole state in the URL: the spec's search-string keys (searchText,
 * frameShapeId=1,2, netPrice_To=800, sortBy/orderBy, …) plus `page`. The domain codec reads and
 * writes the filter part, so the URL and the getAll `search` string can never disagree.
 */

export const PAGE_PARAM = 'page';
/** Keys of the search string this page does not read: express checkout's model number. */
export const IGNORED_PARAMS = ['modelName'] as const;

export type CatalogueUrlState =
  | { ok: true; query: CatalogueQuery; page: number }
  | { ok: false; message: string; page: number };

export function readCatalogueUrl(params: URLSearchParams): CatalogueUrlState {
  const rest = new URLSearchParams(params);
  const rawPage = rest.get(PAGE_PARAM);
  rest.delete(PAGE_PARAM);
  const page = rawPage !== null && /^\d{1,6}$/.test(rawPage) && Number(rawPage) >= 1 ? Number(rawPage) : 1;
  for (const key of IGNORED_PARAMS) rest.delete(key);
  const parsed = parseCatalogueSearch(rest);
  return parsed.ok ? { ok: true, query: parsed.query, page } : { ok: false, message: parsed.message, page };
}

/** The URL for a query and page; page 1 and default values are left out, so links stay short. */
export function writeCatalogueUrl(query: CatalogueQuery, page = 1): URLSearchParams {
  const params = catalogueParams({ ...query, modelName: '' });
  if (page > 1) params.set(PAGE_PARAM, String(page));
  return params;
}

/** The sort part of a query as a SortType.SortKey fragment: 'sortBy=netPrice&orderBy=Asc'. */
export function sortFragment(query: Pick<CatalogueQuery, 'sortBy' | 'orderBy'>): string {
  return `sortBy=${query.sortBy}&orderBy=${query.orderBy}`;
}

/** Reads a SortKey fragment; null when the server sent one the codec does not know. */
export function readSortKey(sortKey: string): Pick<CatalogueQuery, 'sortBy' | 'orderBy'> | null {
  const params = new URLSearchParams(sortKey);
  const sortBy = SORT_KEYS.find((key) => key.toLowerCase() === params.get('sortBy')?.trim().toLowerCase());
  const orderBy = (params.get('orderBy') ?? DEFAULT_SORT.orderBy).trim().toLowerCase();
  if (!sortBy || (orderBy !== 'asc' && orderBy !== 'desc')) return null;
  return { sortBy, orderBy: orderBy === 'asc' ? 'Asc' : 'Desc' };
}

/** The sort a query falls back to: best match with free text, else newest first. */
function defaultSortFor(searchText: string): Pick<CatalogueQuery, 'sortBy' | 'orderBy'> {
  return searchText ? { sortBy: 'relevance', orderBy: 'Desc' } : DEFAULT_SORT;
}

/** New free text. A sort the user chose stays; the default one follows the text (best match ↔ newest). */
export function withSearchText(query: CatalogueQuery, searchText: string): CatalogueQuery {
  const current = defaultSortFor(query.searchText);
  const sortWasDefault = query.sortBy === current.sortBy && query.orderBy === current.orderBy;
  return { ...query, searchText, ...(sortWasDefault ? defaultSortFor(searchText) : {}) };
}

export function withSort(query: CatalogueQuery, sortKey: string): CatalogueQuery {
  const sort = readSortKey(sortKey);
  return sort ? { ...query, ...sort } : query;
}

export type SortChoice = { value: string; label: string };

/**
 * The sort choices in the server's order, each keyed by its normalised fragment. Best match only
 * while there is free text (then it is the default; offered even when the server lists no such sort).
 */
export function sortChoices(sortTypes: readonly SortType[], query: Pick<CatalogueQuery, 'searchText' | 'sortBy' | 'orderBy'>): SortChoice[] {
  const choices: SortChoice[] = [];
  for (const type of sortTypes) {
    const sort = readSortKey(type.SortKey);
    // Best match means nothing without free text (the codec falls back to newest first).
    if (sort?.sortBy === 'relevance' && query.searchText === '') continue;
    if (sort && !choices.some((choice) => choice.value === sortFragment(sort))) {
      choices.push({ value: sortFragment(sort), label: type.SortTypeName });
    }
  }
  const current = sortFragment(query);
  if (query.sortBy === 'relevance' && !choices.some((choice) => choice.value === current)) {
    choices.unshift({ value: current, label: 'Best match' });
  }
  return choices;
}

export function withoutFilters(query: CatalogueQuery): CatalogueQuery {
  return { ...query, filters: {}, isAvailable: false, netPriceFrom: null, netPriceTo: null };
}

export function toggleId(query: CatalogueQuery, key: InFilterKey, id: number, on: boolean): CatalogueQuery {
  const current = query.filters[key] ?? [];
  const ids = on ? [...new Set([...current, id])].sort((a, b) => a - b) : current.filter((value) => value !== id);
  return setIds(query, key, ids);
}

export function setIds(query: CatalogueQuery, key: InFilterKey, ids: readonly number[]): CatalogueQuery {
  const filters = { ...query.filters };
  if (ids.length > 0) filters[key] = [...ids].sort((a, b) => a - b);
  else delete filters[key];
  return { ...query, filters };
}

/** Count of chosen options (badges on the phone's Filter button and tabs). */
export function activeFilterCount(query: CatalogueQuery): number {
  let count = IN_FILTER_KEYS.reduce((sum, key) => sum + (query.filters[key]?.length ?? 0), 0);
  if (query.isAvailable) count += 1;
  if (query.netPriceFrom !== null || query.netPriceTo !== null) count += 1;
  return count;
}

export const AVAILABILITY_LABEL = 'In stock only';

export type FilterChip = {
  /** Stable React key. */
  key: string;
  /** The group ('Frame Shape'), for the accessible name 'Remove Frame Shape: Round'. */
  group: string;
  /** The option's name from getFilters ('Round'). */
  label: string;
  /** The query without this chip. */
  remove: (query: CatalogueQuery) => CatalogueQuery;
};

/** One chip per chosen option, named from getFilters (an id the server no longer lists shows as '#7'). */
export function filterChips(query: CatalogueQuery, filters: readonly Filter[]): FilterChip[] {
  const chips: FilterChip[] = [];
  for (const key of orderedInKeys(filters)) {
    const filter = filters.find((candidate) => candidate.Key === key);
    for (const id of query.filters[key] ?? []) {
      const option = filter?.Data.find((candidate) => candidate.Id === id);
      chips.push({
        key: `${key}:${id}`,
        group: filter?.Name ?? key,
        label: option?.Name ?? `#${id}`,
        remove: (current) => toggleId(current, key, id, false),
      });
    }
  }
  if (query.netPriceFrom !== null || query.netPriceTo !== null) {
    chips.push({
      key: 'netPrice',
      group: filters.find((filter) => filter.Key === 'netPrice')?.Name ?? 'Price',
      label: priceRangeLabel(query.netPriceFrom, query.netPriceTo),
      remove: (current) => ({ ...current, netPriceFrom: null, netPriceTo: null }),
    });
  }
  if (query.isAvailable) {
    chips.push({
      key: 'isAvailable',
      group: messages.catalogue.availability,
      label: AVAILABILITY_LABEL,
      remove: (current) => ({ ...current, isAvailable: false }),
    });
  }
  return chips;
}

/** The filter keys in the order the server lists its groups, then any it left out. */
function orderedInKeys(filters: readonly Filter[]): InFilterKey[] {
  const listed = filters.map((filter) => filter.Key).filter((key): key is InFilterKey => key !== 'netPrice');
  return [...listed, ...IN_FILTER_KEYS.filter((key) => !listed.includes(key))];
}

export function formatRupees(rupees: number): string {
  return formatInr(rupeesToPaise(rupees));
}

export function priceRangeLabel(from: number | null, to: number | null): string {
  if (from !== null && to !== null) return `${formatRupees(from)} – ${formatRupees(to)}`;
  if (to !== null) return `Up to ${formatRupees(to)}`;
  return `From ${formatRupees(from ?? 0)}`;
}
