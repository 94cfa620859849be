import { RETAILER_STANDINGS, type RetailerStanding } from '@frameport/domain';
import { ADMIN_RETAILER_SORTS, type AdminRetailerSort } from '@frameport/domain/contract/admin-retailers';
import type { RetailerListQuery } from './api.ts';

/**
 * The retailers list's state lives in the URL (UI.md: a link can be shared, Back works; other
 * screens link to e.g. `?status=Pending`): q, stateId, salesExecutiveId, status (the standing),
 * sort and page. Defaults (sorted by name, page 1) are left out; anything malformed in a pasted
 * link is dropped rather than sent.
 */

export const RETAILERS_PAGE_SIZE = 50;

export type RetailerFilters = {
  q: string;
  stateId: number | null;
  salesExecutiveId: number | null;
  status: RetailerStanding | null;
  sort: AdminRetailerSort;
  page: number;
};

const positiveInt = (value: string | null): number | null => {
  if (value === null || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 ? n : null;
};
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  (values as readonly string[]).includes(value ?? '') ? (value as T) : null;

export function readRetailerFilters(params: URLSearchParams): RetailerFilters {
  return {
    q: (params.get('q') ?? '').slice(0, 100),
    stateId: positiveInt(params.get('stateId')),
    salesExecutiveId: positiveInt(params.get('salesExecutiveId')),
    status: oneOf(RETAILER_STANDINGS, params.get('status')),
    sort: oneOf(ADMIN_RETAILER_SORTS, params.get('sort')) ?? 'name',
    page: positiveInt(params.get('page')) ?? 1,
  };
}

export function retailerSearchParams(filters: RetailerFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.status !== null) params.set('status', filters.status);
  if (filters.q.trim() !== '') params.set('q', filters.q.trim());
  if (filters.stateId !== null) params.set('stateId', String(filters.stateId));
  if (filters.salesExecutiveId !== null) params.set('salesExecutiveId', String(filters.salesExecutiveId));
  if (filters.sort !== 'name') params.set('sort', filters.sort);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** The filters as the export takes them (every matching row, no page). */
export function exportQueryOf(filters: RetailerFilters): Omit<RetailerListQuery, 'pageNumber' | 'pageSize'> {
  const query: Omit<RetailerListQuery, 'pageNumber' | 'pageSize'> = { sort: filters.sort };
  if (filters.q.trim() !== '') query.q = filters.q.trim();
  if (filters.stateId !== null) query.stateId = filters.stateId;
  if (filters.salesExecutiveId !== null) query.salesExecutiveId = filters.salesExecutiveId;
  if (filters.status !== null) query.status = filters.status;
  return query;
}

/** The call's query (GET /api/admin/retailers) for these filters. */
export function listQueryOf(filters: RetailerFilters): RetailerListQuery {
  return { ...exportQueryOf(filters), pageNumber: filters.page, pageSize: RETAILERS_PAGE_SIZE };
}

/** Any filter besides the status tab, sort and page: the empty state then offers Clear filters. */
export function hasFilters(filters: RetailerFilters): boolean {
  return filters.q.trim() !== '' || filters.stateId !== null || filters.salesExecutiveId !== null;
}

/** The same status tab and sort, every other filter cleared. */
export function clearedFilters(filters: RetailerFilters): RetailerFilters {
  return { ...readRetailerFilters(new URLSearchParams()), status: filters.status, sort: filters.sort };
}
