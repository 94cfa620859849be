import type { AdminDashboard } from '@frameport/domain/contract/admin-dashboard';
import type { AdminOrderDetail, AdminOrderRow, AdminOrdersResponse, RetailerCredit } from '@frameport/domain/contract/admin-orders';
import type { State } from '@frameport/domain/contract/account';
import type { UserProfile } from '@frameport/domain/contract/auth';
import { vi } from 'vitest';
import { userProfile } from './fixtures.ts';
import { jsonResponse } from './render-app.tsx';
import { shellFilters } from './signed-in-fixtures.ts';

/** Test data and a fake server for the back office (/admin) screens (tests only). */

export const staffProfile = (role: 'Admin' | 'Warehouse' | 'Accounts', overrides: Partial<UserProfile> = {}): UserProfile =>
  userProfile({
    BusinessName: null,
    UserId: 1,
    RetailerID: null,
    UserName: `${role.toLowerCase()}@frameport.test`,
    Email: `${role.toLowerCase()}@frameport.test`,
    Name: `${role} User`,
    RoleID: role === 'Admin' ? 1 : role === 'Warehouse' ? 4 : 5,
    RoleName: role,
    ...overrides,
  });

export function orderRow(overrides: Partial<AdminOrderRow> = {}): AdminOrderRow {
  return {
    id: 41,
    orderRefNo: 'FP-2026-000041',
    placedAt: '2026-11-20T09:15:00.000Z',
    status: 'Placed',
    holdKind: null,
    holdReason: null,
    retailerId: 3,
    retailerName: 'Verma Opticals',
    retailerEmail: 'asha@vermaopticals.in',
    gstin: '36ABCDE1234F1Z5',
    city: 'Hyderabad',
    stateName: 'Telangana',
    salesExecutives: ['Ravi Kumar'],
    totalQuantity: 24,
    dispatchedQuantity: 0,
    total: 124999,
    ...overrides,
  };
}

export function ordersPage(orders: AdminOrderRow[] = [orderRow()], overrides: Partial<AdminOrdersResponse> = {}): AdminOrdersResponse {
  return {
    orders,
    totalCount: orders.length,
    pageNumber: 1,
    pageSize: 50,
    counts: { Placed: orders.length, Confirmed: 0, 'On hold': 0, 'Partially dispatched': 0, Dispatched: 0, Delivered: 0, Cancelled: 0 },
    ...overrides,
  };
}

export function retailerCredit(overrides: Partial<RetailerCredit> = {}): RetailerCredit {
  return {
    retailerId: 3,
    businessName: 'Verma Opticals',
    creditLimit: 500000,
    paymentTermsDays: 30,
    paymentTermsDefault: true,
    defaultPaymentTermsDays: 30,
    creditHold: false,
    creditHoldReason: null,
    outstanding: 120000.5,
    onOrder: 80000,
    available: 299999.5,
    overdue: 15000,
    oldestOverdueDays: 12,
    oldestOverdueInvoiceNo: 'FP/2026-27/000123',
    updated: { by: { userId: 9, name: 'Priya Nair', role: 'Accounts' }, at: '2026-11-18T06:30:00.000Z' },
    ...overrides,
  };
}

export function orderDetail(overrides: Partial<AdminOrderDetail> = {}): AdminOrderDetail {
  const credit = retailerCredit();
  return {
    id: 41,
    orderRefNo: 'FP-2026-000041',
    status: 'On hold',
    placedAt: '2026-11-20T09:15:00.000Z',
    placedBy: { userId: 7, name: 'Asha Verma', role: 'Retailer' },
    note: null,
    hold: { kind: 'credit', reason: 'Over the limit', by: null, at: '2026-11-20T10:00:00.000Z' },
    confirmed: null,
    cancelled: null,
    retailer: {
      id: 3,
      businessName: 'Verma Opticals',
      email: 'asha@vermaopticals.in',
      phone: '9876543210',
      gstin: '36ABCDE1234F1Z5',
      stateName: 'Telangana',
      salesExecutives: [],
    },
    billTo: { businessName: 'Verma Opticals', address: '12 MG Road', city: 'Hyderabad', state: 'Telangana', stateCode: '36', pinCode: '500001', gstin: null },
    shipTo: null,
    totals: { quantity: 24, gross: 119047, discount: 0, taxable: 119047, cgst: 2976, sgst: 2976, igst: 0, total: 124999 },
    lines: [],
    shipments: [],
    history: [],
    audit: [],
    credit: {
      retailerId: credit.retailerId,
      creditLimit: credit.creditLimit,
      paymentTermsDays: credit.paymentTermsDays,
      paymentTermsDefault: credit.paymentTermsDefault,
      creditHold: credit.creditHold,
      creditHoldReason: credit.creditHoldReason,
      outstanding: credit.outstanding,
      onOrder: credit.onOrder,
      available: credit.available,
      overdue: credit.overdue,
      oldestOverdueDays: credit.oldestOverdueDays,
      oldestOverdueInvoiceNo: credit.oldestOverdueInvoiceNo,
    },
    creditCheck: { ok: true, reasons: [] },
    actions: { confirm: false, override: false, hold: false, release: true, cancel: true, cancelLine: false, edit: false, editPastCredit: false, ship: false },
    ...overrides,
  };
}

const STATES: State[] = [
  { StateID: 36, CountryId: 1, StateCode: 'TG', StateName: 'Telangana', TIN: '36' },
  { StateID: 27, CountryId: 1, StateCode: 'MH', StateName: 'Maharashtra', TIN: '27' },
];

type Answer<T> = T | 'fail' | ((url: URL, init: RequestInit | undefined) => T | 'fail');

export type FakeAdmin = {
  profile?: UserProfile;
  orders?: Answer<AdminOrdersResponse>;
  order?: Answer<AdminOrderDetail>;
  credit?: Answer<RetailerCredit>;
  /** PUT …/credit: the body is parsed and handed over; the answer is what the server sends back. */
  updateCredit?: Answer<RetailerCredit>;
  dashboard?: Answer<AdminDashboard>;
};

/** GET /api/admin/dashboard as an admin sees it (2026-11-20 in India). */
export function dashboardFigures(overrides: Partial<AdminDashboard> = {}): AdminDashboard {
  return {
    asOf: '2026-11-20',
    today: { from: '2026-11-20', to: '2026-11-20', orders: 12, value: 184_250.5 },
    month: { from: '2026-11-01', to: '2026-11-20', orders: 240, value: 3_612_000 },
    queue: { toConfirm: 5, onHold: 2, toPack: 7, toDispatch: 3 },
    overdue: { amount: 96_400, retailers: 4, invoices: 9 },
    lowStock: 18,
    pendingRetailers: 1,
    ...overrides,
  };
}

const ok = (Data: unknown) => jsonResponse({ Status: 0, Error: null, Data });
const failure = (message: string, status: number) => jsonResponse({ Status: 1, Error: { Message: message, StackTrace: null }, Data: null }, status);

function answer<T>(value: Answer<T>, url: URL, init: RequestInit | undefined): Response {
  const data = typeof value === 'function' ? (value as (url: URL, init: RequestInit | undefined) => T | 'fail')(url, init) : value;
  return data === 'fail' ? failure('Something went wrong. Please try again.', 500) : ok(data);
}

/** `fetch` answering like the server for the back office's calls (and the ordering app's shell); anything else is a 404 envelope. */
export function fakeAdminServer(data: FakeAdmin = {}) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname;
    if (path === '/api/Account/getUserProfile') return ok(data.profile ?? staffProfile('Admin'));
    if (path === '/api/Account/logout') return ok({ message: 'Logged out' });
    if (path === '/api/Account/getCountries') return ok([{ CountryId: 1, CountryCode: 'IN', CountryName: 'India' }]);
    if (path === '/api/Account/getStates') return ok(STATES);
    if (path === '/api/Product/getFilters') return ok(shellFilters());
    if (path === '/api/admin/dashboard') return answer(data.dashboard ?? dashboardFigures(), url, init);
    if (path === '/api/admin/orders') return answer(data.orders ?? ordersPage(), url, init);
    if (/^\/api\/admin\/orders\/\d+$/.test(path)) return answer(data.order ?? orderDetail(), url, init);
    if (/^\/api\/admin\/retailers\/\d+\/credit$/.test(path)) {
      if (init?.method === 'PUT') return answer(data.updateCredit ?? retailerCredit(), url, init);
      return answer(data.credit ?? retailerCredit(), url, init);
    }
    return failure('Not found', 404);
  });
}

/** The URLs of the calls to `path` so far (GET and PUT alike). */
export function adminCalls(fetchSpy: ReturnType<typeof fakeAdminServer>, path: string | RegExp): { url: URL; init: RequestInit | undefined }[] {
  return fetchSpy.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), init }))
    .filter(({ url }) => (typeof path === 'string' ? url.pathname === path : path.test(url.pathname)));
}
