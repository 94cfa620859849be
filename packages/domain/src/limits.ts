import { messages } from './messages.ts';
import type { Paise } from './money.ts';

/** Catalogue quantity entry runs 0 to 100; 100 also caps the purchase-order plus control (spec section 9). */
export const QUANTITY_MIN = 0;
export const QUANTITY_MAX = 100;

export type QuantityProblem = { kind: 'range' | 'stock' | 'limit'; message: string };

export type QuantityCheck = {
  /** The quantity being added or set for one colour variant. */
  quantity: number;
  /** AvailableStockQuantity of the colour variant. */
  stock: number;
  /** The profile's MaxLimitPerVariant; null or undefined when no limit is set. */
  maxPerVariant?: number | null;
  /** Units of this colour variant already in the cart; 0 when setting a cart line's own quantity. */
  alreadyInCart?: number;
};

export type OrderLimitProblem = { kind: 'orderQuantity' | 'orderValue'; message: string };

export type OrderLimitCheck = {
  totalQuantity: number;
  totalValuePaise: Paise;
  /** The profile's MaxOrderQuantity; null or undefined when no limit is set. */
  maxOrderQuantity?: number | null;
  /** The profile's MaxOrderValue in paise; null or undefined when no limit is set. */
  maxOrderValuePaise?: Paise | null;
};

/** What a typed quantity becomes (spec section 5): negative, NaN or not finite → 0; fractions floored. */
export function sanitiseQuantity(value: number | string): number {
  const quantity = typeof value === 'number' ? value : Number(value.trim() === '' ? 0 : value);
  if (!Number.isFinite(quantity) || quantity < 0) return 0;
  return Math.floor(quantity);
}

/**
 * Why a colour variant's quantity cannot be ordered, or null when it can. A zero quantity is never a
 * problem (zero lines are ignored). Checked in order: range 0–100, stock, then the per-variant limit;
 * stock and limit apply to what the cart would then hold (alreadyInCart + quantity). The limit's
 * message carries the limit ('… (max 20 per colour)').
 */
export function quantityProblem({ quantity, stock, maxPerVariant, alreadyInCart = 0 }: QuantityCheck): QuantityProblem | null {
  if (!Number.isInteger(quantity) || quantity < QUANTITY_MIN || quantity > QUANTITY_MAX) {
    return { kind: 'range', message: messages.quantity.range };
  }
  if (quantity === 0) return null;
  const wanted = alreadyInCart + quantity;
  if (wanted > stock) {
    // Nothing left is said as such (issue 16), not as 'Only 0 available in stock!'.
    return { kind: 'stock', message: stock > 0 ? messages.quantity.onlyInStock(stock) : messages.quantity.outOfStock };
  }
  if (maxPerVariant !== null && maxPerVariant !== undefined && wanted > maxPerVariant) {
    return { kind: 'limit', message: messages.quantity.modelLimitOf(maxPerVariant) };
  }
  return null;
}

/** The profile's order-wide limits (spec section 5, place order): quantity first, then value. */
export function orderLimitProblem({
  totalQuantity,
  totalValuePaise,
  maxOrderQuantity,
  maxOrderValuePaise,
}: OrderLimitCheck): OrderLimitProblem | null {
  if (maxOrderQuantity !== null && maxOrderQuantity !== undefined && totalQuantity > maxOrderQuantity) {
    return { kind: 'orderQuantity', message: messages.quantity.orderQuantityLimit };
  }
  if (maxOrderValuePaise !== null && maxOrderValuePaise !== undefined && totalValuePaise > maxOrderValuePaise) {
    return { kind: 'orderValue', message: messages.quantity.orderValueLimit };
  }
  return null;
}

/** A cart line as `cartLineProblems` checks it. */
export type CartLineCheck = {
  id: number;
  /** The colour variant: lines of one colour share its stock and its limit. */
  variantId: number;
  quantity: number;
  /** A free line counts against stock but not against the per-colour limit. */
  isFree: boolean;
  stock: number;
};

/**
 * What stops each line from being ordered as it stands, by the rules placing the order applies
 * (spec section 5): all pieces of a colour within its stock ('We're sorry, only N items are left
 * in stock…', with N), then its paid pieces within the per-colour limit (the spec's text with the
 * limit). Stock can fall after a line was added, so a line can be wrong without being changed.
 * Lines without a problem are not in the map. Pass only lines that can be ordered (not expired).
 */
export function cartLineProblems(lines: readonly CartLineCheck[], maxPerVariant: number | null): Map<number, QuantityProblem> {
  const pieces = new Map<number, { all: number; paid: number }>();
  for (const line of lines) {
    const colour = pieces.get(line.variantId) ?? { all: 0, paid: 0 };
    colour.all += line.quantity;
    if (!line.isFree) colour.paid += line.quantity;
    pieces.set(line.variantId, colour);
  }
  const problems = new Map<number, QuantityProblem>();
  for (const line of lines) {
    const colour = pieces.get(line.variantId)!;
    if (colour.all > line.stock) {
      problems.set(line.id, { kind: 'stock', message: messages.quantity.placeOrderStock(Math.max(0, line.stock)) });
    } else if (!line.isFree && maxPerVariant !== null && colour.paid > maxPerVariant) {
      problems.set(line.id, { kind: 'limit', message: messages.quantity.modelLimitOf(maxPerVariant) });
    }
  }
  return problems;
}
