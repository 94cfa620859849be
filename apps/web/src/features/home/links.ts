import { catalogueParams, emptyCatalogueQuery, type CatalogueQuery } from '@frameport/domain';
import type { PriceRange } from '@frameport/domain/contract';

/**
 * /products links from the home sections, built with the catalogue's own codec
 * (`catalogueParams`) so they read exactly as the catalogue writes its URL.
 */
export function productsPath(change: (query: CatalogueQuery) => void = () => {}): string {
  const query = emptyCatalogueQuery();
  change(query);
  const search = catalogueParams(query).toString();
  return search === '' ? '/products' : `/products?${search}`;
}

export function materialPath(materialId: number): string {
  return productsPath((query) => {
    query.filters.frameMaterialId = [materialId];
  });
}

export function frameShapePath(frameShapeId: number): string {
  return productsPath((query) => {
    query.filters.frameShapeId = [frameShapeId];
  });
}

export function colourPath(colourId: number): string {
  return productsPath((query) => {
    query.filters.frameColorIdList = [colourId];
  });
}

/** netPrice_From=<Min>&netPrice_To=<Max>; no upper bound (Max null) leaves netPrice_To out. */
export function priceRangePath(range: Pick<PriceRange, 'Min' | 'Max'>): string {
  return productsPath((query) => {
    query.netPriceFrom = range.Min;
    query.netPriceTo = range.Max;
  });
}
