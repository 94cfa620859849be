/** Order rows → the spec's shapes (section 3). Money leaves the server as rupees. */
import { paiseToRupees } from '@frameport/domain';
import type { OrderDetailLine, OrderSummary } from '@frameport/domain/contract';
import type { orderLines, orders } from '../../db/schema.ts';

type OrderRow = typeof orders.$inferSelect;
type OrderLineRow = typeof orderLines.$inferSelect;

export function toMyOrder(order: OrderRow): OrderSummary {
  return {
    OrderID: order.id,
    OrderStatus: order.status,
    OrderRefNo: order.orderRefNo,
    OrderDate: order.placedAt.toISOString(),
    OrderTotalAmt: paiseToRupees(order.taxablePaise),
    OrderNetTotalAmt: paiseToRupees(order.totalPaise),
    OrderItemTotal: order.totalQuantity,
  };
}

function toLine(order: OrderRow, line: OrderLineRow): OrderDetailLine {
  return {
    OrderRefNo: order.orderRefNo,
    OrderDate: order.placedAt.toISOString(),
    OrderStatus: order.status,
    ProductName: line.productName,
    ProductCode: line.productCode,
    ProductID: line.productId,
    ProductTypeID: line.productTypeId,
    SizeName: line.sizeName,
    ColorName: line.colourName,
    TempleColorName: line.templeColourName,
    ColorVariant: line.colorVariant,
    ProductQty: line.quantity,
    ProductListPrice: paiseToRupees(line.unitPricePaise),
    ProductTotAmt: paiseToRupees(line.lineTotalPaise),
    TaxableAmt: paiseToRupees(line.taxablePaise),
    Image: line.imageUrl,
    HSNCode: line.hsnCode,
    IGSTValue: paiseToRupees(line.igstPaise),
    CGSTValue: paiseToRupees(line.cgstPaise),
    SGSTValue: paiseToRupees(line.sgstPaise),
    IGSTRate: line.igstRatePercent,
    CGSTRate: line.cgstRatePercent,
    SGSTRate: line.sgstRatePercent,
    GSTStateCode: order.billToStateCode,
    IsFree: line.isFree,
    Discount:
      line.discountPerUnitPaise > 0 && line.discountRuleId !== null
        ? {
            UsePercentage: '0',
            DiscountPercentage: 0,
            DiscountAmount: paiseToRupees(line.discountPerUnitPaise),
            TotalDiscount: paiseToRupees(line.discountPerUnitPaise),
            DiscountName: line.discountName ?? '',
            DiscountId: line.discountRuleId,
          }
        : null,
  };
}

export function toOrderDetails(order: OrderRow, lines: OrderLineRow[]) {
  return {
    lines: lines.map((line) => toLine(order, line)),
    OrderID: order.id,
    OrderRefNo: order.orderRefNo,
    OrderDate: order.placedAt.toISOString(),
    OrderStatus: order.status,
    Note: order.note,
    CartTotPrice: paiseToRupees(order.taxablePaise),
    TotalDiscount: paiseToRupees(order.discountPaise),
    TotalIGSTValue: paiseToRupees(order.igstPaise),
    TotalSGSTValue: paiseToRupees(order.sgstPaise),
    TotalCGSTValue: paiseToRupees(order.cgstPaise),
    CartProductTotPricewithGST: paiseToRupees(order.totalPaise),
    billTo: {
      BusinessName: order.billToBusinessName,
      Address: order.billToAddress,
      City: order.billToCity,
      State: order.billToState,
      GSTStateCode: order.billToStateCode,
      Country: order.billToCountry,
      PinCode: order.billToPinCode,
      GSTIN: order.billToGstin,
    },
  };
}
