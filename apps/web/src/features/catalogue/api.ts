import {
  CATALOGUE_PAGE_SIZE,
  FiltersResponseSchema,
  InventoryResponseSchema,
  ProductResponseSchema,
  RelatedProductsResponseSchema,
  SearchResultsResponseSchema,
  SortTypesResponseSchema,
} from '@frameport/domain/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client.ts';
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
