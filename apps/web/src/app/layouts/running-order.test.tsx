import { messages } from '@frameport/domain/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartItem, cartResponse } from '../../testing/cart-fixtures.ts';
import { fakeMediaQueryList } from '../../testing/match-media.ts';
import { colourVariant, product } from '../../testing/catalogue-fixtures.ts';
import { jsonResponse, renderApp } from '../../testing/render-app.tsx';
import { fakeShellServer, signIn, stubBrowserApis } from '../../testing/signed-in-fixtures.ts';

beforeEach(stubBrowserApis);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ok = (Data: unknown) => jsonResponse({ Status: 0, Error: null, Data });

/**
 * The shell's fake server with a cart behind it: empty until Add to order, then the added pieces
 * at ₹1,068.15 each with GST (the count the header and the running order read).
 */
function withCart(options: { skipVariant?: string } = {}) {
  const favourite = {
    ...product({
      productColor: [
        colourVariant(),
        colourVariant({ colorVariant: 'C3', productColorId: 103, frameColor: 'Havana', availableStockQuantity: 4 }),
      ],
    }),
    piecesOrdered: 12,
  };
  const shell = fakeShellServer({ newArrivals: [product()], buyAgain: [favourite] });
  const answer = shell.getMockImplementation()!;
  let pieces = 0;
  shell.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/Product/addItemsToCart') {
      const body = JSON.parse(String(init?.body)) as { Products: { ProductId: number; ColorVariant: string; Quantity: number }[] };
      const skipped = body.Products.filter((line) => line.ColorVariant === options.skipVariant).map((line) => ({
        ProductId: line.ProductId,
        ColorVariant: line.ColorVariant,
        Message: 'Only 1 available in stock!',
      }));
      pieces += body.Products.filter((line) => line.ColorVariant !== options.skipVariant).reduce((sum, line) => sum + line.Quantity, 0);
      return ok({ message: messages.cart.added, skipped, CartCount: 1 });
    }
    if (url.pathname === '/api/Product/getCartItemsCount') {
      return ok({ CartCount: pieces > 0 ? 1 : 0, TotalQuantity: pieces, CartTotalWithGST: Math.round(pieces * 106815) / 100 });
    }
    if (url.pathname === '/api/Product/getCartItems') {
      return ok(cartResponse({ cartItems: pieces > 0 ? [cartItem({ CartProductTotQuantity: pieces })] : [] }));
    }
    return answer(input, init);
  });
  return shell;
}

/** Mantine's sm breakpoint and up: a desktop (the test setup's matchMedia matches nothing). */
function onDesktop() {
  vi.mocked(window.matchMedia).mockImplementation((query: string) => fakeMediaQueryList(query, query === '(min-width: 48em)'));
}

async function addFromNewArrivals(quantity: number) {
  const user = userEvent.setup();
  // Buy again shows the same style: the card is New arrivals' own.
  const newArrivals = within(await screen.findByRole('region', { name: 'New arrivals' }, { timeout: 5000 }));
  const card = within(await newArrivals.findByRole('article', { name: /Vistara Aviator Classic/ }, { timeout: 5000 }));
  await user.type(await card.findByRole('textbox', { name: 'Quantity of Vistara Aviator Classic, Black (C1)' }), String(quantity));
  await user.click(card.getByRole('button', { name: `Add to order (${quantity})` }));
  return { user, card };
}

const orderBar = () => screen.queryByRole('complementary', { name: 'Your purchase order' });

describe('the running order on a phone', () => {
  it('has no bar while the order is empty; after an add, the bar shows pieces and total with GST, and says so', async () => {
    withCart();
    signIn();
    renderApp('/home');
    await within(await screen.findByRole('region', { name: 'New arrivals' }, { timeout: 5000 })).findByRole('article', {
      name: /Vistara Aviator Classic/,
    });
    expect(orderBar()).not.toBeInTheDocument();

    await addFromNewArrivals(4);

    const bar = await waitFor(() => {
      const found = orderBar();
      expect(found).not.toBeNull();
      return found!;
    });
    expect(bar).toHaveTextContent('4 pcs · ₹4,272.60 incl. GST');
    expect(within(bar).getByRole('link', { name: 'Review order' })).toHaveAttribute('href', '/purchase-order');
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain('4 pcs added to your order');
    expect(within(bar).getByTestId('order-bar-flash')).toBeInTheDocument();
    // No toast over the screen, and no drawer below 768 px.
    expect(screen.queryByText(messages.toast.success, { exact: true })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('the running order on a desktop', () => {
  it('opens a drawer after an add with what was added and the order, and Esc closes it and gives focus back', async () => {
    onDesktop();
    withCart();
    signIn();
    renderApp('/home');

    const { card } = await addFromNewArrivals(3);

    const drawer = await screen.findByRole('dialog', { name: '3 pcs added to your order' });
    await waitFor(() => expect(within(drawer).getByText('Vistara Aviator Classic, Black (C1)')).toBeInTheDocument());
    expect(within(drawer).getByText('+3 · 3 in order')).toBeInTheDocument();
    await waitFor(() => expect(drawer).toHaveTextContent('Your order: 3 pcs · ₹3,204.45 incl. GST · 1 line'));
    expect(within(drawer).getByRole('link', { name: 'Review order' })).toHaveAttribute('href', '/purchase-order');
    expect(drawer).toHaveFocus();
    // The header's cart link (and its badge) stays: the drawer is not a modal.
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Purchase order' })).toBeInTheDocument();
    expect(screen.queryByText(messages.toast.success, { exact: true })).not.toBeInTheDocument();

    await userEvent.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Add to order is disabled again (its quantities were cleared): the card's first field takes focus.
    expect(card.getByRole('textbox', { name: 'Quantity of Vistara Aviator Classic, Black (C1)' })).toHaveFocus();
  });

  it('says which colours were not added and why (stock fell since the page loaded)', async () => {
    onDesktop();
    withCart({ skipVariant: 'C3' });
    signIn();
    renderApp('/home');
    const user = userEvent.setup();
    const card = within(await within(await screen.findByRole('region', { name: 'Buy again' }, { timeout: 5000 })).findByRole('article'));

    await user.type(card.getByRole('textbox', { name: 'Quantity of Vistara Aviator Classic, Black (C1)' }), '2');
    await user.type(card.getByRole('textbox', { name: 'Quantity of Vistara Aviator Classic, Havana (C3)' }), '3');
    await user.click(card.getByRole('button', { name: 'Add to order (5)' }));

    const drawer = await screen.findByRole('dialog', { name: '2 pcs added to your order' });
    await waitFor(() => expect(within(drawer).getByText('Vistara Aviator Classic, Black (C1)')).toBeInTheDocument());
    expect(within(drawer).getByText(messages.runningOrder.notAdded)).toBeInTheDocument();
    expect(drawer).toHaveTextContent('Vistara Aviator Classic (C3): Only 1 available in stock!');
  });

  it('closes with Continue', async () => {
    onDesktop();
    withCart();
    signIn();
    renderApp('/home');

    const { user } = await addFromNewArrivals(2);
    const drawer = await screen.findByRole('dialog', { name: '2 pcs added to your order' });
    await user.click(within(drawer).getByRole('button', { name: 'Continue' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
