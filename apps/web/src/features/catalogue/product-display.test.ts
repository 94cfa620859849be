import { describe, expect, it } from 'vitest';
import { accessory, colourVariant, product } from '../../testing/catalogue-fixtures.ts';
import {
  discountBadge,
  frameDimensions,
  isSoldOut,
  pickInitialVariant,
  productPrice,
  swatchLabel,
  variantImage,
} from './product-display.ts';

describe('discountBadge', () => {
  it('reads a percentage rule as "N% off" and an amount rule as rupees off', () => {
    expect(discountBadge(product())).toBe('10% off');
    expect(
      discountBadge(
        product({
          selectedDiscount: {
            DiscountId: 2,
            DiscountName: 'Flat 250',
            UsePercentage: '0',
            DiscountPercentage: 0,
            DiscountAmount: 250,
            TotalDiscount: 250,
          },
        }),
      ),
    ).toBe('₹250.00 off');
  });

  it('gives accessories (type 4) and undiscounted products none', () => {
    expect(discountBadge(accessory())).toBeNull();
    expect(discountBadge(accessory({ selectedDiscount: product().selectedDiscount }))).toBeNull();
    expect(discountBadge(product({ selectedDiscount: null }))).toBeNull();
  });
});

describe('productPrice', () => {
  it('strikes the list price through only when a discount lowers it', () => {
    expect(productPrice(product())).toEqual({ pricePaise: 90_000, listPaise: 100_000 });
    expect(productPrice(product({ selectedDiscount: null, discountedPrice: 1000 }))).toEqual({ pricePaise: 100_000, listPaise: null });
    expect(productPrice(accessory({ discountedPrice: 120 }))).toEqual({ pricePaise: 15_000, listPaise: null });
  });
});

describe('frameDimensions (size)', () => {
  it('joins eye size, nose bridge and arm length', () => {
    expect(frameDimensions(product())).toBe('54-18-140');
  });

  it.each([
    { eyeSize: null },
    { noseBridgeSize: null },
    { armLength: null },
  ])('is N/A when any dimension is missing: %o', (missing) => {
    expect(frameDimensions(product(missing))).toBe('N/A');
  });
});

describe('pickInitialVariant', () => {
  const variants = [
    colourVariant({ productColorId: 1, colorVariant: 'C1', availableStockQuantity: 0 }),
    colourVariant({ productColorId: 2, colorVariant: 'C2', availableStockQuantity: 3 }),
    colourVariant({ productColorId: 3, colorVariant: 'C3', availableStockQuantity: 0 }),
    colourVariant({ productColorId: 4, colorVariant: 'C4', availableStockQuantity: 8 }),
  ];

  it('picks the colour with most stock, the same one every time', () => {
    expect(pickInitialVariant(variants)?.productColorId).toBe(4);
    expect(pickInitialVariant([...variants].reverse())?.productColorId).toBe(4);
  });

  it('breaks a tie by colour number (C2 before C10), whatever the order it arrives in', () => {
    const tied = [
      colourVariant({ productColorId: 10, colorVariant: 'C10', availableStockQuantity: 5 }),
      colourVariant({ productColorId: 2, colorVariant: 'C2', availableStockQuantity: 5 }),
      colourVariant({ productColorId: 1, colorVariant: 'C1', availableStockQuantity: 1 }),
    ];
    expect(pickInitialVariant(tied)?.productColorId).toBe(2);
  });

  it('falls back to the first colour number when none is in stock, and to null without colours', () => {
    const soldOut = variants.map((variant) => ({ ...variant, availableStockQuantity: 0 }));
    expect(pickInitialVariant([...soldOut].reverse())?.productColorId).toBe(1);
    expect(pickInitialVariant([])).toBeNull();
  });
});

describe('labels and images', () => {
  it('names a swatch by colour, variant and stock', () => {
    expect(swatchLabel(colourVariant())).toBe('Colour Black (C1), 12 in stock');
    expect(swatchLabel(colourVariant({ availableStockQuantity: 0 }))).toBe('Colour Black (C1), out of stock');
  });

  it('knows a product whose every colour is at zero', () => {
    expect(isSoldOut(product())).toBe(false);
    expect(isSoldOut(product({ productColor: [colourVariant({ availableStockQuantity: 0 })] }))).toBe(true);
  });

  it('uses the colour thumbnail, then its first image, then the product image, else null (placeholder)', () => {
    const item = product();
    expect(variantImage(item, colourVariant({ thumbnailImage: '/t.svg' }))).toBe('/t.svg');
    expect(variantImage(item, colourVariant({ thumbnailImage: null, productImage: ['/a.svg'] }))).toBe('/a.svg');
    expect(variantImage(item, colourVariant({ thumbnailImage: null, productImage: [] }))).toBe('/media/products/101/front.svg');
    expect(variantImage(product({ productImageList: [] }), null)).toBeNull();
  });
});
