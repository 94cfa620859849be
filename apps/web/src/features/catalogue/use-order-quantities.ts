import { quantityProblem } from '@frameport/domain';
import type { AddCartLine, ColourVariant, Product } from '@frameport/domain/contract';
import { useState } from 'react';

/**
 * How a screen lets products be ordered: the cart's add call (composed in app/routes, so the
 * catalogue does not import the cart) and the profile's per-variant limit.
 */
export type OrderEntry = {
  onAddToOrder: (lines: AddCartLine[]) => Promise<unknown>;
  maxPerVariant?: number | null;
};

/**
 * Per-colour quantities for one product (spec section 4): each colour is valid or in error (range,
 * stock, per-variant limit); Add to order needs a total above 0 and no error. Zero lines are left out.
 */
export function useOrderQuantities(product: Product, entry: OrderEntry) {
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [adding, setAdding] = useState(false);

  const quantityOf = (variant: ColourVariant) => quantities[variant.productColorId] ?? 0;
  const errorOf = (variant: ColourVariant) =>
    quantityProblem({
      quantity: quantityOf(variant),
      stock: variant.availableStockQuantity,
      maxPerVariant: entry.maxPerVariant,
    })?.message ?? null;

  const total = product.productColor.reduce((sum, variant) => sum + quantityOf(variant), 0);
  const hasError = product.productColor.some((variant) => errorOf(variant) !== null);
  const canAdd = total > 0 && !hasError && !adding;

  const setQuantity = (variant: ColourVariant, quantity: number) =>
    setQuantities((current) => ({ ...current, [variant.productColorId]: quantity }));

  const add = async () => {
    if (!canAdd) return;
    const lines: AddCartLine[] = product.productColor
      .filter((variant) => quantityOf(variant) > 0)
      .map((variant) => ({ ProductId: product.productId, ColorVariant: variant.colorVariant, Quantity: quantityOf(variant) }));
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

  return { quantityOf, errorOf, setQuantity, total, canAdd, adding, add };
}
