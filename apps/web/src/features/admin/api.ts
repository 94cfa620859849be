import { z } from 'zod/mini';
import {
  AdminOrderDetailSchema,
  AdminOrdersResponseSchema,
  RetailerCreditSchema,
  type AdminOrdersQuery,
  type RetailerCredit,
  type UpdateCreditBody,
} from '@frameport/domain/contract/admin-orders';
import { CountrySchema, StateSchema } from '@frameport/domain/contract/account';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client.ts';

/**
 * The back office's calls (`/api/admin/...`, contract in @frameport/domain/contract/admin-orders)
 * and their query keys, all under ['admin']: the order queue, one order, a retailer's credit, and
 * the states of India for the queue's filter. Shared by the admin screens (queue, order, credit).
 */

/** The queue's query as the server takes it: defaults (page 1, 50 rows) are left out of the URL and the key. */
export type QueueQuery = Partial<AdminOrdersQuery>;

export const adminKeys = {
  all: () => ['admin'] as const,
  orders: () => [...adminKeys.all(), 'orders'] as const,
  queue: (query: QueueQuery) => [...adminKeys.orders(), 'queue', query] as const,
  order: (id: number) => [...adminKeys.orders(), 'detail', { id }] as const,
  credit: (retailerId: number) => [...adminKeys.all(), 'credit', { retailerId }] as const,
  states: () => [...adminKeys.all(), 'states', 'IN'] as const,
};

export const adminQueries = {
  /** GET /api/admin/orders: one page of the queue and the per-status counts. */
  queue: (query: QueueQuery) =>
    queryOptions({
      queryKey: adminKeys.queue(query),
      queryFn: ({ signal }) => apiFetch('/api/admin/orders', { schema: AdminOrdersResponseSchema, query, signal }),
      // The previous page stays on screen (dimmed) while the next one loads: the table does not jump.
      placeholderData: keepPreviousData,
    }),

  /** GET /api/admin/orders/:id */
  order: (id: number) =>
    queryOptions({
      queryKey: adminKeys.order(id),
      queryFn: ({ signal }) => apiFetch(`/api/admin/orders/${id}`, { schema: AdminOrderDetailSchema, signal }),
    }),

  /** GET /api/admin/retailers/:id/credit */
  credit: (retailerId: number) =>
    queryOptions({
      queryKey: adminKeys.credit(retailerId),
      queryFn: ({ signal }) => apiFetch(`/api/admin/retailers/${retailerId}/credit`, { schema: RetailerCreditSchema, signal }),
    }),

  /** India's states (GET /api/Account/getCountries, then getStates for 'IN'): they do not change while the app is open. */
  states: () =>
    queryOptions({
      queryKey: adminKeys.states(),
      queryFn: async ({ signal }) => {
        const countries = await apiFetch('/api/Account/getCountries', { schema: z.array(CountrySchema), signal });
        const india = countries.find((country) => country.CountryCode === 'IN');
        if (india === undefined) return [];
        return apiFetch('/api/Account/getStates', { schema: z.array(StateSchema), query: { countryId: india.CountryId }, signal });
      },
      staleTime: Infinity,
    }),
};

/** A fresh Idempotency-Key for one user action (a retried request reuses it; a new click makes a new one). */
export function newIdempotencyKey(): string {
  return `web-${crypto.randomUUID()}`;
}

/**
 * PUT /api/admin/retailers/:id/credit. The answer is the credit as it now is: it replaces the
 * cached one, and the orders (whose credit checks depend on it) are refreshed.
 */
export function useUpdateCredit(retailerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: UpdateCreditBody; idempotencyKey: string }): Promise<RetailerCredit> =>
      apiFetch(`/api/admin/retailers/${retailerId}/credit`, {
        method: 'PUT',
        body,
        schema: RetailerCreditSchema,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    onSuccess: (credit) => {
      queryClient.setQueryData(adminKeys.credit(retailerId), credit);
      void queryClient.invalidateQueries({ queryKey: adminKeys.orders() });
    },
  });
}
