import { render, screen } from '@testing-library/react';
import { MemoryRouter, TestProviders } from '../../../testing/render-app.tsx';
import { describe, expect, it } from 'vitest';
import { product } from '../../../testing/catalogue-fixtures.ts';
import { EAGER_IMAGES, ProductGrid } from './product-grid.tsx';

describe('ProductGrid', () => {
  it('loads the first cards’ images at once and ahead of the others, the rest as they near the screen', () => {
    const products = Array.from({ length: EAGER_IMAGES + 3 }, (_, index) =>
      product({ productId: 100 + index, productName: `Style ${index + 1}` }),
    );
    render(
      <TestProviders>
        <MemoryRouter>
          <ProductGrid products={products} />
        </MemoryRouter>
      </TestProviders>,
    );

    const images = products.map((item) => screen.getByRole('img', { name: new RegExp(`^${item.productName},`), hidden: true }));
    for (const image of images.slice(0, EAGER_IMAGES)) {
      expect(image).toHaveAttribute('loading', 'eager');
      expect(image).toHaveAttribute('fetchpriority', 'high');
    }
    for (const image of images.slice(EAGER_IMAGES)) {
      expect(image).toHaveAttribute('loading', 'lazy');
      expect(image).not.toHaveAttribute('fetchpriority');
    }
  });
});
