import type { MyRetailers } from '@frameport/domain/contract/my-retailers';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userProfile } from '../../../testing/fixtures.ts';
import { jsonResponse, renderApp } from '../../../testing/render-app.tsx';
import { callsTo, fakeShellServer, signIn, stubBrowserApis } from '../../../testing/signed-in-fixtures.ts';

const counts = { Placed: 7, Confirmed: 1, 'On hold': 0, 'Partially dispatched': 0, Dispatched: 0, Delivered: 2, Cancelled: 0 };
const book: MyRetailers = {
  asOf: '2026-11-20',
  retailers: [
    { id: 3, businessName: 'Alpha Opticals', email: 'alpha@example.in', city: 'Hyderabad', status: 'Active', creditHold: false, creditLimit: 500_000, outstanding: 1300, overdue: 300, oldestOverdueDays: 20, available: 498_300, lastOrderAt: '2026-11-18T06:00:00.000Z' },
    { id: 5, businessName: 'Beta Eye Care', email: 'beta@example.in', city: 'Bengaluru', status: 'Active', creditHold: true, creditLimit: 5000, outstanding: 250.5, overdue: 250.5, oldestOverdueDays: 111, available: 4749.5, lastOrderAt: null },
    { id: 9, businessName: 'Closed Shop Opticals', email: 'closed@example.in', city: null, status: 'Blocked', creditHold: false, creditLimit: 0, outstanding: 0, overdue: 0, oldestOverdueDays: 0, available: 0, lastOrderAt: '2026-10-05T05:00:00.000Z' },
    { id: 11, businessName: 'Delta Vision', email: 'delta@example.in', city: 'Warangal', status: 'Active', creditHold: false, creditLimit: 100_000, outstanding: 0, overdue: 0, oldestOverdueDays: 0, available: 100_000, lastOrderAt: '2026-11-19T06:00:00.000Z' },
  ],
  orders: {
    counts,
    recent: [
      { id: 70, orderRefNo: 'FP/2026-27/000070', retailerId: 3, businessName: 'Alpha Opticals', placedAt: '2026-11-19T05:00:00.000Z', status: 'Placed', totalQuantity: 3, total: 600 },
      { id: 60, orderRefNo: 'FP/2026-27/000060', retailerId: 11, businessName: 'Delta Vision', placedAt: '2026-11-18T05:00:00.000Z', status: 'Confirmed', totalQuantity: 2, total: 400 },
      { id: 50, orderRefNo: 'FP/2026-27/000050', retailerId: 3, businessName: 'Alpha Opticals', placedAt: '2026-11-10T05:00:00.000Z', status: 'Delivered', totalQuantity: 9, total: 1234.5 },
    ],
  },
};

const salesExecutive = userProfile({ RoleName: 'Sales Executive', RoleID: 3, BusinessName: null, RetailerID: null });

function fakeServer(answer: MyRetailers | 'fail' = book, profile = salesExecutive) {
  const spy = fakeShellServer({ profile });
  const shell = spy.getMockImplementation()!;
  spy.mockImplementation(async (input, init) => {
    if (new URL(String(input), 'http://localhost').pathname === '/api/Account/myRetailers') {
      return answer === 'fail'
        ? jsonResponse({ Status: 1, Error: { Message: 'Something went wrong. Please try again.', StackTrace: null }, Data: null }, 500)
        : jsonResponse({ Status: 0, Error: null, Data: answer });
    }
    return shell(input, init);
  });
  return spy;
}

beforeEach(() => {
  stubBrowserApis();
  signIn();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const cards = () => within(screen.getByRole('list', { name: 'Retailers' })).getAllByRole('article');
const names = () => cards().map((card) => within(card).getByRole('heading', { level: 3 }).textContent);

describe('/my-retailers, a sales executive’s cockpit', () => {
  it('lists their retailers most overdue first with outstanding, overdue, credit available and last order; totals; orders by status', async () => {
    const user = userEvent.setup();
    const server = fakeServer();
    renderApp('/my-retailers');
    expect(await screen.findByRole('heading', { level: 1, name: 'My retailers' }, { timeout: 15000 })).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Retailers' });
    expect(names()).toEqual(['Alpha Opticals', 'Beta Eye Care', 'Closed Shop Opticals', 'Delta Vision']);
    const [alpha, beta, closed] = cards();
    expect(alpha).toHaveTextContent(/Outstanding₹1,300\.00.*Overdue₹300\.00 \(20 days\).*Credit available₹4,98,300\.00.*Last order18 Nov 2026/);
    expect(beta).toHaveTextContent(/Credit hold.*₹250\.50 \(111 days\).*Last orderNone yet/);
    expect(within(closed!).getByText('Blocked')).toBeInTheDocument();
    expect(within(closed!).queryByRole('button', { name: /Order/ })).not.toBeInTheDocument();
    expect(screen.getByText('Outstanding and overdue on 20 Nov 2026.')).toBeInTheDocument();
    expect(screen.getByText('₹1,550.50')).toBeInTheDocument();
    expect(screen.getByText('Overdue, 2 retailers')).toBeInTheDocument();

    const statuses = screen.getByRole('list', { name: 'Orders by status' });
    expect(within(statuses).getAllByRole('button').map((button) => button.textContent)).toEqual(['Placed: 7', 'Confirmed: 1', 'Delivered: 2']);
    expect(screen.getByText('The newest 1 of 7 Placed')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Placed orders' })).toHaveTextContent(/FP\/2026-27\/000070.*Alpha Opticals.*₹600\.00/);
    await user.click(within(statuses).getByRole('button', { name: 'Delivered: 2' }));
    expect(screen.getByRole('list', { name: 'Delivered orders' })).toHaveTextContent(/FP\/2026-27\/000050.*₹1,234\.50/);
    expect(callsTo(server, '/api/Account/myRetailers')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Propose a retailer' })).toHaveAttribute('href', '/propose-retailer');
  });

  it('searches and sorts, keeping both in the URL', async () => {
    const user = userEvent.setup();
    fakeServer();
    const { router } = renderApp('/my-retailers');
    await screen.findByRole('list', { name: 'Retailers' }, { timeout: 15000 });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'lastOrder');
    expect(names()).toEqual(['Beta Eye Care', 'Closed Shop Opticals', 'Alpha Opticals', 'Delta Vision']);
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'warangal');
    expect(names()).toEqual(['Delta Vision']);
    await waitFor(() => expect(router.state.location.search).toBe('?q=warangal&sort=lastOrder'));
    await user.clear(screen.getByRole('textbox', { name: 'Search' }));
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'nobody');
    expect(screen.getByRole('status')).toHaveTextContent('nobody');
  });

  it('acts for a retailer in one tap and opens their catalogue; Cart opens their purchase order', async () => {
    const user = userEvent.setup();
    fakeServer();
    const { router } = renderApp('/my-retailers');
    await screen.findByRole('list', { name: 'Retailers' }, { timeout: 15000 });
    await user.click(screen.getByRole('button', { name: 'Order for Beta Eye Care' }));
    // Acting for a retailer switches the session, then opens a lazy route: on a busy run that takes
    // as long as the finds above wait, not the default second.
    await waitFor(() => expect(router.state.location.pathname).toBe('/products'), { timeout: 15000 });
    expect(Object.values({ ...localStorage }).join(' ')).toContain('beta@example.in');
    expect(await screen.findByText(/Acting for/, {}, { timeout: 15000 })).toHaveTextContent('Beta Eye Care');
    // The router's location changes first; the screen follows in a transition, and until it does the
    // page left stays on screen. Going back before /products shows, the test would find a Cart button
    // on the old page that the new one then replaces (the click landing on a detached button).
    expect(await screen.findByRole('region', { name: 'Products' }, { timeout: 15000 })).toBeInTheDocument();

    await router.navigate('/my-retailers');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Products' })).not.toBeInTheDocument(), { timeout: 15000 });
    await user.click(await screen.findByRole('button', { name: 'Cart of Delta Vision' }, { timeout: 15000 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/purchase-order'), { timeout: 15000 });
    expect(Object.values({ ...localStorage }).join(' ')).toContain('delta@example.in');
  });

  it('offers Retry when the book cannot be loaded', async () => {
    fakeServer('fail');
    renderApp('/my-retailers');
    expect(await screen.findByText('Your retailers could not be loaded', {}, { timeout: 15000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('is not there for a retailer, and asks the server nothing', async () => {
    const server = fakeServer(book, userProfile());
    renderApp('/my-retailers');
    expect(await screen.findByText('This page is for sales executives.', {}, { timeout: 15000 })).toBeInTheDocument();
    expect(callsTo(server, '/api/Account/myRetailers')).toEqual([]);
  });
});
