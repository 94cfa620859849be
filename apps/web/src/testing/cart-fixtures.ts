import type { CartItem, CartResponse } from '@frameport/domain/contract';
import { vi } from 'vitest';
import { jsonResponse } from './render-app.tsx';
import { userProfile } from './fixtures.ts';

/** Cart test data shaped by the contract, and a fake server for the cart calls (tests only). */

export function cartItem(overrides: Partial<CartItem> = {}): CartItem {
  return {
    CartID: 31,
    ProductID: 1,
    ProductTypeID: 1,
    ProductCode: 'VXAV1023',
    ProductName: 'Vistara Aviator Classic',
    ProductColor: 'Black',
    ColorVariant: 'C1',
    ProductTempleColor: 'Black',
    EyeSize: 54,
    ArmLength: 140,
    NoseBridgeSize: 18,
    Image: '/media/products/101/front.svg',
    IsFree: false,
    CartProductTotQuantity: 2,
    CartProductDetailId: 501,
    Discount: null,
    ProductPrice: 1000,
    PreviousNetPrice: null,
    NetUnitPrice: 1000,
    CartProductTotPrice: 2100,
    costPriceWithoutGST: 2000,
    IGSTValue: 0,
    CGSTValue: 50,
    SGSTValue: 50,
    IGSTRate: 0,
    CGSTRate: 2.5,
    SGSTRate: 2.5,
    availableStockQuantity: 12,
    IsExpired: false,
    ExpiresAt: '2026-11-23T00:00:00Z',
    ExpiredMessage: null,
    QuantityProblem: null,
    ...overrides,
  };
}

export function cartResponse(overrides: Partial<CartResponse> = {}): CartResponse {
  const cartItems = overrides.cartItems ?? [cartItem()];
  return {
    cartItems,
    cartItemsCount: cartItems.length,
    TotalQuantity: cartItems.reduce((sum, item) => sum + (item.IsExpired ? 0 : item.CartProductTotQuantity), 0),
    CartTotPrice: 2000,
    TotalIGSTValue: 0,
    TotalCGSTValue: 50,
    TotalSGSTValue: 50,
    CartProductTotPricewithGST: 2100,
    cartTotalGSTAmt: 100,
    rates: { cGSTRate: 2.5, sGSTRate: 2.5, iGSTRate: 0 },
    taxByRate: [{ GSTRate: 5, TaxableValue: 2000, CGSTRate: 2.5, CGSTValue: 50, SGSTRate: 2.5, SGSTValue: 50, IGSTRate: 0, IGSTValue: 0 }],
    MaxLimitPerVariant: 20,
    LinesToChange: 0,
    billToInfo: {
      UserId: 12,
      BillToAddress: '14 MG Road',
      BusinessName: 'Verma Opticals',
      City: 'Pune',
      State: 'Maharashtra',
      Country: 'India',
      PinCode: '411001',
      GSTStateCode: '27',
      CartId: 31,
    },
    ExpiryNotice: 'Lines in your purchase order expire if the order is not placed within 24 hours of adding.',
    orderingBlocked: null,
    ...overrides,
  };
}

const ok = (Data: unknown) => jsonResponse({ Status: 0, Error: null, Data });
const notFound = () => jsonResponse({ Status: 1, Error: { Message: 'Not found', StackTrace: null }, Data: null }, 404);

export type FakeCart = {
  cart: CartResponse;
  /** Answers POST /api/Order/placeOrder; a pending promise keeps the order "placing". */
  placeOrder?: () => Promise<Response>;
};

/** `fetch` answering the cart and order calls and a retailer's profile; everything else is a 404 envelope. */
export function fakeCartServer({ cart, placeOrder }: FakeCart) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    switch (url.pathname) {
      case '/api/Product/getCartItems':
        return ok(cart);
      case '/api/Product/getCartItemsCount':
        return ok({
          CartCount: cart.cartItemsCount,
          TotalQuantity: cart.cartItems.reduce((sum, item) => sum + item.CartProductTotQuantity, 0),
          CartTotalWithGST: cart.CartProductTotPricewithGST,
        });
      case '/api/Product/updateItemsToCart':
        return ok({ ...cart, message: 'Purchase order updated' });
      case '/api/Product/deleteCartItems':
        return ok({ productCount: 0, cartProductTotPricewithGST: 0 });
      case '/api/Order/placeOrder':
        return placeOrder ? placeOrder() : ok({ message: 'Success', OrderRefNo: 'FP-000123', OrderID: 123 });
      case '/api/Account/getUserProfile':
        return ok(userProfile());
      default:
        return notFound();
    }
  });
}

/** The parsed JSON bodies of the calls to `pathname` so far. */
export function bodiesOf(fetchSpy: ReturnType<typeof fakeCartServer>, pathname: string): unknown[] {
  return fetchSpy.mock.calls
    .filter(([input]) => new URL(String(input), 'http://localhost').pathname === pathname)
    .map(([, init]) => JSON.parse(String(init?.body ?? 'null')) as unknown);
}
