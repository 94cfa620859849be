import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BLR, fakeActingServer, requestsTo, signInAsSales } from '../../testing/acting-fixtures.ts';
import { accessory, colourVariant, fakeCatalogueServer, product } from '../../testing/catalogue-fixtures.ts';
import { currentTabId, OPEN_PRODUCT_TABS_KEY, readEntries } from '../../features/catalogue/open-product-tabs.ts';
import { startSession } from '../../lib/session.ts';
import { renderApp } from '../../testing/render-app.tsx';

function signIn() {
  startSession({ accessToken: 'token-abc', expiresAt: Date.now() + 60_000, userName: 'asha@vermaopticals.in', rememberMe: false });
}

function technicalInfo() {
  const panel = screen.getByRole('tabpanel', { name: 'Technical info' });
  const rows = within(panel).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]);
  return Object.fromEntries(rows);
}

describe('/product-details', () => {
  it('shows the product with breadcrumb, title, price, colours and technical info', async () => {
    fakeCatalogueServer({ product: product({ productId: 5 }), related: [accessory()] });
    signIn();
    const user = userEvent.setup();
    renderApp('/product-details?productId=5');

    expect(await screen.findByRole('heading', { level: 1, name: 'Vistara Aviator Classic' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Vistara Aviator Classic'));
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/home');
    expect(within(breadcrumb).getByRole('link', { name: 'All Frames & Sunglasses' })).toHaveAttribute('href', '/products');
    expect(screen.getByText('10% off')).toBeInTheDocument();
    expect(screen.getByText('₹1,000.00').closest('s')).not.toBeNull();

    expect(technicalInfo()).toMatchObject({ 'Frame dimensions': '54-18-140', 'Frame colour': 'Black', Collection: 'Everyday Classics' });
    const colours = screen.getByRole('list', { name: 'Colour variants' });
    expect(within(colours).getByRole('button', { name: 'Colour Black (C1), 12 in stock' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(colours).getByRole('button', { name: 'Colour Gold (C2), out of stock' }));
    expect(within(colours).getByRole('button', { name: 'Colour Gold (C2), out of stock' })).toHaveAttribute('aria-pressed', 'true');
    expect(technicalInfo()).toMatchObject({ 'Frame colour': 'Gold' });

    await user.click(screen.getByRole('tab', { name: 'About product' }));
    expect(screen.getByText('A light metal aviator.')).toBeInTheDocument();

    const related = await screen.findByRole('list', { name: 'Related products' });
    expect(within(related).getByRole('article', { name: /Microfibre Cloth/ })).toBeInTheDocument();
  });

  it('shows N/A for missing values and the size only when every dimension is known', async () => {
    fakeCatalogueServer({ product: product({ productId: 5, armLength: null, weight: null, frameShape: null, tags: [] }) });
    signIn();
    renderApp('/product-details?id=5');

    await screen.findByRole('heading', { level: 1, name: 'Vistara Aviator Classic' });
    expect(technicalInfo()).toMatchObject({
      'Frame dimensions': 'N/A',
      Weight: 'N/A',
      'Frame shape': 'N/A',
      Collection: 'N/A',
      'Frame width': '138 mm',
    });
  });

  it('shows only brand, type, manufacturer and model number for an accessory, without a discount badge', async () => {
    fakeCatalogueServer({ product: accessory({ productId: 9 }) });
    signIn();
    renderApp('/product-details?productId=9');

    await screen.findByRole('heading', { level: 1, name: 'Vistara Microfibre Cloth' });
    expect(Object.keys(technicalInfo())).toEqual(['Brand name', 'Product type', 'Manufacturer details', 'Model number']);
    expect(screen.queryByText(/% off/)).not.toBeInTheDocument();
  });

  it('says when the product is sold out in every colour', async () => {
    fakeCatalogueServer({ product: product({ productId: 5, productColor: [colourVariant({ availableStockQuantity: 0 })] }) });
    signIn();
    renderApp('/product-details?productId=5');

    expect(await screen.findByText('Sorry, This product is currently unavailable!')).toBeInTheDocument();
    expect(screen.getByText('Out of Stock')).toBeInTheDocument();
  });

  it('shows a friendly not-found state for an unknown product', async () => {
    fakeCatalogueServer({ product: null });
    signIn();
    renderApp('/product-details?productId=999');

    expect(await screen.findByRole('heading', { name: 'Product not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all products' })).toHaveAttribute('href', '/products');
  });

  it('shows "<name> - tab already open." when another tab has the product, and can open it here anyway', async () => {
    fakeCatalogueServer({ product: product({ productId: 5 }) });
    window.localStorage.setItem(
      OPEN_PRODUCT_TABS_KEY,
      JSON.stringify([{ tab: 'other-tab', productId: 5, since: Date.now() - 5000, at: Date.now() }]),
    );
    signIn();
    const user = userEvent.setup();
    renderApp('/product-details?productId=5');

    expect(await screen.findByText('Vistara Aviator Classic - tab already open.')).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Technical info' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open it here anyway' }));

    expect(await screen.findByRole('tab', { name: 'Technical info' })).toBeInTheDocument();
    expect(readEntries().find((entry) => entry.tab === currentTabId())).toMatchObject({ productId: 5 });
  });

  it('keeps this tab in the open list while shown and removes it on leaving', async () => {
    fakeCatalogueServer({ product: product({ productId: 5 }) });
    signIn();
    const { unmount } = renderApp('/product-details?productId=5');

    await screen.findByRole('heading', { level: 1, name: 'Vistara Aviator Classic' });
    expect(readEntries()).toEqual([expect.objectContaining({ tab: currentTabId(), productId: 5 })]);
    unmount();
    expect(readEntries()).toEqual([]);
  });

  it('acting for a retailer: their prices, and Add to order on the product and its related products', async () => {
    const fetchSpy = fakeActingServer({ products: [product({ productId: 5 })], related: [product({ productId: 8, productName: 'Urban Round Edge' })] });
    signInAsSales(BLR);
    renderApp('/product-details?productId=5');

    await screen.findByRole('heading', { level: 1, name: 'Vistara Aviator Classic' });
    expect(requestsTo(fetchSpy, '/api/Product/get')[0]?.url.searchParams.get('email')).toBe(BLR.email);
    expect(screen.getByRole('region', { name: 'Order quantities' })).toBeInTheDocument();

    const related = await screen.findByRole('list', { name: 'Related products' });
    expect(requestsTo(fetchSpy, '/api/Product/getRelatedProducts')[0]?.url.searchParams.get('email')).toBe(BLR.email);
    expect(within(related).getByRole('textbox', { name: 'Quantity of Urban Round Edge, Black (C1)' })).toBeInTheDocument();
    expect(within(related).getByRole('button', { name: 'Add to order' })).toBeInTheDocument();
  });

  it('asks a sales executive without a retailer to choose one instead of offering Add to order', async () => {
    fakeActingServer({ products: [product({ productId: 5 })], related: [product({ productId: 8, productName: 'Urban Round Edge' })] });
    signInAsSales();
    renderApp('/product-details?productId=5');

    expect(await screen.findByText('Choose a retailer to order for')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Switch User' })).toHaveAttribute('href', '/profile?switch-user=true');
    await screen.findByRole('list', { name: 'Related products' });
    expect(screen.queryByRole('button', { name: /Add to order/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Order quantities' })).not.toBeInTheDocument();
  });
});
