import { useQuery } from '@tanstack/react-query';
import { profileQueries } from '../lib/profile-queries.ts';
import { useAddToCart } from '../features/cart/api.ts';
import type { OrderEntry } from '../features/catalogue/use-order-quantities.ts';
import { useActing } from '../lib/use-acting.ts';

/**
 * Add to order for the catalogue's cards and product page, for whoever the user orders for:
 * the acting retailer's cart and per-variant limit. Undefined while ordering is not possible
 * (a sales executive who has not chosen a retailer), which hides the controls.
 */
export function useOrderEntry(): OrderEntry | undefined {
  const { email, canOrder } = useActing();
  const profile = useQuery({ ...profileQueries.detail(email), enabled: canOrder });
  const addToCart = useAddToCart(email);
  if (!canOrder) return undefined;
  return { onAddToOrder: addToCart.mutateAsync, maxPerVariant: profile.data?.MaxLimitPerVariant ?? null };
}
