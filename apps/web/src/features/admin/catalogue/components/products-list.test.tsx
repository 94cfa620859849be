import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../../testing/render-app.tsx';
import { signIn, stubBrowserApis } from '../../../../testing/signed-in-fixtures.ts';
import { fakeDeskServer, sentTo } from '../../stock/stock-fixtures.ts';
import { masters, productRow, productsPage } from '../catalogue-fixtures.ts';

beforeEach(stubBrowserApis);
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const twoStyles = () =>
  productsPage(
    [
      productRow(),
      productRow({ id: 12, modelNumber: 'RB-3025', productName: 'Round Metal', brand: 'Ray-Ban', lowStockColours: 0, isActive: false, nextPrice: null, netPrice: 8500.5 }),
    ],
    { totalCount: 2 },
  );

async function openList(path = '/admin/products', role = 'Admin', list: () => unknown = twoStyles) {
  const server = fakeDeskServer((url, init) => {
    if (url.pathname === '/api/admin/products') return { data: list() };
    if (url.pathname === '/api/admin/catalogue/masters') return { data: masters() };
    if (url.pathname === '/api/admin/products/bulk' && init?.method === 'POST') return { data: { changed: 1, unchanged: 0 } };
    return undefined;
  }, role);
  signIn();
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Catalogue' }, { timeout: 15000 });
  return { ...view, server };
}

describe('the catalogue desk’s list of styles', () => {
  it('lists the styles: model, name, brand, price in rupees, GST, colours, stock with low stock marked, next price, status', async () => {
    await openList();
    const row = await screen.findByRole('row', { name: /FP-1001, Aviator Classic, Active/ });
    expect(within(row).getByRole('link', { name: 'FP-1001' })).toHaveAttribute('href', '/admin/products/11');
    expect(row).toHaveTextContent('Frameport');
    expect(within(row).getByText('₹1,24,999.00')).toBeInTheDocument();
    expect(row).toHaveTextContent('5 %');
    expect(within(row).getByText('1 low')).toBeInTheDocument();
    expect(row).toHaveTextContent('₹1,350.00 from');
    const inactive = screen.getByRole('row', { name: /RB-3025, Round Metal, Inactive/ });
    expect(within(inactive).getByText('₹8,500.50')).toBeInTheDocument();
    expect(within(inactive).getByText('Inactive')).toBeInTheDocument();
    expect(screen.getByText('Showing 1–2 of 2 styles')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New style' })).toHaveAttribute('href', '/admin/products/new');
  });

  it('keeps search, filters and sort in the URL and sends them; / focuses the search; Enter on a row opens the style', async () => {
    const user = userEvent.setup();
    const { server, router } = await openList('/admin/products?brandId=2&active=all&sort=priceAsc');
    await screen.findByRole('row', { name: /FP-1001/ });
    const first = sentTo(server, '/api/admin/products', 'GET')[0]!.url.searchParams;
    expect(first.get('brandId')).toBe('2');
    expect(first.get('active')).toBe('all');
    expect(first.get('sort')).toBe('priceAsc');
    expect(screen.getByRole('combobox', { name: 'Brand' })).toHaveValue('2');
    // A phone folds the filters under this button (CSS), which says how many are narrowing the list.
    const toggle = screen.getByRole('button', { name: 'Filters and sort (2)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)).toContainElement(screen.getByRole('combobox', { name: 'Brand' }));

    await user.keyboard('/');
    expect(screen.getByRole('searchbox', { name: 'Search styles' })).toHaveFocus();
    await user.keyboard('RB-3025{Enter}');
    await waitFor(() => expect(router.state.location.search).toContain('q=RB-3025'));
    await waitFor(() => expect(sentTo(server, '/api/admin/products', 'GET').at(-1)!.url.searchParams.get('q')).toBe('RB-3025'));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Availability' }), 'lowStock');
    await waitFor(() => expect(router.state.location.search).toContain('availability=lowStock'));

    screen.getByRole('row', { name: /FP-1001/ }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/products/11'));
  });

  it('deactivates the selected styles only after asking, then says how many changed', async () => {
    const user = userEvent.setup();
    const { server } = await openList();
    const deactivate = screen.getByRole('button', { name: 'Deactivate' });
    expect(deactivate).toBeDisabled();
    await user.click(await screen.findByRole('checkbox', { name: 'Select FP-1001' }));
    expect(screen.getByText('1 selected')).toBeInTheDocument();
    await user.click(deactivate);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Deactivate this style? It disappears from the catalogue and search at once');
    expect(sentTo(server, '/api/admin/products/bulk')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(sentTo(server, '/api/admin/products/bulk')).toHaveLength(1));
    expect(sentTo(server, '/api/admin/products/bulk')[0]!.body).toEqual({ ids: [11], action: 'deactivate' });
    expect(await screen.findByText('1 style deactivated.')).toBeInTheDocument();
  });

  it('shows warehouse staff the list read-only: no New style, no selection', async () => {
    await openList('/admin/products', 'Warehouse');
    await screen.findByRole('row', { name: /FP-1001/ });
    expect(screen.queryByRole('link', { name: 'New style' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /Select/ })).not.toBeInTheDocument();
    expect(screen.getByText(/changes to styles are made by an admin/)).toBeInTheDocument();
  });

  it('says when nothing matches and clears the filters', async () => {
    const user = userEvent.setup();
    const { router } = await openList('/admin/products?q=zzz&materialId=1', 'Admin', () => productsPage([], { totalCount: 0 }));
    expect(await screen.findByRole('heading', { name: 'No styles match these filters.' })).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' }).at(-1)!);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
