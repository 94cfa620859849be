import type { Product } from '@frameport/domain/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, TestProviders } from '../../../testing/render-app.tsx';
import { describe, expect, it, vi } from 'vitest';
import { product } from '../../../testing/catalogue-fixtures.ts';
import type { OrderEntry } from '../use-order-quantities.ts';
import { ProductCard } from './product-card.tsx';
import { ProductDetailsView } from './product-details-view.tsx';

function renderCard(item: Product, entry: OrderEntry) {
  return render(
    <TestProviders>
      <MemoryRouter>
        <ProductCard product={item} orderEntry={entry} />
      </MemoryRouter>
    </TestProviders>,
  );
}

describe('Add to order on a product card', () => {
  it('is disabled at 0, enabled for a valid quantity, and sends the chosen colour', async () => {
    const onAddToOrder = vi.fn().mockResolvedValue(undefined);
    const user = userEvent.setup();
    renderCard(product(), { onAddToOrder });

    const add = screen.getByRole('button', { name: 'Add to order' });
    expect(add).toBeDisabled();

    await user.type(screen.getByRole('textbox', { name: 'Quantity of Vistara Aviator Classic, Black (C1)' }), '3');
    const enabled = screen.getByRole('button', { name: 'Add to order (3)' });
    expect(enabled).toBeEnabled();

    await user.click(enabled);
    expect(onAddToOrder).toHaveBeenCalledWith([{ ProductId: 1, ColorVariant: 'C1', Quantity: 3 }]);
    // Added: the entry starts again from 0.
    expect(await screen.findByRole('button', { name: 'Add to order' })).toBeDisabled();
  });

  it('is disabled while a quantity is above stock, the per-variant limit or 100, with the spec messages', async () => {
    const user = userEvent.setup();
    renderCard(product(), { onAddToOrder: vi.fn(), maxPerVariant: 10 });
    const field = screen.getByRole('textbox', { name: 'Quantity of Vistara Aviator Classic, Black (C1)' });

    await user.type(field, '20');
    expect(screen.getByRole('alert')).toHaveTextContent('Only 12 available in stock!');
    expect(screen.getByRole('button', { name: 'Add to order (20)' })).toBeDisabled();

    await user.clear(field);
    await user.type(field, '11');
    expect(screen.getByRole('alert')).toHaveTextContent('Model quantity limit reached for this color (max 10 per colour)');
    expect(screen.getByRole('button', { name: 'Add to order (11)' })).toBeDisabled();

    await user.clear(field);
    await user.type(field, '101');
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter quantity between 0 to 100');
  });
});

describe('the card (issue 16)', () => {
  it('starts on the colour with most stock, the same one on every visit', () => {
    const item = product({ productColor: [colour('C1', 101, 'Black', 3), colour('C2', 102, 'Gold', 8), colour('C3', 103, 'Red', 8)] });
    const { unmount } = renderCard(item, { onAddToOrder: vi.fn() });
    expect(screen.getByRole('button', { name: 'Colour Gold (C2), 8 in stock' })).toHaveAttribute('aria-pressed', 'true');
    unmount();
    renderCard(item, { onAddToOrder: vi.fn() });
    expect(screen.getByRole('button', { name: 'Colour Gold (C2), 8 in stock' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('says what the order holds of the chosen colour and counts it against the per-colour limit', async () => {
    const user = userEvent.setup();
    const inOrder = (productId: number, colorVariant: string) => (productId === 1 && colorVariant === 'C1' ? 3 : 0);
    renderCard(product({ productColor: [colour('C1', 101, 'Black', 12), colour('C2', 102, 'Gold', 4)] }), {
      onAddToOrder: vi.fn(),
      maxPerVariant: 5,
      inOrder,
    });
    expect(screen.getByText('In your order: 3')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Quantity of Vistara Aviator Classic, Black (C1)' }), '3');
    expect(screen.getByRole('alert')).toHaveTextContent('Model quantity limit reached for this color (max 5 per colour)');
    expect(screen.getByRole('button', { name: 'Add to order (3)' })).toHaveAccessibleDescription('Correct the quantities in error first.');

    // Gold is not in the order: no marker for it.
    await user.click(screen.getByRole('button', { name: 'Colour Gold (C2), 4 in stock' }));
    expect(screen.queryByText(/In your order/)).not.toBeInTheDocument();
  });

  it('takes no quantity for a colour out of stock, and says why Add to order cannot be pressed', async () => {
    const user = userEvent.setup();
    renderCard(product(), { onAddToOrder: vi.fn() });
    const add = screen.getByRole('button', { name: 'Add to order' });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription('Enter a quantity to add.');

    await user.click(screen.getByRole('button', { name: 'Colour Gold (C2), out of stock' }));
    expect(screen.getByRole('textbox', { name: 'Quantity of Vistara Aviator Classic, Gold (C2)' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Increase quantity of vistara aviator classic, gold (c2)' })).toBeDisabled();
    expect(screen.getByText('Out of stock')).toBeInTheDocument();
    expect(screen.queryByText(/Only 0 available/)).not.toBeInTheDocument();
  });
});

describe('Add to order on the product details', () => {
  it('has one quantity per colour and adds every non-zero colour at once', async () => {
    const onAddToOrder = vi.fn().mockResolvedValue(undefined);
    const user = userEvent.setup();
    render(
      <TestProviders>
        <ProductDetailsView product={product({ productColor: [colour('C1', 101, 'Black', 12), colour('C2', 102, 'Gold', 4)] })} orderEntry={{ onAddToOrder }} />
      </TestProviders>,
    );

    await user.type(screen.getByRole('textbox', { name: 'Quantity of Black (C1)' }), '2');
    await user.type(screen.getByRole('textbox', { name: 'Quantity of Gold (C2)' }), '5');
    expect(screen.getByRole('alert')).toHaveTextContent('Only 4 available in stock!');
    expect(screen.getByRole('button', { name: 'Add to order (7)' })).toBeDisabled();

    await user.clear(screen.getByRole('textbox', { name: 'Quantity of Gold (C2)' }));
    await user.type(screen.getByRole('textbox', { name: 'Quantity of Gold (C2)' }), '4');
    await user.click(screen.getByRole('button', { name: 'Add to order (6)' }));
    expect(onAddToOrder).toHaveBeenCalledWith([
      { ProductId: 1, ColorVariant: 'C1', Quantity: 2 },
      { ProductId: 1, ColorVariant: 'C2', Quantity: 4 },
    ]);
  });
});

describe('the product details (issue 16)', () => {
  it('locks the quantity of a colour out of stock and shows what the order holds per colour', () => {
    const inOrder = (_productId: number, colorVariant: string) => (colorVariant === 'C1' ? 4 : 0);
    render(
      <TestProviders>
        <ProductDetailsView
          product={product({ productColor: [colour('C1', 101, 'Black', 12), colour('C2', 102, 'Gold', 0)] })}
          orderEntry={{ onAddToOrder: vi.fn(), inOrder }}
        />
      </TestProviders>,
    );
    const quantities = screen.getByRole('region', { name: 'Order quantities' });
    expect(within(quantities).getByRole('textbox', { name: 'Quantity of Gold (C2)' })).toBeDisabled();
    expect(within(quantities).getByRole('textbox', { name: 'Quantity of Black (C1)' })).toBeEnabled();
    expect(within(quantities).getByText('In your order: 4')).toBeInTheDocument();
    expect(within(quantities).getAllByText(/In your order/)).toHaveLength(1);
    expect(within(quantities).getByRole('button', { name: 'Add to order' })).toHaveAccessibleDescription('Enter a quantity to add.');
  });
});

function colour(colorVariant: string, productColorId: number, frameColor: string, availableStockQuantity: number) {
  return { ...product().productColor[0]!, colorVariant, productColorId, frameColor, availableStockQuantity };
}
