import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, TestProviders } from '../../../testing/render-app.tsx';
import { describe, expect, it } from 'vitest';
import { OrderLinks, type CartSummary } from './order-links.tsx';

function renderLinks(cart: CartSummary | null) {
  return render(
    <TestProviders>
      <MemoryRouter>
        <OrderLinks cart={cart} />
      </MemoryRouter>
    </TestProviders>,
  );
}

describe('the header cart icon', () => {
  it('shows no badge when the cart is empty', () => {
    renderLinks({ lines: 0, totalQuantity: 0, totalValue: '₹0.00' });
    expect(screen.getByRole('link', { name: 'Purchase order' })).toHaveAttribute('href', '/purchase-order');
    expect(screen.queryByTestId('cart-count')).not.toBeInTheDocument();
  });

  it('shows the line count and, on focus, quantity, lines and value', async () => {
    const user = userEvent.setup();
    renderLinks({ lines: 3, totalQuantity: 14, totalValue: '₹12,600.00' });
    const link = screen.getByRole('link', { name: 'Purchase order' });

    expect(screen.getByTestId('cart-count')).toHaveTextContent('3');
    expect(link).toHaveAccessibleDescription('Total quantity: 14. Lines: 3. Total value: ₹12,600.00.');

    await user.tab();
    await user.tab();
    expect(link).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Total quantity: 14Lines: 3Total value: ₹12,600.00');
  });
});
