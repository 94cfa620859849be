import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../lib/session.ts';
import { fakeCatalogueServer } from '../testing/catalogue-fixtures.ts';
import { renderApp } from '../testing/render-app.tsx';

/**
 * The spec's other addresses (section 2: /catalog, /catalog-filter, /view-order, /slider) lead to
 * the screens they meant, never to the not-found page (issue 16 item 15).
 */

function signIn() {
  startSession({ accessToken: 'token-abc', expiresAt: Date.now() + 60_000, userName: 'asha@vermaopticals.in', rememberMe: false });
}

// setup.ts's matchMedia is a plain vi.fn, which restoreMocks leaves as a test set it.
const defaultMatchMedia = vi.mocked(window.matchMedia).getMockImplementation();
afterEach(() => {
  if (defaultMatchMedia) vi.mocked(window.matchMedia).mockImplementation(defaultMatchMedia);
});

/** Pretends the viewport is `widthEm` wide, for min-width and max-width queries alike. */
function viewport(widthEm: number) {
  vi.mocked(window.matchMedia).mockImplementation((query: string) => {
    const min = /min-width:\s*([\d.]+)em/.exec(query);
    const max = /max-width:\s*([\d.]+)em/.exec(query);
    const matches = (min === null || Number(min[1]) <= widthEm) && (max === null || Number(max[1]) >= widthEm);
    return {
      matches: (min !== null || max !== null) && matches,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    };
  });
}

function location(router: ReturnType<typeof renderApp>['router']) {
  const { pathname, search, hash } = router.state.location;
  return `${pathname}${search}${hash}`;
}

describe('the spec’s other addresses', () => {
  it('/catalog is the catalogue, with its filters kept', async () => {
    fakeCatalogueServer();
    signIn();
    const { router } = renderApp('/catalog?frameShapeId=1&searchText=aviator');

    await waitFor(() => expect(location(router)).toBe('/products?frameShapeId=1&searchText=aviator'));
    expect(await screen.findByRole('heading', { level: 1, name: 'All Frames & Sunglasses' }, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.queryByText('404')).not.toBeInTheDocument();
  });

  it('/catalog-filter is the catalogue with the side panel’s filters focused on a desktop', async () => {
    viewport(80);
    fakeCatalogueServer();
    signIn();
    const { router } = renderApp('/catalog-filter?frameShapeId=2');

    await waitFor(() => expect(location(router)).toBe('/products?frameShapeId=2#filters'));
    const heading = await screen.findByRole('heading', { level: 2, name: 'Filters' }, { timeout: 3000 });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('/catalog-filter opens the phone’s filter modal on a phone', async () => {
    viewport(24);
    fakeCatalogueServer();
    signIn();
    renderApp('/catalog-filter');

    expect(await screen.findByRole('dialog', { name: 'Filter' }, { timeout: 3000 })).toBeInTheDocument();
  });

  it('/products without #filters opens no filters', async () => {
    viewport(24);
    fakeCatalogueServer();
    signIn();
    renderApp('/products');

    expect(await screen.findByRole('heading', { level: 1, name: 'All Frames & Sunglasses' }, { timeout: 3000 })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Filter' })).toBeEnabled();
    expect(screen.queryByRole('dialog', { name: 'Filter' })).not.toBeInTheDocument();
  });

  it('/view-order is My Orders and /slider is home', async () => {
    fakeCatalogueServer();
    signIn();
    const orders = renderApp('/view-order?orderId=7');
    await waitFor(() => expect(location(orders.router)).toBe('/profile?order=true'));
    orders.unmount();

    const slider = renderApp('/slider');
    await waitFor(() => expect(location(slider.router)).toBe('/home'));
  });
});
