import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { product } from '../../testing/catalogue-fixtures.ts';
import { FakeIntersectionObserver } from '../../testing/intersection-observer.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { fakeMediaQueryList } from '../../testing/match-media.ts';
import { banner, callsTo, fakeShellServer, productsQueryOf, signIn, stubBrowserApis } from '../../testing/signed-in-fixtures.ts';

beforeEach(stubBrowserApis);
afterEach(() => vi.unstubAllGlobals());

function openHome(...args: Parameters<typeof fakeShellServer>) {
  const fetchSpy = fakeShellServer(...args);
  signIn();
  const view = renderApp('/home');
  return { ...view, fetchSpy };
}

async function section(name: string) {
  // The first render loads the route's chunk: slow on a busy machine.
  return within(await screen.findByRole('region', { name }, { timeout: 5000 }));
}

/** The tile links of a section (not its View all), as [label, /products query]. */
function tileLinks(region: Awaited<ReturnType<typeof section>>) {
  return within(region.getByRole('list'))
    .getAllByRole('link')
    .map((link) => [link.textContent, productsQueryOf(link).params] as const);
}

describe('/home sections', () => {
  it('links each material shown on home to /products?frameMaterialId=<id>', async () => {
    openHome();
    const materials = await section('Shop by material');

    await waitFor(() => expect(materials.getAllByRole('listitem')).toHaveLength(4));
    expect(tileLinks(materials)).toEqual([
      ['Acetate', { frameMaterialId: '1' }],
      ['Metal', { frameMaterialId: '2' }],
      ['TR90', { frameMaterialId: '3' }],
      ['Titanium', { frameMaterialId: '4' }],
    ]);
  });

  it('links price ranges to netPrice_From/netPrice_To, leaving To out without an upper bound', async () => {
    openHome();
    const prices = await section('Shop by price');

    await waitFor(() => expect(prices.getAllByRole('listitem')).toHaveLength(3));
    expect(tileLinks(prices)).toEqual([
      ['Under ₹600', { netPrice_From: '0', netPrice_To: '599.99' }],
      ['₹600–₹800', { netPrice_From: '600', netPrice_To: '800' }],
      ['Above ₹1,200', { netPrice_From: '1200.01' }],
    ]);
  });

  it('links colour swatches to frameColorIdList and frame shapes shown on home to frameShapeId', async () => {
    openHome();

    const colours = await section('Shop by colour');
    await waitFor(() => expect(colours.getAllByRole('listitem')).toHaveLength(3));
    expect(tileLinks(colours)).toEqual([
      ['Black', { frameColorIdList: '11' }],
      ['Rose Gold', { frameColorIdList: '12' }],
      ['Crystal Clear', { frameColorIdList: '13' }],
    ]);

    const shapes = await section('Shop by frame shape');
    await waitFor(() => expect(shapes.getAllByRole('listitem')).toHaveLength(3));
    expect(tileLinks(shapes)).toEqual([
      ['Rectangle', { frameShapeId: '1' }],
      ['Round', { frameShapeId: '2' }],
      ['Aviator', { frameShapeId: '3' }],
    ]);
  });

  it('shows the 8 newest products as cards, asking for the default order', async () => {
    const { fetchSpy } = openHome({ newArrivals: [product(), product({ productId: 2, productName: 'Kids Zone Flex Round' })] });
    const arrivals = await section('New arrivals');

    expect(await arrivals.findByRole('article', { name: /Vistara Aviator Classic/ })).toBeInTheDocument();
    expect(arrivals.getByRole('article', { name: /Kids Zone Flex Round/ })).toBeInTheDocument();
    const [call] = callsTo(fetchSpy, '/api/Product/getAll');
    expect(Object.fromEntries(call!.searchParams)).toEqual({ search: '', pageNumber: '1', pageSize: '8' });
  });

  // Issue 19 item 5: asked for by the first screen, its answer drew that whole screen again.
  it('asks for the new arrivals when the lower sections are drawn, not with the first screen', async () => {
    FakeIntersectionObserver.instances = [];
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    vi.stubGlobal('requestIdleCallback', () => 1);
    vi.stubGlobal('cancelIdleCallback', () => {});
    const { fetchSpy } = openHome({ newArrivals: [product()] });
    await section('Shop by material');
    expect(screen.queryByRole('region', { name: 'New arrivals' })).not.toBeInTheDocument();
    expect(callsTo(fetchSpy, '/api/Product/getAll')).toEqual([]);

    act(() => FakeIntersectionObserver.instances.forEach((observer) => observer.reach()));
    expect(await (await section('New arrivals')).findByRole('article', { name: /Vistara Aviator Classic/ })).toBeInTheDocument();
    expect(callsTo(fetchSpy, '/api/Product/getAll')).toHaveLength(1);
    cleanup(); // while the idle callback's fakes are there: unmounting cancels it
  });

  it('takes quantities per colour on the new arrivals and adds them to the order, as on /products', async () => {
    const { fetchSpy } = openHome({ newArrivals: [product()] });
    const user = userEvent.setup();
    const arrivals = await section('New arrivals');

    await user.type(await arrivals.findByRole('textbox', { name: 'Quantity of Vistara Aviator Classic, Black (C1)' }), '4');
    await user.click(arrivals.getByRole('button', { name: 'Add to order (4)' }));

    await waitFor(() => expect(callsTo(fetchSpy, '/api/Product/addItemsToCart')).toHaveLength(1));
    const [, init] = fetchSpy.mock.calls.find(([input]) => String(input).startsWith('/api/Product/addItemsToCart')) ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ Products: [{ ProductId: 1, ColorVariant: 'C1', Quantity: 4 }], Email: null });
  });

  it('gives every section a View all link to the catalogue', async () => {
    openHome();

    for (const [name, subject] of [
      ['Shop by material', 'materials'],
      ['New arrivals', 'new arrivals'],
      ['Shop by price', 'prices'],
      ['Shop by colour', 'colours'],
      ['Shop by frame shape', 'frame shapes'],
    ] as const) {
      const region = await section(name);
      expect(region.getByRole('link', { name: `View all ${subject}` })).toHaveAttribute('href', '/products');
    }
  });

  it('offers Retry in a section that failed, and the rest of the page still works', async () => {
    const { fetchSpy } = openHome({ materials: 'fail' });
    const user = userEvent.setup();

    const materials = await section('Shop by material');
    expect(await materials.findByText('Materials could not be loaded')).toBeInTheDocument();
    expect(await (await section('Shop by price')).findByRole('link', { name: 'Under ₹600' })).toBeInTheDocument();

    fetchSpy.mockRestore();
    fakeShellServer();
    await user.click(materials.getByRole('button', { name: 'Retry materials' }));
    expect(await materials.findByRole('link', { name: 'Acetate' })).toBeInTheDocument();
  });

  it('greets the signed-in user in the one h1 and keeps the ordering limits lower down', async () => {
    openHome();

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Asha Verma' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(await screen.findByRole('region', { name: 'Your ordering limits' })).toBeInTheDocument();
  });
});

describe('/home banner carousel', () => {
  it('shows every home banner with its title as alt text, labelled controls and one Shop all frames link', async () => {
    const { fetchSpy } = openHome();

    const carousel = within(await screen.findByRole('region', { name: 'Banners' }));
    expect(carousel.getByRole('img', { name: 'The Monsoon Edit' })).toHaveAttribute('src', '/media/banners/1.svg');
    expect(carousel.getByRole('img', { name: 'Kids Zone: Back to School' })).toBeInTheDocument();
    expect(carousel.getByRole('img', { name: 'SunStreet UV400 Sunglasses' })).toBeInTheDocument();
    expect(carousel.getByRole('button', { name: 'Previous banner' })).toBeInTheDocument();
    expect(carousel.getByRole('button', { name: 'Next banner' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pause banners' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Shop all frames' })).toHaveAttribute('href', '/products');
    expect(callsTo(fetchSpy, '/api/Home/getBanners').map((url) => url.searchParams.get('searchBanners'))).toEqual(['Home']);
  });

  it('uses the mobile image below 768 px', async () => {
    const { container } = openHome({ banners: [banner()] });

    await screen.findByRole('img', { name: 'The Monsoon Edit' });
    const source = container.querySelector('picture source');
    expect(source).toHaveAttribute('media', '(max-width: 47.99em)');
    expect(source).toHaveAttribute('srcset', '/media/banners/1.svg?mobile=1');
  });

  it('shows a single banner without controls', async () => {
    openHome({ banners: [banner()] });

    expect(await screen.findByRole('img', { name: 'The Monsoon Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Banners' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Next banner|Previous banner|Pause banners/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Shop all frames' })).toBeInTheDocument();
  });

  it('still opens on a calm panel with Shop all frames when banners fail', async () => {
    openHome({ banners: 'fail' });

    expect(await screen.findByText('Frames and sunglasses for your store')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Shop all frames' })).toHaveAttribute('href', '/products');
  });
});

describe('/home banner carousel with reduced motion', () => {
  it('does not turn by itself, so there is nothing to pause', async () => {
    vi.mocked(window.matchMedia).mockImplementation((query: string) => fakeMediaQueryList(query, query.includes('prefers-reduced-motion: reduce')));
    openHome();

    const carousel = within(await screen.findByRole('region', { name: 'Banners' }));
    expect(carousel.getByRole('button', { name: 'Next banner' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pause banners|Play banners/ })).not.toBeInTheDocument();
  });
});
