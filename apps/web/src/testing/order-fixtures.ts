import type { OrderDetailLine, OrderSummary, SkippedCartLine } from '@frameport/domain/contract';
import type { z } from 'zod/mini';
import type { OrderDetailsResponseSchema } from '@frameport/domain/contract';
import { vi } from 'vitest';
import { jsonResponse } from './render-app.tsx';

/** Order test data shaped by the contract, and a fake server for the order calls (tests only). */

export type OrderDetailsResponse = z.infer<typeof OrderDetailsResponseSchema>;

export function orderSummary(index: number, overrides: Partial<OrderSummary> = {}): OrderSummary {
  return {
    OrderID: 100 + index,
    OrderStatus: 'Placed',
    OrderRefNo: `FP-${String(100 + index).padStart(6, '0')}`,
    OrderDate: '2026-03-05T06:30:00Z',
    OrderTotalAmt: 2000,
    OrderNetTotalAmt: 2100,
    OrderItemTotal: 2,
    ...overrides,
  };
}

export function orderLine(overrides: Partial<OrderDetailLine> = {}): OrderDetailLine {
  return {
    OrderRefNo: 'FP-000101',
    OrderDate: '2026-03-05T06:30:00Z',
    OrderStatus: 'Placed',
    ProductName: 'Vistara Aviator Classic',
    ProductCode: 'VXAV1023',
    ProductID: 1,
    ProductTypeID: 1,
    SizeName: '54-18-140',
    ColorName: 'Black',
    TempleColorName: 'Black',
    ColorVariant: 'C1',
    ProductQty: 2,
    ProductListPrice: 1000,
    ProductTotAmt: 2100,
    TaxableAmt: 2000,
    Image: '/media/products/101/front.svg',
    HSNCode: '9004',
    IGSTValue: 0,
    CGSTValue: 50,
    SGSTValue: 50,
    IGSTRate: 0,
    CGSTRate: 2.5,
    SGSTRate: 2.5,
    GSTStateCode: '27',
    IsFree: false,
    Discount: null,
    DispatchedQty: 0,
    BackorderedQty: 2,
    CancelledQty: 0,
    ExpectedDate: null,
    ...overrides,
  };
}

export function orderDetails(overrides: Partial<OrderDetailsResponse> = {}): OrderDetailsResponse {
  return {
    lines: [orderLine()],
    OrderID: 101,
    OrderRefNo: 'FP-000101',
    OrderDate: '2026-03-05T06:30:00Z',
    OrderStatus: 'Placed',
    Note: null,
    CartTotPrice: 2000,
    TotalDiscount: 0,
    TotalIGSTValue: 0,
    TotalSGSTValue: 50,
    TotalCGSTValue: 50,
    CartProductTotPricewithGST: 2100,
    billTo: {
      BusinessName: 'Verma Opticals',
      Address: '14 MG Road',
      City: 'Pune',
      State: 'Maharashtra',
      GSTStateCode: '27',
      Country: 'India',
      PinCode: '411001',
      GSTIN: null,
    },
    Timeline: [{ Status: 'Placed', At: '2026-03-05T06:30:00Z', Note: null }],
    Shipments: [],
    ...overrides,
  };
}

const ok = (Data: unknown) => jsonResponse({ Status: 0, Error: null, Data });
const notFound = () => jsonResponse({ Status: 1, Error: { Message: 'Not found', StackTrace: null }, Data: null }, 404);

export type FakeOrders = {
  orders: OrderSummary[];
  details?: OrderDetailsResponse;
  skipped?: SkippedCartLine[];
};

/** `fetch` answering the order calls (and Add to cart); everything else is a 404 envelope. */
export function fakeOrdersServer({ orders, details = orderDetails(), skipped = [] }: FakeOrders) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    switch (url.pathname) {
      case '/api/Order/getMyOrders': {
        const pageSize = Number(url.searchParams.get('pageSize'));
        return ok({ orders: orders.slice(0, pageSize), totalCount: orders.length });
      }
      case '/api/Order/getOrderDetails':
        return ok(details);
      case '/api/Product/addItemsToCart':
        return ok({ message: 'Added to your purchase order', skipped, CartCount: 1 });
      default:
        return notFound();
    }
  });
}
