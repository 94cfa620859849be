import type { AuditPage } from '@frameport/domain/contract/admin-audit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../../testing/render-app.tsx';
import { signIn, stubBrowserApis } from '../../../../testing/signed-in-fixtures.ts';
import { fakeDeskServer, sentTo } from '../../stock/stock-fixtures.ts';

const page: AuditPage = {
  entries: [
    {
      id: 90,
      at: '2026-11-24T05:30:00.000Z',
      actor: { id: 3, name: 'Anita Rao', email: 'anita@frameport.example', role: 'accounts' },
      onBehalfOf: null,
      action: 'retailer.credit',
      entity: 'retailer',
      entityId: '7',
      entityName: 'Verma Opticals',
      details: { before: { creditHold: false, creditLimitPaise: 5000000 }, after: { creditHold: true, creditLimitPaise: 5000000 } },
      ip: '10.0.0.4',
    },
    {
      id: 89,
      at: '2026-11-23T10:00:00.000Z',
      actor: { id: 4, name: 'Ravi Kumar', email: 'ravi@frameport.example', role: 'salesexecutive' },
      onBehalfOf: { id: 9, name: 'Bengaluru Eye Care' },
      action: 'cart.add',
      entity: null,
      entityId: null,
      entityName: null,
      details: { productId: 11 },
      ip: null,
    },
  ],
  nextCursor: 'b2xkZXI',
  actions: ['cart.add', 'retailer.credit'],
  actors: [
    { id: 3, name: 'Anita Rao', email: 'anita@frameport.example', role: 'accounts' },
    { id: 4, name: 'Ravi Kumar', email: 'ravi@frameport.example', role: 'salesexecutive' },
  ],
  retailer: null,
};

beforeEach(() => {
  stubBrowserApis();
  signIn();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('/admin/audit', () => {
  it('lists who did what for whom; details open with before and after; a retailer and a filter go in the URL; Older pages by cursor', async () => {
    const user = userEvent.setup();
    const server = fakeDeskServer((url) =>
      url.pathname === '/api/admin/audit'
        ? { data: url.searchParams.get('cursor') ? { ...page, entries: [], nextCursor: null } : { ...page, retailer: url.searchParams.get('retailerId') ? { id: 9, name: 'Bengaluru Eye Care' } : null } }
        : undefined,
    );
    const { router } = renderApp('/admin/audit');
    const table = await screen.findByRole('table', { name: 'Audit log' }, { timeout: 15000 });
    const [, credit, cart] = within(table).getAllByRole('row');
    expect(credit).toHaveTextContent(/Anita Rao \(accounts\).*retailer\.credit.*retailer 7.*Verma Opticals/);
    expect(cart).toHaveTextContent(/Ravi Kumar \(salesexecutive\).*cart\.add.*Bengaluru Eye Care \(on behalf\)/);

    await user.click(within(credit!).getByRole('button', { name: 'Show' }));
    const changes = await screen.findByRole('table', { name: 'Before and after' });
    expect(within(changes).getByRole('row', { name: /creditHold/ })).toHaveTextContent(/creditHold.*false.*true/);
    expect(screen.getByText('From 10.0.0.4')).toBeInTheDocument();

    await user.click(within(cart!).getByRole('button', { name: 'Only Bengaluru Eye Care' }));
    await waitFor(() => expect(router.state.location.search).toBe('?retailer=9'));
    await waitFor(() => expect(sentTo(server, '/api/admin/audit', 'GET').at(-1)?.url.searchParams.get('retailerId')).toBe('9'));
    expect(await screen.findByText('Bengaluru Eye Care', { selector: 'strong' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Older' }));
    await waitFor(() => expect(sentTo(server, '/api/admin/audit', 'GET').at(-1)?.url.searchParams.get('cursor')).toBe('b2xkZXI'));
    expect(await screen.findByText('Nothing logged.')).toBeInTheDocument();
  });

  it('tells accounts staff it is for admin, and asks the server nothing', async () => {
    const server = fakeDeskServer(() => ({ data: page }), 'Accounts');
    renderApp('/admin/audit');
    expect(await screen.findByText('Only admin can see the audit log.', {}, { timeout: 15000 })).toBeInTheDocument();
    expect(sentTo(server, '/api/admin/audit', 'GET')).toEqual([]);
  });

  it('offers Retry when the log cannot be loaded', async () => {
    fakeDeskServer((url) => (url.pathname === '/api/admin/audit' ? { status: 500, message: 'Something went wrong' } : undefined));
    renderApp('/admin/audit?what=order.confirm');
    expect(await screen.findByRole('button', { name: /Retry/ }, { timeout: 15000 })).toBeInTheDocument();
  });
});
