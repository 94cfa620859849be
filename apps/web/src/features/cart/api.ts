import {
  AddItemsToCartResponseSchema,
  CartCountResponseSchema,
  CartResponseSchema,
  ClearCartResponseSchema,
  DeleteCartItemResponseSchema,
  RetailerCreditPositionSchema,
  UpdateItemsToCartResponseSchema,
  type AddCartLine,
  type UpdateCartLine,
} from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, getErrorMessage } from '../../lib/api-client.ts';
import { notifyError, RESULT_TOAST_MS } from '../../lib/notify.ts';
import { actingEmailQuery as emailQuery, queryRoots, type ActingEmail } from '../../lib/query-keys.ts';
import { recordAdd } from './recent-add.ts';

/** Lines the purchase order loads first (spec section 9). */
export const CART_FIRST_PAGE_SIZE = 10;
/** Load more grows the purchase order's page by this many lines (spec section 9). */
export const CART_PAGE_STEP = 5;

/**
 * GET /api/Order/getCreditPosition: the acting retailer's credit, for the purchase order's credit
 * panel (a sales executive or admin acting for a retailer). Under its own key, not the cart's, so
 * editing the cart does not reload it.
 */
export const creditQuery = (email: ActingEmail) =>
  queryOptions({
    queryKey: ['credit', { email }] as const,
    queryFn: ({ signal }) =>
      apiFetch('/api/Order/getCreditPosition', { schema: RetailerCreditPositionSchema, query: emailQuery(email), signal }),
    staleTime: 60_000,
  });

/** The cart's query keys and options, general → specific; every key carries the acting email. */
export const cartQueries = {
  all: queryRoots.cart,

  /** GET /api/Product/getCartItems?pageNumber=1&pageSize=N: lines, totals, rates and bill-to. */
  page: (email: ActingEmail, pageSize: number) =>
    queryOptions({
      queryKey: [...cartQueries.all(email), 'page', { pageSize }] as const,
      queryFn: ({ signal }) =>
        apiFetch('/api/Product/getCartItems', {
          schema: CartResponseSchema,
          query: { pageNumber: 1, pageSize, ...emailQuery(email) },
          signal,
        }),
      // Load more keeps the loaded lines on screen while the bigger page arrives.
      placeholderData: keepPreviousData,
    }),

  /** GET /api/Product/getCartItemsCount: lines, pieces and value for the header badge. */
  count: (email: ActingEmail) =>
    queryOptions({
      queryKey: [...cartQueries.all(email), 'count'] as const,
      queryFn: ({ signal }) =>
        apiFetch('/api/Product/getCartItemsCount', { schema: CartCountResponseSchema, query: emailQuery(email), signal }),
    }),
};

function notifySuccess(message: string): void {
  notifications.show({ title: messages.toast.success, message, color: 'green', autoClose: RESULT_TOAST_MS });
}

function notifyFailure(error: unknown): void {
  notifyError(getErrorMessage(error));
}

/** Every cart change reloads the cart, its count and the header badge (all under `cartQueries.all`). */
function useInvalidateCart(email: ActingEmail) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: cartQueries.all(email) });
}

/**
 * POST /api/Product/addItemsToCart. Lines above the stock left are skipped by the server. A success
 * is confirmed by the running order (the phone's bar, the desktop's drawer: recent-add.ts), not by
 * a toast, which covered the cart badge; a failure is still an error toast.
 */
export function useAddToCart(email: ActingEmail) {
  const invalidate = useInvalidateCart(email);
  return useMutation({
    mutationFn: (lines: AddCartLine[]) =>
      apiFetch('/api/Product/addItemsToCart', {
        method: 'POST',
        schema: AddItemsToCartResponseSchema,
        body: { Products: lines, Email: email },
      }),
    // Where focus was when Add was pressed, for the drawer to give back.
    onMutate: () => ({ origin: document.activeElement instanceof HTMLElement ? document.activeElement : null }),
    onSuccess: async (data, lines, context) => {
      // The count first: the bar and the drawer show the order with this add in it.
      await invalidate();
      recordAdd(lines, data.skipped, context?.origin ?? null);
    },
    onError: notifyFailure,
  });
}

/** POST /api/Product/updateItemsToCart. */
export function useUpdateCartLines(email: ActingEmail) {
  const invalidate = useInvalidateCart(email);
  return useMutation({
    mutationFn: (lines: UpdateCartLine[]) =>
      apiFetch('/api/Product/updateItemsToCart', {
        method: 'POST',
        schema: UpdateItemsToCartResponseSchema,
        body: { lines, Email: email },
      }),
    onSuccess: async (data) => {
      notifySuccess(data.message);
      await invalidate();
    },
    onError: notifyFailure,
  });
}

/** DELETE /api/Product/deleteCartItems?CartProductDetailID=. */
export function useDeleteCartLine(email: ActingEmail) {
  const invalidate = useInvalidateCart(email);
  return useMutation({
    mutationFn: (cartProductDetailId: number) =>
      apiFetch('/api/Product/deleteCartItems', {
        method: 'DELETE',
        schema: DeleteCartItemResponseSchema,
        query: { CartProductDetailID: cartProductDetailId, ...emailQuery(email) },
      }),
    onSuccess: async () => {
      notifySuccess(messages.cart.lineDeleted);
      await invalidate();
    },
    onError: notifyFailure,
  });
}

/** DELETE /api/Product/clearCart. */
export function useClearCart(email: ActingEmail) {
  const invalidate = useInvalidateCart(email);
  return useMutation({
    mutationFn: () =>
      apiFetch('/api/Product/clearCart', { method: 'DELETE', schema: ClearCartResponseSchema, query: emailQuery(email) }),
    onSuccess: async (data) => {
      notifySuccess(data.message);
      await invalidate();
    },
    onError: notifyFailure,
  });
}

