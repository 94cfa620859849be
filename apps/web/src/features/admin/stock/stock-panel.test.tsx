import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, TestProviders } from '../../../testing/render-app.tsx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { signIn } from '../../../testing/signed-in-fixtures.ts';
import { adminProduct, fakeDeskServer, movementsPage, sentTo, stockMovement } from './stock-fixtures.ts';
import { StockPanel } from './stock-panel.tsx';

const MOVEMENTS = /^\/api\/admin\/product-colours\/(\d+)\/stock-movements$/;

function renderPanel(product = adminProduct()) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  render(
    <TestProviders queryClient={queryClient}>
      <MemoryRouter>
        <StockPanel product={product} />
      </MemoryRouter>
    </TestProviders>,
  );
  return { queryClient, invalidate };
}

beforeEach(() => signIn());
afterEach(() => vi.restoreAllMocks());

describe('StockPanel', () => {
  it('lists stock per colour with its status and the first colour’s movements (balance, reason, order, who)', async () => {
    fakeDeskServer((url) => {
      const match = MOVEMENTS.exec(url.pathname);
      if (match?.[1] === '501') {
        return {
          data: movementsPage(501, [
            stockMovement({ id: 2, change: -2, balance: 12, reason: 'order', reasonLabel: 'Order placed', note: null, orderId: 42, orderRefNo: 'FP-2026-000042', by: { userId: 3, name: 'Asha Verma', role: 'retailer' } }),
            stockMovement(),
          ]),
        };
      }
      return undefined;
    }, 'Warehouse');
    renderPanel();

    const colours = screen.getByRole('table', { name: 'Stock per colour' });
    const rows = within(colours).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('C1 Black');
    expect(rows[0]).toHaveTextContent('12');
    expect(rows[0]).toHaveTextContent('In stock');
    expect(rows[1]).toHaveTextContent('C2 Tortoise');
    expect(rows[1]).toHaveTextContent('Low');

    const history = await screen.findByRole('table', { name: 'Movements of C1 Black' });
    const lines = within(history).getAllByRole('row').slice(1);
    expect(lines[0]).toHaveTextContent('−2');
    expect(lines[0]).toHaveTextContent('Order placed');
    expect(within(lines[0]!).getByRole('link', { name: 'FP-2026-000042' })).toHaveAttribute('href', '/admin/orders/42');
    expect(lines[0]).toHaveTextContent('Asha Verma (retailer)');
    expect(lines[1]).toHaveTextContent('+10');
    expect(lines[1]).toHaveTextContent('Delivery received');
    expect(lines[1]).toHaveTextContent('Invoice 4471');
  });

  it('switches the history to another colour and says when it has none', async () => {
    const user = userEvent.setup();
    fakeDeskServer((url) => (MOVEMENTS.test(url.pathname) ? { data: url.pathname.includes('502') ? movementsPage(502) : movementsPage(501, [stockMovement()]) } : undefined));
    renderPanel();
    await screen.findByRole('table', { name: 'Movements of C1 Black' });
    await user.click(screen.getByRole('button', { name: 'Movements: C2' }));
    expect(await screen.findByText('No stock movements recorded for this colour yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Movements: C2' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('records a delivery with its reason and note, then refreshes everything under the catalogue root', async () => {
    const user = userEvent.setup();
    const server = fakeDeskServer((url) => {
      if (MOVEMENTS.test(url.pathname)) return { data: movementsPage(501) };
      if (url.pathname === '/api/admin/stock-adjustments') {
        return { data: { productColourId: 502, stock: 15, movement: stockMovement({ productColourId: 502, change: 12, balance: 15 }) } };
      }
      return undefined;
    }, 'Warehouse');
    const { invalidate } = renderPanel();

    await user.click(await screen.findByRole('button', { name: 'Adjust C2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adjust stock: FP-1001 C2 Tortoise' });
    // Nothing is sent without a change and a reason.
    await user.click(within(dialog).getByRole('button', { name: 'Save adjustment' }));
    expect(within(dialog).getByText('Please enter a whole number of pieces other than 0 (e.g. 12 or -3).')).toBeInTheDocument();
    expect(within(dialog).getByText('Please choose a reason.')).toBeInTheDocument();
    expect(sentTo(server, '/api/admin/stock-adjustments')).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: /Change \(pieces\)/ }), '+12');
    expect(within(dialog).getByText('In stock now: 3. After this change: 15.')).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Reason/ }), 'delivery');
    await user.type(within(dialog).getByRole('textbox', { name: 'Note (optional)' }), 'Invoice 4471');
    await user.click(within(dialog).getByRole('button', { name: 'Save adjustment' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [sent] = sentTo(server, '/api/admin/stock-adjustments');
    expect(sent?.body).toEqual({ productColourId: 502, change: 12, reason: 'delivery', note: 'Invoice 4471' });
    expect(sent?.key).toMatch(/^web-[0-9a-f-]{36}$/);
    expect(await screen.findByText('Stock of FP-1001 C2 Tortoise is now 15.')).toBeInTheDocument();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['admin', 'products'] });
  });

  it('shows the server’s refusal when the stock would go below 0, and stays open', async () => {
    const user = userEvent.setup();
    const refusal = 'Only 3 in stock: FP-1001 C2 cannot go below 0. Record a count correction if the shelf holds fewer.';
    fakeDeskServer((url) => {
      if (MOVEMENTS.test(url.pathname)) return { data: movementsPage(501) };
      if (url.pathname === '/api/admin/stock-adjustments') return { status: 409, message: refusal };
      return undefined;
    });
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Adjust C2' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /Change \(pieces\)/ }), '-5');
    expect(within(dialog).getByText(/After this change: -2\. That takes the stock below 0/)).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Reason/ }), 'damaged');
    await user.click(within(dialog).getByRole('button', { name: 'Save adjustment' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('offers no Adjust to a role without stock rights (accounts)', async () => {
    fakeDeskServer((url) => (MOVEMENTS.test(url.pathname) ? { data: movementsPage(501) } : undefined), 'Accounts');
    renderPanel();
    await screen.findByText('No stock movements recorded for this colour yet.');
    expect(screen.queryByRole('button', { name: /^Adjust/ })).not.toBeInTheDocument();
  });
});
