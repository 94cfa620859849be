import { describe, expect, it } from 'vitest';
import { colourPath, frameShapePath, materialPath, priceRangePath, productsPath } from './links.ts';

describe('home links', () => {
  it('builds /products links with one filter each', () => {
    expect(productsPath()).toBe('/products');
    expect(materialPath(3)).toBe('/products?frameMaterialId=3');
    expect(frameShapePath(7)).toBe('/products?frameShapeId=7');
    expect(colourPath(12)).toBe('/products?frameColorIdList=12');
  });

  it('leaves netPrice_To out when a price range has no upper bound', () => {
    expect(priceRangePath({ Min: 0, Max: 599.99 })).toBe('/products?netPrice_From=0&netPrice_To=599.99');
    expect(priceRangePath({ Min: 1200.01, Max: null })).toBe('/products?netPrice_From=1200.01');
  });
});
