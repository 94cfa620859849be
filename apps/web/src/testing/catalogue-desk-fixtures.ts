import type { AdminBanner } from '@frameport/domain/contract/admin-content';
import type { ImportJob, ImportJobDetail, ImportRowReport } from '@frameport/domain/contract/admin-catalogue';
import type { PageContent } from '@frameport/domain/contract/content';
import type { UserProfile } from '@frameport/domain/contract/auth';
import { fakeAdminServer, staffProfile } from './admin-fixtures.ts';
import { jsonResponse } from './render-app.tsx';

/** Test data and a fake server for the imports and content screens of the back office (tests only). */

export function importJob(overrides: Partial<ImportJob> = {}): ImportJob {
  return {
    id: 12,
    kind: 'catalogue',
    status: 'ready',
    fileName: 'autumn-styles.csv',
    fileBytes: 2048,
    hasImages: false,
    totalRows: 6,
    checkedRows: 6,
    appliedRows: 0,
    counts: { create: 2, update: 3, unchanged: 0, error: 1 },
    fileError: null,
    rate: null,
    secondsLeft: null,
    sameFileAs: null,
    created: { by: { userId: 1, name: 'Admin User', role: 'Admin' }, at: '2026-11-24T05:00:00.000Z' },
    checkedAt: '2026-11-24T05:00:05.000Z',
    applied: null,
    finishedAt: null,
    ...overrides,
  };
}

/** The report as the server words it: changes name the field (`netPrice`, `C1` for a new colour), errors the column's header. */
export const REPORT_ROWS: ImportRowReport[] = [
  { rowNo: 2, action: 'update', label: 'VX-AV-1023 C1', changes: [{ field: 'netPrice', from: 1499, to: 1599 }], errors: [], applied: false },
  { rowNo: 3, action: 'update', label: 'VX-AV-1024 C1', changes: [{ field: 'netPrice', from: 2499, to: 2599 }], errors: [], applied: false },
  { rowNo: 4, action: 'update', label: 'VX-AV-1025 C1', changes: [{ field: 'netPrice', from: 999, to: 1099 }], errors: [], applied: false },
  { rowNo: 5, action: 'create', label: 'NEW-001 C1', changes: [{ field: 'productName', from: null, to: 'Aurora' }, { field: 'C1', from: null, to: { frameColour: 'Black', templeColour: 'Gold', lowStockThreshold: null, openingStock: 12 } }], errors: [], applied: false },
  { rowNo: 6, action: 'create', label: 'NEW-002 C1', changes: [{ field: 'productName', from: null, to: 'Borealis' }], errors: [], applied: false },
  { rowNo: 7, action: 'error', label: 'NEW-003 C1', changes: [], errors: [{ column: 'Net price (₹)', message: 'Net price (₹) must be a number (not "abc").' }], applied: false },
];

export function jobDetail(overrides: Partial<ImportJobDetail> = {}, rows: ImportRowReport[] = REPORT_ROWS): ImportJobDetail {
  return { ...importJob(), rows, rowCount: rows.length, ...overrides };
}

export function adminBanner(overrides: Partial<AdminBanner> = {}): AdminBanner {
  return {
    id: 4,
    title: 'Monsoon sale',
    imageUrl: '/media/uploads/banners/ab/monsoon-desktop.webp',
    mobileImageUrl: '/media/uploads/banners/ab/monsoon-mobile.webp',
    flags: { Home: true, Login: false, NewArrival: false, Material: false, PriceRange: false, Frame: false, Color: false },
    sortOrder: 1,
    isActive: true,
    createdAt: '2026-11-01T05:00:00.000Z',
    modifiedAt: '2026-11-02T05:00:00.000Z',
    modifiedBy: 'Admin User',
    ...overrides,
  };
}

type Answer<T> = T | 'fail' | ((url: URL, init: RequestInit | undefined) => T | 'fail' | Response);

export type FakeDesk = {
  profile?: UserProfile;
  jobs?: Answer<{ jobs: ImportJob[]; totalCount: number }>;
  job?: Answer<ImportJobDetail>;
  upload?: Answer<ImportJob>;
  apply?: Answer<ImportJob>;
  cancel?: Answer<ImportJob>;
  banners?: Answer<{ banners: AdminBanner[] }>;
  patchBanner?: Answer<AdminBanner>;
  uploadBanner?: Answer<unknown>;
  page?: Answer<PageContent>;
  savePage?: Answer<PageContent>;
};

const ok = (Data: unknown) => jsonResponse({ Status: 0, Error: null, Data });
const failure = (message: string, status: number) => jsonResponse({ Status: 1, Error: { Message: message, StackTrace: null }, Data: null }, status);

function answer<T>(value: Answer<T>, url: URL, init: RequestInit | undefined): Response {
  const data = typeof value === 'function' ? (value as (url: URL, init: RequestInit | undefined) => T | 'fail' | Response)(url, init) : value;
  if (data instanceof Response) return data;
  return data === 'fail' ? failure('Something went wrong. Please try again.', 500) : ok(data);
}

/** The admin fake server (profile, shell) plus the imports and content calls. */
export function fakeDeskServer(data: FakeDesk = {}) {
  const spy = fakeAdminServer({ profile: data.profile ?? staffProfile('Admin') });
  const base = spy.getMockImplementation()!;
  spy.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname;
    const method = init?.method ?? 'GET';
    if (path === '/api/admin/imports' && method === 'POST') return answer(data.upload ?? importJob({ status: 'queued', checkedAt: null }), url, init);
    if (path === '/api/admin/imports') return answer(data.jobs ?? { jobs: [importJob()], totalCount: 1 }, url, init);
    if (path === '/api/admin/imports/template') return new Response('Model number,Colour code\n', { headers: { 'Content-Type': 'text/csv' } });
    if (path === '/api/admin/exports/catalogue') return new Response('Model number\n', { headers: { 'Content-Type': 'text/csv' } });
    if (/^\/api\/admin\/imports\/\d+\/apply$/.test(path)) return answer(data.apply ?? importJob({ status: 'applying' }), url, init);
    if (/^\/api\/admin\/imports\/\d+\/cancel$/.test(path)) return answer(data.cancel ?? importJob({ status: 'cancelled' }), url, init);
    if (/^\/api\/admin\/imports\/\d+$/.test(path)) return answer(data.job ?? jobDetail(), url, init);
    if (path === '/api/admin/banners') return answer(data.banners ?? { banners: [adminBanner()] }, url, init);
    if (/^\/api\/admin\/banners\/\d+$/.test(path)) {
      if (method === 'DELETE') return ok({ id: Number(path.split('/').pop()), deleted: true });
      return answer(data.patchBanner ?? adminBanner(), url, init);
    }
    if (path === '/api/Home/uploadBanner') {
      return answer(data.uploadBanner ?? { bannerId: 9, bannerTitle: 'New', created: true, urls: { desktop: '/d.webp', mobile: '/m.webp' } }, url, init);
    }
    if (path === '/api/Home/GetPages') return answer(data.page ?? { Title: 'FAQs', Content: '<p>Ask us.</p>', Year: null }, url, init);
    if (/^\/api\/admin\/pages\/[A-Z]+$/.test(path)) return answer(data.savePage ?? { Title: 'FAQs', Content: '<p>Ask us.</p>', Year: null }, url, init);
    return base(input, init);
  });
  return spy;
}

/** The calls to `path` so far with their method. */
export function deskCalls(spy: ReturnType<typeof fakeDeskServer>, path: string | RegExp, method?: string) {
  return spy.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), init }))
    .filter(({ url }) => (typeof path === 'string' ? url.pathname === path : path.test(url.pathname)))
    .filter(({ init }) => method === undefined || (init?.method ?? 'GET') === method);
}
