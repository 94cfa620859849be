import type { ColourVariant, Product } from '@frameport/domain/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, TestProviders } from '../../../testing/render-app.tsx';
import { describe, expect, it, vi } from 'vitest';
import { accessory, colourVariant, product } from '../../../testing/catalogue-fixtures.ts';
import type { OrderEntry } from '../use-order-quantities.ts';
import { QuickOrderList } from './quick-order-list.tsx';

function colour(colorVariant: string, productColorId: number, frameColor: string, availableStockQuantity: number): ColourVariant {
  return colourVariant({ colorVariant, productColorId, frameColor, availableStockQuantity });
}

/** Two frames: an aviator in Black, Gold and Silver (Silver out of stock) and a round one in Black and Tortoise. */
const aviator = product({
  productColor: [colour('C1', 101, 'Black', 12), colour('C2', 102, 'Gold', 4), colour('C3', 103, 'Silver', 0)],
});
const round = product({
  productId: 2,
  productName: 'Vistara Round Reader',
  modelName: 'VX-RD-2001',
  netPrice: 800,
  discountedPrice: 800,
  selectedDiscount: null,
  productColor: [colour('C1', 201, 'Black', 30), colour('C2', 202, 'Tortoise', 6)],
});

function renderList(products: Product[], entry?: OrderEntry) {
  return render(
    <TestProviders>
      <MemoryRouter>
        <QuickOrderList products={products} orderEntry={entry} />
      </MemoryRouter>
    </TestProviders>,
  );
}

const box = (name: string) => screen.getByRole('textbox', { name: `Quantity of ${name}` });

describe('the quick-order list', () => {
  it('adds the quantities of three colours of two models in one call, then starts again from empty boxes', async () => {
    const onAddToOrder = vi.fn().mockResolvedValue(undefined);
    const user = userEvent.setup();
    renderList([aviator, round], { onAddToOrder });

    const addAll = screen.getByRole('button', { name: 'Add all to order' });
    expect(addAll).toBeDisabled();
    expect(addAll).toHaveAccessibleDescription('Enter a quantity to add.');

    await user.type(box('Vistara Aviator Classic, Black (C1)'), '2');
    await user.type(box('Vistara Aviator Classic, Gold (C2)'), '4');
    await user.type(box('Vistara Round Reader, Tortoise (C2)'), '5');
    expect(screen.getByText('11 pcs · 3 lines')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add all to order (11)' }));
    expect(onAddToOrder).toHaveBeenCalledTimes(1);
    expect(onAddToOrder).toHaveBeenCalledWith([
      { ProductId: 1, ColorVariant: 'C1', Quantity: 2 },
      { ProductId: 1, ColorVariant: 'C2', Quantity: 4 },
      { ProductId: 2, ColorVariant: 'C2', Quantity: 5 },
    ]);
    expect(await screen.findByRole('button', { name: 'Add all to order' })).toBeDisabled();
    expect(box('Vistara Aviator Classic, Black (C1)')).toHaveValue('');
  });

  it('adds with Enter in a box; Tab walks the boxes of a row and ↓ goes to the same colour of the next row', async () => {
    const onAddToOrder = vi.fn().mockResolvedValue(undefined);
    const user = userEvent.setup();
    renderList([aviator, round], { onAddToOrder });

    await user.click(box('Vistara Aviator Classic, Black (C1)'));
    await user.keyboard('1');
    await user.tab();
    expect(box('Vistara Aviator Classic, Gold (C2)')).toHaveFocus();
    await user.keyboard('3');
    // Silver is out of stock: ↓ from Gold lands on the round frame's second colour.
    await user.keyboard('{ArrowDown}');
    expect(box('Vistara Round Reader, Tortoise (C2)')).toHaveFocus();
    await user.keyboard('2{Enter}');

    expect(onAddToOrder).toHaveBeenCalledTimes(1);
    expect(onAddToOrder).toHaveBeenCalledWith([
      { ProductId: 1, ColorVariant: 'C1', Quantity: 1 },
      { ProductId: 1, ColorVariant: 'C2', Quantity: 3 },
      { ProductId: 2, ColorVariant: 'C2', Quantity: 2 },
    ]);
  });

  it('gives a colour out of stock no quantity: its box is disabled and says Out of stock', () => {
    renderList([aviator], { onAddToOrder: vi.fn() });
    const silver = box('Vistara Aviator Classic, Silver (C3)');
    expect(silver).toBeDisabled();
    expect(silver).toHaveAccessibleDescription('Out of stock');
    expect(box('Vistara Aviator Classic, Gold (C2)')).toHaveAccessibleDescription('4 in stock');
    expect(screen.queryByText(/Only 0 available/)).not.toBeInTheDocument();
  });

  it('shows what the order holds per colour and counts it against stock and the per-colour limit', async () => {
    const inOrder = (productId: number, colorVariant: string) => (productId === 2 && colorVariant === 'C1' ? 3 : 0);
    const user = userEvent.setup();
    renderList([aviator, round], { onAddToOrder: vi.fn(), maxPerVariant: 5, inOrder });

    const black = box('Vistara Round Reader, Black (C1)');
    expect(black).toHaveAccessibleDescription(/^30 in stock ?, In your order: 3$/);
    expect(box('Vistara Round Reader, Tortoise (C2)')).toHaveAccessibleDescription('6 in stock');

    // 3 in the order + 3 more is above the limit of 5.
    await user.type(black, '3');
    const row = screen.getByRole('listitem', { name: /^Vistara Round Reader/ });
    expect(within(row).getByRole('alert')).toHaveTextContent('C1: Model quantity limit reached for this color (max 5 per colour)');
    expect(black).toHaveAccessibleDescription(/In your order: 3 C1: Model quantity limit reached/);
    const addAll = screen.getByRole('button', { name: 'Add all to order (3)' });
    expect(addAll).toBeDisabled();
    expect(addAll).toHaveAccessibleDescription('Correct the quantities in error first.');

    await user.clear(black);
    await user.type(black, '2');
    expect(within(row).queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add all to order (2)' })).toBeEnabled();
  });

  it('flags a quantity above stock or 100 with the spec texts', async () => {
    const user = userEvent.setup();
    renderList([aviator], { onAddToOrder: vi.fn() });
    await user.type(box('Vistara Aviator Classic, Gold (C2)'), '5');
    expect(screen.getByRole('alert')).toHaveTextContent('C2: Only 4 available in stock!');
    await user.clear(box('Vistara Aviator Classic, Gold (C2)'));
    await user.type(box('Vistara Aviator Classic, Black (C1)'), '101');
    expect(screen.getByRole('alert')).toHaveTextContent('C1: Please enter quantity between 0 to 100');
  });

  it('shows the net price with the list price struck through, and none struck for an accessory', () => {
    renderList([aviator, accessory()], { onAddToOrder: vi.fn() });
    const frame = screen.getByRole('listitem', { name: /^Vistara Aviator Classic/ });
    expect(within(frame).getByText('₹900.00')).toBeInTheDocument();
    expect(within(frame).getByText('₹1,000.00').closest('s')).not.toBeNull();
    const cloth = screen.getByRole('listitem', { name: /^Vistara Microfibre Cloth/ });
    expect(within(cloth).getByText('₹150.00')).toBeInTheDocument();
    expect(cloth.querySelector('s')).toBeNull();
    expect(within(frame).getByText('VX-AV-1023')).toBeInTheDocument();
  });

  it('without a way to order (a sales executive before choosing a retailer) shows stock and no quantity boxes', () => {
    renderList([aviator, round]);
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add all to order/ })).not.toBeInTheDocument();
    const row = screen.getByRole('listitem', { name: /^Vistara Round Reader/ });
    expect(within(row).getByText('30 in stock')).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: /^Vistara Aviator Classic/ })).getByText('Out of stock')).toBeInTheDocument();
  });
});
