import { MyOrdersResponseSchema, OrderDetailsResponseSchema } from '@frameport/domain/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client.ts';
import { actingEmailQuery as emailQuery, queryRoots, type ActingEmail } from '../../lib/query-keys.ts';

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
