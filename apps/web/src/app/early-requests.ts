import { CATALOGUE_PAGE_SIZE } from '@frameport/domain/contract';
import { EAGER_IMAGES } from '../features/catalogue/components/product-grid.tsx';
import { QUICK_ORDER_PAGE_SIZE } from '../features/catalogue/components/quick-order-list-skeleton.tsx';
import { SORT_PARAMS } from '../features/catalogue/api.ts';
import { IGNORED_PARAMS, PAGE_PARAM } from '../features/catalogue/catalogue-url.ts';
import { CATALOGUE_VIEW_KEY } from '../features/catalogue/catalogue-view.ts';
import { ACTING_KEY_PREFIX } from '../lib/acting-store.ts';
import { buildUrl, EARLY_ANSWERS_GLOBAL } from '../lib/api-client.ts';
import { SESSION_STORAGE_KEY } from '../lib/session.ts';

/**
 * What public/boot.js asks for on a signed-in screen as soon as the page arrives, before the app's
 * code (1.5 s and more later on a phone): the GETs the screen's first render makes, so their answers
 * are there when it renders. api-client's `apiFetch` takes such an answer for the same URL and token
 * instead of asking again (`takeEarlyAnswer`). Written into the screen's HTML by scripts/prerender.mjs
 * (the boot script's `data-early`), with this app's own names and numbers, so boot.js holds none.
 *
 * boot.js builds each URL as `buildUrl` does; `catalogue` is /products' first page: the address's
 * search string without `pageParam` and `dropParams` (as the screen's codec writes it: a link the app
 * made matches; any other only costs one request the app does not take), the page, the page size of
 * the view this device shows, and the acting retailer's email, then getFacets for the same search
 * without `sortParams`. e2e/first-paint.spec.ts checks they come before the app and nothing is asked twice.
 * In the card grid, once getAll's answer is in, boot.js also preloads the first `eagerImages` cards'
 * images (the largest paint of the screen), each the card's own (features/catalogue/product-display.ts
 * `pickInitialVariant` and `variantImage`; the same spec checks they are the images the cards show).
 */
export type EarlyRequests = {
  /** The window property boot.js keeps the answers in. */
  answers: string;
  sessionKey: string;
  actingKeyPrefix: string;
  /** GETs whose URL does not depend on the address or the acting retailer, each as buildUrl writes it. */
  paths: string[];
  /**
   * /product-details' product: `path` with `idParam` set to the first of `addressParams` the
   * address has (a whole number, as catalogue/api.ts `productIdOf` reads it), then the acting
   * retailer's email.
   */
  product: { path: string; idParam: string; addressParams: string[] } | null;
  catalogue: {
    pageParam: string;
    dropParams: string[];
    sortParams: string[];
    viewKey: string;
    /** The page size of the list view (the view key's value 'list'), and of the card grid. */
    listPageSize: number;
    pageSize: number;
    /** How many of the grid's first cards load their image at once (product-grid.tsx). */
    eagerImages: number;
  } | null;
};

const CATALOGUE_EARLY = {
  pageParam: PAGE_PARAM,
  dropParams: [...IGNORED_PARAMS],
  sortParams: [...SORT_PARAMS],
  viewKey: CATALOGUE_VIEW_KEY,
  listPageSize: QUICK_ORDER_PAGE_SIZE,
  pageSize: CATALOGUE_PAGE_SIZE,
  eagerImages: EAGER_IMAGES,
};

/**
 * On every signed-in screen: the user's own profile, which the staff check waits for before the
 * layout and the screen render (staff-guards.tsx, profileQueries.detail(null)), and the screens'
 * settings (lib/app-config.ts). Neither depends on the address or on a retailer acted for.
 */
const SIGNED_IN_PATHS_EARLY = ['/api/Account/getUserProfile', '/api/Product/getConfig'];

/**
 * Each screen's own first data that is the same for whoever asks (each feature’s api.ts: the catalogue's
 * lists, /home's banners). What depends on the role (the cart, Buy again) waits for the profile in
 * the app (app/first-screen-data.ts): a sales executive who has chosen no retailer has no cart.
 */
const SCREEN_PATHS_EARLY: Record<string, string[]> = {
  '/products': ['/api/Product/getFilters', '/api/Product/getSortTypes'],
  '/home': [buildUrl('/api/Home/getBanners', { searchBanners: 'Home' })],
};

const PRODUCT_EARLY = { path: '/api/Product/get', idParam: 'id', addressParams: ['productId', 'id'] };

/** The early requests of a signed-in address. */
export function earlyRequestsFor(path: string): EarlyRequests {
  return {
    answers: EARLY_ANSWERS_GLOBAL,
    sessionKey: SESSION_STORAGE_KEY,
    actingKeyPrefix: ACTING_KEY_PREFIX,
    paths: [...SIGNED_IN_PATHS_EARLY, ...(SCREEN_PATHS_EARLY[path] ?? [])],
    product: path === '/product-details' ? PRODUCT_EARLY : null,
    catalogue: path === '/products' ? CATALOGUE_EARLY : null,
  };
}
