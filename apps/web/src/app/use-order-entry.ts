import { CART_PAGE_SIZE_MAX, type CartItem } from '@frameport/domain/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { profileQueries } from '../lib/profile-queries.ts';
import { cartQueries, useAddToCart } from '../features/cart/api.ts';
import type { OrderEntry } from '../features/catalogue/use-order-quantities.ts';
import { useActing } from '../lib/use-acting.ts';

/**
 * Add to order for the catalogue's cards, quick-order list and product page, for whoever the user
 * orders for: the acting retailer's cart, per-variant limit and what the order already holds.
 * Undefined while ordering is not possible (a sales executive who has not chosen a retailer), which
 * hides the controls. The same object while nothing in it changes, so the catalogue's memoised
 * cards are not rendered again when the screen re-renders for something else (a filter tap).
 */
export function useOrderEntry(): OrderEntry | undefined {
  const { email, canOrder } = useActing();
  // Your own profile is fetched (and retried) by useActing's observer; this one only reads it, so a
  // failing profile never gains an observer that asks for it again. An acting retailer's is fetched here.
  const profile = useQuery({ ...profileQueries.detail(email), enabled: canOrder && email !== null });
  // The whole order in one page (the contract's largest), refreshed by every add under cartQueries.all.
  const cart = useQuery({ ...cartQueries.page(email, CART_PAGE_SIZE_MAX), enabled: canOrder });
  const addToCart = useAddToCart(email);
  const onAddToOrder = addToCart.mutateAsync;
  const maxPerVariant = profile.data?.MaxLimitPerVariant ?? null;
  const items = cart.data?.cartItems;
  return useMemo(() => {
    if (!canOrder) return undefined;
    const pieces = piecesInOrder(items ?? []);
    return {
      onAddToOrder,
      maxPerVariant,
      inOrder: (productId: number, colorVariant: string) => pieces.get(colourKey(productId, colorVariant)) ?? 0,
    };
  }, [canOrder, items, onAddToOrder, maxPerVariant]);
}

const colourKey = (productId: number, colorVariant: string) => `${productId}:${colorVariant.toUpperCase()}`;

/**
 * Pieces per colour in the order, as the server counts them against stock and the per-variant
 * limit: every line not expired (a free line too), lines of one colour added together.
 */
export function piecesInOrder(items: readonly CartItem[]): Map<string, number> {
  const pieces = new Map<string, number>();
  for (const item of items) {
    if (item.IsExpired) continue;
    const key = colourKey(item.ProductID, item.ColorVariant);
    pieces.set(key, (pieces.get(key) ?? 0) + item.CartProductTotQuantity);
  }
  return pieces;
}
