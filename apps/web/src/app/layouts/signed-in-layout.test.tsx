import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSessionState, startSession } from '../../lib/session.ts';
import { userProfile } from '../../testing/fixtures.ts';
import { jsonResponse, renderApp } from '../../testing/render-app.tsx';
import type { UserProfile } from '@frameport/domain/contract';
import { stubBrowserApis } from '../../testing/signed-in-fixtures.ts';

beforeEach(stubBrowserApis);
afterEach(() => vi.unstubAllGlobals());

function signIn() {
  startSession({
    accessToken: 'token-abc',
    expiresAt: Date.now() + 60_000,
    userName: 'asha@vermaopticals.in',
    rememberMe: true,
  });
}

function fakeServer(profile: UserProfile | 'fail' = userProfile()) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    if (url.startsWith('/api/Account/getUserProfile')) {
      return profile === 'fail'
        ? jsonResponse({ Status: 1, Error: { Message: 'Something went wrong. Please try again.', StackTrace: null }, Data: null }, 500)
        : jsonResponse({ Status: 0, Error: null, Data: profile });
    }
    if (url === '/api/Account/logout') return jsonResponse({ Status: 0, Error: null, Data: { message: 'Logged out' } });
    return jsonResponse({ Status: 1, Error: { Message: 'Not found', StackTrace: null }, Data: null }, 404);
  });
}

describe('signed-in routes', () => {
  it('send a visitor without a session to /login, remembering the page', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const { router } = renderApp('/home?tab=limits');

    await screen.findByRole('heading', { level: 1, name: 'Partner login' });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?next=%2Fhome%3Ftab%3Dlimits');
    // Nothing of the signed-in app is asked for: only /login's own (public) banners.
    expect(fetchSpy.mock.calls.map(([input]) => String(input)).filter((url) => url !== '/api/Account/getLoginBanners')).toEqual([]);
  });

  it('send / to /homepage (spec section 2), signed out or in', async () => {
    const signedOut = renderApp('/');
    await waitFor(() => expect(signedOut.router.state.location.pathname).toBe('/homepage'));
    signedOut.unmount();

    fakeServer();
    signIn();
    const signedIn = renderApp('/');
    await waitFor(() => expect(signedIn.router.state.location.pathname).toBe('/homepage'));
  });

  it('show the profile with the ordering limits in rupees', async () => {
    fakeServer();
    signIn();
    renderApp('/home');

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Asha Verma' })).toBeInTheDocument();
    const limits = await screen.findByRole('region', { name: 'Your ordering limits' });
    expect(within(limits).getByText('20 pcs')).toBeInTheDocument();
    expect(within(limits).getByText('500 pcs')).toBeInTheDocument();
    expect(within(limits).getByText('₹2,50,000.00')).toBeInTheDocument();
    expect(screen.queryByText(/Switch User/)).not.toBeInTheDocument();
  });

  it('tell a sales executive about Switch User', async () => {
    fakeServer(userProfile({ RoleName: 'Sales Executive', BusinessName: null }));
    signIn();
    renderApp('/home');

    expect(await screen.findByText(/choose a retailer to act for there or from/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My retailers' })).toHaveAttribute('href', '/my-retailers');
    expect(screen.getByRole('link', { name: 'Switch User' })).toHaveAttribute('href', '/profile?switch-user=true');
  });

  it('offer Retry when the profile cannot be loaded', async () => {
    const fetchSpy = fakeServer('fail');
    signIn();
    const user = userEvent.setup();
    renderApp('/home');

    expect(await screen.findByText('Your account details could not be loaded')).toBeInTheDocument();
    fetchSpy.mockRestore();
    fakeServer();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Asha Verma' })).toBeInTheDocument();
  });

  it('ask for a failing profile only as often as the retry policy allows (no refetch loop)', async () => {
    const fetchSpy = fakeServer('fail');
    signIn();
    renderApp('/home');
    const profileCalls = () => fetchSpy.mock.calls.filter(([input]) => String(input).startsWith('/api/Account/getUserProfile')).length;

    expect(await screen.findByText('Your account details could not be loaded')).toBeInTheDocument();
    // Ordering stays open while the profile fails (the server knows the role): Buy again and the cart are there.
    expect(await screen.findByRole('region', { name: 'Buy again' })).toBeInTheDocument();
    const afterError = profileCalls();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    // The tests' query client does not retry: one request, and nothing more while the screen waits.
    // (A loop of observers enabled by the failure asked hundreds of times a second.)
    expect(profileCalls()).toBe(afterError);
    expect(afterError).toBe(1);
  });

  it('log out from the profile menu: session gone, cache emptied, back on /login', async () => {
    const fetchSpy = fakeServer();
    signIn();
    const user = userEvent.setup();
    const { router, queryClient } = renderApp('/home');
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Asha Verma' });

    await user.click(screen.getByRole('button', { name: 'Profile menu' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Verma Opticals')).toBeInTheDocument();
    expect(within(menu).getByText('Retailer')).toBeInTheDocument();
    await user.click(await within(menu).findByRole('menuitem', { name: 'Logout' }));

    await screen.findByRole('heading', { level: 1, name: 'Partner login' });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('');
    expect(getSessionState().session).toBeNull();
    expect(window.localStorage.getItem('frameport.session')).toBeNull();
    // Nothing of the signed-out user is kept: at most /login's own (public) banners are loaded anew.
    expect(queryClient.getQueryCache().getAll().filter((query) => query.queryKey[0] !== 'login-banners')).toEqual([]);
    await waitFor(() => {
      const logoutCall = fetchSpy.mock.calls.find(([url]) => url === '/api/Account/logout');
      expect(new Headers(logoutCall?.[1]?.headers).get('Authorization')).toBe('Bearer token-abc');
    });
  });

  it('go to /login with ?next= and explain why when the server ends the session (401)', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse({ Status: 1, Error: { Message: 'Your session has expired. Please sign in again.', StackTrace: null }, Data: null }, 401),
    );
    signIn();
    const { router } = renderApp('/home');

    expect(await screen.findByText('Your session has expired. Please sign in again.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?next=%2Fhome');
  });

  it('show "Page not found" for an unknown path', async () => {
    renderApp('/no-such-page');

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to home' })).toHaveAttribute('href', '/home');
  });
});
