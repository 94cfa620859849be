/** Test data for the retailers desk and the proposal form (tests only). */
import type { AdminRetailerDetail, AdminRetailerRow, AdminRetailersResponse } from '@frameport/domain/contract/admin-retailers';
import type { City, Country, State } from '@frameport/domain/contract/account';


export function retailerRow(overrides: Partial<AdminRetailerRow> = {}): AdminRetailerRow {
  return {
    id: 41,
    businessName: 'Verma Opticals',
    contactName: 'Asha Verma',
    email: 'asha@vermaopticals.in',
    phone: '9876543210',
    city: 'Hyderabad',
    stateName: 'Telangana',
    gstin: '36AAPFU0939F1ZW',
    status: 'Active',
    standing: 'Active',
    salesExecutives: ['Ravi Kumar'],
    outstanding: 12500.5,
    createdAt: '2026-10-02T05:30:00.000Z',
    ...overrides,
  };
}

export function retailersPage(retailers: AdminRetailerRow[] = [retailerRow()], overrides: Partial<AdminRetailersResponse> = {}): AdminRetailersResponse {
  return {
    retailers,
    totalCount: retailers.length,
    pageNumber: 1,
    pageSize: 50,
    counts: { Pending: 2, Active: 30, 'Credit hold': 1, Blocked: 3, Rejected: 0 },
    ...overrides,
  };
}

export function retailerDetail(overrides: Partial<AdminRetailerDetail> = {}): AdminRetailerDetail {
  return {
    id: 41,
    businessName: 'Verma Opticals',
    firstName: 'Asha',
    lastName: 'Verma',
    email: 'asha@vermaopticals.in',
    phone: '9876543210',
    alternatePhone: null,
    gstin: '36AAPFU0939F1ZW',
    pan: 'AAPFU0939F',
    billing: { address: '12 MG Road', cityId: 5, city: 'Hyderabad', stateId: 36, stateName: 'Telangana', stateCode: '36', pinCode: '500001' },
    shippingAddresses: [],
    limits: { maxLimitPerVariant: 20, maxOrderQuantity: 500, maxOrderValue: 500000 },
    credit: { creditLimit: 500000, paymentTermsDays: null, paymentTermsDefaultDays: 30, creditHold: false, creditHoldReason: null },
    status: 'Active',
    standing: 'Active',
    statusReason: null,
    statusChanged: null,
    proposedBy: null,
    createdAt: '2026-10-02T05:30:00.000Z',
    salesExecutives: [{ userId: 9, name: 'Ravi Kumar', email: 'ravi@frameport.test', phone: '9000000009' }],
    users: [],
    recentOrders: [],
    recentInvoices: [],
    outstanding: { notDue: 0, d1to30: 0, d31to60: 0, d61to90: 0, d90plus: 0, total: 0, asOf: '2026-11-24', openInvoices: 0 },
    audit: [],
    actions: { edit: true, approve: false, reject: false, block: true, unblock: false },
    ...overrides,
  };
}

export const india: Country = { CountryId: 1, CountryCode: 'IN', CountryName: 'India' };
export const states: State[] = [
  { StateID: 36, CountryId: 1, StateCode: 'TG', StateName: 'Telangana', TIN: '36' },
  { StateID: 29, CountryId: 1, StateCode: 'KA', StateName: 'Karnataka', TIN: '29' },
];
export const cities: Record<number, City[]> = {
  36: [{ CityMasterID: 5, StateMasterID: 36, CityCode: 'HYD', CityName: 'Hyderabad' }],
  29: [{ CityMasterID: 7, StateMasterID: 29, CityCode: 'BLR', CityName: 'Bengaluru' }],
};

/** The geography calls the forms and the list's State filter make, for a fake server's handler. */
export function geography(url: URL): { data: unknown } | undefined {
  if (url.pathname === '/api/Account/getCountries') return { data: [india] };
  if (url.pathname === '/api/Account/getStates') return { data: states };
  if (url.pathname === '/api/Account/getCities') return { data: cities[Number(url.searchParams.get('stateId'))] ?? [] };
  if (url.pathname === '/api/admin/sales-executives') return { data: salesExecutivesPage() };
  return undefined;
}

/** GET /api/admin/sales-executives's answer: two active and one deactivated. */
export function salesExecutivesPage() {
  const row = (id: number, name: string, active = true) => ({ id, name, email: `${name.split(' ')[0]!.toLowerCase()}@frameport.test`, phone: null, active, retailerCount: 3, outstanding: 0, lastSignInAt: null });
  return { salesExecutives: [row(9, 'Ravi Kumar'), row(12, 'Meena Iyer'), row(15, 'Old Hand', false)], totalCount: 3, pageNumber: 1, pageSize: 200 };
}
