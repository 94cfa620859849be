import type { Product } from '@frameport/domain/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { product } from '../../../testing/catalogue-fixtures.ts';
import type { OrderEntry } from '../use-order-quantities.ts';
import { ProductCard } from './product-card.tsx';
import { ProductDetailsView } from './product-details-view.tsx';
import { TestProviders } from '../../../testing/render-app.tsx';

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
    expect(screen.getByRole('alert')).toHaveTextContent('Model quantity limit reached for this color');
    expect(screen.getByRole('button', { name: 'Add to order (11)' })).toBeDisabled();

    await user.clear(field);
    await user.type(field, '101');
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter quantity between 0 to 100');
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

function colour(colorVariant: string, productColorId: number, frameColor: string, availableStockQuantity: number) {
  return { ...product().productColor[0]!, colorVariant, productColorId, frameColor, availableStockQuantity };
}
