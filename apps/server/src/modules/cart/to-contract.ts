/** Priced cart lines → the spec's shapes (section 3). Money leaves the server as rupees. */
import { paiseToRupees, type CartTotals, type GstAtRate } from '@frameport/domain';
import type { CartItem, CartTaxAtRate, CartTotalsWire } from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import { toAppliedDiscount, type PricedLine } from '../pricing/service.ts';
import type { CartLineRow } from './lines.ts';

/** `quantityProblem`: why the line cannot be ordered at its quantity now (`cartLineProblems`), or null. */
export function toCartItem(line: PricedLine<CartLineRow>, quantityProblem: string | null): CartItem {
  const { row, totals } = line;
  return {
    CartID: row.cartId,
    ProductID: row.productId,
    ProductTypeID: row.productTypeId,
    ProductCode: row.productCode,
    ProductName: row.productName,
    ProductColor: row.colourName,
    ColorVariant: row.colorVariant,
    ProductTempleColor: row.templeColourName,
    EyeSize: row.eyeSizeMm,
    ArmLength: row.armLengthMm,
    NoseBridgeSize: row.noseBridgeMm,
    Image: row.image,
    IsFree: row.isFree,
    CartProductTotQuantity: row.quantity,
    CartProductDetailId: row.lineId,
    Discount: toAppliedDiscount(line.discount),
    ProductPrice: paiseToRupees(line.unitPricePaise),
    PreviousNetPrice:
      !row.isFree && row.netPricePaiseAtAdd !== null && row.netPricePaiseAtAdd !== row.netPricePaise
        ? paiseToRupees(row.netPricePaiseAtAdd)
        : null,
    NetUnitPrice: paiseToRupees(line.unitPricePaise - (line.discount?.discountPaise ?? 0)),
    CartProductTotPrice: paiseToRupees(totals.totalPaise),
    costPriceWithoutGST: paiseToRupees(totals.taxablePaise),
    IGSTValue: paiseToRupees(totals.igst),
    CGSTValue: paiseToRupees(totals.cgst),
    SGSTValue: paiseToRupees(totals.sgst),
    IGSTRate: totals.igstRate,
    CGSTRate: totals.cgstRate,
    SGSTRate: totals.sgstRate,
    availableStockQuantity: row.stock,
    IsExpired: line.expired,
    ExpiresAt: line.expiresAt.toISOString(),
    ExpiredMessage: line.expired ? messages.cart.lineExpired : null,
    QuantityProblem: line.expired ? null : quantityProblem,
  };
}

export function toCartTotals(totals: CartTotals): CartTotalsWire {
  return {
    CartTotPrice: paiseToRupees(totals.subtotalPaise),
    TotalIGSTValue: paiseToRupees(totals.igst),
    TotalCGSTValue: paiseToRupees(totals.cgst),
    TotalSGSTValue: paiseToRupees(totals.sgst),
    CartProductTotPricewithGST: paiseToRupees(totals.totalPaise),
    cartTotalGSTAmt: paiseToRupees(totals.taxPaise),
  };
}

export function toTaxAtRate(group: GstAtRate): CartTaxAtRate {
  return {
    GSTRate: group.ratePercent,
    TaxableValue: paiseToRupees(group.taxablePaise),
    CGSTRate: group.cgstRate,
    CGSTValue: paiseToRupees(group.cgst),
    SGSTRate: group.sgstRate,
    SGSTValue: paiseToRupees(group.sgst),
    IGSTRate: group.igstRate,
    IGSTValue: paiseToRupees(group.igst),
  };
}
