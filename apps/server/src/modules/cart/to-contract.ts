/** Priced cart lines → the spec's shapes (section 3). Money leaves the server as rupees. */
import { paiseToRupees, type CartTotals, type PickedDiscount } from '@frameport/domain';
import type { CartItem, CartTotalsWire } from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import type { PricedLine } from './service.ts';

export function toWireDiscount(picked: PickedDiscount | null): CartItem['Discount'] {
  if (!picked) return null;
  return {
    UsePercentage: picked.rule.usePercentage ? '1' : '0',
    DiscountPercentage: picked.rule.usePercentage ? picked.rule.discountPercentage : 0,
    DiscountAmount: picked.rule.usePercentage ? 0 : paiseToRupees(picked.rule.discountAmountPaise),
    TotalDiscount: paiseToRupees(picked.discountPaise),
    DiscountName: picked.rule.name,
    DiscountId: picked.rule.id,
  };
}

export function toCartItem(line: PricedLine): CartItem {
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
    Discount: toWireDiscount(line.discount),
    ProductPrice: paiseToRupees(line.unitPricePaise),
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
