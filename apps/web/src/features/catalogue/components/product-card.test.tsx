import type { Product } from '@frameport/domain/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, TestProviders } from '../../../testing/render-app.tsx';
import { describe, expect, it, vi } from 'vitest';
import { accessory, colourVariant, product } from '../../../testing/catalogue-fixtures.ts';
import { ProductCard } from './product-card.tsx';

function renderCard(item: Product) {
  return render(
    <TestProviders>
      <MemoryRouter>
        <ProductCard product={item} />
      </MemoryRouter>
    </TestProviders>,
  );
}

describe('ProductCard', () => {
  it('shows the discounted price beside the struck-through list price, and the discount badge', () => {
    renderCard(product());
    const card = screen.getByRole('article', { name: /Vistara Aviator Classic/ });

    expect(within(card).getByText('₹900.00')).toBeInTheDocument();
    const list = within(card).getByText('₹1,000.00');
    expect(list.closest('s')).not.toBeNull();
    expect(within(card).getByText('10% off')).toBeInTheDocument();
    expect(within(card).getByText('Model VX-AV-1023')).toBeInTheDocument();
    expect(within(card).getByText('Size 54-18-140')).toBeInTheDocument();
  });

  it('shows the size as N/A when a dimension is missing', () => {
    renderCard(product({ noseBridgeSize: null }));
    expect(screen.getByText('Size N/A')).toBeInTheDocument();
  });

  it('gives an accessory no discount badge and no struck-through price', () => {
    renderCard(accessory());
    const card = screen.getByRole('article', { name: /Microfibre Cloth/ });

    expect(within(card).getByText('₹150.00')).toBeInTheDocument();
    expect(within(card).queryByText(/% off|₹.* off/)).not.toBeInTheDocument();
    expect(card.querySelector('s')).toBeNull();
  });

  it('pre-selects an in-stock colour and shows its stock; choosing another colour shows that one', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.99);
    const user = userEvent.setup();
    renderCard(product());

    const black = screen.getByRole('button', { name: 'Colour Black (C1), 12 in stock' });
    const gold = screen.getByRole('button', { name: 'Colour Gold (C2), out of stock' });
    // Gold has no stock, so the random pick can only be Black.
    expect(black).toHaveAttribute('aria-pressed', 'true');
    expect(gold).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('12 in stock')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Vistara Aviator Classic, Black', hidden: true })).toHaveAttribute('loading', 'lazy');

    await user.click(gold);
    expect(gold).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Out of stock')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Vistara Aviator Classic, Gold', hidden: true })).toHaveAttribute('src', '/media/products/102/front.svg');
  });

  it('says the product is unavailable when every colour is at zero', () => {
    renderCard(product({ productColor: [colourVariant({ availableStockQuantity: 0 })] }));

    expect(screen.getByText('Out of Stock')).toBeInTheDocument();
    expect(screen.getByText('Sorry, This product is currently unavailable!')).toBeInTheDocument();
  });

  it('opens the product details in a new tab', () => {
    renderCard(product({ productId: 42 }));

    const link = screen.getByRole('link', { name: /Vistara Aviator Classic/ });
    expect(link).toHaveAttribute('href', '/product-details?productId=42');
    expect(link).toHaveAttribute('target', '_blank');
    // Keeps the opener: a session an older version left in sessionStorage comes along (product-card.tsx).
    expect(link).toHaveAttribute('rel', 'opener');
  });

  it('shows a neutral placeholder when there is no image', () => {
    renderCard(
      product({
        productImageList: [],
        productColor: [colourVariant({ thumbnailImage: null, productImage: [] })],
      }),
    );
    expect(screen.getByRole('img', { name: 'Vistara Aviator Classic, Black (no image)', hidden: true })).toBeInTheDocument();
  });
});
