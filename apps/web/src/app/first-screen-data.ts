import { buildCatalogueSearch } from '@frameport/domain';
import { CART_PAGE_SIZE_MAX, normaliseRole } from '@frameport/domain/contract';
import type { FetchQueryOptions, QueryClient } from '@tanstack/react-query';
import { getActingRetailer } from '../lib/acting-store.ts';
import { appConfigOf, configQueries } from '../lib/app-config.ts';
import { profileQueries } from '../lib/profile-queries.ts';
import { CART_FIRST_PAGE_SIZE, cartQueries } from '../features/cart/api.ts';
import { catalogueQueries, cataloguePageSize, facetSearch, productIdOf } from '../features/catalogue/api.ts';
import { readCatalogueUrl } from '../features/catalogue/catalogue-url.ts';
import { readCatalogueView } from '../features/catalogue/catalogue-view.ts';
import { homeQueries } from '../features/home/api.ts';

// Each entry is a query of its own type; the list only hands them to prefetchQuery.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyQuery = FetchQueryOptions<any, any, any, any>;

/**
 * The data a signed-in screen's first render reads, asked for while its code loads (main.tsx), so
 * that render draws the screen with it rather than skeletons the answers then replace: on a phone,
 * each answer arriving after the first render was drawn in one long synchronous task of its own (a
 * query answer reaches React as a store update), and the page's largest paint (/home's greeting,
 * the purchase order's lines) waited for it. Each is the same query, under the same key, as the
 * component that reads it, so nothing is asked twice; api-client takes the answers boot.js asked for
 * as the page arrived (app/early-requests.ts). Resolves when every answer is in, failed or not.
 */
export async function primeFirstScreen(client: QueryClient, location: { pathname: string; search: string }): Promise<void> {
  const email = getActingRetailer()?.email ?? null;
  const prefetch = (queries: AnyQuery[]) => Promise.all(queries.map((query) => client.prefetchQuery(query)));

  // Whether this user orders (a sales executive only for a chosen retailer) is known once the profile is.
  const ordering = client.prefetchQuery(profileQueries.detail(null)).then(() => {
    if (email !== null) return prefetch([profileQueries.detail(email), cartQueries.page(email, CART_PAGE_SIZE_MAX), ...orderingQueries(location, email)]);
    // Staff are sent on to /admin, and a sales executive who has chosen no retailer orders for nobody.
    const profile = client.getQueryData(profileQueries.detail(null).queryKey);
    if (profile === undefined || normaliseRole(profile.RoleName) !== 'retailer') return undefined;
    return prefetch([cartQueries.page(null, CART_PAGE_SIZE_MAX), ...orderingQueries(location, null)]);
  });
  // The catalogue's page size is the config's: its query is keyed by the size the screen will read.
  const screen = client.fetchQuery(configQueries.all()).then(
    (config) => prefetch(screenQueries(location, email, appConfigOf(config).catalogPageSize)),
    () => prefetch(screenQueries(location, email, appConfigOf(undefined).catalogPageSize)),
  );
  await Promise.all([ordering, screen]);
}

/** What the screen at `location` shows first to anyone. */
function screenQueries({ pathname, search }: { pathname: string; search: string }, email: string | null, catalogPageSize: number): AnyQuery[] {
  switch (pathname) {
    case '/products': {
      // As routes/products.tsx reads its address (use-catalogue-url.ts) and asks.
      const address = readCatalogueUrl(new URLSearchParams(search));
      const lists = [catalogueQueries.filters(), catalogueQueries.sortTypes()];
      if (!address.ok) return lists;
      const pageSize = cataloguePageSize(readCatalogueView(), catalogPageSize);
      return [
        ...lists,
        catalogueQueries.search({ search: buildCatalogueSearch(address.query), pageNumber: address.page, pageSize, email }),
        catalogueQueries.facets(facetSearch(address.query)),
      ];
    }
    case '/home':
      return [homeQueries.banners('Home')];
    case '/product-details': {
      const productId = productIdOf(new URLSearchParams(search));
      return productId === null ? [] : [catalogueQueries.product(productId, email)];
    }
    default:
      return [];
  }
}

/** What the screen shows first to someone who orders (a retailer, or a sales executive for one). */
function orderingQueries({ pathname }: { pathname: string }, email: string | null): AnyQuery[] {
  switch (pathname) {
    case '/home':
      return [homeQueries.buyAgain(email)];
    case '/purchase-order':
      return [cartQueries.page(email, CART_FIRST_PAGE_SIZE)];
    default:
      return [];
  }
}
