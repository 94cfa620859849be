/**
 * `products.search_keywords`: the words a retailer may search a style by that are not in its own
 * columns (model number, code and name are added by the generated search columns). One writer for
 * the seed, the catalogue desk and imports, so a style created by hand is found like a seeded one.
 */
export type KeywordParts = {
  brand: string;
  /** The frame shape (an accessory: what it is, e.g. 'Case'). */
  shape?: string | null;
  /** The frame (front) material. */
  material?: string | null;
  frameType?: string | null;
  productType: string;
  genders?: readonly string[];
  /** Frame colour names, in colour-code order. */
  colours: readonly string[];
  /** The first tag. */
  collection?: string | null;
};

/** Brand, shape, material, frame type, type, genders, colours, collection: the present ones, space-separated. */
export function searchKeywordsOf(parts: KeywordParts): string {
  return [
    parts.brand,
    parts.shape,
    parts.material,
    parts.frameType,
    parts.productType,
    ...(parts.genders ?? []),
    ...parts.colours,
    parts.collection,
  ]
    .filter((word): word is string => typeof word === 'string' && word.trim() !== '')
    .join(' ');
}
