import { z } from 'zod';
import { StampSchema } from '@frameport/domain/contract/admin-orders';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { ApiError, apiFetch } from '../../../lib/api-client.ts';
import { CATALOGUE_QUERY_ROOT } from '../stock/api.ts';

/**
 * A style's prices on the catalogue desk (admin only): the net price now, a change scheduled from
 * a day (today or later; a change for today applies at once) and the price history.
 * GET/POST /api/admin/products/:id/prices, DELETE /api/admin/price-changes/:id.
 */

export const PriceChangeSchema = z.object({
  id: z.number().int(),
  netPrice: z.number(),
  /** The price it replaced (known once applied). */
  previousNetPrice: z.number().nullable(),
  effectiveFrom: z.string(),
  status: z.enum(['scheduled', 'applied', 'cancelled']),
  created: StampSchema.nullable(),
  appliedAt: z.string().nullable(),
  cancelled: StampSchema.nullable(),
});
export type PriceChange = z.infer<typeof PriceChangeSchema>;

export const ProductPricesSchema = z.object({
  productId: z.number().int(),
  netPrice: z.number(),
  /** Every change, newest first. */
  changes: z.array(PriceChangeSchema),
});
export type ProductPrices = z.infer<typeof ProductPricesSchema>;

export type SchedulePriceBody = { netPrice: number; effectiveFrom: string };

export const pricingKeys = {
  prices: (productId: number) => [...CATALOGUE_QUERY_ROOT, 'prices', { productId }] as const,
};

export const pricingQueries = {
  prices: (productId: number) =>
    queryOptions({
      queryKey: pricingKeys.prices(productId),
      queryFn: ({ signal }) => apiFetch(`/api/admin/products/${productId}/prices`, { schema: ProductPricesSchema, signal }),
    }),
};

/** A key per user action, kept only while a network failure may be retried. */
function useActionKey() {
  const key = useRef<string | null>(null);
  return {
    get: () => (key.current ??= `web-${crypto.randomUUID()}`),
    done: (error?: unknown) => {
      if (error === undefined || !(error instanceof ApiError && error.isNetworkError)) key.current = null;
    },
  };
}

/** POST /api/admin/products/:id/prices; the style, its list row and its prices are fetched again. */
export function useSchedulePrice(productId: number) {
  const queryClient = useQueryClient();
  const key = useActionKey();
  return useMutation({
    mutationFn: (body: SchedulePriceBody) =>
      apiFetch(`/api/admin/products/${productId}/prices`, {
        method: 'POST',
        body,
        schema: z.unknown(),
        headers: { 'Idempotency-Key': key.get() },
      }),
    onError: (error) => key.done(error),
    onSuccess: () => {
      key.done();
      void queryClient.invalidateQueries({ queryKey: CATALOGUE_QUERY_ROOT });
    },
  });
}

/** DELETE /api/admin/price-changes/:id: a scheduled change is dropped before it applies. */
export function useCancelPriceChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changeId: number) => apiFetch(`/api/admin/price-changes/${changeId}`, { method: 'DELETE', schema: z.unknown() }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: CATALOGUE_QUERY_ROOT }),
  });
}
