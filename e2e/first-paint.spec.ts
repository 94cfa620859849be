import type { Page, Request } from '@playwright/test';
import { bearer, expect, holdApp, signIn, test } from './fixtures.ts';

const APP_ENTRY = /\/assets\/index-[^/]+\.js$/;

/**
 * Holds the app's entry module back while boot.js (and its early requests) runs: anything asked for
 * before `release` was asked by boot.js, not by the app. `done` removes the hold.
 */
async function holdEntry(page: Page) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(APP_ENTRY, async (route) => {
    await held;
    await route.continue();
  });
  return { release, done: () => page.unroute(APP_ENTRY) };
}

/** What the page asks for from now on (`keep` picks; path and query of each), until `stop`. */
function recordRequests(page: Page, keep: (request: Request) => boolean) {
  const asked: string[] = [];
  const onRequest = (request: Request) => {
    const url = new URL(request.url());
    if (keep(request)) asked.push(`${url.pathname}${url.search}`);
  };
  page.on('request', onRequest);
  return { asked, stop: () => page.off('request', onRequest) };
}


/**
 * Issue 19 item 5: a signed-in screen paints the header's bar from its HTML (app/prerender.tsx,
 * layouts/first-paint-shell.tsx) instead of a blank page until the app's scripts have run; the app's
 * first render replaces it whole, the screen itself, not a loader, and nothing on the page moves.
 */
test('a signed-in screen paints the header bar before any script; the app replaces it without a layout shift', async ({ page, browser, request, retailer }) => {
  for (const path of ['/home', '/products', '/product-details', '/purchase-order', '/profile', '/express-checkout']) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain('data-shell="signed-in"');
    expect(html, path).toMatch(/<header[^>]*>.*Frameport<\/span>/s);
    // Painted with the style sheet of the app's chunk (Mantine's base, then the layout's modules), linked in the HTML.
    expect(html, path).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/app-[^"]+\.css">/);
  }
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const bare = await noScript.newPage();
  await bare.goto('/products');
  await expect(bare.getByRole('banner').getByText('Frameport')).toBeVisible();
  await noScript.close();

  await signIn(page, retailer);
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const release = await holdApp(page);
  await page.goto('/products', { waitUntil: 'commit' });
  const banner = page.getByRole('banner');
  await expect(banner.getByText('Frameport')).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Profile menu' })).toHaveCount(0);
  release();
  await expect(banner.getByRole('button', { name: 'Profile menu' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'All Frames & Sunglasses' })).toBeVisible();
  await expect(page.locator('main a[href*="product-details"]').first()).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(1);
  const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
  expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.01);
});

/**
 * Issue 19: /products' first GETs start as the page arrives (public/boot.js, app/early-requests.ts),
 * not after the app's code, and the app takes their answers instead of asking again: each is asked
 * once. Both views, a page and a sort from the address.
 */
test('a signed-in /products asks for its first page as the page arrives, before the app, and nothing twice', async ({ page, retailer }) => {
  await signIn(page, retailer);
  const cases = [
    { address: '/products?sortBy=netPrice&orderBy=Asc&page=2', view: 'gallery', getAll: 'search=sortBy%3DnetPrice%26orderBy%3DAsc&pageNumber=2&pageSize=14' },
    { address: '/products', view: 'list', getAll: 'search=&pageNumber=1&pageSize=50' },
  ];
  for (const { address, view, getAll } of cases) {
    await page.evaluate((value) => localStorage.setItem('frameport.catalogueView', value), view);
    // Away first: the screen signIn left may still be asking for its own (the header's getFilters).
    await page.goto('about:blank');
    const { asked, stop } = recordRequests(page, (request) => new URL(request.url()).pathname.startsWith('/api/Product/'));
    // The app's entry module waits until getAll has been asked for.
    const entry = await holdEntry(page);
    const early = page.waitForRequest((request) => request.url().endsWith(`/api/Product/getAll?${getAll}`));
    await page.goto(address, { waitUntil: 'commit' });
    await early;
    entry.release();
    await expect(page.locator('main a[href*="product-details"]').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await entry.done();
    stop();
    const times = (path: string) => asked.filter((url) => url === path).length;
    expect(times(`/api/Product/getAll?${getAll}`), `${address} ${view}: ${asked.join(', ')}`).toBe(1);
    expect(times('/api/Product/getFacets?search='), `${address}: ${asked.join(', ')}`).toBe(1);
    expect(times('/api/Product/getFilters'), address).toBe(1);
    expect(times('/api/Product/getSortTypes'), address).toBe(1);
    expect(asked.filter((url) => url.startsWith('/api/Product/getAll')), address).toHaveLength(1);
  }
});

/**
 * Issue 19 item 5: a signed-in screen's HTML asks for the code its first render runs, and for the
 * style sheets that code adds, as the page arrives (scripts/prerender.mjs), not once boot.js has come
 * and the bar has painted; the app then runs from those answers: nothing is asked twice (a sheet
 * asked for in another CORS mode than Vite's loader uses would be).
 */
test('a signed-in screen’s HTML asks for its code and style sheets as the page arrives, each once', async ({ page, retailer }) => {
  await signIn(page, retailer);
  for (const { address, screen } of [
    { address: '/home', screen: 'home' },
    { address: '/products', screen: 'products' },
  ]) {
    await page.goto('about:blank');
    const { asked, stop } = recordRequests(page, (request) => new URL(request.url()).pathname.startsWith('/assets/'));
    // boot.js, which starts the app, waits: whatever is asked meanwhile was asked by the HTML.
    const release = await holdApp(page);
    const code = page.waitForRequest(new RegExp(`/assets/${screen}-[^/]+\\.js$`));
    const sheet = page.waitForRequest(new RegExp(`/assets/${screen}-[^/]+\\.css$`));
    const entry = page.waitForRequest(APP_ENTRY);
    await page.goto(address, { waitUntil: 'commit' });
    await Promise.all([code, sheet, entry]);
    await expect(page.getByRole('button', { name: 'Profile menu' })).toHaveCount(0);
    release();
    await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible();
    await expect(page.locator('main h1').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    stop();
    const twice = asked.filter((url, index) => asked.indexOf(url) !== index);
    expect(twice, `${address}: ${asked.join(', ')}`).toEqual([]);
    // The sheets the HTML asked for are the ones the screen applies.
    const applied = await page.evaluate(() => Array.from(document.styleSheets, (sheet) => (sheet.href ? new URL(sheet.href).pathname : null)));
    expect(applied, address).toContain(asked.find((url) => new RegExp(`^/assets/${screen}-[^/]+\\.css$`).test(url)));
  }
});

/**
 * Issue 19 item 5: every signed-in screen asks for the user's profile (the staff check waits for it
 * before anything renders) and the screens' settings as the page arrives, not once the app's code
 * has come, and so does each screen for its own first data that is the same for whoever asks (/home's
 * banners, /product-details' product); the app takes those answers, so each is asked once.
 */
test('a signed-in screen asks for the profile, the settings and its own first data as the page arrives, once', async ({ page, retailer }) => {
  await signIn(page, retailer);
  const search = encodeURIComponent('isAvailable=true&productTypeId=1');
  const found = await (await page.request.get(`/api/Product/getAll?search=${search}&pageSize=1`, { headers: await bearer(page) })).json();
  const productId = found.Data.searchResults.value[0].productId as number;
  const screens = [
    { address: '/home', own: ['/api/Home/getBanners?searchBanners=Home'] },
    { address: '/purchase-order', own: [] },
    { address: '/products', own: ['/api/Product/getFilters', '/api/Product/getSortTypes'] },
    { address: `/product-details?productId=${productId}`, own: [`/api/Product/get?id=${productId}`] },
  ];
  for (const { address, own } of screens) {
    await page.goto('about:blank');
    const { asked, stop } = recordRequests(page, (request) => new URL(request.url()).pathname.startsWith('/api/'));
    const entry = await holdEntry(page);
    const early = ['/api/Account/getUserProfile', '/api/Product/getConfig', ...own];
    const requested = early.map((path) => page.waitForRequest((request) => request.url().endsWith(path)));
    await page.goto(address, { waitUntil: 'commit' });
    await Promise.all(requested);
    entry.release();
    await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible();
    await expect(page.locator('main h1, main h2').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await entry.done();
    stop();
    for (const path of early) {
      expect(asked.filter((url) => url === path), `${address}: ${asked.join(', ')}`).toHaveLength(1);
    }
  }
});

/**
 * Issue 19 item 5: the card grid's first images (its largest paint) are preloaded by boot.js as soon
 * as getAll's early answer is in, not once the app has rendered the cards; each is the image its card
 * then shows, and none is downloaded twice. The list view shows no such images and preloads none.
 */
test('a signed-in /products preloads the first cards’ images from the early answer, the ones the cards show', async ({ page, retailer }) => {
  await signIn(page, retailer);
  await page.evaluate(() => localStorage.setItem('frameport.catalogueView', 'gallery'));
  await page.goto('about:blank');
  const images = recordRequests(page, (request) => request.resourceType() === 'image');
  // The app's entry waits until the preloads are in the page: they cannot have come from its cards.
  const entry = await holdEntry(page);
  await page.goto('/products?sortBy=netPrice&orderBy=Asc', { waitUntil: 'commit' });
  const preloads = page.locator('link[rel=preload][as=image]');
  await expect(preloads).toHaveCount(4);
  const preloaded = await preloads.evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
  entry.release();
  const cards = page.locator('main article img');
  await expect(cards.nth(3)).toBeVisible();
  const shown = await cards.evaluateAll((imgs) => imgs.slice(0, 4).map((img) => new URL((img as HTMLImageElement).src).pathname));
  expect(preloaded).toEqual(shown);
  await page.waitForLoadState('networkidle');
  await entry.done();
  images.stop();
  for (const src of shown) expect(images.asked.filter((path) => path === src), src).toHaveLength(1);

  await page.evaluate(() => localStorage.setItem('frameport.catalogueView', 'list'));
  await page.goto('/products');
  await expect(page.locator('main a[href*="product-details"]').first()).toBeVisible();
  await expect(page.locator('link[rel=preload][as=image]')).toHaveCount(0);
});

/**
 * Issue 19 item 5: a signed-in screen's first render draws it with its data (app/first-screen-data.ts
 * asks for that data while the screen's code loads), not skeletons its answers replace in later,
 * long tasks. The screen's code is held here until its data has been answered, so the first render
 * always finds it in: the page is read as that render left it (the first time the header's
 * Profile menu is in the document), before anything later could have drawn it.
 */
test('a signed-in screen’s first render draws its data, not skeletons', async ({ page, retailer }) => {
  await signIn(page, retailer);
  const headers = await bearer(page);
  const search = encodeURIComponent('isAvailable=true&productTypeId=1');
  const found = await (await page.request.get(`/api/Product/getAll?search=${search}&pageSize=1`, { headers })).json();
  const product = found.Data.searchResults.value[0] as { productId: number; productName: string; productColor: { colorVariant: string; availableStockQuantity: number }[] };
  const colour = product.productColor.find((c) => c.availableStockQuantity > 0)!;
  const added = await page.request.post('/api/Product/addItemsToCart', {
    headers,
    data: { Products: [{ ProductId: product.productId, ColorVariant: colour.colorVariant, Quantity: 1 }] },
  });
  expect(added.status()).toBe(200);

  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (document.querySelector('button[aria-label="Profile menu"]') === null) return;
      observer.disconnect();
      const main = document.querySelector('main');
      (window as unknown as { firstRender: unknown }).firstRender = {
        h1: main?.querySelector('h1')?.textContent ?? null,
        text: main?.textContent ?? '',
        skeletons: main?.querySelectorAll('.mantine-Skeleton-root').length ?? -1,
        productLinks: main?.querySelectorAll('a[href*="product-details"]').length ?? 0,
      };
    }).observe(document, { childList: true, subtree: true });
  });
  type FirstRender = { h1: string | null; text: string; skeletons: number; productLinks: number };
  const firstRenderOf = async (address: string, chunk: RegExp, answer: string) => {
    await page.goto('about:blank');
    const answered = page.waitForResponse((response) => response.url().includes(answer));
    await page.route(chunk, async (route) => {
      await answered;
      await route.continue();
    });
    await page.goto(address);
    await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible();
    await page.unroute(chunk);
    return page.evaluate(() => (window as unknown as { firstRender: FirstRender }).firstRender);
  };

  const home = await firstRenderOf('/home', /\/assets\/home-[^/]+\.js$/, '/api/Product/getBuyAgain');
  expect(home.h1).toMatch(/^Welcome, \S/);
  const order = await firstRenderOf('/purchase-order', /\/assets\/purchase-order-[^/]+\.js$/, '/api/Product/getCartItems?pageNumber=1&pageSize=10');
  expect(order.skeletons).toBe(0);
  expect(order.text).toContain(product.productName);
  const details = await firstRenderOf(`/product-details?productId=${product.productId}`, /\/assets\/product-details-[^/]+\.js$/, `/api/Product/get?id=${product.productId}`);
  expect(details.h1).toBe(product.productName);
  const catalogue = await firstRenderOf('/products', /\/assets\/products-[^/]+\.js$/, '/api/Product/getAll?');
  expect(catalogue.productLinks).toBeGreaterThan(0);
});
