import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { matchMediaAtWidth } from '../../testing/match-media.ts';
import { BLR, fakeActingServer, requestsTo, signInAsSales } from '../../testing/acting-fixtures.ts';
import { accessory, fakeCatalogueServer, getAllSearches, product } from '../../testing/catalogue-fixtures.ts';
import { startSession } from '../../lib/session.ts';
import { renderApp } from '../../testing/render-app.tsx';

function signIn() {
  startSession({ accessToken: 'token-abc', expiresAt: Date.now() + 60_000, userName: 'asha@vermaopticals.in', rememberMe: false });
}

function lastSearch(fetchSpy: ReturnType<typeof fakeCatalogueServer>) {
  const calls = getAllSearches(fetchSpy);
  const last = calls[calls.length - 1];
  return last ? { params: Object.fromEntries(new URLSearchParams(last.search)), pageNumber: last.pageNumber } : null;
}

function urlParams(router: ReturnType<typeof renderApp>['router']) {
  return Object.fromEntries(new URLSearchParams(router.state.location.search));
}

describe('/products', () => {
  // A desktop's width: the filters' side panel is rendered from 1024 px (the phone's modal is opened by its button).
  const setupMatchMedia = window.matchMedia;
  beforeEach(() => {
    window.matchMedia = matchMediaAtWidth(1280);
  });
  afterEach(() => {
    window.matchMedia = setupMatchMedia;
  });

  it('preloads the filters from the URL as named chips and asks getAll for them', async () => {
    const fetchSpy = fakeCatalogueServer();
    signIn();
    renderApp('/products?frameShapeId=1,2&netPrice_To=800');

    expect(await screen.findByRole('button', { name: 'Remove filter Frame Shape: Aviator' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove filter Frame Shape: Round' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove filter Price: Up to ₹800.00' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'All Frames & Sunglasses' })).toBeInTheDocument();
    expect(await screen.findByText('2 products')).toBeInTheDocument();
    expect(lastSearch(fetchSpy)).toEqual({ params: { frameShapeId: '1,2', netPrice_To: '800' }, pageNumber: '1' });
    // The side panel's checkboxes agree with the URL.
    const shapes = screen.getAllByRole('group', { name: 'Frame Shape' })[0]!;
    expect(within(shapes).getByRole('checkbox', { name: 'Round' })).toBeChecked();
    expect(within(shapes).getByRole('checkbox', { name: 'Rectangle' })).not.toBeChecked();
  });

  it('removes a chip from the URL and reloads, and Clear resets everything', async () => {
    const fetchSpy = fakeCatalogueServer();
    signIn();
    const user = userEvent.setup();
    const { router } = renderApp('/products?frameShapeId=1,2&netPrice_To=800&page=2');

    await user.click(await screen.findByRole('button', { name: 'Remove filter Frame Shape: Round' }));

    await waitFor(() => expect(urlParams(router)).toEqual({ frameShapeId: '1', netPrice_To: '800' }));
    await waitFor(() => expect(lastSearch(fetchSpy)).toEqual({ params: { frameShapeId: '1', netPrice_To: '800' }, pageNumber: '1' }));
    expect(screen.queryByRole('button', { name: 'Remove filter Frame Shape: Round' })).not.toBeInTheDocument();
    // Focus moves on to the chip that took its place, so the keyboard user keeps their place.
    expect(screen.getByRole('button', { name: 'Remove filter Price: Up to ₹800.00' })).toHaveFocus();

    await user.click(screen.getByRole('link', { name: 'Clear' }));

    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(lastSearch(fetchSpy)).toEqual({ params: {}, pageNumber: '1' }));
    expect(screen.queryByRole('region', { name: 'Active filters' })).not.toBeInTheDocument();
  });

  it('ticks a filter in the side panel into the URL, back to page 1', async () => {
    const fetchSpy = fakeCatalogueServer();
    signIn();
    const user = userEvent.setup();
    const { router } = renderApp('/products?page=3');

    const shapes = (await screen.findAllByRole('group', { name: 'Frame Shape' }))[0]!;
    await user.click(within(shapes).getByRole('checkbox', { name: 'Round' }));

    await waitFor(() => expect(urlParams(router)).toEqual({ frameShapeId: '2' }));
    await waitFor(() => expect(lastSearch(fetchSpy)).toEqual({ params: { frameShapeId: '2' }, pageNumber: '1' }));
  });

  it('keeps two quick ticks in different groups (the second before the first is rendered) and shows the results loading', async () => {
    const fetchSpy = fakeCatalogueServer();
    signIn();
    const { router } = renderApp('/products');

    const shapes = (await screen.findAllByRole('group', { name: 'Frame Shape' }))[0]!;
    const colours = screen.getAllByRole('group', { name: 'Colour' })[0]!;
    await screen.findByText('2 products');
    // Two clicks in one go: the router has not rendered the first URL when the second is written.
    fireEvent.click(within(shapes).getByRole('checkbox', { name: 'Round' }));
    fireEvent.click(within(colours).getByRole('checkbox', { name: 'Gold' }));
    expect(within(shapes).getByRole('checkbox', { name: 'Round' })).toBeChecked();
    expect(within(colours).getByRole('checkbox', { name: 'Gold' })).toBeChecked();
    expect(screen.getByRole('progressbar', { name: 'Loading products' })).toBeInTheDocument();
    // The URL is written after the frame that paints the ticks (the router's own work would delay it).
    expect(urlParams(router)).toEqual({});

    await waitFor(() => expect(urlParams(router)).toEqual({ frameShapeId: '2', frameColorIdList: '2' }));
    await waitFor(() => expect(lastSearch(fetchSpy)).toEqual({ params: { frameShapeId: '2', frameColorIdList: '2' }, pageNumber: '1' }));
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Loading products' })).not.toBeInTheDocument());
    expect(within(shapes).getByRole('checkbox', { name: 'Round' })).toBeChecked();
  });

  it('a tick taken back at once leaves the results as they were, not waiting for ever', async () => {
    fakeCatalogueServer();
    signIn();
    const { router } = renderApp('/products');

    const shapes = (await screen.findAllByRole('group', { name: 'Frame Shape' }))[0]!;
    await screen.findByText('2 products');
    // Ticked and unticked before either URL is rendered: the screen may only ever render the last, the URL it had.
    fireEvent.click(within(shapes).getByRole('checkbox', { name: 'Round' }));
    fireEvent.click(within(shapes).getByRole('checkbox', { name: 'Round' }));
    expect(within(shapes).getByRole('checkbox', { name: 'Round' })).not.toBeChecked();

    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Loading products' })).not.toBeInTheDocument());
    expect(urlParams(router)).toEqual({});
    // Still settled a moment later (nothing else on its way).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('progressbar', { name: 'Loading products' })).not.toBeInTheDocument();
  });

  it('commits the price slider to the URL once it settles, back to page 1', async () => {
    const fetchSpy = fakeCatalogueServer();
    signIn();
    const user = userEvent.setup();
    const { router } = renderApp('/products?page=2');

    const [upper] = await screen.findAllByRole('slider', { name: 'Price: to' });
    upper!.focus();
    await user.keyboard('{PageDown}{ArrowLeft}');
    // Still settling: nothing sent yet.
    expect(urlParams(router)).toEqual({ page: '2' });

    await waitFor(() => expect(urlParams(router)).toEqual({ netPrice_To: '2390' }));
    await waitFor(() => expect(lastSearch(fetchSpy)).toEqual({ params: { netPrice_To: '2390' }, pageNumber: '1' }));
    expect(screen.getByRole('button', { name: 'Remove filter Price: Up to ₹2,390.00' })).toBeInTheDocument();
  });

  it('changes the sort and goes back to page 1', async () => {
    const fetchSpy = fakeCatalogueServer({ count: 60 });
    signIn();
    const user = userEvent.setup();
    const { router } = renderApp('/products?frameShapeId=1&page=3');

    const sort = await screen.findByRole('combobox', { name: 'Sort by' });
    await waitFor(() => expect(sort).toBeEnabled());
    expect(sort).toHaveValue('sortBy=releaseDate&orderBy=Desc');
    await user.selectOptions(sort, 'Price: low to high');

    await waitFor(() => expect(urlParams(router)).toEqual({ frameShapeId: '1', sortBy: 'netPrice', orderBy: 'Asc' }));
    await waitFor(() =>
      expect(lastSearch(fetchSpy)).toEqual({ params: { frameShapeId: '1', sortBy: 'netPrice', orderBy: 'Asc' }, pageNumber: '1' }),
    );
  });

  it('pages through the results with the page in the URL', async () => {
    const fetchSpy = fakeCatalogueServer({ count: 40 });
    signIn();
    const user = userEvent.setup();
    const { router } = renderApp('/products?brandId=3');

    await user.click(await screen.findByRole('button', { name: 'Page 2' }));

    await waitFor(() => expect(urlParams(router)).toEqual({ brandId: '3', page: '2' }));
    await waitFor(() => expect(lastSearch(fetchSpy)).toEqual({ params: { brandId: '3' }, pageNumber: '2' }));
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Page 4' })).not.toBeInTheDocument();
  });

  it('renders the side panel only at its width: a phone has the filters in its modal alone', async () => {
    window.matchMedia = matchMediaAtWidth(390);
    fakeCatalogueServer();
    signIn();
    const user = userEvent.setup();
    renderApp('/products');

    await user.click(await screen.findByRole('button', { name: 'Filter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filter' });
    expect(within(dialog).getByRole('group', { name: 'Frame Shape' })).toBeInTheDocument();
    expect(screen.getAllByRole('group', { name: 'Frame Shape' })).toHaveLength(1);
    expect(screen.queryByRole('complementary', { name: 'Filters' })).not.toBeInTheDocument();
  });

  it('has the side panel on a desktop', async () => {
    fakeCatalogueServer();
    signIn();
    renderApp('/products');

    const panel = await screen.findByRole('complementary', { name: 'Filters' });
    expect(await within(panel).findByRole('group', { name: 'Frame Shape' })).toBeInTheDocument();
  });

  it('applies the phone filter modal only on Apply', async () => {
    const fetchSpy = fakeCatalogueServer();
    signIn();
    const user = userEvent.setup();
    const { router } = renderApp('/products?frameShapeId=1');

    await user.click(await screen.findByRole('button', { name: 'Filter (1)' }));
    let dialog = await screen.findByRole('dialog', { name: 'Filter' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Round' }));
    await user.click(within(dialog).getByRole('tab', { name: /Availability/ }));
    await user.click(within(dialog).getByRole('switch', { name: 'In stock only' }));
    // Nothing applied yet.
    expect(urlParams(router)).toEqual({ frameShapeId: '1' });
    const callsBefore = getAllSearches(fetchSpy).length;

    // Closing throws the draft away.
    await user.click(within(dialog).getByRole('button', { name: 'Close filters' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Filter' })).not.toBeInTheDocument());
    expect(urlParams(router)).toEqual({ frameShapeId: '1' });
    expect(getAllSearches(fetchSpy)).toHaveLength(callsBefore);

    await user.click(screen.getByRole('button', { name: 'Filter (1)' }));
    dialog = await screen.findByRole('dialog', { name: 'Filter' });
    expect(within(dialog).getByRole('checkbox', { name: 'Round' })).not.toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Round' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(urlParams(router)).toEqual({ frameShapeId: '1,2' }));
    await waitFor(() => expect(lastSearch(fetchSpy)?.params).toEqual({ frameShapeId: '1,2' }));
    expect(screen.queryByRole('dialog', { name: 'Filter' })).not.toBeInTheDocument();
  });

  it('clears the draft in the phone filter modal with Clear, applied with Apply', async () => {
    fakeCatalogueServer();
    signIn();
    const user = userEvent.setup();
    const { router } = renderApp('/products?frameShapeId=1&isAvailable=true&sortBy=netPrice&orderBy=Asc');

    await user.click(await screen.findByRole('button', { name: 'Filter (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filter' });
    await user.click(within(dialog).getByRole('button', { name: 'Clear' }));
    expect(urlParams(router)).toMatchObject({ frameShapeId: '1' });
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(urlParams(router)).toEqual({ sortBy: 'netPrice', orderBy: 'Asc' }));
  });

  it('sorts from the phone sort modal', async () => {
    fakeCatalogueServer();
    signIn();
    const user = userEvent.setup();
    const { router } = renderApp('/products');

    const sortButton = await screen.findByRole('button', { name: 'Sort' });
    await waitFor(() => expect(sortButton).toBeEnabled());
    await user.click(sortButton);
    const dialog = await screen.findByRole('dialog', { name: 'Sort by' });
    expect(within(dialog).getByRole('radio', { name: 'Newest first' })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'Price: high to low' }));

    await waitFor(() => expect(urlParams(router)).toEqual({ sortBy: 'netPrice', orderBy: 'Desc' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sort by' })).not.toBeInTheDocument());
  });

  it('searches the typed text after a pause and shows the search banner', async () => {
    const fetchSpy = fakeCatalogueServer();
    signIn();
    // delay: null types every letter without yielding to timers, so only the debounce decides
    // when the search goes out, however loaded the machine is.
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp('/products?brandId=2&page=2');

    await user.type(await screen.findByRole('textbox', { name: 'Search in catalogue' }), 'aviator');

    await waitFor(() => expect(urlParams(router)).toEqual({ brandId: '2', searchText: 'aviator' }));
    expect((await screen.findByText('aviator', { selector: 'strong' })).parentElement).toHaveTextContent('Showing results for “aviator”');
    await waitFor(() => expect(lastSearch(fetchSpy)).toEqual({ params: { brandId: '2', searchText: 'aviator' }, pageNumber: '1' }));
    // One request for the whole word, not one per letter.
    expect(getAllSearches(fetchSpy).filter((call) => call.search.includes('searchText')).length).toBe(1);
  });

  it('shows the product cards of the page', async () => {
    fakeCatalogueServer({ products: [product(), accessory()] });
    signIn();
    renderApp('/products');

    const grid = await screen.findByRole('list', { name: 'Products' });
    expect(within(grid).getAllByRole('article')).toHaveLength(2);
    expect(within(grid).getByRole('article', { name: /Microfibre Cloth/ })).toBeInTheDocument();
  });

  it('switches to the quick-order list with the same filters, back to page 1, fifty rows a page, remembered on this device', async () => {
    const fetchSpy = fakeCatalogueServer({ products: [product(), accessory()], count: 120 });
    signIn();
    const user = userEvent.setup();
    const { router } = renderApp('/products?frameShapeId=1&page=3');
    await screen.findAllByRole('article');

    await user.click(screen.getAllByRole('radio', { name: 'List' })[0]!);

    // One row per style (the profile is not served here, so the rows show stock without boxes).
    await waitFor(() => expect(screen.getAllByRole('listitem', { name: /^Vistara (Aviator Classic|Microfibre Cloth)/ })).toHaveLength(2));
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    await waitFor(() => expect(urlParams(router)).toEqual({ frameShapeId: '1' }));
    // The page the URL now names is asked for in the render after it (page 3 of fifty came first).
    const lastPageAsked = () =>
      fetchSpy.mock.calls
        .map(([input]) => new URL(String(input), 'http://localhost'))
        .filter((url) => url.pathname === '/api/Product/getAll')
        .map((url) => [url.searchParams.get('search'), url.searchParams.get('pageNumber'), url.searchParams.get('pageSize')])
        .at(-1);
    await waitFor(() => expect(lastPageAsked()).toEqual(['frameShapeId=1', '1', '50']));
    expect(window.localStorage.getItem('frameport.catalogueView')).toBe('list');
  });

  it('opens in the list when this device chose it before', async () => {
    window.localStorage.setItem('frameport.catalogueView', 'list');
    fakeCatalogueServer({ products: [product()] });
    signIn();
    renderApp('/products');
    await waitFor(() => expect(screen.getAllByRole('listitem', { name: /^Vistara Aviator Classic/ })).toHaveLength(1));
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.getAllByRole('radio', { name: 'List' })[0]).toBeChecked();
  });

  it('says what to do when nothing matches', async () => {
    fakeCatalogueServer({ products: [] });
    signIn();
    const user = userEvent.setup();
    const { router } = renderApp('/products?frameShapeId=7');

    // Both of the spec's texts: 'no record found' / 'No Products found for your selection. …'.
    expect(await screen.findByRole('heading', { name: 'no record found' })).toBeInTheDocument();
    expect(screen.getByText('No Products found for your selection. Please try different options!')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('offers Retry when the products cannot be loaded', async () => {
    const fetchSpy = fakeCatalogueServer();
    const answer = fetchSpy.getMockImplementation()!;
    let fail = true;
    fetchSpy.mockImplementation(async (input, init) => {
      if (fail && String(input).startsWith('/api/Product/getAll')) {
        return new Response(JSON.stringify({ Status: 1, Error: { Message: 'Something went wrong. Please try again.', StackTrace: null }, Data: null }), {
          status: 500,
          headers: { 'Content-Type': 'application/json' },
        });
      }
      return answer(input, init);
    });
    signIn();
    const user = userEvent.setup();
    renderApp('/products');

    expect(await screen.findByText('Products could not be loaded')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('2 products')).toBeInTheDocument();
  });

  it('explains a link it cannot read instead of guessing', async () => {
    fakeCatalogueServer();
    signIn();
    renderApp('/products?frameShapeId=round');

    expect(await screen.findByText('This link has a filter we cannot read')).toBeInTheDocument();
    expect(screen.getByText('"frameShapeId" must be a comma-separated list of ids, e.g. 1,2.')).toBeInTheDocument();
  });

  it('acting for a retailer: searches with their email and adds to their cart', async () => {
    const fetchSpy = fakeActingServer();
    signInAsSales(BLR);
    const user = userEvent.setup();
    renderApp('/products');

    const field = await screen.findByRole('textbox', { name: 'Quantity of Vistara Aviator Classic, Black (C1)' }, { timeout: 3000 });
    expect(requestsTo(fetchSpy, '/api/Product/getAll').every(({ url }) => url.searchParams.get('email') === BLR.email)).toBe(true);
    await user.type(field, '3');
    await user.click(screen.getByRole('button', { name: 'Add to order (3)' }));

    await waitFor(() => expect(requestsTo(fetchSpy, '/api/Product/addItemsToCart')).toHaveLength(1));
    expect(requestsTo(fetchSpy, '/api/Product/addItemsToCart')[0]?.body).toEqual({
      Products: [{ ProductId: 1, ColorVariant: 'C1', Quantity: 3 }],
      Email: BLR.email,
    });
  });

  it('shows a sales executive without a retailer the cards without Add to order, and a way to choose one', async () => {
    fakeActingServer();
    signInAsSales();
    renderApp('/products');

    expect(await screen.findByText('Choose a retailer to order for', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: /Vistara Aviator Classic/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add to order/ })).not.toBeInTheDocument();
  });
});
