import { ACCESSORY_PRODUCT_TYPE_ID, discountLabel, discountsApplyTo, rupeesToPaise, type Paise } from '@frameport/domain';
import type { AppliedDiscount, ColourVariant, Product } from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';

/**
 * How a product reads on screen: pure helpers shared by the card and the details page.
 * The rules themselves (which discount, its label, money) come from @frameport/domain.
 */

export const NOT_AVAILABLE = 'N/A';
/** Spec section 8, shown when every colour is at zero. */
export const OUT_OF_STOCK_BADGE = 'Out of Stock';
/** A dark green: white badge text at 6.5:1 (Mantine's green-9 is 4.4:1, below AA for small text). */
export const DISCOUNT_BADGE_COLOR = '#1e6b31';

/** Accessories read differently (fewer technical fields); whether a discount applies is the domain's rule. */
export function isAccessory(product: Pick<Product, 'productTypeId'>): boolean {
  return product.productTypeId === ACCESSORY_PRODUCT_TYPE_ID;
}

/** True when no colour has stock (the 'Out of Stock' badge and the unavailable message). */
export function isSoldOut(product: Pick<Product, 'productColor'>): boolean {
  return product.productColor.every((variant) => variant.availableStockQuantity <= 0);
}

/** The badge text for the caller's discount ('10% off', '₹250.00 off'); null for none and for accessories. */
export function discountBadge(product: Pick<Product, 'productTypeId' | 'selectedDiscount'>): string | null {
  const discount = product.selectedDiscount;
  if (discount === null || !discountsApplyTo(product.productTypeId)) return null;
  return discountLabel(toRule(discount));
}

function toRule(discount: AppliedDiscount) {
  return {
    id: discount.DiscountId,
    name: discount.DiscountName,
    stateId: null,
    usePercentage: discount.UsePercentage === '1',
    discountPercentage: discount.DiscountPercentage,
    discountAmountPaise: rupeesToPaise(discount.DiscountAmount),
    priceFromPaise: null,
    priceToPaise: null,
  };
}

export type ProductPrice = {
  /** What the retailer pays per piece, before GST. */
  pricePaise: Paise;
  /** The list price to strike through, or null when there is no discount. */
  listPaise: Paise | null;
};

export function productPrice(product: Pick<Product, 'netPrice' | 'discountedPrice' | 'productTypeId' | 'selectedDiscount'>): ProductPrice {
  const listPaise = rupeesToPaise(product.netPrice);
  const discounted = rupeesToPaise(product.discountedPrice);
  if (!discountsApplyTo(product.productTypeId) || product.selectedDiscount === null || discounted >= listPaise) {
    return { pricePaise: listPaise, listPaise: null };
  }
  return { pricePaise: discounted, listPaise };
}

/**
 * The colour a card and the product page start on: the one with most stock, ties going to the
 * lower colour number (C1 before C2). The spec pre-selects a random in-stock colour; issue 16 asks
 * for a stable choice, so a card shows the same colour and stock on every visit. Without colours, null.
 */
export function pickInitialVariant(variants: readonly ColourVariant[]): ColourVariant | null {
  let best: ColourVariant | null = null;
  for (const variant of variants) {
    if (
      best === null ||
      variant.availableStockQuantity > best.availableStockQuantity ||
      (variant.availableStockQuantity === best.availableStockQuantity && colourNumber(variant) < colourNumber(best))
    ) {
      best = variant;
    }
  }
  return best;
}

/** 'C12' → 12, so C2 sorts before C10 (spec section 3: colour variants are sorted by number). */
function colourNumber(variant: Pick<ColourVariant, 'colorVariant'>): number {
  const digits = /\d+/.exec(variant.colorVariant);
  return digits ? Number(digits[0]) : Number.MAX_SAFE_INTEGER;
}

/** The first image of a colour, falling back to the product's images; null → placeholder. */
export function variantImage(product: Pick<Product, 'productImageList'>, variant: ColourVariant | null): string | null {
  return variant?.thumbnailImage ?? variant?.productImage[0] ?? product.productImageList[0] ?? null;
}

/** All images of a colour (main + thumbnails on the details page). */
export function variantImages(product: Pick<Product, 'productImageList'>, variant: ColourVariant | null): string[] {
  const images = variant && variant.productImage.length > 0 ? variant.productImage : product.productImageList;
  return [...new Set(images)];
}

export function stockLabel(quantity: number): string {
  return quantity > 0 ? messages.quantity.inStock(quantity) : messages.quantity.outOfStock;
}

/** The swatch's accessible name: 'Colour Black (C1), 12 in stock'. */
export function swatchLabel(variant: ColourVariant): string {
  const stock = variant.availableStockQuantity > 0 ? stockLabel(variant.availableStockQuantity) : 'out of stock';
  return `Colour ${variant.frameColor} (${variant.colorVariant}), ${stock}`;
}

/** Frame dimensions eye size-nose bridge-arm length, e.g. '52-18-140'; N/A when any is missing (spec section 5). */
export function frameDimensions(product: Pick<Product, 'eyeSize' | 'noseBridgeSize' | 'armLength'>): string {
  const parts = [product.eyeSize, product.noseBridgeSize, product.armLength];
  if (parts.some((part) => part === null || part === undefined)) return NOT_AVAILABLE;
  return parts.join('-');
}
