import { z } from 'zod';
import { text } from './text.ts';
import { actingEmail, actingEmailBody, dbId, rupees } from './primitives.ts';

/**
 * Cart contract (spec sections 3 and 7, Product cart calls), with the spec's field names.
 * Money is rupees on the wire (at most 2 decimals); the server keeps paise.
 */

const id = z.number().int();
/** A typed quantity: any number here, so the server answers the spec's range message itself. */
const quantity = z.coerce.number();

export const CART_PAGE_SIZE_MAX = 100;

export const AddCartLineSchema = z
  .object({
    ProductId: dbId,
    /** 'C1', 'C2', … (or ProductColorId instead). */
    ColorVariant: text().trim().min(1).max(10).optional(),
    ProductColorId: dbId.optional(),
    Quantity: quantity,
  })
  .refine((line) => line.ColorVariant !== undefined || line.ProductColorId !== undefined, {
    message: 'ColorVariant is required',
    path: ['ColorVariant'],
  });
export type AddCartLine = z.infer<typeof AddCartLineSchema>;

export const AddItemsToCartBodySchema = z.object({
  Products: z.array(AddCartLineSchema).min(1).max(200),
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
  CartCount: z.number().int(),
});

export const UpdateCartLineSchema = z.object({
  CartProductDetailID: dbId,
  Quantity: quantity,
  /** Accepted for compatibility and ignored: the server recomputes prices and taxes. */
  costPriceWithoutGST: z.number().optional(),
  IGSTRate: z.number().optional(),
  CGSTRate: z.number().optional(),
  SGSTRate: z.number().optional(),
});
/** One line to change on the purchase order (the server recomputes prices and taxes). */
export type UpdateCartLine = z.infer<typeof UpdateCartLineSchema>;

export const UpdateItemsToCartBodySchema = z.object({
  lines: z.array(UpdateCartLineSchema).min(1).max(200),
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

export const UpdateItemsToCartResponseSchema = CartTotalsSchema.extend({ message: text() });

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
  ProductTempleColor: text().nullable(),
  EyeSize: z.number().int().nullable(),
  ArmLength: z.number().int().nullable(),
  NoseBridgeSize: z.number().int().nullable(),
  Image: text().nullable(),
  IsFree: z.boolean(),
  CartProductTotQuantity: z.number().int(),
  CartProductDetailId: id,
  Discount: CartDiscountSchema.nullable(),
  /** List (net) price of one piece. */
  ProductPrice: rupees,
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
  availableStockQuantity: z.number().int(),
  /** Our addition: the line is older than 24 hours; it is left out of the totals and cannot be ordered. */
  IsExpired: z.boolean(),
  /** Our addition: when the line expires (ISO 8601). */
  ExpiresAt: text(),
  /** Our addition: why the line cannot be ordered, or null. */
  ExpiredMessage: text().nullable(),
});
export type CartItem = z.infer<typeof CartItemSchema>;

export const BillToInfoSchema = z.object({
  UserId: id.nullable(),
  BillToAddress: text(),
  BusinessName: text(),
  City: text(),
  State: text(),
  Country: text(),
  PinCode: text(),
  GSTStateCode: text(),
  CartId: id.nullable(),
});

export const CartResponseSchema = CartTotalsSchema.extend({
  cartItems: z.array(CartItemSchema),
  cartItemsCount: z.number().int(),
  rates: z.object({ cGSTRate: z.number(), iGSTRate: z.number(), sGSTRate: z.number() }),
  billToInfo: BillToInfoSchema,
  /** Our addition: the expiry notice shown with the cart. */
  ExpiryNotice: text(),
});
export type CartResponse = z.infer<typeof CartResponseSchema>;

export const GetCartItemsQuerySchema = z.object({
  pageNumber: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(CART_PAGE_SIZE_MAX).default(CART_PAGE_SIZE_MAX),
  email: actingEmail,
});

export const CartCountResponseSchema = z.object({
  CartCount: z.number().int(),
  /** Our addition for the header tooltip: pieces in the (unexpired) cart. */
  TotalQuantity: z.number().int(),
  /** Our addition for the header tooltip: the cart value with GST, rupees. */
  CartTotalWithGST: rupees,
});

export const DeleteCartItemQuerySchema = z.object({ CartProductDetailID: dbId, email: actingEmail });

export const DeleteCartItemResponseSchema = z.object({
  productCount: z.number().int(),
  cartProductTotPricewithGST: rupees,
});

export const ClearCartResponseSchema = z.object({ message: text(), productCount: z.number().int() });
