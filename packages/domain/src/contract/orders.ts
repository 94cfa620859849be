import { z } from 'zod/mini';
import { ORDER_STATUSES, SHIPMENT_STATUSES } from '../order-desk.ts';
import { text } from './text.ts';
import { actingEmail, actingEmailBody, dbId, rupees } from './primitives.ts';
import { CartDiscountSchema } from './cart.ts';

/** Order contract (spec sections 3 and 7, Order calls). Money is rupees on the wire. */

const id = z.number().check(z.int());

export const PlaceOrderBodySchema = z.object({
  CartId: dbId,
  Note: z.nullish(text().check(z.trim(), z.maxLength(1000))),
  Email: actingEmailBody,
});
export type PlaceOrderBody = z.infer<typeof PlaceOrderBodySchema>;

export const PlaceOrderHeadersSchema = z.object({
  'idempotency-key': z.optional(
    text().check(z.trim(), z.regex(/^[A-Za-z0-9._:-]{8,100}$/, 'Idempotency-Key must be 8 to 100 letters, digits or . _ : -')),
  ),
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
  OrderItemTotal: z.number().check(z.int()),
});
export type OrderSummary = z.infer<typeof OrderSummarySchema>;

export const MyOrdersQuerySchema = z.object({
  pageNumber: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100000)), 1),
  pageSize: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 10),
  email: actingEmail,
});

export const MyOrdersResponseSchema = z.object({
  orders: z.array(OrderSummarySchema),
  totalCount: z.number().check(z.int()),
});

export const OrderDetailLineSchema = z.object({
  OrderRefNo: text(),
  OrderDate: text(),
  OrderStatus: text(),
  ProductName: text(),
  ProductCode: text(),
  ProductID: id,
  ProductTypeID: id,
  SizeName: z.nullable(text()),
  ColorName: text(),
  TempleColorName: z.nullable(text()),
  ColorVariant: text(),
  ProductQty: z.number().check(z.int()),
  /** List price of one piece. */
  ProductListPrice: rupees,
  /** Line value after discount, with GST. */
  ProductTotAmt: rupees,
  /** Line value after discount, before GST. */
  TaxableAmt: rupees,
  Image: z.nullable(text()),
  HSNCode: text(),
  IGSTValue: rupees,
  CGSTValue: rupees,
  SGSTValue: rupees,
  IGSTRate: z.number(),
  CGSTRate: z.number(),
  SGSTRate: z.number(),
  GSTStateCode: text(),
  IsFree: z.boolean(),
  Discount: z.nullable(CartDiscountSchema),
  /** Pieces in shipments that have left (Dispatched or Delivered). ProductQty stays the ordered quantity. */
  DispatchedQty: z.number().check(z.int()),
  /** Pieces still to be dispatched: ordered, less cancelled, less dispatched. */
  BackorderedQty: z.number().check(z.int()),
  /** Pieces the distributor cancelled (never dispatched). */
  CancelledQty: z.number().check(z.int()),
  /** When the backordered pieces are expected ('YYYY-MM-DD'); null when not told. */
  ExpectedDate: z.nullable(text()),
});
export type OrderDetailLine = z.infer<typeof OrderDetailLineSchema>;

/** One step of the order's life as the retailer sees it (no staff names, no internal reasons). */
export const OrderTimelineEntrySchema = z.object({
  Status: z.enum(ORDER_STATUSES),
  /** ISO 8601 */
  At: text(),
  /** e.g. the hold's reason, 'Shipment 1 dispatched: Blue Dart, docket 123', the cancel reason. */
  Note: z.nullable(text()),
});
export type OrderTimelineEntry = z.infer<typeof OrderTimelineEntrySchema>;

/** A shipment that has left the warehouse (packing is internal), with its tax invoice. */
export const OrderShipmentSchema = z.object({
  ShipmentNo: z.number().check(z.int()),
  Status: z.enum(SHIPMENT_STATUSES),
  Transporter: z.nullable(text()),
  DocketNo: z.nullable(text()),
  /** 'YYYY-MM-DD' */
  DispatchDate: z.nullable(text()),
  /** 'YYYY-MM-DD'; null until delivered. */
  DeliveredOn: z.nullable(text()),
  /**
   * What it carried, with the GST rate its invoice charged (the rate in force on the invoice date)
   * and the rate the order line was placed at: they differ when GST changed in between, and then
   * the invoice, not the order's total, is what is billed.
   */
  Lines: z.array(
    z.object({
      ProductCode: text(),
      ColorVariant: text(),
      Qty: z.number().check(z.int()),
      GSTRate: z.number(),
      OrderedGSTRate: z.number(),
    }),
  ),
  InvoiceID: z.nullable(id),
  InvoiceNo: z.nullable(text()),
  /** The invoice's PDF (GET with the bearer token), as in the invoice list. */
  DocumentURL: z.nullable(text()),
});
export type OrderShipment = z.infer<typeof OrderShipmentSchema>;

export const OrderDetailsQuerySchema = z.object({ orderId: dbId, email: actingEmail });

export const OrderDetailsResponseSchema = z.object({
  lines: z.array(OrderDetailLineSchema),
  OrderID: id,
  OrderRefNo: text(),
  OrderDate: text(),
  OrderStatus: text(),
  Note: z.nullable(text()),
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
    GSTIN: z.nullable(text()),
  }),
  /** Oldest first. */
  Timeline: z.array(OrderTimelineEntrySchema),
  /** Dispatched and delivered shipments, by number. */
  Shipments: z.array(OrderShipmentSchema),
});
export type OrderDetailsResponse = z.infer<typeof OrderDetailsResponseSchema>;

export const CreditPositionQuerySchema = z.object({ email: actingEmail });

/** The acting retailer's credit, in rupees (GET /api/Order/getCreditPosition). */
export const RetailerCreditPositionSchema = z.object({
  CreditLimit: rupees,
  /** Unpaid invoice balances. */
  Outstanding: rupees,
  /** Confirmed orders' value not yet invoiced. */
  OnOrder: rupees,
  /** Limit less outstanding less on order (negative when over). */
  Available: rupees,
  /** Balance of invoices past their due date. */
  Overdue: rupees,
  /** Days the oldest unpaid invoice is past due; 0 when none is. */
  OldestOverdueDays: z.number().check(z.int()),
  OldestOverdueInvoiceNo: z.nullable(text()),
  CreditHold: z.boolean(),
  CreditHoldReason: z.nullable(text()),
  PaymentTermsDays: z.number().check(z.int()),
});
export type RetailerCreditPosition = z.infer<typeof RetailerCreditPositionSchema>;
