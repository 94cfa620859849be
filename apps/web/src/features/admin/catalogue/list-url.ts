import { ADMIN_PRODUCT_SORTS } from '@frameport/domain/contract/admin-catalogue';
import type { ProductListQuery } from './api.ts';

/**
 * The products list's state lives in the URL (UI.md: a link can be shared, Back works). Defaults
 * (active styles, newest first, page 1) are left out; anything malformed in a pasted link is dropped.
 */

export const PRODUCTS_PAGE_SIZE = 50;
export const ID_FILTERS = ['brandId', 'productTypeId', 'frameShapeId', 'materialId', 'genderId'] as const;
export type IdFilter = (typeof ID_FILTERS)[number];
export const AVAILABILITIES = ['inStock', 'lowStock', 'outOfStock'] as const;
export const ACTIVE_STATES = ['active', 'inactive', 'all'] as const;
export type ProductSort = (typeof ADMIN_PRODUCT_SORTS)[number];

export type ListFilters = Record<IdFilter, number | null> & {
  q: string;
  availability: (typeof AVAILABILITIES)[number] | null;
  active: (typeof ACTIVE_STATES)[number];
  sort: ProductSort;
  page: number;
};

const positiveInt = (value: string | null): number | null => {
  if (value === null || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 ? n : null;
};
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  (values as readonly string[]).includes(value ?? '') ? (value as T) : null;

export function readListFilters(params: URLSearchParams): ListFilters {
  const filters = {
    q: (params.get('q') ?? '').slice(0, 100),
    availability: oneOf(AVAILABILITIES, params.get('availability')),
    active: oneOf(ACTIVE_STATES, params.get('active')) ?? 'active',
    sort: oneOf(ADMIN_PRODUCT_SORTS, params.get('sort')) ?? 'newest',
    page: positiveInt(params.get('page')) ?? 1,
  } as ListFilters;
  for (const key of ID_FILTERS) filters[key] = positiveInt(params.get(key));
  return filters;
}

export function listSearchParams(filters: ListFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q.trim() !== '') params.set('q', filters.q.trim());
  for (const key of ID_FILTERS) if (filters[key] !== null) params.set(key, String(filters[key]));
  if (filters.availability !== null) params.set('availability', filters.availability);
  if (filters.active !== 'active') params.set('active', filters.active);
  if (filters.sort !== 'newest') params.set('sort', filters.sort);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

export function listQueryOf(filters: ListFilters): ProductListQuery {
  const query: ProductListQuery = { pageNumber: filters.page, pageSize: PRODUCTS_PAGE_SIZE, active: filters.active, sort: filters.sort };
  if (filters.q.trim() !== '') query.q = filters.q.trim();
  for (const key of ID_FILTERS) if (filters[key] !== null) query[key] = filters[key];
  if (filters.availability !== null) query.availability = filters.availability;
  return query;
}

/** Any filter besides sort and page: the empty state then offers Clear filters. */
/** How many filters other than the search narrow the list (the phone's Filters button shows it). */
export function filterCount(filters: ListFilters): number {
  return (filters.availability !== null ? 1 : 0) + (filters.active !== 'active' ? 1 : 0) + ID_FILTERS.filter((key) => filters[key] !== null).length;
}

export function hasFilters(filters: ListFilters): boolean {
  return filters.q.trim() !== '' || filters.availability !== null || filters.active !== 'active' || ID_FILTERS.some((key) => filters[key] !== null);
}

export function clearedFilters(filters: ListFilters): ListFilters {
  return { ...readListFilters(new URLSearchParams()), sort: filters.sort };
}
