import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  RESET_DONE_MESSAGE,
  VALID_RESET_TOKEN,
  WELCOME_TOKEN,
  bodiesSentTo,
  fakeAccountServer,
} from '../../testing/account-fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';

const RULES = ['At least 8 characters', 'At least 1 number', 'At least 1 special character (! @ # $ % ^ & *)'];

/** Each rule of the checklist with whether it is ticked. */
function checklist(): Record<string, boolean> {
  const list = screen.getByText('Password must have').parentElement!;
  return Object.fromEntries(
    within(list)
      .getAllByRole('listitem')
      .map((item) => [RULES.find((rule) => item.textContent?.startsWith(rule)) ?? item.textContent, item.dataset.met === 'true']),
  );
}

async function openValidLink() {
  const user = userEvent.setup();
  const view = renderApp(`/resetpassword?token=${VALID_RESET_TOKEN}`);
  await screen.findByRole('form', { name: 'Reset password' });
  return { user, ...view };
}

describe('/resetpassword', () => {
  it('says the link is invalid when it has no token, without asking the server', async () => {
    const fetchSpy = fakeAccountServer();
    renderApp('/resetpassword');

    expect(await screen.findByText('Invalid link. Please request a link by clicking on forgot password!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('checks the token without a bearer token and says so when it is not valid', async () => {
    const fetchSpy = fakeAccountServer();
    renderApp('/resetpassword?token=used-token');

    expect(
      await screen.findByText('Invalid token. Please request a new link by clicking on forgot password again!'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(bodiesSentTo(fetchSpy, '/api/Account/validateToken')).toEqual([{ Token: 'used-token' }]);
    const call = fetchSpy.mock.calls.find(([input]) => String(input) === '/api/Account/validateToken');
    expect(new Headers(call?.[1]?.headers).has('Authorization')).toBe(false);
  });

  it('says "Set your password" for a new retailer’s welcome link, and sets it through the same reset call', async () => {
    const fetchSpy = fakeAccountServer();
    const user = userEvent.setup();
    renderApp(`/resetpassword?token=${WELCOME_TOKEN}`);
    const form = await screen.findByRole('form', { name: 'Set your password' });
    expect(screen.getByRole('heading', { level: 1, name: 'Set your password' })).toBeInTheDocument();
    expect(screen.getByText(/Welcome to Frameport\. Choose a password for your account/)).toBeInTheDocument();
    await user.type(within(form).getByLabelText('New password'), 'Welcome@2026');
    await user.type(within(form).getByLabelText('Repeat password'), 'Welcome@2026');
    await user.click(within(form).getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText(RESET_DONE_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in with your password' })).toHaveAttribute('href', '/login');
    expect(bodiesSentTo(fetchSpy, '/api/Account/resetPassword')).toEqual([{ token: WELCOME_TOKEN, newPassword: 'Welcome@2026' }]);
  });

  it('has no signed-in layout and CANCEL goes back to /login', async () => {
    fakeAccountServer();
    const { user, router } = await openValidLink();

    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Profile menu' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'CANCEL' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('ticks the password rules while typing and flags a weak password and a mismatch, sending nothing', async () => {
    const fetchSpy = fakeAccountServer();
    const { user } = await openValidLink();

    expect(checklist()).toEqual({ [RULES[0]!]: false, [RULES[1]!]: false, [RULES[2]!]: false });
    await user.type(screen.getByLabelText('New password'), 'abc1');
    expect(checklist()).toEqual({ [RULES[0]!]: false, [RULES[1]!]: true, [RULES[2]!]: false });

    await user.type(screen.getByLabelText('Repeat password'), 'abc1');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(
      await screen.findByText('Password must have: At least 8 characters, At least 1 special character (! @ # $ % ^ & *)'),
    ).toBeInTheDocument();

    await user.type(screen.getByLabelText('New password'), 'defg@');
    expect(checklist()).toEqual({ [RULES[0]!]: true, [RULES[1]!]: true, [RULES[2]!]: true });
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('New Passwords do not match')).toBeInTheDocument();
    expect(bodiesSentTo(fetchSpy, '/api/Account/resetPassword')).toEqual([]);
  });

  it('resets the password and links to the login page', async () => {
    const fetchSpy = fakeAccountServer({ reset: 'ok' });
    const { user } = await openValidLink();

    await user.type(screen.getByLabelText('New password'), 'Fresh@2026');
    await user.type(screen.getByLabelText('Repeat password'), 'Fresh@2026');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByText(RESET_DONE_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in with your new password' })).toHaveAttribute('href', '/login');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(bodiesSentTo(fetchSpy, '/api/Account/resetPassword')).toEqual([{ token: VALID_RESET_TOKEN, newPassword: 'Fresh@2026' }]);
  });

  it('shows the invalid-token message when the link was used meanwhile', async () => {
    fakeAccountServer({ reset: 'invalid-token' });
    const { user } = await openValidLink();

    await user.type(screen.getByLabelText('New password'), 'Fresh@2026');
    await user.type(screen.getByLabelText('Repeat password'), 'Fresh@2026');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(
      await screen.findByText('Invalid token. Please request a new link by clicking on forgot password again!'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('says the reset failed on any other failure and keeps the form', async () => {
    fakeAccountServer({ reset: 'fail' });
    const { user } = await openValidLink();

    await user.type(screen.getByLabelText('New password'), 'Fresh@2026');
    await user.type(screen.getByLabelText('Repeat password'), 'Fresh@2026');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByText('Reset password failed!')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Reset Password' })).toBeEnabled();
  });
});
