import type { AdminProductDetail, AdminVariant, StockMovement, StockMovementsResponse } from '@frameport/domain/contract/admin-catalogue';
import { vi } from 'vitest';
import { jsonResponse } from '../../../testing/render-app.tsx';

/** Test data and a fake server for the catalogue desk's stock and price screens (tests only). */

const admin = { userId: 1, name: 'Admin User', role: 'admin' };

export function adminVariant(overrides: Partial<AdminVariant> = {}): AdminVariant {
  return {
    id: 501,
    colourCode: 'C1',
    frameColourId: 1,
    frameColour: 'Black',
    frameColourHex: '#000000',
    templeColourId: 1,
    templeColour: 'Black',
    stock: 12,
    lowStockThreshold: null,
    effectiveLowStockThreshold: 5,
    images: [],
    ...overrides,
  };
}

export function adminProduct(overrides: Partial<AdminProductDetail> = {}): AdminProductDetail {
  return {
    id: 11,
    productCode: 'FP-1001',
    modelNumber: 'FP-1001',
    productName: 'Aviator Classic',
    brandId: 1,
    productTypeId: 1,
    frameType: 'Full Rim',
    frameShapeId: null,
    materialId: null,
    templeMaterialId: null,
    sizeId: null,
    eyeSizeMm: null,
    noseBridgeMm: null,
    armLengthMm: null,
    frameWidthMm: null,
    weightGrams: null,
    genderIds: [],
    tags: [],
    warranty: null,
    description: null,
    hsnCode: '9004',
    gstRatePercent: 5,
    netPrice: 1200,
    releaseDate: null,
    isActive: true,
    colours: [adminVariant(), adminVariant({ id: 502, colourCode: 'C2', frameColour: 'Tortoise', frameColourHex: '#6b3e1e', templeColour: 'Gold', stock: 3 })],
    created: null,
    updated: null,
    audit: [],
    ...overrides,
  };
}

export function stockMovement(overrides: Partial<StockMovement> = {}): StockMovement {
  return {
    id: 9001,
    productColourId: 501,
    change: 10,
    balance: 12,
    reason: 'delivery',
    reasonLabel: 'Delivery received',
    note: 'Invoice 4471',
    orderId: null,
    orderRefNo: null,
    by: admin,
    at: '2026-11-20T06:30:00.000Z',
    ...overrides,
  };
}

type Handler = (url: URL, init: RequestInit | undefined) => { status?: number; data?: unknown; message?: string } | undefined;

/**
 * `fetch` for these screens: the profile (role), and whatever `handler` answers; anything else is
 * a 404 envelope. `handler` returns `{ data }` for success or `{ status, message }` for a refusal.
 */
export function fakeDeskServer(handler: Handler, roleName = 'Admin') {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/Account/getUserProfile') {
      const { userProfile } = await import('../../../testing/fixtures.ts');
      return jsonResponse({ Status: 0, Error: null, Data: userProfile({ RoleName: roleName, RetailerID: null }) });
    }
    const answer = handler(url, init);
    if (answer === undefined) return jsonResponse({ Status: 1, Error: { Message: 'Not found', StackTrace: null }, Data: null }, 404);
    if (answer.status !== undefined && answer.status >= 400) {
      return jsonResponse({ Status: 1, Error: { Message: answer.message ?? 'Refused', StackTrace: null }, Data: null }, answer.status);
    }
    return jsonResponse({ Status: 0, Error: null, Data: answer.data ?? null }, answer.status ?? 200);
  });
}

/** The calls to `path` with `method` so far, bodies parsed. */
export function sentTo(fetchSpy: ReturnType<typeof fakeDeskServer>, path: string | RegExp, method = 'POST') {
  return fetchSpy.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), init }))
    .filter(({ url, init }) => (typeof path === 'string' ? url.pathname === path : path.test(url.pathname)) && (init?.method ?? 'GET') === method)
    .map(({ url, init }) => ({
      url,
      body: init?.body === undefined ? undefined : (JSON.parse(String(init.body)) as unknown),
      key: new Headers(init?.headers).get('Idempotency-Key'),
    }));
}

/** GET …/stock-movements's answer for a colour of `adminProduct()`. */
export function movementsPage(productColourId: number, movements: StockMovement[] = [], totalCount = movements.length): StockMovementsResponse {
  const variant = adminProduct().colours.find((colour) => colour.id === productColourId) ?? adminVariant({ id: productColourId });
  return {
    variant: {
      productColourId,
      productId: 11,
      modelNumber: 'FP-1001',
      productName: 'Aviator Classic',
      colourCode: variant.colourCode,
      frameColour: variant.frameColour,
      stock: variant.stock,
      lowStockThreshold: variant.lowStockThreshold,
      effectiveLowStockThreshold: variant.effectiveLowStockThreshold,
    },
    movements,
    totalCount,
    pageNumber: 1,
    pageSize: 20,
  };
}
