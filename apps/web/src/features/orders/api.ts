import {
  MyOrdersResponseSchema,
  OrderDetailsResponseSchema,
  PlaceOrderResponseSchema,
  type PlaceOrderBody,
} from '@frameport/domain/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { ApiError, apiFetch, getErrorMessage } from '../../lib/api-client.ts';
import { notifyError } from '../../lib/notify.ts';
import { actingEmailQuery as emailQuery, queryRoots, stockQueryRoots, type ActingEmail } from '../../lib/query-keys.ts';

/** First batch of My Orders; Load More grows the page by the same step (spec section 9 leaves it open). */
export const ORDERS_PAGE_STEP = 10;

/** The orders' query keys and options, general → specific; every key carries the acting email. */
export const orderQueries = {
  all: queryRoots.orders,

  /** GET /api/Order/getMyOrders?pageNumber=1&pageSize=N. */
  list: (email: ActingEmail, pageSize: number) =>
    queryOptions({
      queryKey: [...orderQueries.all(email), 'list', { pageSize }] as const,
      queryFn: ({ signal }) =>
        apiFetch('/api/Order/getMyOrders', {
          schema: MyOrdersResponseSchema,
          query: { pageNumber: 1, pageSize, ...emailQuery(email) },
          signal,
        }),
      // Load More keeps the loaded orders on screen while the bigger page arrives.
      placeholderData: keepPreviousData,
    }),

  /** GET /api/Order/getOrderDetails?orderId=. */
  details: (email: ActingEmail, orderId: number) =>
    queryOptions({
      queryKey: [...orderQueries.all(email), 'details', { orderId }] as const,
      queryFn: ({ signal }) =>
        apiFetch('/api/Order/getOrderDetails', {
          schema: OrderDetailsResponseSchema,
          query: { orderId, ...emailQuery(email) },
          signal,
        }),
    }),
};

/**
 * POST /api/Order/placeOrder. No success toast: the screen shows the spec's 'Order Placed
 * Successfully' dialog with the order reference instead.
 *
 * Each attempt carries an `Idempotency-Key`. After a network error nobody knows whether the order
 * was placed, so pressing Place order again for the same cart resends the same key and the server
 * answers with that order instead of placing a second one. Any answer from the server ends the
 * attempt: the next press is a new attempt with a new key.
 */
export function usePlaceOrder(email: ActingEmail) {
  const queryClient = useQueryClient();
  const attempt = useRef<{ cartId: number; key: string } | null>(null);
  return useMutation({
    // The acting retailer's Email is the hook's, not the caller's.
    mutationFn: ({ CartId, Note }: Omit<PlaceOrderBody, 'Email'>) => {
      if (attempt.current?.cartId !== CartId) attempt.current = { cartId: CartId, key: crypto.randomUUID() };
      return apiFetch('/api/Order/placeOrder', {
        method: 'POST',
        schema: PlaceOrderResponseSchema,
        body: { CartId, Note: Note?.trim() ? Note.trim() : null, Email: email },
        headers: { 'Idempotency-Key': attempt.current.key },
      });
    },
    onSuccess: async () => {
      attempt.current = null;
      // The order moved the cart's lines into a new order and took their stock: the cart, the
      // order list and every product showing stock are refreshed (those on screen at once, the
      // rest when next shown), whatever their age.
      await Promise.all(
        [queryRoots.cart(email), orderQueries.all(email), ...stockQueryRoots()].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
    onError: (error) => {
      if (!(error instanceof ApiError && error.isNetworkError)) attempt.current = null;
      notifyError(getErrorMessage(error));
    },
  });
}
