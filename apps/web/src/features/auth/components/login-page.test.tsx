import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSessionState, startSession } from '../../../lib/session.ts';
import { tokenResponse, userProfile } from '../../../testing/fixtures.ts';
import { jsonResponse, renderApp } from '../../../testing/render-app.tsx';
import { banner, stubBrowserApis } from '../../../testing/signed-in-fixtures.ts';
import { bodiesSentTo, fakeAccountServer } from '../../../testing/account-fixtures.ts';

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

/** The calls to POST /token (a phone's /login also loads its banners). */
function tokenCalls(fetchSpy: { mock: { calls: [input: string | URL | Request, init?: RequestInit][] } }) {
  return fetchSpy.mock.calls.filter(([input]) => String(input) === '/token');
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
    expect(tokenCalls(fetchSpy)).toHaveLength(0);
  });

  it('flags a malformed email and sends nothing', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderApp('/login');

    await fillAndSubmit('asha@store', 'secret123');

    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(screen.queryByText('Please enter password')).not.toBeInTheDocument();
    expect(tokenCalls(fetchSpy)).toHaveLength(0);
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
    const [url, init] = tokenCalls(fetchSpy)[0] ?? [];
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

  it.each([
    [401, new Response('', { status: 401 }), 'Unauthorized'],
    [400, jsonResponse({ error: 'invalid_request' }, 400), 'BadRequest'],
    [400, jsonResponse({ error: 'invalid_grant', error_description: '  ' }, 400), 'BadRequest'],
    [503, new Response('<html>busy</html>', { status: 503 }), 'An unexpected server error occurred.'],
  ])('without an error_description, a %i from the token call says the spec’s text', async (_status, response, text) => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(response);
    renderApp('/login');

    await fillAndSubmit('asha@vermaopticals.in', 'secret123');

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent(text);
    await waitFor(() => expect(screen.getByLabelText('Email')).toBeEnabled());
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

describe('login page, forgot-password mode', () => {
  async function openForgotMode(typedEmail = '') {
    const user = userEvent.setup();
    if (typedEmail !== '') await user.type(await screen.findByLabelText('Email'), typedEmail);
    await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    await screen.findByRole('heading', { level: 1, name: 'Forgot password' });
    return user;
  }

  it('keeps the email box and shows the spec’s messages one at a time, sending nothing', async () => {
    const fetchSpy = fakeAccountServer();
    renderApp('/login');
    const user = await openForgotMode('a');

    const email = screen.getByLabelText('Email');
    expect(email).toHaveValue('a');
    expect(email).toHaveFocus();
    const send = screen.getByRole('button', { name: 'Send reset link' });

    await user.click(send);
    expect(await screen.findByText('please provide email id')).toBeInTheDocument();

    await user.clear(email);
    await user.click(send);
    expect(await screen.findByText('Please provide your email ID')).toBeInTheDocument();

    await user.type(email, 'asha@store');
    await user.click(send);
    expect(await screen.findByText('Please provide valid email address')).toBeInTheDocument();
    expect(screen.queryByText('Please provide your email ID')).not.toBeInTheDocument();
    expect(bodiesSentTo(fetchSpy, '/api/Account/forgotPassword')).toEqual([]);
  });

  it('sends the trimmed email without a token, says the instructions were sent, and Back to Login returns', async () => {
    const fetchSpy = fakeAccountServer();
    renderApp('/login');
    const user = await openForgotMode();

    await user.type(screen.getByLabelText('Email'), '  asha@vermaopticals.in ');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByText('Password reset instructions sent to email.')).toBeInTheDocument();
    expect(bodiesSentTo(fetchSpy, '/api/Account/forgotPassword')).toEqual([{ email: 'asha@vermaopticals.in' }]);
    const call = fetchSpy.mock.calls.find(([input]) => String(input) === '/api/Account/forgotPassword');
    expect(new Headers(call?.[1]?.headers).has('Authorization')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Back to Login' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Partner login' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('asha@vermaopticals.in');
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });
});

describe('login page, banners', () => {
  // setup.ts's matchMedia is a plain vi.fn, which restoreMocks leaves as a test set it.
  const phoneMatchMedia = vi.mocked(window.matchMedia).getMockImplementation();
  afterEach(() => {
    if (phoneMatchMedia) vi.mocked(window.matchMedia).mockImplementation(phoneMatchMedia);
    vi.unstubAllGlobals();
  });

  /** Pretends the viewport is at least `minWidthEm` wide. */
  function viewportFrom(minWidthEm: number) {
    vi.mocked(window.matchMedia).mockImplementation((query: string) => {
      const min = /min-width:\s*([\d.]+)em/.exec(query);
      return {
        matches: min !== null && Number(min[1]) <= minWidthEm,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      };
    });
  }

  it('shows the login banners beside the form on a tablet or desktop', async () => {
    stubBrowserApis();
    viewportFrom(64);
    const fetchSpy = fakeAccountServer({
      loginBanners: [
        banner({ BannerId: 7, BannerTitle: 'Welcome to Frameport', IsHomeBanner: false, IsLoginBanner: true }),
        banner({ BannerId: 8, BannerTitle: 'Festive frames are here', IsHomeBanner: false, IsLoginBanner: true }),
      ],
    });
    renderApp('/login');

    const carousel = await screen.findByRole('region', { name: 'Banners' });
    expect(carousel).toBeInTheDocument();
    // In the colour panel only, not below the form as well.
    expect(screen.getAllByRole('region', { name: 'Banners' })).toHaveLength(1);
    expect(screen.getByRole('img', { name: 'Welcome to Frameport' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Festive frames are here' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pause banners' })).toBeInTheDocument();
    const call = fetchSpy.mock.calls.find(([input]) => String(input) === '/api/Account/getLoginBanners');
    expect(new Headers(call?.[1]?.headers).has('Authorization')).toBe(false);
  });

  it('shows them below the form on a phone, where the form comes first, loading them once', async () => {
    stubBrowserApis();
    const fetchSpy = fakeAccountServer({
      loginBanners: [
        banner({ BannerId: 7, BannerTitle: 'Welcome to Frameport', IsHomeBanner: false, IsLoginBanner: true }),
        banner({ BannerId: 8, BannerTitle: 'Festive frames are here', IsHomeBanner: false, IsLoginBanner: true }),
      ],
    });
    renderApp('/login');

    const form = await screen.findByRole('form', { name: 'Log in' });
    const carousels = await screen.findAllByRole('region', { name: 'Banners' });
    expect(carousels).toHaveLength(1);
    // After the form in the page's order: the form stays at the top of a phone's screen.
    expect(form.compareDocumentPosition(carousels[0]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Welcome to Frameport' })).toBeInTheDocument();
    expect(fetchSpy.mock.calls.filter(([input]) => String(input).includes('getLoginBanners'))).toHaveLength(1);
  });
});
