import { quantityProblem } from '@frameport/domain';
import type { AddCartLine, ColourVariant, Product } from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import { useState } from 'react';

/**
 * How a screen lets products be ordered: the cart's add call, the profile's per-variant limit and
 * what the order already holds (all composed in app/use-order-entry.ts, so the catalogue does not
 * import the cart).
 */
export type OrderEntry = {
  onAddToOrder: (lines: AddCartLine[]) => Promise<unknown>;
  maxPerVariant?: number | null;
  /**
   * Pieces of one colour already in the acting retailer's order (lines not expired); 0 while the
   * order loads. Shown as 'In your order: 3' and counted against stock and the per-variant limit,
   * as the server counts them.
   */
  inOrder?: (productId: number, colorVariant: string) => number;
};

/** A colour without stock takes no quantity (issue 16, item 8). */
export function takesQuantity(variant: Pick<ColourVariant, 'availableStockQuantity'>): boolean {
  return variant.availableStockQuantity > 0;
}

/**
 * Per-colour quantities for one product or many (spec section 4): each colour is valid or in error
 * (range, stock, per-variant limit, counting what the order holds); Add to order needs a total above
 * 0 and no error, and `blockedReason` says why it cannot be pressed. Zero lines are left out; all
 * colours of all `products` go in one add call.
 */
export function useOrderQuantities(productOrList: Product | readonly Product[], entry: OrderEntry) {
  const products: readonly Product[] = 'productId' in productOrList ? [productOrList] : productOrList;
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [adding, setAdding] = useState(false);

  const productOf = new Map<number, Product>();
  for (const product of products) for (const variant of product.productColor) productOf.set(variant.productColorId, product);

  const quantityOf = (variant: ColourVariant) => quantities[variant.productColorId] ?? 0;
  const inOrderOf = (variant: ColourVariant) => {
    const product = productOf.get(variant.productColorId);
    return product && entry.inOrder ? entry.inOrder(product.productId, variant.colorVariant) : 0;
  };
  const errorOf = (variant: ColourVariant) =>
    quantityProblem({
      quantity: quantityOf(variant),
      stock: variant.availableStockQuantity,
      maxPerVariant: entry.maxPerVariant,
      alreadyInCart: inOrderOf(variant),
    })?.message ?? null;

  const variants = products.flatMap((product) => product.productColor);
  const total = variants.reduce((sum, variant) => sum + quantityOf(variant), 0);
  const hasError = variants.some((variant) => errorOf(variant) !== null);
  const canAdd = total > 0 && !hasError && !adding;
  const blockedReason = adding ? null : hasError ? messages.cart.fixQuantities : total === 0 ? messages.cart.enterQuantity : null;

  const setQuantity = (variant: ColourVariant, quantity: number) =>
    setQuantities((current) => ({ ...current, [variant.productColorId]: quantity }));

  const add = async () => {
    if (!canAdd) return;
    const lines: AddCartLine[] = products.flatMap((product) =>
      product.productColor
        .filter((variant) => quantityOf(variant) > 0)
        .map((variant) => ({ ProductId: product.productId, ColorVariant: variant.colorVariant, Quantity: quantityOf(variant) })),
    );
    setAdding(true);
    try {
      await entry.onAddToOrder(lines);
      setQuantities({});
    } catch {
      // The add call has already shown the error toast; the quantities stay for another try.
    } finally {
      setAdding(false);
    }
  };

  return { quantityOf, inOrderOf, errorOf, setQuantity, total, canAdd, blockedReason, adding, add };
}
