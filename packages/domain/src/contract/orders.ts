import { z } from 'zod';
import { text } from './text.ts';
import { actingEmail, actingEmailBody, dbId, rupees } from './primitives.ts';
import { CartDiscountSchema } from './cart.ts';

/** Order contract (spec sections 3 and 7, Order calls). Money is rupees on the wire. */

const id = z.number().int();

export const PlaceOrderBodySchema = z.object({
  CartId: dbId,
  Note: text().trim().max(1000).nullish(),
  Email: actingEmailBody,
});
export type PlaceOrderBody = z.infer<typeof PlaceOrderBodySchema>;

export const PlaceOrderHeadersSchema = z.object({
  'idempotency-key': text()
    .trim()
    .regex(/^[A-Za-z0-9._:-]{8,100}$/, 'Idempotency-Key must be 8 to 100 letters, digits or . _ : -')
    .optional(),
});

export const PlaceOrderResponseSchema = z.object({
  message: text(),
  OrderRefNo: text(),
  OrderID: id,
});

export const OrderSummarySchema = z.object({
  OrderID: id,
  OrderStatus: text(),
  OrderRefNo: text(),
  /** ISO 8601 */
  OrderDate: text(),
  /** After discount, before GST. */
  OrderTotalAmt: rupees,
  /** With GST: what the retailer pays. */
  OrderNetTotalAmt: rupees,
  /** Pieces ordered. */
  OrderItemTotal: z.number().int(),
});
export type OrderSummary = z.infer<typeof OrderSummarySchema>;

export const MyOrdersQuerySchema = z.object({
  pageNumber: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  email: actingEmail,
});

export const MyOrdersResponseSchema = z.object({
  orders: z.array(OrderSummarySchema),
  totalCount: z.number().int(),
});

export const OrderDetailLineSchema = z.object({
  OrderRefNo: text(),
  OrderDate: text(),
  OrderStatus: text(),
  ProductName: text(),
  ProductCode: text(),
  ProductID: id,
  ProductTypeID: id,
  SizeName: text().nullable(),
  ColorName: text(),
  TempleColorName: text().nullable(),
  ColorVariant: text(),
  ProductQty: z.number().int(),
  /** List price of one piece. */
  ProductListPrice: rupees,
  /** Line value after discount, with GST. */
  ProductTotAmt: rupees,
  /** Line value after discount, before GST. */
  TaxableAmt: rupees,
  Image: text().nullable(),
  HSNCode: text(),
  IGSTValue: rupees,
  CGSTValue: rupees,
  SGSTValue: rupees,
  IGSTRate: z.number(),
  CGSTRate: z.number(),
  SGSTRate: z.number(),
  GSTStateCode: text(),
  IsFree: z.boolean(),
  Discount: CartDiscountSchema.nullable(),
});
export type OrderDetailLine = z.infer<typeof OrderDetailLineSchema>;

export const OrderDetailsQuerySchema = z.object({ orderId: dbId, email: actingEmail });

export const OrderDetailsResponseSchema = z.object({
  lines: z.array(OrderDetailLineSchema),
  OrderID: id,
  OrderRefNo: text(),
  OrderDate: text(),
  OrderStatus: text(),
  Note: text().nullable(),
  CartTotPrice: rupees,
  TotalDiscount: rupees,
  TotalIGSTValue: rupees,
  TotalSGSTValue: rupees,
  TotalCGSTValue: rupees,
  CartProductTotPricewithGST: rupees,
  billTo: z.object({
    BusinessName: text(),
    Address: text(),
    City: text(),
    State: text(),
    GSTStateCode: text(),
    Country: text(),
    PinCode: text(),
    GSTIN: text().nullable(),
  }),
});
