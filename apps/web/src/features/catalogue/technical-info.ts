import type { ColourVariant, Product } from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import { frameDimensions, isAccessory, NOT_AVAILABLE } from './product-display.ts';

export type TechnicalRow = { label: string; value: string };

function text(value: string | null | undefined): string {
  return value === null || value === undefined || value.trim() === '' ? NOT_AVAILABLE : value;
}

function measure(value: number | null, unit: string): string {
  return value === null ? NOT_AVAILABLE : `${value} ${unit}`;
}

/**
 * The 'Technical info' tab (spec section 2), in the spec's order; a missing value reads N/A.
 * Accessories (product type 4) show only brand, product type, manufacturer and model number.
 */
export function technicalInfoRows(product: Product, variant: ColourVariant | null): TechnicalRow[] {
  const brand = { label: 'Brand name', value: text(product.brandName) };
  const type = { label: 'Product type', value: text(product.productType) };
  const manufacturer = { label: 'Manufacturer details', value: text(product.manufacturerDetails) };
  const model = { label: messages.product.modelNumber, value: text(product.modelName) };
  if (isAccessory(product)) return [brand, type, manufacturer, model];
  return [
    brand,
    type,
    { label: 'Frame type', value: text(product.frameType) },
    { label: 'Frame shape', value: text(product.frameShape) },
    manufacturer,
    model,
    { label: 'Frame width', value: measure(product.frameWidth, 'mm') },
    { label: 'Frame dimensions', value: frameDimensions(product) },
    { label: 'Frame colour', value: text(variant?.frameColor) },
    { label: 'Weight', value: measure(product.weight, 'g') },
    { label: 'Weight group', value: text(product.weightGroup) },
    { label: 'Frame material', value: text(product.frameMaterialName) },
    { label: 'Temple material', value: text(product.templeMaterialName) },
    { label: 'Collection', value: text(product.tags[0]) },
    { label: 'Product warranty', value: text(product.productWarranty) },
    { label: 'Gender', value: product.gender.length > 0 ? product.gender.join(', ') : NOT_AVAILABLE },
  ];
}
