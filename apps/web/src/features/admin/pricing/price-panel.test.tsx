import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, TestProviders } from '../../../testing/render-app.tsx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { signIn } from '../../../testing/signed-in-fixtures.ts';
import { todayInIndia } from '../order/order-display.ts';
import { adminProduct, fakeDeskServer, sentTo } from '../stock/stock-fixtures.ts';
import type { PriceChange, ProductPrices } from '@frameport/domain/contract/admin-pricing';
import { PricePanel } from './price-panel.tsx';

const PRICES = '/api/admin/products/11/prices';
const admin = { userId: 1, name: 'Admin User', role: 'admin' };

const change = (overrides: Partial<PriceChange> = {}): PriceChange => ({
  id: 71,
  netPrice: 1200,
  previousNetPrice: 1100,
  effectiveFrom: '2026-10-01',
  status: 'applied',
  created: { by: admin, at: '2026-09-30T06:30:00.000Z' },
  appliedAt: '2026-09-30T18:30:00.000Z',
  cancelled: null,
  importJobId: null,
  ...overrides,
});

const prices = (scheduled: PriceChange[] = [], history: PriceChange[] = []): ProductPrices => ({
  productId: 11,
  productCode: 'FP-1001',
  modelNumber: 'FP-1001',
  productName: 'Aviator Classic',
  isActive: true,
  netPrice: 1200,
  today: todayInIndia(),
  scheduled,
  history,
});

function renderPanel() {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  render(
    <TestProviders queryClient={queryClient}>
      <MemoryRouter>
        <PricePanel product={adminProduct()} />
      </MemoryRouter>
    </TestProviders>,
  );
  return { invalidate };
}

beforeEach(() => signIn());
afterEach(() => vi.restoreAllMocks());

describe('PricePanel', () => {
  it('shows the price now, the scheduled change and the history (from → to, who)', async () => {
    fakeDeskServer((url) =>
      url.pathname === PRICES
        ? { data: prices([change({ id: 72, netPrice: 1350, previousNetPrice: null, effectiveFrom: '2099-01-01', status: 'scheduled', appliedAt: null })], [change()]) }
        : undefined,
    );
    renderPanel();
    expect(await screen.findByRole('heading', { name: 'Price' })).toBeInTheDocument();
    expect(screen.getByTestId('current-net-price')).toHaveTextContent('₹1,200.00');
    const scheduled = await screen.findByRole('group', { name: 'Scheduled change' });
    expect(scheduled).toHaveTextContent('₹1,350.00 from 01 Jan 2099');
    const history = screen.getByRole('table', { name: 'Price history' });
    const [row] = within(history).getAllByRole('row').slice(1);
    expect(row).toHaveTextContent('01 Oct 2026');
    expect(row).toHaveTextContent('₹1,100.00 → ₹1,200.00');
    expect(row).toHaveTextContent(/Admin User \(admin\), 30 Sept? 2026, 12:00 pm/);
  });

  it('shows nothing to the warehouse and asks nothing of the server', async () => {
    const server = fakeDeskServer(() => undefined, 'Warehouse');
    renderPanel();
    await waitFor(() => expect(server).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading', { name: 'Price' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'New net price (₹)' })).not.toBeInTheDocument();
    expect(sentTo(server, PRICES, 'GET')).toEqual([]);
  });

  it('checks the price and the day, asks first, then schedules and refreshes the catalogue', async () => {
    const user = userEvent.setup();
    const server = fakeDeskServer((url, init) => {
      if (url.pathname !== PRICES) return undefined;
      return init?.method === 'POST' ? { status: 201, data: { ...prices(), change: change({ id: 73, status: 'scheduled' }), replacedId: null } } : { data: prices() };
    });
    const { invalidate } = renderPanel();
    expect(await screen.findByText('The price has not changed since the style was created.')).toBeInTheDocument();

    const price = screen.getByRole('textbox', { name: 'New net price (₹)' });
    await user.click(screen.getByRole('button', { name: 'Schedule change' }));
    expect(screen.getByText('Please enter the new net price in rupees.')).toBeInTheDocument();
    await user.type(price, '1,200');
    await user.click(screen.getByRole('button', { name: 'Schedule change' }));
    expect(screen.getByText('That is the price now.')).toBeInTheDocument();
    await user.clear(price);
    await user.type(price, '0');
    await user.click(screen.getByRole('button', { name: 'Schedule change' }));
    expect(screen.getByText('Net price must be more than ₹0.')).toBeInTheDocument();
    const day = screen.getByLabelText('Effective from');
    await user.clear(day);
    await user.type(day, '2020-01-01');
    await user.clear(price);
    await user.type(price, '1,350.50');
    await user.click(screen.getByRole('button', { name: 'Schedule change' }));
    expect(screen.getByText('The day must be today or later.')).toBeInTheDocument();
    expect(sentTo(server, PRICES)).toEqual([]);

    await user.clear(day);
    await user.type(day, '2099-03-01');
    await user.click(screen.getByRole('button', { name: 'Schedule change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the price?' });
    expect(dialog).toHaveTextContent('Change the net price of FP-1001 from ₹1,200.00 to ₹1,350.50 on 01 Mar 2099? It applies by itself that day.');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule change' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [sent] = sentTo(server, PRICES);
    expect(sent?.body).toEqual({ netPrice: 1350.5, effectiveFrom: '2099-03-01' });
    expect(await screen.findByText('Price ₹1,350.50 scheduled from 01 Mar 2099.')).toBeInTheDocument();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['admin', 'products'] });
  });

  it('says a change for today applies now', async () => {
    const user = userEvent.setup();
    fakeDeskServer((url) => (url.pathname === PRICES ? { data: prices() } : undefined));
    renderPanel();
    await user.type(await screen.findByRole('textbox', { name: 'New net price (₹)' }), '999');
    expect(screen.getByLabelText('Effective from')).toHaveValue(todayInIndia());
    await user.click(screen.getByRole('button', { name: 'Schedule change' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('from ₹1,200.00 to ₹999.00 now? Carts re-price at once');
    expect(within(dialog).getByRole('button', { name: 'Change price now' })).toBeInTheDocument();
  });

  it('cancels a scheduled change after asking', async () => {
    const user = userEvent.setup();
    const server = fakeDeskServer((url, init) => {
      if (url.pathname === '/api/admin/price-changes/72' && init?.method === 'DELETE') return { data: null };
      if (url.pathname === PRICES) return { data: prices([change({ id: 72, netPrice: 1350, effectiveFrom: '2099-01-01', status: 'scheduled' })]) };
      return undefined;
    });
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Cancel change' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Cancel the change to ₹1,350.00 from 01 Jan 2099? The price stays as it is.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sentTo(server, '/api/admin/price-changes/72', 'DELETE')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Cancel change' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel change' }));
    await waitFor(() => expect(sentTo(server, '/api/admin/price-changes/72', 'DELETE')).toHaveLength(1));
    expect(await screen.findByText('The scheduled price change was cancelled.')).toBeInTheDocument();
  });
});
