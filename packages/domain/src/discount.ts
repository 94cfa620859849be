import { assertPaise, formatInr, formatPercent, percentOf, type Paise } from './money.ts';

/** Product type 4 is an accessory: no discount, shown as N/A (spec sections 5 and 9). */
export const ACCESSORY_PRODUCT_TYPE_ID = 4;

/** Whether discount rules apply to a product type at all: accessories are never discounted. */
export function discountsApplyTo(productTypeId: number): boolean {
  return productTypeId !== ACCESSORY_PRODUCT_TYPE_ID;
}

/** A discount rule (spec section 3). `stateId` null applies to every state. */
export type DiscountRule = {
  id: number;
  name: string;
  stateId: number | null;
  usePercentage: boolean;
  discountPercentage: number;
  discountAmountPaise: Paise;
  priceFromPaise: Paise | null;
  priceToPaise: Paise | null;
};

export type DiscountContext = {
  /** The retailer's state; null when unknown, which leaves only the all-states rules. */
  stateId: number | null;
  netPricePaise: Paise;
  productTypeId: number;
};

export type PickedDiscount = { rule: DiscountRule; discountPaise: Paise };

/**
 * The discount on one unit (spec section 5): rules of the retailer's state, or the all-states rules
 * when that state has none; the largest qualifying value wins, ties keeping the first rule.
 * A type the rules do not apply to (accessories) gets none.
 */
export function pickDiscount(rules: readonly DiscountRule[], context: DiscountContext): PickedDiscount | null {
  const { netPricePaise, productTypeId } = context;
  assertPaise(netPricePaise, 'netPricePaise');
  if (!discountsApplyTo(productTypeId)) return null;
  let best: PickedDiscount | null = null;
  for (const rule of rulesForState(rules, context.stateId)) {
    const discountPaise = discountValue(rule, netPricePaise);
    if (qualifies(rule, discountPaise, netPricePaise) && (best === null || discountPaise > best.discountPaise)) {
      best = { rule, discountPaise };
    }
  }
  return best;
}

/** The rules of this state; the ones with no state only when the state has none of its own. */
export function rulesForState(rules: readonly DiscountRule[], stateId: number | null): DiscountRule[] {
  const own = stateId === null ? [] : rules.filter((rule) => rule.stateId === stateId);
  return own.length > 0 ? own : rules.filter((rule) => rule.stateId === null);
}

/** What a rule takes off one unit: netPrice × percentage / 100 (half-up to the paisa), or its amount. */
export function discountValue(rule: DiscountRule, netPricePaise: Paise): Paise {
  if (rule.usePercentage) return percentOf(netPricePaise, rule.discountPercentage);
  assertPaise(rule.discountAmountPaise, 'discountAmountPaise');
  return rule.discountAmountPaise;
}

/** Shown on the badge: '10% off' or '₹250.00 off'. */
export function discountLabel(rule: DiscountRule): string {
  if (rule.usePercentage) return `${formatPercent(rule.discountPercentage)}% off`;
  return `${formatInr(rule.discountAmountPaise)} off`;
}

function qualifies(rule: DiscountRule, discountPaise: Paise, netPricePaise: Paise): boolean {
  return (
    discountPaise > 0 &&
    discountPaise < netPricePaise &&
    (rule.priceFromPaise === null || netPricePaise >= rule.priceFromPaise) &&
    (rule.priceToPaise === null || netPricePaise <= rule.priceToPaise)
  );
}
