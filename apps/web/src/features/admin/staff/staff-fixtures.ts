import type { LinkedRetailer, SalesExecutiveDetail, SalesExecutiveRow, StaffUserRow } from '@frameport/domain/contract/admin-staff';

/** Test data for the sales team and staff users screens (tests only). */

export function salesExecutiveRow(overrides: Partial<SalesExecutiveRow> = {}): SalesExecutiveRow {
  return {
    id: 9,
    name: 'Ravi Kumar',
    email: 'ravi@frameport.test',
    phone: '9000000009',
    active: true,
    retailerCount: 2,
    outstanding: 12500.5,
    lastSignInAt: '2026-11-20T04:30:00.000Z',
    ...overrides,
  };
}

export function linkedRetailer(overrides: Partial<LinkedRetailer> = {}): LinkedRetailer {
  return {
    id: 41,
    businessName: 'Verma Opticals',
    email: 'verma@shop.test',
    city: 'Hyderabad',
    stateName: 'Telangana',
    standing: 'Active',
    outstanding: 10000,
    alsoWith: [],
    ...overrides,
  };
}

export function salesExecutiveDetail(overrides: Partial<SalesExecutiveDetail> = {}): SalesExecutiveDetail {
  return {
    ...salesExecutiveRow(),
    createdAt: '2026-01-05T05:00:00.000Z',
    openSessions: 1,
    retailers: [linkedRetailer(), linkedRetailer({ id: 42, businessName: 'Lens Corner', email: 'lens@shop.test', city: 'Bengaluru', stateName: 'Karnataka', standing: 'Credit hold', outstanding: 2500.5 })],
    ...overrides,
  };
}

export function staffUserRow(overrides: Partial<StaffUserRow> = {}): StaffUserRow {
  return {
    id: 21,
    name: 'Priya Nair',
    email: 'priya@frameport.test',
    phone: '9000000021',
    role: 'accounts',
    active: true,
    lastSignInAt: '2026-11-19T10:00:00.000Z',
    createdAt: '2026-02-01T05:00:00.000Z',
    openSessions: 2,
    signInLocked: false,
    ...overrides,
  };
}
