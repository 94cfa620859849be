import {
  GstRateChangeResponseSchema,
  GstRatesResponseSchema,
  PriceChangeResponseSchema,
  ProductPricesSchema,
  type GstRateBody,
  type GstRatePatch,
  type PriceChangeBody,
} from '@frameport/domain/contract/admin-pricing';
import {
  AdminDiscountRuleDetailSchema,
  AdminDiscountRulesResponseSchema,
  DiscountPreviewSchema,
  type DiscountRuleCreate,
  type DiscountRulePatch,
  type DiscountRulePreviewBody,
} from '@frameport/domain/contract/admin-discounts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { z } from 'zod/mini';
import { ApiError, apiFetch } from '../../../lib/api-client.ts';
import { CATALOGUE_QUERY_ROOT } from '../stock/api.ts';

/**
 * The catalogue desk's money calls (admin only): a style's prices (GET/POST
 * /api/admin/products/:id/prices, DELETE /api/admin/price-changes/:id), the HSN → GST table
 * (/api/admin/gst-rates) and the discount rules (/api/admin/discount-rules, + /preview). Keys live
 * under ['admin', 'products'] (prices, GST: they change styles) or ['admin', 'discount-rules'].
 */

export const pricingKeys = {
  prices: (productId: number) => [...CATALOGUE_QUERY_ROOT, 'prices', { productId }] as const,
  gstRates: () => [...CATALOGUE_QUERY_ROOT, 'gst-rates'] as const,
  discountRules: () => ['admin', 'discount-rules'] as const,
  discountRule: (id: number) => [...pricingKeys.discountRules(), 'detail', { id }] as const,
};

export const pricingQueries = {
  prices: (productId: number) =>
    queryOptions({
      queryKey: pricingKeys.prices(productId),
      queryFn: ({ signal }) => apiFetch(`/api/admin/products/${productId}/prices`, { schema: ProductPricesSchema, signal }),
    }),
  gstRates: () =>
    queryOptions({
      queryKey: pricingKeys.gstRates(),
      queryFn: ({ signal }) => apiFetch('/api/admin/gst-rates', { schema: GstRatesResponseSchema, signal }),
    }),
  discountRules: () =>
    queryOptions({
      queryKey: [...pricingKeys.discountRules(), 'list'] as const,
      queryFn: ({ signal }) => apiFetch('/api/admin/discount-rules', { schema: AdminDiscountRulesResponseSchema, signal }),
    }),
  discountRule: (id: number) =>
    queryOptions({
      queryKey: pricingKeys.discountRule(id),
      queryFn: ({ signal }) => apiFetch(`/api/admin/discount-rules/${id}`, { schema: AdminDiscountRuleDetailSchema, signal }),
    }),
};

/**
 * One Idempotency-Key per user action: kept while a network failure may be retried (the server
 * then records the action once), dropped once the action succeeded or was refused.
 */
function useActionKey() {
  const key = useRef<string | null>(null);
  return {
    headers: () => ({ 'Idempotency-Key': (key.current ??= `web-${crypto.randomUUID()}`) }),
    settle: (error: unknown) => {
      if (!(error instanceof ApiError && error.isNetworkError)) key.current = null;
    },
  };
}

/** POST /api/admin/products/:id/prices; the answer replaces the prices, and the catalogue desk is fetched again. */
export function useSchedulePrice(productId: number) {
  const queryClient = useQueryClient();
  const key = useActionKey();
  return useMutation({
    mutationFn: (body: PriceChangeBody) =>
      apiFetch(`/api/admin/products/${productId}/prices`, {
        method: 'POST',
        body,
        schema: PriceChangeResponseSchema,
        headers: key.headers(),
      }),
    onSettled: (_data, error) => key.settle(error),
    onSuccess: (prices) => {
      queryClient.setQueryData(pricingKeys.prices(productId), prices);
      void queryClient.invalidateQueries({ queryKey: CATALOGUE_QUERY_ROOT });
    },
  });
}

/** DELETE /api/admin/price-changes/:id: a scheduled change is dropped before it applies. */
export function useCancelPriceChange(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changeId: number) => apiFetch(`/api/admin/price-changes/${changeId}`, { method: 'DELETE', schema: z.unknown() }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: pricingKeys.prices(productId) });
      void queryClient.invalidateQueries({ queryKey: CATALOGUE_QUERY_ROOT });
    },
  });
}

export type GstChange =
  | { kind: 'add'; body: GstRateBody }
  | { kind: 'close'; id: number; body: GstRatePatch }
  | { kind: 'delete'; id: number };

/** POST / PATCH / DELETE /api/admin/gst-rates: the answer is the table as it now is. */
export function useGstChange() {
  const queryClient = useQueryClient();
  const key = useActionKey();
  return useMutation({
    mutationFn: (change: GstChange) => {
      const options = { schema: GstRateChangeResponseSchema, headers: key.headers() };
      if (change.kind === 'add') return apiFetch('/api/admin/gst-rates', { ...options, method: 'POST', body: change.body });
      if (change.kind === 'close') return apiFetch(`/api/admin/gst-rates/${change.id}`, { ...options, method: 'PATCH', body: change.body });
      return apiFetch(`/api/admin/gst-rates/${change.id}`, { ...options, method: 'DELETE' });
    },
    onSettled: (_data, error) => key.settle(error),
    onSuccess: (table) => {
      queryClient.setQueryData(pricingKeys.gstRates(), { today: table.today, slabs: table.slabs, entries: table.entries });
      // Styles may have been re-rated: the catalogue desk's other views are fetched again.
      const gst = JSON.stringify(pricingKeys.gstRates());
      void queryClient.invalidateQueries({ queryKey: CATALOGUE_QUERY_ROOT, predicate: (query) => JSON.stringify(query.queryKey) !== gst });
    },
  });
}

/** POST /api/admin/discount-rules/preview: what a rule would do, before it is saved. */
export function useDiscountPreview() {
  return useMutation({
    mutationFn: (body: DiscountRulePreviewBody) =>
      apiFetch('/api/admin/discount-rules/preview', { method: 'POST', body, schema: DiscountPreviewSchema }),
  });
}

export type DiscountSave = { kind: 'create'; body: DiscountRuleCreate } | { kind: 'edit'; id: number; body: DiscountRulePatch } | { kind: 'end'; id: number };

/** Create (POST), edit (PATCH) or end (POST …/end) a rule; the list is fetched again. */
export function useDiscountSave() {
  const queryClient = useQueryClient();
  const key = useActionKey();
  return useMutation({
    mutationFn: (save: DiscountSave) => {
      const options = { schema: AdminDiscountRuleDetailSchema, headers: key.headers() };
      if (save.kind === 'create') return apiFetch('/api/admin/discount-rules', { ...options, method: 'POST', body: save.body });
      if (save.kind === 'edit') return apiFetch(`/api/admin/discount-rules/${save.id}`, { ...options, method: 'PATCH', body: save.body });
      return apiFetch(`/api/admin/discount-rules/${save.id}/end`, { ...options, method: 'POST', body: {} });
    },
    onSettled: (_data, error) => key.settle(error),
    onSuccess: (rule) => {
      queryClient.setQueryData(pricingKeys.discountRule(rule.id), rule);
      void queryClient.invalidateQueries({ queryKey: pricingKeys.discountRules() });
    },
  });
}
