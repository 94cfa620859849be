import {
  LowStockResponseSchema,
  StockAdjustmentResponseSchema,
  StockMovementsResponseSchema,
  type StockAdjustmentBody,
} from '@frameport/domain/contract/admin-catalogue';
import { FiltersResponseSchema } from '@frameport/domain/contract/catalogue';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { ApiError, apiFetch, fetchFile } from '../../../lib/api-client.ts';

/**
 * The stock desk's calls (contract in @frameport/domain/contract/admin-catalogue): a colour's
 * movements, the low-stock view and its CSV, and the stock adjustment. Every key lives under
 * ['admin', 'products'] (the catalogue desk's root): an adjustment invalidates that root, so the
 * style's page, the catalogue list, the low-stock view and the movements all redraw.
 */

export const CATALOGUE_QUERY_ROOT = ['admin', 'products'] as const;

export type LowStockFilters = {
  q?: string;
  brandId?: number;
  threshold?: number;
  pageNumber?: number;
  pageSize?: number;
};

export const MOVEMENTS_PAGE_SIZE = 20;

export const stockKeys = {
  movements: (productColourId: number, pageNumber: number) =>
    [...CATALOGUE_QUERY_ROOT, 'stock-movements', { productColourId, pageNumber }] as const,
  lowStock: (filters: LowStockFilters) => [...CATALOGUE_QUERY_ROOT, 'low-stock', filters] as const,
};

export const stockQueries = {
  /** GET /api/admin/product-colours/:id/stock-movements, newest first. */
  movements: (productColourId: number, pageNumber = 1) =>
    queryOptions({
      queryKey: stockKeys.movements(productColourId, pageNumber),
      queryFn: ({ signal }) =>
        apiFetch(`/api/admin/product-colours/${productColourId}/stock-movements`, {
          schema: StockMovementsResponseSchema,
          query: { pageNumber, pageSize: MOVEMENTS_PAGE_SIZE },
          signal,
        }),
      placeholderData: keepPreviousData,
    }),

  /** The brands for the filter (the Brand group of GET /api/Product/getFilters): they rarely change while the desk is open. */
  brands: () =>
    queryOptions({
      queryKey: ['admin', 'brands'] as const,
      queryFn: async ({ signal }) => {
        const groups = await apiFetch('/api/Product/getFilters', { schema: FiltersResponseSchema, signal });
        return groups.find((group) => group.Key === 'brandId')?.Data ?? [];
      },
      staleTime: 10 * 60_000,
    }),

  /** GET /api/admin/stock/low: variants at or below their threshold (or the one given). */
  lowStock: (filters: LowStockFilters) =>
    queryOptions({
      queryKey: stockKeys.lowStock(filters),
      queryFn: ({ signal }) => apiFetch('/api/admin/stock/low', { schema: LowStockResponseSchema, query: filters, signal }),
      placeholderData: keepPreviousData,
    }),
};

/** The low-stock view as CSV (same filters, every row), fetched with the token. */
export function fetchLowStockCsv(filters: Omit<LowStockFilters, 'pageNumber' | 'pageSize'>): Promise<Blob> {
  const params = new URLSearchParams({ format: 'csv' });
  for (const [key, value] of Object.entries(filters)) if (value !== undefined && value !== '') params.set(key, String(value));
  return fetchFile(`/api/admin/stock/low?${params.toString()}`, { accept: 'text/csv' });
}

/**
 * POST /api/admin/stock-adjustments. One Idempotency-Key per adjustment the user makes: a retry of
 * the same one (after a network failure) reuses it, so the server records it once; a new key once
 * it succeeded. Afterwards everything under the catalogue root is fetched again.
 */
export function useAdjustStock() {
  const queryClient = useQueryClient();
  const key = useRef<string | null>(null);
  return useMutation({
    mutationFn: (body: StockAdjustmentBody) => {
      key.current ??= `web-${crypto.randomUUID()}`;
      return apiFetch('/api/admin/stock-adjustments', {
        method: 'POST',
        body,
        schema: StockAdjustmentResponseSchema,
        headers: { 'Idempotency-Key': key.current },
      });
    },
    onError: (error) => {
      // A refusal (below 0, a bad change) is final: the next try is a new adjustment with a new key.
      if (!(error instanceof ApiError && error.isNetworkError)) key.current = null;
    },
    onSuccess: () => {
      key.current = null;
      void queryClient.invalidateQueries({ queryKey: CATALOGUE_QUERY_ROOT });
    },
  });
}
