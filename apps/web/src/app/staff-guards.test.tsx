import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAdminServer, staffProfile } from '../testing/admin-fixtures.ts';
import { userProfile } from '../testing/fixtures.ts';
import { renderApp } from '../testing/render-app.tsx';
import { fakeShellServer, signIn, stubBrowserApis } from '../testing/signed-in-fixtures.ts';

beforeEach(stubBrowserApis);
afterEach(() => vi.unstubAllGlobals());

describe('/admin is for staff only', () => {
  // First: a sign-out in an earlier test would make the guard forget the page (a logout lands on bare /login).
  it('sends a visitor without a session to /login with ?next=', async () => {
    fakeAdminServer();
    const { router } = renderApp('/admin/orders?status=Placed');
    await screen.findByRole('heading', { level: 1, name: 'Partner login' }, { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/admin/orders?status=Placed');
  });

  it('shows a retailer the not-found page, and calls nothing of the back office', async () => {
    const fetchSpy = fakeShellServer({ profile: userProfile() });
    signIn();
    const { router } = renderApp('/admin/orders');

    expect(await screen.findByText('404', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/orders');
    expect(screen.queryByText('Frameport back office')).not.toBeInTheDocument();
    const paths = fetchSpy.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname);
    expect(paths.some((path) => path.startsWith('/api/admin'))).toBe(false);
  });

  it('shows a sales executive the not-found page too', async () => {
    fakeShellServer({ profile: userProfile({ RoleName: 'Sales Executive', RoleID: 3, RetailerID: null }) });
    signIn();
    renderApp('/admin');
    expect(await screen.findByText('404', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Orders' })).not.toBeInTheDocument();
  });

  it('shows a loader while the profile loads, then the back office to a warehouse user (/admin opens the dashboard)', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const server = fakeAdminServer({ profile: staffProfile('Warehouse') });
    const answer = server.getMockImplementation()!;
    server.mockImplementation(async (input, init) => {
      if (String(input).includes('getUserProfile')) await gate;
      return answer(input, init);
    });
    signIn();
    const { router } = renderApp('/admin');

    // The lazy screens' own loader may come and go first; the guard's stays while the profile is held.
    await waitFor(() => expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument());
    expect(screen.queryByText('Frameport back office')).not.toBeInTheDocument();
    release();
    expect(await screen.findByText('Frameport back office', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
    expect(screen.getByText('Warehouse User')).toBeInTheDocument();
    expect(screen.getByText('Warehouse')).toBeInTheDocument();
    // Only admins get the way back to the ordering app.
    expect(screen.queryByRole('link', { name: 'Ordering app' })).not.toBeInTheDocument();
  });

  it('gives an admin the link to the ordering app', async () => {
    fakeAdminServer({ profile: staffProfile('Admin') });
    signIn();
    renderApp('/admin/orders');
    expect(await screen.findByRole('link', { name: 'Ordering app' }, { timeout: 5000 })).toHaveAttribute('href', '/home');
  });

  it('folds the nav into a menu button that lists the role\'s links, marks the page, and closes on a tap or Escape', async () => {
    fakeAdminServer({ profile: staffProfile('Accounts') });
    signIn();
    const { router } = renderApp('/admin/orders');
    const burger = await screen.findByRole('button', { name: 'Menu' }, { timeout: 5000 });
    expect(burger).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(burger);
    const dialog = await screen.findByRole('dialog', { name: 'Frameport back office' });
    expect(burger).toHaveAttribute('aria-expanded', 'true');
    const menu = within(dialog).getByRole('navigation', { name: 'Back office' });
    // The same links the desktop bar gives accounts: no Catalogue, Staff or Ordering app.
    expect(within(menu).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Dashboard',
      'Orders',
      'Retailers',
      'Receivables',
      'Sales',
      'GST summary',
    ]);
    expect(within(menu).getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
    expect(within(menu).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');

    await userEvent.click(within(menu).getByRole('link', { name: 'Receivables' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/receivables'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(burger).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(burger);
    await screen.findByRole('dialog', { name: 'Frameport back office' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(burger).toHaveFocus());
  });

});

describe('landing after sign-in', () => {
  it('takes staff from /login to the back office', async () => {
    fakeAdminServer({ profile: staffProfile('Accounts') });
    signIn();
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'), { timeout: 5000 });
  });

  it('takes staff to a ?next= inside /admin as it is', async () => {
    fakeAdminServer({ profile: staffProfile('Accounts') });
    signIn();
    const { router } = renderApp('/login?next=%2Fadmin%2Fretailers%2F3%2Fcredit');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/retailers/3/credit'), { timeout: 5000 });
  });

  it('takes a retailer to /home and keeps it there', async () => {
    fakeShellServer({ profile: userProfile() });
    signIn();
    const { router } = renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Asha Verma' }, { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/home');
  });

  it('leaves an admin who opens the ordering app on /home', async () => {
    fakeAdminServer({ profile: staffProfile('Admin') });
    signIn();
    const { router } = renderApp('/home');
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Admin User' }, { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/home');
  });
});
