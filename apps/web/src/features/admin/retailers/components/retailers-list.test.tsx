import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../../testing/render-app.tsx';
import { signIn, stubBrowserApis } from '../../../../testing/signed-in-fixtures.ts';
import { fakeDeskServer, sentTo } from '../../stock/stock-fixtures.ts';
import { geography, retailerRow, retailersPage } from '../../../../testing/retailer-fixtures.ts';

beforeEach(stubBrowserApis);
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const twoRetailers = () =>
  retailersPage([
    retailerRow(),
    retailerRow({
      id: 42,
      businessName: 'Nair Eye Care',
      contactName: 'Priya Nair',
      email: 'priya@naireye.in',
      city: 'Bengaluru',
      stateName: 'Karnataka',
      gstin: null,
      status: 'Active',
      standing: 'Credit hold',
      salesExecutives: ['Ravi Kumar', 'Meena Iyer'],
      outstanding: 0,
    }),
  ]);

async function openList(path = '/admin/retailers', role = 'Admin', list: (url: URL) => { status?: number; data?: unknown; message?: string } = () => ({ data: twoRetailers() })) {
  const server = fakeDeskServer((url) => {
    if (url.pathname === '/api/admin/retailers') return list(url);
    if (url.pathname === '/api/admin/retailers/export.csv') return { data: 'csv' };
    return geography(url);
  }, role);
  signIn();
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Retailers' }, { timeout: 15000 });
  return { ...view, server };
}

describe('the retailers desk’s list', () => {
  it('lists retailers: name, contact, city, GSTIN, sales executives, outstanding in rupees and the standing in words', async () => {
    await openList();
    const row = await screen.findByRole('row', { name: 'Verma Opticals, Hyderabad, Active' });
    expect(within(row).getByRole('link', { name: 'Verma Opticals' })).toHaveAttribute('href', '/admin/retailers/41');
    expect(row).toHaveTextContent('asha@vermaopticals.in · 9876543210');
    expect(row).toHaveTextContent('Hyderabad, Telangana');
    expect(row).toHaveTextContent('36AAPFU0939F1ZW');
    expect(row).toHaveTextContent('Ravi Kumar');
    expect(within(row).getByText('₹12,500.50')).toBeInTheDocument();
    const held = screen.getByRole('row', { name: 'Nair Eye Care, Bengaluru, Credit hold' });
    expect(within(held).getByText('Credit hold')).toBeInTheDocument();
    expect(held).toHaveTextContent('Ravi Kumar, Meena Iyer');
    expect(screen.getByText('Showing 1–2 of 2 retailers')).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Retailer status' });
    expect(within(tabs).getByRole('link', { name: 'All (36)' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'Pending (2)' })).toHaveAttribute('href', '/admin/retailers?status=Pending');
    expect(screen.getByRole('link', { name: 'New retailer' })).toHaveAttribute('href', '/admin/retailers/new');
  });

  it('keeps the standing, state, sort and search in the URL and sends them; Enter on a row opens the retailer', async () => {
    const user = userEvent.setup();
    const { server, router } = await openList('/admin/retailers?status=Pending&stateId=36&sort=outstanding');
    await screen.findByRole('row', { name: /Verma Opticals/ });
    const first = sentTo(server, '/api/admin/retailers', 'GET')[0]!.url.searchParams;
    expect(first.get('status')).toBe('Pending');
    expect(first.get('stateId')).toBe('36');
    expect(first.get('sort')).toBe('outstanding');
    expect(within(screen.getByRole('navigation', { name: 'Retailer status' })).getByRole('link', { name: 'Pending (2)' })).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('36'));
    expect(screen.getByRole('combobox', { name: 'Sort' })).toHaveValue('outstanding');

    await user.keyboard('/');
    expect(screen.getByRole('searchbox', { name: 'Search retailers' })).toHaveFocus();
    await user.keyboard('36aapfu{Enter}');
    await waitFor(() => expect(router.state.location.search).toContain('q=36aapfu'));
    await waitFor(() => expect(sentTo(server, '/api/admin/retailers', 'GET').at(-1)!.url.searchParams.get('q')).toBe('36aapfu'));

    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), '29');
    await waitFor(() => expect(router.state.location.search).toContain('stateId=29'));
    expect(router.state.location.search).toContain('status=Pending');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=Pending&sort=outstanding'));

    screen.getByRole('row', { name: /Verma Opticals/ }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/retailers/41'));
  });

  it('exports every matching row as CSV with the filters on screen', async () => {
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: vi.fn(() => 'blob:retailers') });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: vi.fn() });
    const user = userEvent.setup();
    const { server } = await openList('/admin/retailers?status=Blocked&q=verma&page=2', 'Accounts');
    await screen.findByRole('row', { name: /Verma Opticals/ });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    const sent = sentTo(server, '/api/admin/retailers/export.csv', 'GET')[0]!.url.searchParams;
    expect(sent.get('status')).toBe('Blocked');
    expect(sent.get('q')).toBe('verma');
    expect(sent.get('sort')).toBe('name');
    expect(sent.has('pageNumber')).toBe(false);
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('shows accounts staff no New retailer, and says what they may do', async () => {
    await openList('/admin/retailers', 'Accounts');
    await screen.findByRole('row', { name: /Verma Opticals/ });
    expect(screen.queryByRole('link', { name: 'New retailer' })).not.toBeInTheDocument();
    expect(screen.getByText(/Accounts staff block and unblock retailers/)).toBeInTheDocument();
  });

  it('lets an admin choose a sales executive from all of them (a deactivated one marked)', async () => {
    const user = userEvent.setup();
    const { server, router } = await openList();
    const select = screen.getByRole('combobox', { name: 'Sales executive' });
    await waitFor(() => expect(within(select).getByRole('option', { name: 'Old Hand (inactive)' })).toBeInTheDocument());
    expect(sentTo(server, '/api/admin/sales-executives', 'GET')[0]!.url.searchParams.get('pageSize')).toBe('200');
    await user.selectOptions(select, '12');
    await waitFor(() => expect(router.state.location.search).toBe('?salesExecutiveId=12'));
    await waitFor(() => expect(sentTo(server, '/api/admin/retailers', 'GET').at(-1)!.url.searchParams.get('salesExecutiveId')).toBe('12'));
  });

  it('shows accounts staff (who may not list sales executives) whom a link filtered by, and drops the filter on request', async () => {
    const user = userEvent.setup();
    const { server, router } = await openList('/admin/retailers?salesExecutiveId=9', 'Accounts');
    expect(screen.queryByRole('combobox', { name: 'Sales executive' })).not.toBeInTheDocument();
    expect(sentTo(server, '/api/admin/sales-executives', 'GET')).toEqual([]);
    await screen.findByRole('row', { name: /Verma Opticals/ });
    expect(sentTo(server, '/api/admin/retailers', 'GET')[0]!.url.searchParams.get('salesExecutiveId')).toBe('9');
    // Both rows share only Ravi Kumar: that is who the filter is.
    expect(screen.getByText('Ravi Kumar', { selector: 'p' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show every sales executive’s retailers' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('says when nothing matches, with Clear filters; and when the list cannot be loaded, with Retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    const { router } = await openList('/admin/retailers?q=zzz', 'Admin', (url) =>
      url.searchParams.get('q') === 'zzz' ? { data: retailersPage([]) } : fail ? { status: 500, message: 'The database is not answering.' } : { data: twoRetailers() },
    );
    expect(await screen.findByRole('heading', { name: 'No retailers match these filters.' })).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' }).at(-1)!);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('The retailers could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('The database is not answering.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('row', { name: /Verma Opticals/ })).toBeInTheDocument();
  });
});
