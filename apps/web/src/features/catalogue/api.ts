import { catalogueParams, type CatalogueQuery } from '@frameport/domain';
import {
  CATALOGUE_PAGE_SIZE,
  FacetsResponseSchema,
  FiltersResponseSchema,
  type Facets,
  type InFilterKey,
  InventoryResponseSchema,
  ProductResponseSchema,
  RelatedProductsResponseSchema,
  SearchResultsResponseSchema,
  SortTypesResponseSchema,
} from '@frameport/domain/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo } from 'react';
import { apiFetch } from '../../lib/api-client.ts';
import { QUICK_ORDER_PAGE_SIZE } from './components/quick-order-list-skeleton.tsx';
import type { CatalogueView } from './catalogue-view.ts';
import { actingEmailQuery as emailQuery, queryRoots, type ActingEmail } from '../../lib/query-keys.ts';

/** What GET /api/Product/getAll takes: the spec's search string (see `buildCatalogueSearch`) and a page. */
export type CatalogueSearchParams = {
  search: string;
  pageNumber: number;
  pageSize?: number;
  /** The acting retailer (a sales executive's choice): prices and discounts follow their state. */
  email?: ActingEmail;
};

/** Filters and sort types change with the master data, i.e. rarely. */
const MASTER_DATA_STALE_MS = 10 * 60_000;

/**
 * The catalogue's query keys and options, general → specific (TkDodo's factory):
 * ['catalogue'] → ['catalogue', 'search'] → ['catalogue', 'search', { search, pageNumber, pageSize, email }], …
 */
/** The product of /product-details?productId= (some links say ?id=), or null when the address names none. */
export function productIdOf(params: URLSearchParams): number | null {
  const raw = params.get('productId') ?? params.get('id') ?? '';
  return /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

export const catalogueQueries = {
  all: queryRoots.catalogue,

  /** GET /api/Product/getFilters: the filter groups with their options (names for chips too). */
  filters: () =>
    queryOptions({
      queryKey: [...catalogueQueries.all(), 'filters'] as const,
      queryFn: ({ signal }) => apiFetch('/api/Product/getFilters', { schema: FiltersResponseSchema, signal }),
      staleTime: MASTER_DATA_STALE_MS,
    }),

  /** GET /api/Product/getSortTypes: the sort choices; `SortKey` is a search-string fragment. */
  sortTypes: () =>
    queryOptions({
      queryKey: [...catalogueQueries.all(), 'sort-types'] as const,
      queryFn: ({ signal }) => apiFetch('/api/Product/getSortTypes', { schema: SortTypesResponseSchema, signal }),
      staleTime: MASTER_DATA_STALE_MS,
    }),

  searches: queryRoots.catalogueSearches,

  /**
   * GET /api/Product/getAll. The previous page stays on screen while the next one loads
   * (no blank grid between pages or filter changes).
   */
  search: ({ search, pageNumber, pageSize = CATALOGUE_PAGE_SIZE, email = null }: CatalogueSearchParams) =>
    queryOptions({
      queryKey: [...catalogueQueries.searches(), { search, pageNumber, pageSize, email }] as const,
      queryFn: ({ signal }) =>
        apiFetch('/api/Product/getAll', {
          schema: SearchResultsResponseSchema,
          query: { search, pageNumber, pageSize, ...emailQuery(email) },
          signal,
        }),
      placeholderData: keepPreviousData,
    }),

  /**
   * GET /api/Product/getFacets: how many styles each filter option would give. Keyed on the search
   * without its sort (see `facetSearch`), so a sort or page change asks nothing. Under the searches'
   * root, so an order placed (stock changes) refreshes the in-stock counts with the pages. The last
   * counts stay on screen while the next ones load (no flash of count-less options).
   */
  facets: (search: string) =>
    queryOptions({
      queryKey: [...catalogueQueries.searches(), 'facets', { search }] as const,
      queryFn: ({ signal }) => apiFetch('/api/Product/getFacets', { schema: FacetsResponseSchema, query: { search }, signal }),
      placeholderData: keepPreviousData,
    }),

  products: queryRoots.catalogueProducts,

  /** GET /api/Product/get?id= (404 'Product not found.'); `email` as for `search`. */
  product: (id: number, email: ActingEmail = null) =>
    queryOptions({
      queryKey: [...catalogueQueries.products(), id, { email }] as const,
      queryFn: ({ signal }) =>
        apiFetch('/api/Product/get', { schema: ProductResponseSchema, query: { id, ...emailQuery(email) }, signal }),
    }),

  /** GET /api/Product/getRelatedProducts?productId=; `email` as for `search`. */
  related: (productId: number, email: ActingEmail = null) =>
    queryOptions({
      queryKey: [...catalogueQueries.products(), productId, 'related', { email }] as const,
      queryFn: ({ signal }) =>
        apiFetch('/api/Product/getRelatedProducts', {
          schema: RelatedProductsResponseSchema,
          query: { productId, ...emailQuery(email) },
          signal,
        }),
    }),

  /** GET /api/Product/getInventory?productId=: stock per colour, fresher than the product's own copy. */
  inventory: (productId: number) =>
    queryOptions({
      queryKey: [...catalogueQueries.products(), productId, 'inventory'] as const,
      queryFn: ({ signal }) =>
        apiFetch('/api/Product/getInventory', { schema: InventoryResponseSchema, query: { productId }, signal }),
      staleTime: 10_000,
    }),
};

/** The search string's keys of the sort, which the facet counts do not depend on. */
export const SORT_PARAMS = ['sortBy', 'orderBy'] as const;

/** The page size of /products in a view: the list holds two desk screens of rows, the grid the config's page. */
export function cataloguePageSize(view: CatalogueView, catalogPageSize: number): number {
  return view === 'list' ? QUICK_ORDER_PAGE_SIZE : catalogPageSize;
}

/** getAll's search string for a query, without the sort: what the facet counts depend on. */
export function facetSearch(query: CatalogueQuery): string {
  const params = catalogueParams(query);
  for (const key of SORT_PARAMS) params.delete(key);
  return params.toString();
}

/** The counts the filter panel shows; `null` where none is known (still loading, failed, or an option the answer does not list). */
export type FacetCounts = {
  option: (key: InFilterKey, id: number) => number | null;
  /** The in-stock switch's count. */
  available: number | null;
  /** Counts of an earlier search, kept on screen while this one's load. */
  stale: boolean;
};

const NO_COUNTS: FacetCounts = { option: () => null, available: null, stale: false };

function countsOf(facets: Facets, stale: boolean): FacetCounts {
  const groups = new Map(facets.facets.map((group) => [group.Key, new Map(group.Counts.map((count) => [count.Id, count.Count]))]));
  return { option: (key, id) => groups.get(key)?.get(id) ?? null, available: facets.available, stale };
}

/**
 * The facet counts for a query (the URL's, or the phone modal's draft). Asked beside getAll, never
 * before it: the grid does not wait for them, and a failure only leaves the options without counts.
 * `askedByScreen`: the screen already asks for these counts as it asks for the products (the
 * URL's query), so this observer, mounted later with the filter groups, does not ask again.
 */
export function useFacetCounts(query: CatalogueQuery, { askedByScreen = false } = {}): FacetCounts {
  const { data, isPlaceholderData } = useQuery({ ...catalogueQueries.facets(facetSearch(query)), refetchOnMount: !askedByScreen });
  const counts = useMemo(() => (data ? countsOf(data, isPlaceholderData) : NO_COUNTS), [data, isPlaceholderData]);
  // An answer arrives through the query cache's store, which React renders at once, in the frame of
  // the tap that asked for it: deferred, the groups (memoised) re-render with the new counts in a
  // render that yields to the next paint and to the next tap (issue 16 item 13: a tick paints at once).
  return useDeferredValue(counts);
}
