import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getSessionState, startSession } from '../../../lib/session.ts';
import { tokenResponse, userProfile } from '../../../testing/fixtures.ts';
import { jsonResponse, renderApp } from '../../../testing/render-app.tsx';

/** Answers like the server: POST /token and GET /api/Account/getUserProfile. */
function fakeServer() {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/token') return jsonResponse(tokenResponse());
    if (url.startsWith('/api/Account/getUserProfile')) {
      return jsonResponse({ Status: 0, Error: null, Data: userProfile() });
    }
    return jsonResponse({ Status: 1, Error: { Message: 'Not found', StackTrace: null }, Data: null }, 404);
  });
}

async function fillAndSubmit(email: string, password: string, options: { rememberMe?: boolean } = {}) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  if (options.rememberMe) await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('login page', () => {
  it('flags both empty fields and sends nothing', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const user = userEvent.setup();
    renderApp('/login');

    await user.click(await screen.findByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Please enter Email')).toBeInTheDocument();
    expect(screen.getByText('Please enter password')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('flags a malformed email and sends nothing', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderApp('/login');

    await fillAndSubmit('asha@store', 'secret123');

    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(screen.queryByText('Please enter password')).not.toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('locks the fields while logging in, then shows the server error in a toast and unlocks them', async () => {
    let answer: (response: Response) => void = () => {};
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(
      () => new Promise<Response>((resolve) => (answer = resolve)),
    );
    renderApp('/login');

    await fillAndSubmit('  asha@vermaopticals.in ', 'wrong-password ');

    await waitFor(() => expect(screen.getByLabelText('Email')).toBeDisabled());
    expect(screen.getByLabelText('Password')).toBeDisabled();
    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect(url).toBe('/token');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(String(init?.body)))).toEqual({
      grant_type: 'password',
      username: 'asha@vermaopticals.in',
      password: 'wrong-password',
      remember_me: 'false',
    });

    answer(jsonResponse({ error: 'invalid_grant', error_description: 'The user name or password is incorrect.' }, 400));

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('The user name or password is incorrect.');
    await waitFor(() => expect(screen.getByLabelText('Email')).toBeEnabled());
    expect(screen.getByLabelText('Password')).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
    expect(getSessionState().session).toBeNull();
  });

  it('shows a network failure apart from a server error', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    renderApp('/login');

    await fillAndSubmit('asha@vermaopticals.in', 'secret123');

    expect(await screen.findByRole('alert')).toHaveTextContent(/Unable to reach the server/);
    await waitFor(() => expect(screen.getByLabelText('Email')).toBeEnabled());
  });

  it('stores the token and goes to /home', async () => {
    fakeServer();
    const { router } = renderApp('/login');

    await fillAndSubmit('asha@vermaopticals.in', 'secret123');

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Asha Verma' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
    expect(getSessionState().session).toMatchObject({ accessToken: 'token-abc', rememberMe: false });
    // localStorage, so product pages opened in new tabs share the session.
    expect(window.localStorage.getItem('frameport.session')).toContain('token-abc');
    expect(window.sessionStorage.getItem('frameport.session')).toBeNull();
  });

  it('asks for a 30-day token with Remember me', async () => {
    const fetchMock = fakeServer();
    renderApp('/login');

    await fillAndSubmit('asha@vermaopticals.in', 'secret123', { rememberMe: true });

    await screen.findByRole('heading', { level: 1, name: 'Welcome, Asha Verma' });
    const tokenCall = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/token'));
    expect(String(tokenCall?.[1]?.body)).toContain('remember_me=true');
    expect(getSessionState().session).toMatchObject({ rememberMe: true });
    expect(window.localStorage.getItem('frameport.session')).toContain('token-abc');
  });

  it('returns to the ?next= page after logging in', async () => {
    fakeServer();
    const { router } = renderApp('/login?next=%2Fhome%3Ftab%3Dlimits');

    await fillAndSubmit('asha@vermaopticals.in', 'secret123');

    await screen.findByRole('heading', { level: 1, name: 'Welcome, Asha Verma' });
    expect(router.state.location.pathname).toBe('/home');
    expect(router.state.location.search).toBe('?tab=limits');
  });

  it('sends a signed-in visitor to /home', async () => {
    fakeServer();
    startSession({ accessToken: 'token-abc', expiresAt: Date.now() + 60_000, userName: 'asha@vermaopticals.in', rememberMe: false });
    const { router } = renderApp('/login');

    await screen.findByRole('heading', { level: 1, name: 'Welcome, Asha Verma' });
    expect(router.state.location.pathname).toBe('/home');
  });
});
