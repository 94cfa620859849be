import { z } from 'zod/mini';
import { text } from './text.ts';
import { actingEmail, actingEmailBody, dbId, rupees } from './primitives.ts';
import { OrderingBlockedSchema } from './ordering-blocked.ts';

/**
 * Cart contract (spec sections 3 and 7, Product cart calls), with the spec's field names.
 * Money is rupees on the wire (at most 2 decimals); the server keeps paise.
 */

const id = z.number().check(z.int());
/** A typed quantity: any number here, so the server answers the spec's range message itself. */
const quantity = z.coerce.number();

export const CART_PAGE_SIZE_MAX = 100;

export const AddCartLineSchema = z
  .object({
    ProductId: dbId,
    /** 'C1', 'C2', … (or ProductColorId instead). */
    ColorVariant: z.optional(text().check(z.trim(), z.minLength(1), z.maxLength(10))),
    ProductColorId: z.optional(dbId),
    Quantity: quantity,
  })
  .check(
    z.refine((line) => line.ColorVariant !== undefined || line.ProductColorId !== undefined, {
      message: 'ColorVariant is required',
      path: ['ColorVariant'],
    }),
  );
export type AddCartLine = z.infer<typeof AddCartLineSchema>;

export const AddItemsToCartBodySchema = z.object({
  Products: z.array(AddCartLineSchema).check(z.minLength(1), z.maxLength(200)),
  Email: actingEmailBody,
});
export type AddItemsToCartBody = z.infer<typeof AddItemsToCartBodySchema>;

export const SkippedCartLineSchema = z.object({
  ProductId: id,
  ColorVariant: text(),
  Message: text(),
});
export type SkippedCartLine = z.infer<typeof SkippedCartLineSchema>;

export const AddItemsToCartResponseSchema = z.object({
  message: text(),
  /** Lines not added because they were above the stock left (spec: skipped at add time). */
  skipped: z.array(SkippedCartLineSchema),
  CartCount: z.number().check(z.int()),
});

export const UpdateCartLineSchema = z.object({
  CartProductDetailID: dbId,
  Quantity: quantity,
  /** Accepted for compatibility and ignored: the server recomputes prices and taxes. */
  costPriceWithoutGST: z.optional(z.number()),
  IGSTRate: z.optional(z.number()),
  CGSTRate: z.optional(z.number()),
  SGSTRate: z.optional(z.number()),
});
/** One line to change on the purchase order (the server recomputes prices and taxes). */
export type UpdateCartLine = z.infer<typeof UpdateCartLineSchema>;

export const UpdateItemsToCartBodySchema = z.object({
  lines: z.array(UpdateCartLineSchema).check(z.minLength(1), z.maxLength(200)),
  Email: actingEmailBody,
});
export type UpdateItemsToCartBody = z.infer<typeof UpdateItemsToCartBodySchema>;

export const CartTotalsSchema = z.object({
  CartTotPrice: rupees,
  TotalIGSTValue: rupees,
  TotalCGSTValue: rupees,
  TotalSGSTValue: rupees,
  CartProductTotPricewithGST: rupees,
  cartTotalGSTAmt: rupees,
});
export type CartTotalsWire = z.infer<typeof CartTotalsSchema>;

export const UpdateItemsToCartResponseSchema = z.extend(CartTotalsSchema, { message: text() });

export const CartDiscountSchema = z.object({
  UsePercentage: z.enum(['1', '0']),
  DiscountPercentage: z.number(),
  DiscountAmount: rupees,
  /** Rupees off one piece. */
  TotalDiscount: rupees,
  DiscountName: text(),
  DiscountId: id,
});

export const CartItemSchema = z.object({
  CartID: id,
  ProductID: id,
  ProductTypeID: id,
  ProductCode: text(),
  ProductName: text(),
  ProductColor: text(),
  ColorVariant: text(),
  ProductTempleColor: z.nullable(text()),
  EyeSize: z.nullable(z.number().check(z.int())),
  ArmLength: z.nullable(z.number().check(z.int())),
  NoseBridgeSize: z.nullable(z.number().check(z.int())),
  Image: z.nullable(text()),
  IsFree: z.boolean(),
  CartProductTotQuantity: z.number().check(z.int()),
  CartProductDetailId: id,
  Discount: z.nullable(CartDiscountSchema),
  /** List (net) price of one piece. */
  ProductPrice: rupees,
  /**
   * Our addition: the list price of one piece when the line was added or its quantity last changed,
   * when the style's price has changed since (the line shows the change); null when unchanged.
   */
  PreviousNetPrice: z.nullable(rupees),
  /** Our addition: the price of one piece after the line's discount, before GST (ProductPrice when none). */
  NetUnitPrice: rupees,
  /** Line value after discount, with GST. */
  CartProductTotPrice: rupees,
  /** Line value after discount, before GST (the taxable value). */
  costPriceWithoutGST: rupees,
  IGSTValue: rupees,
  CGSTValue: rupees,
  SGSTValue: rupees,
  IGSTRate: z.number(),
  CGSTRate: z.number(),
  SGSTRate: z.number(),
  availableStockQuantity: z.number().check(z.int()),
  /** Our addition: the line is older than 24 hours; it is left out of the totals and cannot be ordered. */
  IsExpired: z.boolean(),
  /** Our addition: when the line expires (ISO 8601). */
  ExpiresAt: text(),
  /** Our addition: why the line cannot be ordered, or null. */
  ExpiredMessage: z.nullable(text()),
  /**
   * Our addition: why this (unexpired) line cannot be ordered at its quantity as it stands, or null:
   * its colour now has less stock than the cart holds of it (the spec's place-order text with the
   * pieces left), or its paid pieces are above the retailer's per-colour limit.
   */
  QuantityProblem: z.nullable(text()),
});
export type CartItem = z.infer<typeof CartItemSchema>;

export const BillToInfoSchema = z.object({
  UserId: z.nullable(id),
  BillToAddress: text(),
  BusinessName: text(),
  City: text(),
  State: text(),
  Country: text(),
  PinCode: text(),
  GSTStateCode: text(),
  CartId: z.nullable(id),
});

/** The GST of the cart's lines taxed at one rate (our addition). */
export const CartTaxAtRateSchema = z.object({
  /** The full GST rate of these lines (CGST + SGST, or IGST), e.g. 5 or 18. */
  GSTRate: z.number(),
  /** Their value after discount, before GST, rupees. */
  TaxableValue: rupees,
  CGSTRate: z.number(),
  CGSTValue: rupees,
  SGSTRate: z.number(),
  SGSTValue: rupees,
  IGSTRate: z.number(),
  IGSTValue: rupees,
});
export type CartTaxAtRate = z.infer<typeof CartTaxAtRateSchema>;

export const CartResponseSchema = z.extend(CartTotalsSchema, {
  cartItems: z.array(CartItemSchema),
  cartItemsCount: z.number().check(z.int()),
  /** Our addition: pieces in the unexpired lines of the whole cart. */
  TotalQuantity: z.number().check(z.int()),
  rates: z
    .nullable(z.object({ cGSTRate: z.number(), iGSTRate: z.number(), sGSTRate: z.number() }))
    .check(
      z.describe(
        'The GST rates (percent) that every unexpired line of the cart is taxed at, when they all share one rate ' +
          '(all 0 when no line is taxed). Null when the lines are taxed at more than one rate (e.g. 5% frames with ' +
          '18% sunglasses): no single rate describes such a cart; read taxByRate instead.',
      ),
    ),
  taxByRate: z
    .array(CartTaxAtRateSchema)
    .check(
      z.describe(
        'Our addition: the GST of the unexpired lines grouped by rate, lowest first, one entry per rate (empty when ' +
          'nothing is taxed). Each entry sums its lines to the paisa, so the entries add up to CartTotPrice, ' +
          'TotalCGSTValue, TotalSGSTValue and TotalIGSTValue.',
      ),
    ),
  billToInfo: BillToInfoSchema,
  /** Our addition: the retailer's per-colour limit (MaxLimitPerVariant), or null when none is set. */
  MaxLimitPerVariant: z.nullable(z.number().check(z.int())),
  /** Our addition: how many lines of the whole cart (not only this page) have a QuantityProblem; Place order fails while any has. */
  LinesToChange: z.number().check(z.int()),
  /** Our addition: the expiry notice shown with the cart. */
  ExpiryNotice: text(),
  /**
   * Our addition: why Place order will be refused now (the retailer is on credit hold, or blocked),
   * the sentence to show and whom to call; null when the retailer may order. Lines can still be
   * added and changed.
   */
  orderingBlocked: z.nullable(OrderingBlockedSchema),
});
export type CartResponse = z.infer<typeof CartResponseSchema>;

export const GetCartItemsQuerySchema = z.object({
  pageNumber: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100000)), 1),
  pageSize: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(CART_PAGE_SIZE_MAX)), CART_PAGE_SIZE_MAX),
  email: actingEmail,
});

export const CartCountResponseSchema = z.object({
  CartCount: z.number().check(z.int()),
  /** Our addition for the header tooltip: pieces in the (unexpired) cart. */
  TotalQuantity: z.number().check(z.int()),
  /** Our addition for the header tooltip: the cart value with GST, rupees. */
  CartTotalWithGST: rupees,
});

export const DeleteCartItemQuerySchema = z.object({ CartProductDetailID: dbId, email: actingEmail });

export const DeleteCartItemResponseSchema = z.object({
  productCount: z.number().check(z.int()),
  cartProductTotPricewithGST: rupees,
});

export const ClearCartResponseSchema = z.object({ message: text(), productCount: z.number().check(z.int()) });
