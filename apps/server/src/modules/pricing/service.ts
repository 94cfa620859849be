/**
 * Pricing: bill-to and ship-to, the discount rules in force, a line's price and GST, live totals
 * and order limits. It has no routes, so no index.ts: catalogue, cart and orders price through
 * what this file exports, and nothing else in this folder is for other modules.
 */
export {
  activeRulesJson,
  discountsJsonFor,
  LIST_PRICING,
  pricingOf,
  toAppliedDiscount,
  type Pricing,
  type RuleJson,
} from './discount-rules.ts';
export { gstStateCodeOf, loadPriceContext, type BillTo, type PriceContext, type ShipTo } from './price-context.ts';
export {
  CART_LINE_TTL_MS,
  checkOrderLimits,
  liveTotals,
  priceItem,
  priceLine,
  type ItemPrice,
  type PricedLine,
  type PriceableItem,
} from './price-line.ts';
