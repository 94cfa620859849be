import type { Facets } from '@frameport/domain/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { matchMediaAtWidth } from '../../testing/match-media.ts';
import { startSession } from '../../lib/session.ts';
import { fakeCatalogueServer, product } from '../../testing/catalogue-fixtures.ts';
import { jsonResponse, renderApp } from '../../testing/render-app.tsx';

function signIn() {
  startSession({ accessToken: 'token-abc', expiresAt: Date.now() + 60_000, userName: 'asha@vermaopticals.in', rememberMe: false });
}

/**
 * getFacets as the contract describes it, for the fixtures' shapes and colours: a group's own
 * choice does not change its counts; choosing Round (2) leaves no gold frame.
 */
function facetsFor(search: string): Facets {
  const params = new URLSearchParams(search);
  const round = params.get('frameShapeId') === '2';
  return {
    facets: [
      {
        Key: 'frameShapeId',
        Counts: [
          { Id: 1, Count: 1312 },
          { Id: 2, Count: 40 },
          { Id: 3, Count: 0 },
          { Id: 4, Count: 9 },
          { Id: 5, Count: 3 },
          { Id: 6, Count: 2 },
          { Id: 7, Count: 1 },
        ],
      },
      {
        Key: 'frameColorIdList',
        Counts: [
          { Id: 1, Count: round ? 40 : 900 },
          { Id: 2, Count: round ? 0 : 467 },
        ],
      },
    ],
    available: round ? 31 : 1200,
    total: round ? 40 : 1367,
  };
}

/** The catalogue's fake server, answering getFacets too (or never, when `facets` is 'never'). */
function fakeServerWithFacets(facets: 'answer' | 'never' = 'answer') {
  const fetchSpy = fakeCatalogueServer();
  const others = fetchSpy.getMockImplementation()!;
  fetchSpy.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname !== '/api/Product/getFacets') return others(input, init);
    if (facets === 'never') return new Promise<Response>(() => {});
    return jsonResponse({ Status: 0, Error: null, Data: facetsFor(url.searchParams.get('search') ?? '') });
  });
  return fetchSpy;
}

function facetSearches(fetchSpy: ReturnType<typeof fakeCatalogueServer>): string[] {
  return fetchSpy.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/Product/getFacets')
    .map((url) => url.searchParams.get('search') ?? '');
}

describe('/products facet counts', () => {
  // A desktop's width: the filters' side panel is rendered from 1024 px (the phone's modal is opened by its button).
  const setupMatchMedia = window.matchMedia;
  beforeEach(() => {
    window.matchMedia = matchMediaAtWidth(1280);
  });
  afterEach(() => {
    window.matchMedia = setupMatchMedia;
  });

  it('shows beside each option how many styles it would give, greys out the ones giving nothing, and asks without the sort', async () => {
    const fetchSpy = fakeServerWithFacets();
    signIn();
    renderApp('/products?brandId=3&sortBy=netPrice&orderBy=Asc&page=2');

    // The file's first screen arrives through cold lazy modules: a longer wait on a busy machine.
    const shapes = (await screen.findAllByRole('group', { name: 'Frame Shape' }, { timeout: 15_000 }))[0]!;
    expect(await within(shapes).findByRole('checkbox', { name: 'Aviator (1,312)' })).toBeEnabled();
    expect(within(shapes).getByRole('checkbox', { name: 'Round (40)' })).toBeEnabled();
    expect(within(shapes).getByRole('checkbox', { name: 'Rectangle (0)' })).toBeDisabled();
    const colours = screen.getAllByRole('group', { name: 'Colour' })[0]!;
    expect(within(colours).getByRole('checkbox', { name: 'Gold (467)' })).toBeEnabled();
    expect(screen.getAllByRole('switch', { name: 'In stock only (1,200)' })[0]).toBeEnabled();
    // The counts do not depend on the order or the page.
    expect(facetSearches(fetchSpy)).toEqual(['brandId=3']);
  });

  it('shows the products without waiting for the counts', async () => {
    fakeServerWithFacets('never');
    signIn();
    renderApp('/products');

    const grid = await screen.findByRole('list', { name: 'Products' });
    expect(within(grid).getAllByRole('article')).toHaveLength(2);
    const shapes = screen.getAllByRole('group', { name: 'Frame Shape' })[0]!;
    // No count known yet: the options read and work as before.
    expect(within(shapes).getByRole('checkbox', { name: 'Rectangle' })).toBeEnabled();
    expect(screen.getAllByRole('switch', { name: 'In stock only' })[0]).toBeEnabled();
  });

  it('asks for the counts together with the products, without waiting for the filter groups', async () => {
    const fetchSpy = fakeServerWithFacets();
    const answer = fetchSpy.getMockImplementation()!;
    let releaseFilters: () => void = () => {};
    const filtersHeld = new Promise<void>((resolve) => (releaseFilters = resolve));
    fetchSpy.mockImplementation(async (input, init) => {
      if (new URL(String(input), 'http://localhost').pathname === '/api/Product/getFilters') await filtersHeld;
      return answer(input, init);
    });
    signIn();
    renderApp('/products?brandId=3&sortBy=netPrice&orderBy=Asc');

    const asked = (path: string) => fetchSpy.mock.calls.filter(([input]) => new URL(String(input), 'http://localhost').pathname === path);
    await waitFor(() => expect(asked('/api/Product/getAll')).toHaveLength(1), { timeout: 15_000 });
    await waitFor(() => expect(facetSearches(fetchSpy)).toEqual(['brandId=3']));
    releaseFilters();

    const shapes = (await screen.findAllByRole('group', { name: 'Frame Shape' }, { timeout: 15_000 }))[0]!;
    expect(await within(shapes).findByRole('checkbox', { name: 'Aviator (1,312)' })).toBeEnabled();
    // The panel reads the counts already asked for: one request for this search.
    expect(facetSearches(fetchSpy)).toEqual(['brandId=3']);
  });

  it('updates the other groups’ counts on a tick, and a chosen option left with nothing can still be cleared', async () => {
    const fetchSpy = fakeServerWithFacets();
    signIn();
    const user = userEvent.setup();
    const { router } = renderApp('/products?frameColorIdList=2');

    const shapes = (await screen.findAllByRole('group', { name: 'Frame Shape' }))[0]!;
    const colours = screen.getAllByRole('group', { name: 'Colour' })[0]!;
    await user.click(await within(shapes).findByRole('checkbox', { name: 'Round (40)' }));

    await waitFor(() => expect(facetSearches(fetchSpy)).toContain('frameShapeId=2&frameColorIdList=2'));
    const gold = await within(colours).findByRole('checkbox', { name: 'Gold (0)' });
    expect(within(colours).getByRole('checkbox', { name: 'Black (40)' })).toBeEnabled();
    // Gold is chosen: it stays enabled so the retailer can take it off.
    expect(gold).toBeChecked();
    expect(gold).toBeEnabled();
    await user.click(gold);
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('frameColorIdList')).toBeNull());
    await waitFor(() => expect(within(colours).getByRole('checkbox', { name: 'Gold (0)' })).toBeDisabled());
  });

  it('counts the phone modal’s draft as it is made, before Apply', async () => {
    const fetchSpy = fakeServerWithFacets();
    signIn();
    const user = userEvent.setup();
    const { router } = renderApp('/products');

    // The side panel's counts load first (the draft starts from the same search).
    await screen.findAllByRole('checkbox', { name: 'Gold (467)' });
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filter' });
    expect(within(dialog).getByRole('checkbox', { name: 'Aviator (1,312)' })).toBeEnabled();
    expect(within(dialog).getByRole('checkbox', { name: 'Rectangle (0)' })).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Round (40)' }));

    await user.click(within(dialog).getByRole('tab', { name: /Colour/ }));
    expect(await within(dialog).findByRole('checkbox', { name: 'Gold (0)' })).toBeDisabled();
    expect(within(dialog).getByRole('checkbox', { name: 'Black (40)' })).toBeEnabled();
    await user.click(within(dialog).getByRole('tab', { name: /Availability/ }));
    expect(within(dialog).getByRole('switch', { name: 'In stock only (31)' })).toBeEnabled();
    // A draft: nothing applied yet.
    expect(router.state.location.search).toBe('');
    expect(facetSearches(fetchSpy)).toContain('frameShapeId=2');

    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(router.state.location.search).toBe('?frameShapeId=2'));
  });

  it('says "10,000+ products" when the server counted only up to its limit', async () => {
    const fetchSpy = fakeServerWithFacets();
    const others = fetchSpy.getMockImplementation()!;
    fetchSpy.mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname !== '/api/Product/getAll') return others(input, init);
      const searchResults = { value: [product()], '@odata.count': url.searchParams.get('search') === '' ? 10_000 : 40 };
      return jsonResponse({ Status: 0, Error: null, Data: { searchResults, countIsLowerBound: url.searchParams.get('search') === '' } });
    });
    signIn();
    const user = userEvent.setup();
    renderApp('/products');

    expect(await screen.findByText('10,000+ products')).toBeInTheDocument();
    // A narrower search is counted exactly again.
    const shapes = screen.getAllByRole('group', { name: 'Frame Shape' })[0]!;
    await user.click(await within(shapes).findByRole('checkbox', { name: 'Round (40)' }));
    expect(await screen.findByText('40 products')).toBeInTheDocument();
  });

  /**
   * getAll counted 2,000 of a text search's matches; getFacets (or never) gives the exact total. With
   * `holdPage`, getAll never answers for that page.
   */
  function boundedTextServer(facets: 'answer' | 'never', holdPage?: number) {
    const fetchSpy = fakeServerWithFacets(facets);
    const others = fetchSpy.getMockImplementation()!;
    fetchSpy.mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/Product/getFacets' && facets === 'answer') {
        return jsonResponse({ Status: 0, Error: null, Data: { ...facetsFor(''), total: 12_345 } });
      }
      if (url.pathname !== '/api/Product/getAll') return others(input, init);
      if (url.searchParams.get('pageNumber') === String(holdPage)) return new Promise<Response>(() => {});
      const searchResults = { value: [product()], '@odata.count': 2_000 };
      return jsonResponse({ Status: 0, Error: null, Data: { searchResults, countIsLowerBound: true } });
    });
  }

  it('shows the exact total from the filter counts when getAll counted only up to its limit', async () => {
    boundedTextServer('answer');
    signIn();
    renderApp('/products?searchText=black');
    expect(await screen.findByText('12,345 products')).toBeInTheDocument();
    expect(screen.queryByText('2,000+ products')).not.toBeInTheDocument();
    // The pages follow the exact total: 12,345 at 14 a page is 882 pages.
    expect(screen.getAllByRole('button', { name: 'Page 882' }).length).toBeGreaterThan(0);
  });

  it('keeps the exact total and the pages while the next page loads', async () => {
    boundedTextServer('answer', 2);
    signIn();
    const user = userEvent.setup();
    const { router } = renderApp('/products?searchText=black');
    expect(await screen.findByText('12,345 products')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Page 2' })[0]!);
    await waitFor(() => expect(router.state.location.search).toContain('page=2'));
    // Page 2 never comes: page 1 stays, dimmed, with its total and its 882 pages (not "2,000+" and 143).
    await waitFor(() => expect(screen.getByRole('region', { name: 'Products' }).querySelector('[aria-busy="true"]')).not.toBeNull());
    expect(screen.getByText('12,345 products')).toBeInTheDocument();
    expect(screen.queryByText('2,000+ products')).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Page 882' }).length).toBeGreaterThan(0);
  });

  it('says "2,000+ products" while the filter counts have not come', async () => {
    boundedTextServer('never');
    signIn();
    renderApp('/products?searchText=black');
    expect(await screen.findByText('2,000+ products')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Page 143' }).length).toBeGreaterThan(0);
  });
});
