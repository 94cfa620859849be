import { z } from 'zod/mini';
import {
  AdminRetailerDetailSchema,
  AdminRetailersResponseSchema,
  type AdminRetailerCreate,
  type AdminRetailerDetail,
  type AdminRetailerPatch,
  type AdminRetailersExportQuery,
  type AdminRetailersQuery,
} from '@frameport/domain/contract/admin-retailers';
import { CitySchema } from '@frameport/domain/contract/account';
import { SalesExecutivesResponseSchema } from '@frameport/domain/contract/admin-staff';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { ApiError, apiFetch, buildUrl, fetchFile } from '../../../lib/api-client.ts';
import { adminKeys, newIdempotencyKey } from '../api.ts';

/**
 * The retailers desk (`/api/admin/retailers…`, contract admin-retailers.ts). Keys under
 * ['admin', 'retailers']; a change to a retailer refreshes them all, its credit page and the order
 * queue (whose rows name retailers).
 */

export type RetailerListQuery = Partial<AdminRetailersQuery>;

export const retailerKeys = {
  all: () => [...adminKeys.all(), 'retailers'] as const,
  list: (query: RetailerListQuery) => [...retailerKeys.all(), 'list', query] as const,
  detail: (id: number) => [...retailerKeys.all(), 'detail', { id }] as const,
  cities: (stateId: number) => [...adminKeys.all(), 'cities', { stateId }] as const,
  salesExecutiveOptions: () => [...retailerKeys.all(), 'sales-executive-options'] as const,
};

export const retailerQueries = {
  /** GET /api/admin/retailers: one page and the count per standing. */
  list: (query: RetailerListQuery) =>
    queryOptions({
      queryKey: retailerKeys.list(query),
      queryFn: ({ signal }) => apiFetch('/api/admin/retailers', { schema: AdminRetailersResponseSchema, query, signal }),
      placeholderData: keepPreviousData,
    }),
  /** GET /api/admin/retailers/:id */
  detail: (id: number) =>
    queryOptions({
      queryKey: retailerKeys.detail(id),
      queryFn: ({ signal }) => apiFetch(`/api/admin/retailers/${id}`, { schema: AdminRetailerDetailSchema, signal }),
    }),
  /** A state's cities (GET /api/Account/getCities): they do not change while the app is open. */
  cities: (stateId: number) =>
    queryOptions({
      queryKey: retailerKeys.cities(stateId),
      queryFn: ({ signal }) => apiFetch('/api/Account/getCities', { schema: z.array(CitySchema), query: { stateId }, signal }),
      staleTime: Infinity,
    }),
  /**
   * Every sales executive (GET /api/admin/sales-executives, admin only: tens of them, one page of
   * 200), for the list's filter and the new retailer's link; by name.
   */
  salesExecutiveOptions: () =>
    queryOptions({
      queryKey: retailerKeys.salesExecutiveOptions(),
      queryFn: async ({ signal }) => {
        const page = await apiFetch('/api/admin/sales-executives', {
          schema: SalesExecutivesResponseSchema,
          query: { pageSize: 200, active: 'all' },
          signal,
        });
        return page.salesExecutives
          .map((executive) => ({ id: executive.id, name: executive.name, active: executive.active }))
          .sort((a, b) => a.name.localeCompare(b.name, 'en-IN'));
      },
      staleTime: 5 * 60_000,
    }),
};

/** GET /api/admin/retailers/export.csv with the list's filters and sort: every matching row, fetched with the token. */
export function fetchRetailersCsv(query: AdminRetailersExportQuery | Partial<AdminRetailersExportQuery>): Promise<Blob> {
  return fetchFile(buildUrl('/api/admin/retailers/export.csv', query), { accept: 'text/csv' });
}

/**
 * A desk change with one Idempotency-Key per user action: a retry after a network failure reuses
 * it (the server acts once); a refusal or a success ends it. The retailer's page is primed with
 * the answer; lists, credit and orders refresh.
 */
function useRetailerChange<V>(send: (variables: V, key: string) => Promise<AdminRetailerDetail>) {
  const queryClient = useQueryClient();
  const key = useRef<string | null>(null);
  return useMutation({
    mutationFn: (variables: V) => {
      key.current ??= newIdempotencyKey();
      return send(variables, key.current);
    },
    onError: (error) => {
      if (!(error instanceof ApiError && error.isNetworkError)) key.current = null;
    },
    onSuccess: (detail) => {
      key.current = null;
      queryClient.setQueryData(retailerKeys.detail(detail.id), detail);
      void queryClient.invalidateQueries({ queryKey: [...retailerKeys.all(), 'list'] });
      void queryClient.invalidateQueries({ queryKey: adminKeys.credit(detail.id) });
      void queryClient.invalidateQueries({ queryKey: adminKeys.orders() });
    },
  });
}

const headers = (key: string) => ({ 'Idempotency-Key': key });

/** POST /api/admin/retailers (admin). */
export function useCreateRetailer() {
  return useRetailerChange((body: AdminRetailerCreate, key) =>
    apiFetch('/api/admin/retailers', { method: 'POST', body, schema: AdminRetailerDetailSchema, headers: headers(key) }),
  );
}

/** PATCH /api/admin/retailers/:id (admin). */
export function useUpdateRetailer(id: number) {
  return useRetailerChange((body: AdminRetailerPatch, key) =>
    apiFetch(`/api/admin/retailers/${id}`, { method: 'PATCH', body, schema: AdminRetailerDetailSchema, headers: headers(key) }),
  );
}

export type StatusAction = 'approve' | 'reject' | 'block' | 'unblock';

/** POST …/:id/approve | reject {reason} | block {reason} | unblock. */
export function useStatusAction(id: number) {
  return useRetailerChange(({ action, reason }: { action: StatusAction; reason?: string }, key) =>
    apiFetch(`/api/admin/retailers/${id}/${action}`, {
      method: 'POST',
      body: action === 'reject' || action === 'block' ? { reason } : {},
      schema: AdminRetailerDetailSchema,
      headers: headers(key),
    }),
  );
}
