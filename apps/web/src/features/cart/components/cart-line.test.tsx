import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartItem, cartResponse, fakeCartServer } from '../../../testing/cart-fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { signIn, stubBrowserApis } from '../../../testing/signed-in-fixtures.ts';

const LINE = 'Vistara Aviator Classic, Black (C1)';

beforeEach(stubBrowserApis);
afterEach(() => vi.unstubAllGlobals());

describe('purchase-order line: a price change since the line was added', () => {
  it('says the price the line had before, beside the price now', async () => {
    fakeCartServer({ cart: cartResponse({ cartItems: [cartItem({ ProductPrice: 1350, NetUnitPrice: 1350, PreviousNetPrice: 1200 })] }) });
    signIn();
    renderApp('/purchase-order');
    await screen.findByRole('heading', { level: 1, name: 'Purchase Order' }, { timeout: 15000 });
    const line = screen.getByRole('listitem', { name: LINE });
    expect(within(line).getByText('Price changed from ₹1,200.00')).toBeInTheDocument();
    expect(within(line).getByText('₹1,350.00')).toBeInTheDocument();
  });

  it('says nothing when the price has not changed', async () => {
    fakeCartServer({ cart: cartResponse({ cartItems: [cartItem({ PreviousNetPrice: null })] }) });
    signIn();
    renderApp('/purchase-order');
    await screen.findByRole('heading', { level: 1, name: 'Purchase Order' }, { timeout: 15000 });
    expect(within(screen.getByRole('listitem', { name: LINE })).queryByText(/Price changed from/)).not.toBeInTheDocument();
  });
});
