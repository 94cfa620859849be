import { CART_PAGE_SIZE_MAX } from '@frameport/domain/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configQueries } from '../lib/app-config.ts';
import { setActingRetailer } from '../lib/acting-store.ts';
import { profileQueries } from '../lib/profile-queries.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { endSession } from '../lib/session.ts';
import { CART_FIRST_PAGE_SIZE, cartQueries } from '../features/cart/api.ts';
import { catalogueQueries } from '../features/catalogue/api.ts';
import { CATALOGUE_VIEW_KEY } from '../features/catalogue/catalogue-view.ts';
import { homeQueries } from '../features/home/api.ts';
import { BLR, salesProfile, signInAsSales } from '../testing/acting-fixtures.ts';
import { cartResponse } from '../testing/cart-fixtures.ts';
import { product, sortTypes } from '../testing/catalogue-fixtures.ts';
import { userProfile } from '../testing/fixtures.ts';
import { jsonResponse } from '../testing/render-app.tsx';
import { homeBanners, shellFilters, signIn } from '../testing/signed-in-fixtures.ts';
import { primeFirstScreen } from './first-screen-data.ts';

/** `fetch` answering like the server: the profile is `role`'s own (a retailer's with `email`). */
function fakeServer(role: 'retailer' | 'sales') {
  const ok = (Data: unknown) => jsonResponse({ Status: 0, Error: null, Data });
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    const email = url.searchParams.get('email');
    switch (url.pathname) {
      case '/api/Account/getUserProfile':
        return ok(role === 'sales' && email === null ? salesProfile() : userProfile(email === null ? {} : { Email: email }));
      case '/api/Product/getConfig':
        return ok([{ ConfigKey: 'CatalogPageSize', ConfigValue: '20' }]);
      case '/api/Product/getCartItems':
        return ok(cartResponse());
      case '/api/Home/getBanners':
        return ok({ banners: homeBanners() });
      case '/api/Product/getBuyAgain':
        return ok({ products: [] });
      case '/api/Product/getFilters':
        return ok(shellFilters());
      case '/api/Product/getSortTypes':
        return ok(sortTypes());
      case '/api/Product/getAll':
        return ok({ searchResults: { value: [product()], '@odata.count': 1 } });
      case '/api/Product/get':
        return ok(product({ productId: Number(url.searchParams.get('id')) }));
      default:
        return jsonResponse({ Status: 1, Error: { Message: 'Not found', StackTrace: null }, Data: null }, 404);
    }
  });
}

/** The query string of every call to `path`, in order. */
function callsTo(fetchSpy: ReturnType<typeof fakeServer>, path: string): string[] {
  return fetchSpy.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === path)
    .map((url) => url.search);
}

/** A new cache, primed for the screen at `pathname` and `search`. */
async function primed(pathname: string, search = '') {
  const client = createQueryClient();
  await primeFirstScreen(client, { pathname, search });
  return client;
}

beforeEach(() => {
  document.cookie = 'config=; Max-Age=0; Path=/';
});

afterEach(() => {
  setActingRetailer(null);
  endSession('logout');
  localStorage.clear();
  document.cookie = 'config=; Max-Age=0; Path=/';
});

describe('primeFirstScreen: the data a signed-in screen first draws, in the cache before its first render', () => {
  it('gives a retailer’s purchase order its first page and the whole order, with the profile and the config', async () => {
    signIn();
    const server = fakeServer('retailer');
    const client = await primed('/purchase-order');

    expect(client.getQueryData(profileQueries.detail(null).queryKey)?.RoleName).toBe('Retailer');
    expect(client.getQueryData(configQueries.all().queryKey)).toEqual([{ ConfigKey: 'CatalogPageSize', ConfigValue: '20' }]);
    expect(client.getQueryData(cartQueries.page(null, CART_FIRST_PAGE_SIZE).queryKey)).toEqual(cartResponse());
    expect(client.getQueryData(cartQueries.page(null, CART_PAGE_SIZE_MAX).queryKey)).toEqual(cartResponse());
    expect(callsTo(server, '/api/Product/getCartItems').sort()).toEqual(
      [`?pageNumber=1&pageSize=${CART_PAGE_SIZE_MAX}`, `?pageNumber=1&pageSize=${CART_FIRST_PAGE_SIZE}`].sort(),
    );
  });

  it('asks for no cart for a sales executive who has chosen no retailer (they order for nobody)', async () => {
    signInAsSales();
    const server = fakeServer('sales');
    const client = await primed('/purchase-order');

    expect(client.getQueryData(profileQueries.detail(null).queryKey)?.RoleName).toBe('Sales Executive');
    expect(callsTo(server, '/api/Product/getCartItems')).toEqual([]);
  });

  it('asks for the product of /product-details for the retailer acted for, with their profile and order', async () => {
    signInAsSales(BLR);
    const server = fakeServer('sales');
    const client = await primed('/product-details', '?productId=7');

    expect(client.getQueryData(catalogueQueries.product(7, BLR.email).queryKey)?.productId).toBe(7);
    expect(client.getQueryData(profileQueries.detail(BLR.email).queryKey)?.Email).toBe(BLR.email);
    expect(client.getQueryData(cartQueries.page(BLR.email, CART_PAGE_SIZE_MAX).queryKey)).toBeDefined();
    expect(callsTo(server, '/api/Product/get')).toEqual([`?id=7&email=${encodeURIComponent(BLR.email)}`]);
  });

  it('asks for no product when the address names none', async () => {
    signIn();
    const server = fakeServer('retailer');
    await primed('/product-details', '?productId=abc');
    expect(callsTo(server, '/api/Product/get')).toEqual([]);
  });

  it('gives /home its banners and Buy again', async () => {
    signIn();
    fakeServer('retailer');
    const client = await primed('/home');

    expect(client.getQueryData(homeQueries.banners('Home').queryKey)).toEqual(homeBanners());
    expect(client.getQueryData(homeQueries.buyAgain(null).queryKey)).toEqual([]);
  });

  it('gives /products the page of its address at the config’s page size, or fifty rows in the list this device chose', async () => {
    signIn();
    const server = fakeServer('retailer');
    const client = await primed('/products', '?genderIdList=2&page=2');

    const grid = catalogueQueries.search({ search: 'genderIdList=2', pageNumber: 2, pageSize: 20, email: null });
    expect(client.getQueryData(grid.queryKey)?.searchResults.value).toHaveLength(1);
    expect(client.getQueryData(catalogueQueries.filters().queryKey)).toEqual(shellFilters());
    expect(client.getQueryData(catalogueQueries.sortTypes().queryKey)).toEqual(sortTypes());

    localStorage.setItem(CATALOGUE_VIEW_KEY, 'list');
    const listClient = await primed('/products');
    expect(listClient.getQueryData(catalogueQueries.search({ search: '', pageNumber: 1, pageSize: 50, email: null }).queryKey)).toBeDefined();
    expect(callsTo(server, '/api/Product/getAll')).toEqual([
      '?search=genderIdList%3D2&pageNumber=2&pageSize=20',
      '?search=&pageNumber=1&pageSize=50',
    ]);
  });

  it('asks for no catalogue page when the address cannot be read (the screen says what is wrong)', async () => {
    signIn();
    const server = fakeServer('retailer');
    await primed('/products', '?genderIdList=x');
    expect(callsTo(server, '/api/Product/getAll')).toEqual([]);
  });
});
