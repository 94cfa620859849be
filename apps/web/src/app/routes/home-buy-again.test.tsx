import type { BuyAgainProduct } from '@frameport/domain/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { colourVariant, product } from '../../testing/catalogue-fixtures.ts';
import { jsonResponse, renderApp } from '../../testing/render-app.tsx';
import { callsTo, fakeShellServer, signIn, stubBrowserApis, type FakeShell } from '../../testing/signed-in-fixtures.ts';

beforeEach(stubBrowserApis);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A style ordered before: two colours in stock (the server leaves out the others). */
function favourite(overrides: Partial<BuyAgainProduct> = {}): BuyAgainProduct {
  return {
    ...product({
      productColor: [
        colourVariant(),
        colourVariant({ colorVariant: 'C3', productColorId: 103, frameColor: 'Havana', frameColorCode: '#6b3e26', availableStockQuantity: 4 }),
      ],
    }),
    piecesOrdered: 24,
    ...overrides,
  };
}

function openHome(data: FakeShell = {}) {
  const fetchSpy = fakeShellServer(data);
  signIn();
  renderApp('/home');
  return fetchSpy;
}

const buyAgainRegion = async () => within(await screen.findByRole('region', { name: 'Buy again' }, { timeout: 5000 }));

describe('/home Buy again', () => {
  it('shows the most ordered styles above the banners, with a quantity per colour in stock and what was ordered before', async () => {
    const fetchSpy = openHome({ buyAgain: [favourite(), favourite({ productId: 2, productName: 'Kids Zone Flex Round', piecesOrdered: 6 })] });
    const region = await buyAgainRegion();

    const cards = await region.findAllByRole('article');
    expect(cards.map((card) => within(card).getAllByRole('link')[0]!.textContent)).toEqual([
      'Vistara Aviator Classic (opens in a new tab)',
      'Kids Zone Flex Round (opens in a new tab)',
    ]);
    const first = within(cards[0]!);
    expect(first.getByText('24 pcs ordered before')).toBeInTheDocument();
    expect(first.getByRole('textbox', { name: 'Quantity of Vistara Aviator Classic, Black (C1)' })).toBeInTheDocument();
    expect(first.getByRole('textbox', { name: 'Quantity of Vistara Aviator Classic, Havana (C3)' })).toBeInTheDocument();
    expect(first.getByText('4 in stock')).toBeInTheDocument();
    // Above the banner carousel and its Shop all frames link.
    const shopAll = await screen.findByRole('link', { name: 'Shop all frames' });
    expect(cards[0]!.compareDocumentPosition(shopAll) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(callsTo(fetchSpy, '/api/Product/getBuyAgain')).toHaveLength(1);
  });

  it('adds quantities of two colours in place, and clears them once added', async () => {
    const fetchSpy = openHome({ buyAgain: [favourite()] });
    const user = userEvent.setup();
    const card = within(await (await buyAgainRegion()).findByRole('article'));

    await user.type(card.getByRole('textbox', { name: 'Quantity of Vistara Aviator Classic, Black (C1)' }), '2');
    await user.type(card.getByRole('textbox', { name: 'Quantity of Vistara Aviator Classic, Havana (C3)' }), '3');
    await user.click(card.getByRole('button', { name: 'Add to order (5)' }));

    await waitFor(() => expect(callsTo(fetchSpy, '/api/Product/addItemsToCart')).toHaveLength(1));
    const [, init] = fetchSpy.mock.calls.find(([input]) => String(input).startsWith('/api/Product/addItemsToCart')) ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      Products: [
        { ProductId: 1, ColorVariant: 'C1', Quantity: 2 },
        { ProductId: 1, ColorVariant: 'C3', Quantity: 3 },
      ],
      Email: null,
    });
    await waitFor(() => expect(card.getByRole('textbox', { name: 'Quantity of Vistara Aviator Classic, Black (C1)' })).toHaveValue('0'));
  });

  it('says when a quantity is above the stock, and does not add', async () => {
    openHome({ buyAgain: [favourite()] });
    const user = userEvent.setup();
    const card = within(await (await buyAgainRegion()).findByRole('article'));

    await user.type(card.getByRole('textbox', { name: 'Quantity of Vistara Aviator Classic, Havana (C3)' }), '9');

    expect(card.getByRole('alert')).toHaveTextContent(/4/);
    expect(card.getByRole('button', { name: 'Add to order (9)' })).toBeDisabled();
  });

  it('holds its place with skeletons while the profile (who this is) loads, then shows the styles there', async () => {
    const fetchSpy = fakeShellServer({ buyAgain: [favourite()] });
    const answer = fetchSpy.getMockImplementation()!;
    let releaseProfile: () => void = () => {};
    const profileHeld = new Promise<void>((resolve) => (releaseProfile = resolve));
    fetchSpy.mockImplementation(async (input, init) => {
      if (new URL(String(input), 'http://localhost').pathname === '/api/Account/getUserProfile') await profileHeld;
      return answer(input, init);
    });
    signIn();
    renderApp('/home');

    // Before the role is known, the section is there in its loading shape (nothing moves in above the banners later).
    const loading = await screen.findByTestId('buy-again-loading', {}, { timeout: 5000 });
    expect(callsTo(fetchSpy, '/api/Product/getBuyAgain')).toHaveLength(0);
    const region = screen.getByRole('region', { name: 'Buy again' });
    expect(region).toContainElement(loading);
    releaseProfile();

    expect(await within(region).findByRole('article', { name: /Vistara Aviator Classic/ }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Buy again' })).toBe(region);
  });

  it('is not there for a retailer with no past orders', async () => {
    const fetchSpy = openHome();
    await screen.findByRole('link', { name: 'Shop all frames' }, { timeout: 5000 });
    await waitFor(() => expect(callsTo(fetchSpy, '/api/Product/getBuyAgain')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('buy-again-loading')).not.toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Buy again' })).not.toBeInTheDocument();
  });

  it('shows skeletons while loading, and an error with Retry that loads the list again', async () => {
    const fetchSpy = fakeShellServer();
    const answer = fetchSpy.getMockImplementation()!;
    let release: () => void = () => {};
    let calls = 0;
    fetchSpy.mockImplementation(async (input, init) => {
      if (new URL(String(input), 'http://localhost').pathname !== '/api/Product/getBuyAgain') return answer(input, init);
      calls += 1;
      if (calls === 1) {
        await new Promise<void>((resolve) => (release = resolve));
        return jsonResponse({ Status: 1, Error: { Message: 'Something went wrong. Please try again.', StackTrace: null }, Data: null }, 500);
      }
      return jsonResponse({ Status: 0, Error: null, Data: { products: [favourite()] } });
    });
    signIn();
    renderApp('/home');

    expect(await screen.findByTestId('buy-again-loading', {}, { timeout: 5000 })).toBeInTheDocument();
    // The skeletons show from the first render (before the role is known), so wait for the request itself.
    await waitFor(() => expect(calls).toBe(1), { timeout: 5000 });
    expect(screen.getByTestId('buy-again-loading')).toBeInTheDocument();
    release();
    const region = await buyAgainRegion();
    // A 500 is retried twice by the query client before the error shows.
    expect(await region.findByText('Buy again could not be loaded', {}, { timeout: 10_000 })).toBeInTheDocument();
    await userEvent.setup().click(region.getByRole('button', { name: /Retry/ }));

    expect(await region.findByRole('article', { name: /Vistara Aviator Classic/ })).toBeInTheDocument();
  });
});
