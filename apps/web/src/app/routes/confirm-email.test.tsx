import { emailChangeMessages } from '@frameport/domain/messages/email-change';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bodiesSentTo, fakeAccountServer, NEW_EMAIL, VALID_EMAIL_TOKEN } from '../../testing/account-fixtures.ts';
import { endSession, getSessionState } from '../../lib/session.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { signIn, stubBrowserApis } from '../../testing/signed-in-fixtures.ts';

beforeEach(() => {
  stubBrowserApis();
});
afterEach(() => {
  endSession('logout');
  vi.unstubAllGlobals();
});

describe('/confirm-email', () => {
  it('confirms once as it opens; signed out, it says the email changed and leads to /login', async () => {
    const fetchSpy = fakeAccountServer({ confirmEmail: 'signed-out' });
    renderApp(`/confirm-email?token=${VALID_EMAIL_TOKEN}`);

    // The first render of the file loads the route's chunk: slow on a busy machine.
    expect(await screen.findByText(emailChangeMessages.confirmed(NEW_EMAIL), {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Confirm your new email' })).toBeInTheDocument();
    expect(screen.getByText(/Log in with your new email/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(bodiesSentTo(fetchSpy, '/api/Account/confirmEmailChange')).toEqual([{ token: VALID_EMAIL_TOKEN }]);
    await waitFor(() => expect(document.title).toBe('Confirm your new email · Frameport'));
  });

  it('signed in to the same account, the session stays and now carries the new email', async () => {
    const fetchSpy = fakeAccountServer({ confirmEmail: 'kept' });
    signIn();
    renderApp(`/confirm-email?token=${VALID_EMAIL_TOKEN}`);

    expect(await screen.findByText(emailChangeMessages.confirmed(NEW_EMAIL))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to My Profile' })).toHaveAttribute('href', '/profile');
    expect(getSessionState().session).toMatchObject({ accessToken: 'token-abc', userName: NEW_EMAIL });
    // Sent with the session, so the server can tell it is the same account's.
    const call = fetchSpy.mock.calls.find(([input]) => String(input) === '/api/Account/confirmEmailChange');
    expect(new Headers(call?.[1]?.headers).get('Authorization')).toBe('Bearer token-abc');
  });

  it.each([
    ['expired', { confirmEmail: 'expired' as const }, VALID_EMAIL_TOKEN, emailChangeMessages.linkExpired],
    ['not valid', {}, 'some-other-token', emailChangeMessages.linkInvalid],
  ])('says clearly when the link is %s', async (_label, data, token, message) => {
    fakeAccountServer(data);
    renderApp(`/confirm-email?token=${token}`);

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
  });

  it('without a token it asks nothing of the server', async () => {
    const fetchSpy = fakeAccountServer();
    renderApp('/confirm-email');

    expect(await screen.findByText(emailChangeMessages.linkMissing)).toBeInTheDocument();
    expect(bodiesSentTo(fetchSpy, '/api/Account/confirmEmailChange')).toEqual([]);
  });

  it('offers Try again when no answer came', async () => {
    const fetchSpy = fakeAccountServer({ confirmEmail: 'network' });
    const user = userEvent.setup();
    renderApp(`/confirm-email?token=${VALID_EMAIL_TOKEN}`);

    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(bodiesSentTo(fetchSpy, '/api/Account/confirmEmailChange')).toHaveLength(2));
  });
});
