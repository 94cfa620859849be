/** One line priced for a bill-to party: discount, GST split, expiry; the totals and limits over lines. */
import { cartTotals, lineTotals, orderLimitProblem, pickDiscount, type CartTotals, type LineTotals, type PickedDiscount } from '@frameport/domain';
import { AppError } from '../../http/errors.ts';
import type { BillTo, PriceContext } from './price-context.ts';

/** A cart line expires this long after it was added (spec section 4). */
export const CART_LINE_TTL_MS = 24 * 60 * 60 * 1000;

/** What pricing needs of a piece of goods; the caller's row may carry more (it is handed back). */
export type PriceableItem = {
  isFree: boolean;
  netPricePaise: number;
  productTypeId: number;
  gstRatePercent: number;
  quantity: number;
};

export type ItemPrice = {
  discount: PickedDiscount | null;
  /** Price of one piece (0 for a free line). */
  unitPricePaise: number;
  totals: LineTotals;
};

/** Discount from the rules of the retailer's state, GST on the discounted value, rounded per line (domain). */
export function priceItem(item: PriceableItem, { pricing, billTo, companyStateCode }: PriceContext): ItemPrice {
  const unitPricePaise = item.isFree ? 0 : item.netPricePaise;
  const discount = item.isFree
    ? null
    : pickDiscount(pricing.rules, { stateId: pricing.stateId, netPricePaise: unitPricePaise, productTypeId: item.productTypeId });
  const totals = lineTotals({
    unitPricePaise,
    quantity: item.quantity,
    discountPerUnitPaise: discount?.discountPaise ?? 0,
    gstRatePercent: item.gstRatePercent,
    billToStateCode: billTo.gstStateCode,
    companyStateCode,
  });
  return { discount, unitPricePaise, totals };
}

export type PricedLine<Row extends PriceableItem = PriceableItem> = ItemPrice & {
  row: Row;
  expired: boolean;
  expiresAt: Date;
};

/** A cart line priced, and flagged expired once its time in the cart is up. */
export function priceLine<Row extends PriceableItem & { addedAt: Date }>(row: Row, ctx: PriceContext): PricedLine<Row> {
  const expiresAt = new Date(row.addedAt.getTime() + CART_LINE_TTL_MS);
  return { row, expired: ctx.now.getTime() >= expiresAt.getTime(), expiresAt, ...priceItem(row, ctx) };
}

/** Totals of the lines that can be ordered (expired lines are left out). */
export function liveTotals(lines: readonly PricedLine[]): CartTotals {
  return cartTotals(lines.filter((line) => !line.expired).map((line) => line.totals));
}

/** The bill-to party's order quantity and value limits over these totals (409 when one is passed). */
export function checkOrderLimits(totals: CartTotals, billTo: BillTo) {
  const problem = orderLimitProblem({
    totalQuantity: totals.quantity,
    totalValuePaise: totals.totalPaise,
    maxOrderQuantity: billTo.maxOrderQuantity,
    maxOrderValuePaise: billTo.maxOrderValuePaise,
  });
  if (problem) throw new AppError('conflict', problem.message);
}
