import type { AdminOrderDetail, AdminOrderLine, AdminShipment } from '@frameport/domain/contract';
import { vi } from 'vitest';
import { jsonResponse } from '../../../testing/render-app.tsx';

/** Test data and a fake server for the order page (tests only). */

const staff = { userId: 7, name: 'Ravi Kumar', role: 'warehouse' };

export function adminLine(overrides: Partial<AdminOrderLine> = {}): AdminOrderLine {
  return {
    id: 101,
    productId: 11,
    productCode: 'FP-1001',
    productName: 'Aviator Classic',
    modelName: 'Aviator',
    colourName: 'Black',
    colorVariant: 'C1',
    sizeName: null,
    hsnCode: '9004',
    gstRate: 5,
    imageUrl: null,
    isFree: false,
    quantity: 10,
    cancelledQuantity: 0,
    inShipmentsQuantity: 0,
    packedQuantity: 0,
    dispatchedQuantity: 0,
    deliveredQuantity: 0,
    backorderedQuantity: 10,
    openQuantity: 10,
    expectedDate: null,
    unitPrice: 1000,
    discountPerUnit: 100,
    taxable: 9000,
    total: 9450,
    ...overrides,
  };
}

export function adminShipment(overrides: Partial<AdminShipment> = {}): AdminShipment {
  return {
    id: 501,
    shipmentNo: 1,
    status: 'Packed',
    lines: [{ orderLineId: 101, quantity: 10, gstRate: 5 }],
    boxes: 2,
    transporter: null,
    docketNo: null,
    vehicleNo: null,
    dispatchDate: null,
    ewayBillNo: null,
    deliveredOn: null,
    receivedBy: null,
    value: 9450,
    needsEwayBill: false,
    invoice: null,
    created: { by: staff, at: '2026-11-20T05:00:00Z' },
    packed: { by: staff, at: '2026-11-20T06:00:00Z' },
    dispatched: null,
    delivered: null,
    ...overrides,
  };
}

export function adminOrder(overrides: Partial<AdminOrderDetail> = {}): AdminOrderDetail {
  return {
    id: 42,
    orderRefNo: 'FP-2026-000042',
    status: 'Placed',
    placedAt: '2026-11-19T09:30:00Z',
    placedBy: { userId: 3, name: 'Asha Verma', role: 'retailer' },
    note: 'Deliver before Diwali',
    hold: null,
    confirmed: null,
    cancelled: null,
    retailer: {
      id: 9,
      businessName: 'Verma Opticals',
      email: 'asha@vermaopticals.in',
      phone: '9876543210',
      gstin: '27ABCDE1234F1Z5',
      stateName: 'Maharashtra',
      salesExecutives: [{ userId: 5, name: 'Neha Sales', email: 'neha@frameport.test' }],
    },
    billTo: {
      businessName: 'Verma Opticals',
      address: '12 MG Road',
      city: 'Pune',
      state: 'Maharashtra',
      stateCode: '27',
      pinCode: '411001',
      gstin: '27ABCDE1234F1Z5',
    },
    shipTo: null,
    totals: { quantity: 10, gross: 10000, discount: 1000, taxable: 9000, cgst: 225, sgst: 225, igst: 0, total: 9450 },
    lines: [adminLine()],
    shipments: [],
    history: [{ status: 'Placed', note: null, by: { userId: 3, name: 'Asha Verma', role: 'retailer' }, at: '2026-11-19T09:30:00Z' }],
    audit: [],
    credit: {
      retailerId: 9,
      creditLimit: 200000,
      paymentTermsDays: 30,
      paymentTermsDefault: true,
      creditHold: false,
      creditHoldReason: null,
      outstanding: 50000,
      onOrder: 20000,
      available: 130000,
      overdue: 0,
      oldestOverdueDays: 0,
      oldestOverdueInvoiceNo: null,
    },
    creditCheck: { ok: true, reasons: [] },
    actions: { confirm: true, override: false, hold: true, release: false, cancel: true, cancelLine: true, edit: true, editPastCredit: false, ship: false },
    ...overrides,
  };
}

const ok = (Data: unknown) => jsonResponse({ Status: 0, Error: null, Data });
const refused = (status: number, message: string) => jsonResponse({ Status: 1, Error: { Message: message }, Data: null }, status);

type Answer = { status?: number; message?: string; order?: AdminOrderDetail };

/**
 * A fake /api/admin server: GET answers `order` (or 404 when null) and a small file for a
 * document (packing slip, invoice PDF, e-invoice); any change answers what
 * `answers` says for its method and path ('POST /api/admin/orders/42/confirm'), the updated order
 * by default (unchanged unless given), or a refusal.
 */
export function fakeDeskServer(order: AdminOrderDetail | null, answers: Record<string, Answer> = {}) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const answer = answers[`${method} ${url.pathname}`];
    if (answer?.status !== undefined && answer.status >= 400) return refused(answer.status, answer.message ?? 'Refused.');
    if (method === 'GET' && /^\/api\/admin\/(shipments|invoices)\/\d+\/(packing-slip|document|e-invoice)$/.test(url.pathname)) {
      return new Response('%PDF-1.4 test', { status: 200, headers: { 'Content-Type': 'application/pdf' } });
    }
    if (method === 'GET') {
      if (order === null || url.pathname !== `/api/admin/orders/${order.id}`) return refused(404, 'Order not found.');
      return ok(order);
    }
    return ok(answer?.order ?? order);
  });
}

export type FetchSpy = ReturnType<typeof fakeDeskServer>;

/** The changes sent: method, path, body and Idempotency-Key of every non-GET call. */
export function changesSent(fetchSpy: FetchSpy) {
  return fetchSpy.mock.calls
    .filter(([, init]) => (init?.method ?? 'GET') !== 'GET')
    .map(([input, init]) => ({
      method: init?.method,
      path: new URL(String(input), 'http://localhost').pathname,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      key: new Headers(init?.headers).get('Idempotency-Key'),
    }));
}
