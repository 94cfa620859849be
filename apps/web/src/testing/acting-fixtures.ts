import type { Product, RetailerCreditPosition, RetailerListItem, UserProfile } from '@frameport/domain/contract';
import { vi } from 'vitest';
import { shellFilters } from './signed-in-fixtures.ts';
import { startSession } from '../lib/session.ts';
import { userProfile } from './fixtures.ts';
import { jsonResponse } from './render-app.tsx';
import { cartResponse } from './cart-fixtures.ts';
import { product } from './catalogue-fixtures.ts';
import { setActingRetailer, type ActingRetailer } from '../lib/acting-store.ts';

/** A sales executive, their linked retailers and a fake server for acting for one (tests only). */

export const SALES_EMAIL = 'sales@frameport.test';

export function salesProfile(overrides: Partial<UserProfile> = {}): UserProfile {
  return userProfile({
    BusinessName: null,
    UserId: 2,
    RetailerID: null,
    UserName: SALES_EMAIL,
    Name: 'Suresh Naidu',
    Email: SALES_EMAIL,
    RoleID: 3,
    RoleName: 'Sales Executive',
    GSTIN: null,
    ...overrides,
  });
}

export function retailerItem(overrides: Partial<RetailerListItem> = {}): RetailerListItem {
  return {
    Id: 11,
    BusinessName: 'Bengaluru Vision Hub',
    FirstName: 'Kiran',
    LastName: 'Gowda',
    Email: 'retailer.blr@frameport.test',
    City: 'Bengaluru',
    StateName: 'Karnataka',
    ...overrides,
  };
}

export function linkedRetailers(): RetailerListItem[] {
  return [
    retailerItem(),
    retailerItem({
      Id: 10,
      BusinessName: 'Verma Opticals',
      FirstName: 'Asha',
      LastName: 'Verma',
      Email: 'asha@vermaopticals.in',
      City: 'Hyderabad',
      StateName: 'Telangana',
    }),
  ];
}

/** The Karnataka retailer as the store keeps it. */
export const BLR: ActingRetailer = { id: 11, email: 'retailer.blr@frameport.test', businessName: 'Bengaluru Vision Hub' };

/** Signs the sales executive in; with `actingFor`, as if they had already switched to that retailer. */
export function signInAsSales(actingFor: ActingRetailer | null = null) {
  startSession({ accessToken: 'token-sales', expiresAt: Date.now() + 60_000, userName: SALES_EMAIL, rememberMe: true });
  if (actingFor !== null) setActingRetailer(actingFor);
}

type Answer<T> = T | 'fail';

export type FakeActing = {
  retailers?: Answer<RetailerListItem[]>;
  /** getAll's page; /api/Product/get answers the first. */
  products?: Product[];
  related?: Product[];
  /** Answers POST /api/Order/placeOrder. */
  placeOrder?: () => Promise<Response>;
  /** Answers GET /api/Order/getCreditPosition (default: well within credit, nothing overdue). */
  credit?: RetailerCreditPosition;
};

export function creditPosition(overrides: Partial<RetailerCreditPosition> = {}): RetailerCreditPosition {
  return {
    CreditLimit: 500_000,
    Outstanding: 120_000,
    OnOrder: 30_000,
    Available: 350_000,
    Overdue: 0,
    OldestOverdueDays: 0,
    OldestOverdueInvoiceNo: null,
    CreditHold: false,
    CreditHoldReason: null,
    PaymentTermsDays: 45,
    ...overrides,
  };
}

const ok = (Data: unknown) => jsonResponse({ Status: 0, Error: null, Data });
const failure = (message: string, status: number) =>
  jsonResponse({ Status: 1, Error: { Message: message, StackTrace: null }, Data: null }, status);

/**
 * `fetch` answering like the server for a sales executive: their own profile without `email`, the
 * acting retailer's with it; the retailers list, catalogue, cart and order calls; else a 404 envelope.
 */
export function fakeActingServer(data: FakeActing = {}) {
  const products = data.products ?? [product()];
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    const email = url.searchParams.get('email');
    switch (url.pathname) {
      case '/api/Account/getUserProfile':
        return ok(
          email === null
            ? salesProfile()
            : userProfile({ Email: email, UserName: email, BusinessName: BLR.businessName, StateName: 'Karnataka', MaxLimitPerVariant: 20 }),
        );
      case '/api/Account/getRetailersList': {
        const retailers = data.retailers ?? linkedRetailers();
        return retailers === 'fail' ? failure('Something went wrong. Please try again.', 500) : ok(retailers);
      }
      case '/api/Account/logout':
        return ok({ message: 'Logged out' });
      case '/api/Product/getFilters':
        return ok(shellFilters());
      case '/api/Product/getSortTypes':
        return ok([]);
      case '/api/Product/getAll':
        return ok({ searchResults: { value: products, '@odata.count': products.length } });
      case '/api/Product/get':
        return ok(products[0]);
      case '/api/Product/getRelatedProducts':
        return ok(data.related ?? []);
      case '/api/Product/getBuyAgain':
        return ok({ products: [] });
      case '/api/Product/getCartItemsCount':
        return ok({ CartCount: 2, TotalQuantity: 5, CartTotalWithGST: 4200 });
      case '/api/Product/getCartItems':
        return ok(cartResponse());
      case '/api/Product/deleteCartItems':
        return ok({ productCount: 0, cartProductTotPricewithGST: 0 });
      case '/api/Product/addItemsToCart':
        return ok({ message: 'Added to your purchase order', skipped: [], CartCount: 3 });
      case '/api/Order/placeOrder':
        return data.placeOrder ? data.placeOrder() : ok({ message: 'Success', OrderRefNo: 'FP-000321', OrderID: 321 });
      case '/api/Order/getCreditPosition':
        return ok(data.credit ?? creditPosition());
      default:
        return failure('Not found', 404);
    }
  });
}

/** Every request to `pathname` so far, with its URL, headers and parsed JSON body. */
export function requestsTo(fetchSpy: ReturnType<typeof fakeActingServer>, pathname: string) {
  return fetchSpy.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), init }))
    .filter(({ url }) => url.pathname === pathname)
    .map(({ url, init }) => ({
      url,
      headers: new Headers(init?.headers),
      body: init?.body === undefined ? null : (JSON.parse(String(init.body)) as unknown),
    }));
}
