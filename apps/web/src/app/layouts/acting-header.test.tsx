import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BLR, fakeActingServer, requestsTo, signInAsSales } from '../../testing/acting-fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { fakeShellServer, signIn, stubBrowserApis } from '../../testing/signed-in-fixtures.ts';

beforeEach(stubBrowserApis);
afterEach(() => vi.unstubAllGlobals());

const header = () => screen.getByRole('banner');

async function openHomeAsSales() {
  renderApp('/home');
  // The first render loads the route's chunk: slow on a busy machine.
  await screen.findByRole('heading', { level: 1, name: 'Welcome, Suresh Naidu' }, { timeout: 5000 });
  // The new arrivals are on screen: the cards have rendered with or without their order entry.
  await screen.findByRole('link', { name: /Vistara Aviator Classic/ });
}

async function profileMenuItems() {
  const user = userEvent.setup();
  await user.click(within(header()).getByRole('button', { name: 'Profile menu' }));
  const menu = await screen.findByRole('menu');
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) => [item.textContent, item.getAttribute('href')]);
}

describe('a sales executive who has not chosen a retailer', () => {
  it('sees no cart, express checkout or Add to order, and Switch User instead of My Orders', async () => {
    const fetchSpy = fakeActingServer();
    signInAsSales();
    await openHomeAsSales();

    expect(within(header()).queryByRole('link', { name: 'Purchase order' })).not.toBeInTheDocument();
    expect(within(header()).queryByRole('link', { name: 'Express checkout' })).not.toBeInTheDocument();
    expect(within(header()).queryByText(/Acting for/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add to order/ })).not.toBeInTheDocument();
    expect(requestsTo(fetchSpy, '/api/Product/getCartItemsCount')).toEqual([]);

    expect(await profileMenuItems()).toEqual([
      ['My Profile', '/profile'],
      ['My retailers', '/my-retailers'],
      ['Switch User', '/profile?switch-user=true'],
      ['Propose a retailer', '/propose-retailer'],
      ['Change Password', '/profile?change-password=true'],
      ['Logout', null],
    ]);
  });

  it('is asked to choose a retailer on the purchase order, and no cart is read', async () => {
    const fetchSpy = fakeActingServer();
    signInAsSales();
    renderApp('/purchase-order');

    const prompt = await screen.findByText('Choose a retailer to order for');
    expect(within(prompt.closest('[role="alert"]') as HTMLElement).getByRole('link', { name: 'Switch User' })).toHaveAttribute(
      'href',
      '/profile?switch-user=true',
    );
    expect(requestsTo(fetchSpy, '/api/Product/getCartItems')).toEqual([]);
  });

  it('is asked to choose a retailer on express checkout', async () => {
    fakeActingServer();
    signInAsSales();
    renderApp('/express-checkout');

    expect(await screen.findByText('Choose a retailer to order for')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add to order/ })).not.toBeInTheDocument();
  });

  it('keeps the phone menu to browsing and the profile entries', async () => {
    fakeActingServer();
    signInAsSales();
    const user = userEvent.setup();
    await openHomeAsSales();

    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    const menu = within(await screen.findByRole('navigation', { name: 'Menu' }));
    expect(menu.queryByRole('link', { name: 'Purchase order' })).not.toBeInTheDocument();
    expect(menu.queryByRole('link', { name: 'My Orders' })).not.toBeInTheDocument();
    expect(menu.getByRole('link', { name: 'Switch User' })).toHaveAttribute('href', '/profile?switch-user=true');
  });
});

describe('a sales executive acting for a retailer', () => {
  it('sees who they act for, and the cart, prices and Add to order are that retailer’s', async () => {
    const fetchSpy = fakeActingServer();
    signInAsSales(BLR);
    const user = userEvent.setup();
    await openHomeAsSales();

    const strip = within(header()).getByText(/Acting for/);
    expect(strip).toHaveTextContent('Acting for Bengaluru Vision Hub');
    expect(within(header()).getByRole('link', { name: 'Switch' })).toHaveAttribute('href', '/profile?switch-user=true');
    expect(within(header()).getByRole('link', { name: 'Purchase order' })).toBeInTheDocument();
    expect(await within(header()).findByTestId('cart-count')).toHaveTextContent('2');

    const counts = requestsTo(fetchSpy, '/api/Product/getCartItemsCount');
    expect(counts.length).toBeGreaterThan(0);
    expect(counts.every(({ url }) => url.searchParams.get('email') === BLR.email)).toBe(true);
    const searches = requestsTo(fetchSpy, '/api/Product/getAll');
    expect(searches.map(({ url }) => url.searchParams.get('email'))).toContain(BLR.email);

    await user.type(await screen.findByRole('textbox', { name: 'Quantity of Vistara Aviator Classic, Black (C1)' }), '2');
    await user.click(screen.getByRole('button', { name: 'Add to order (2)' }));
    await waitFor(() => expect(requestsTo(fetchSpy, '/api/Product/addItemsToCart')).toHaveLength(1));
    expect(requestsTo(fetchSpy, '/api/Product/addItemsToCart')[0]?.body).toEqual({
      Products: [{ ProductId: 1, ColorVariant: 'C1', Quantity: 2 }],
      Email: BLR.email,
    });

    expect(await profileMenuItems()).toEqual([
      ['My Profile', '/profile'],
      ['My Orders', '/profile?order=true'],
      ['My retailers', '/my-retailers'],
      ['Switch User', '/profile?switch-user=true'],
      ['Propose a retailer', '/propose-retailer'],
      ['Change Password', '/profile?change-password=true'],
      ['My Invoices', '/profile?my-invoices=true'],
      ['Logout', null],
    ]);
  });

  it('names the retailer in the phone menu too', async () => {
    fakeActingServer();
    signInAsSales(BLR);
    const user = userEvent.setup();
    await openHomeAsSales();

    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    const menu = within(await screen.findByRole('navigation', { name: 'Menu' }));
    expect(menu.getByText(/Acting for/)).toHaveTextContent('Acting for Bengaluru Vision Hub');
    expect(menu.getByRole('link', { name: 'Purchase order' })).toBeInTheDocument();
  });
});

describe('a retailer', () => {
  it('orders for itself: no Switch User, no acting strip', async () => {
    fakeShellServer();
    signIn();
    renderApp('/home');
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Asha Verma' });

    expect(await within(header()).findByRole('link', { name: 'Purchase order' })).toBeInTheDocument();
    expect(within(header()).queryByText(/Acting for/)).not.toBeInTheDocument();
    expect(await profileMenuItems()).toEqual([
      ['My Profile', '/profile'],
      ['My Orders', '/profile?order=true'],
      ['Change Password', '/profile?change-password=true'],
      ['My Invoices', '/profile?my-invoices=true'],
      ['Logout', null],
    ]);
  });
});
