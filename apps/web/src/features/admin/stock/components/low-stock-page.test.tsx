import type { LowStockResponse, LowStockRow } from '@frameport/domain/contract/admin-catalogue';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../../testing/render-app.tsx';
import { shellFilters, signIn, stubBrowserApis } from '../../../../testing/signed-in-fixtures.ts';
import { fakeDeskServer, sentTo } from '../stock-fixtures.ts';

const row = (overrides: Partial<LowStockRow> = {}): LowStockRow => ({
  productColourId: 502,
  productId: 11,
  modelNumber: 'FP-1001',
  productName: 'Aviator Classic',
  brand: 'Vistara',
  colourCode: 'C2',
  frameColour: 'Tortoise',
  stock: 3,
  threshold: 5,
  isActive: true,
  ...overrides,
});
const page = (rows: LowStockRow[], totalCount = rows.length): LowStockResponse => ({ rows, totalCount, pageNumber: 1, pageSize: 100, defaultThreshold: 5 });
const filters = () => [...shellFilters(), { Key: 'brandId' as const, Type: 'In' as const, Name: 'Brand', Data: [{ Id: 4, Name: 'Vistara' }] }];

beforeEach(() => {
  stubBrowserApis();
  signIn();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('/admin/stock', () => {
  it('lists low colours, filters by search, brand and threshold through the URL, and adjusts from a row', async () => {
    const user = userEvent.setup();
    const server = fakeDeskServer((url) => {
      if (url.pathname === '/api/Product/getFilters') return { data: filters() };
      if (url.pathname === '/api/admin/stock/low') return { data: url.searchParams.get('q') === 'zzz' ? page([]) : page([row(), row({ productColourId: 503, colourCode: 'C3', frameColour: 'Gold', stock: 0 })]) };
      if (url.pathname === '/api/admin/stock-adjustments') return { data: { productColourId: 502, stock: 23, movement: { id: 1, productColourId: 502, change: 20, balance: 23, reason: 'delivery', reasonLabel: 'Delivery received', note: null, orderId: null, orderRefNo: null, by: null, at: '2026-11-24T06:00:00.000Z' } } };
      return undefined;
    }, 'Warehouse');
    const { router } = renderApp('/admin/stock');
    const table = await screen.findByRole('table', { name: 'Low stock' }, { timeout: 15000 });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('FP-1001');
    expect(rows[0]).toHaveTextContent('Low');
    expect(rows[1]).toHaveTextContent('Out of stock');
    expect(screen.getByText(/2 colours at or below their threshold/)).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Brand' }), '4');
    await user.type(screen.getByRole('textbox', { name: 'Threshold' }), '10{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?brandId=4&threshold=10'));
    await waitFor(() => {
      const last = sentTo(server, '/api/admin/stock/low', 'GET').at(-1)!;
      expect(Object.fromEntries(last.url.searchParams)).toEqual({ brandId: '4', threshold: '10', pageNumber: '1', pageSize: '100' });
    });

    await user.click(within(rows[0]!).getByRole('button', { name: 'Adjust FP-1001 C2 Tortoise' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /Change/ }), '20');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Reason/ }), 'delivery');
    await user.click(within(dialog).getByRole('button', { name: 'Save adjustment' }));
    await waitFor(() => expect(sentTo(server, '/api/admin/stock-adjustments')).toHaveLength(1));
    expect(sentTo(server, '/api/admin/stock-adjustments')[0]!.body).toEqual({ productColourId: 502, change: 20, reason: 'delivery', note: null });

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'zzz{Enter}');
    expect(await screen.findByText('No low-stock colours match these filters.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('downloads the CSV with the token and the same filters', async () => {
    const user = userEvent.setup();
    const createObjectURL = vi.fn(() => 'blob:csv');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const server = fakeDeskServer((url) => {
      if (url.pathname === '/api/Product/getFilters') return { data: filters() };
      if (url.pathname === '/api/admin/stock/low') return { data: page([row()]) };
      return undefined;
    });
    renderApp('/admin/stock?q=aviator');
    await screen.findByRole('table', { name: 'Low stock' }, { timeout: 15000 });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(sentTo(server, '/api/admin/stock/low', 'GET').some(({ url }) => url.searchParams.get('format') === 'csv')).toBe(true));
    const csv = sentTo(server, '/api/admin/stock/low', 'GET').find(({ url }) => url.searchParams.get('format') === 'csv')!;
    expect(Object.fromEntries(csv.url.searchParams)).toEqual({ format: 'csv', q: 'aviator' });
    const init = server.mock.calls.find(([input]) => String(input).includes('format=csv'))![1];
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer token-abc');
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(createObjectURL).toHaveBeenCalled();
  });

  it('offers Retry when the list cannot be loaded', async () => {
    fakeDeskServer((url) => (url.pathname === '/api/admin/stock/low' ? { status: 500, message: 'Something went wrong. Please try again.' } : undefined));
    renderApp('/admin/stock');
    expect(await screen.findByText('The low-stock list could not be loaded', {}, { timeout: 15000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
