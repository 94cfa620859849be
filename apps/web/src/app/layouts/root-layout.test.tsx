import { messages } from '@frameport/domain/messages';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endSession } from '../../lib/session.ts';
import { jsonResponse, renderApp } from '../../testing/render-app.tsx';
import { fakeShellServer, signIn, stubBrowserApis } from '../../testing/signed-in-fixtures.ts';

const SETTINGS = '/api/payments/settings';

/** The shell's fake server, with the payment settings answered as given. */
function withSettings(sandbox: boolean | 'fail') {
  const shell = fakeShellServer();
  const answer = shell.getMockImplementation()!;
  shell.mockImplementation(async (input, init) => {
    if (String(input) !== SETTINGS) return answer(input, init);
    return sandbox === 'fail'
      ? jsonResponse({ Status: 1, Error: { Message: 'Something went wrong. Please try again.', StackTrace: null }, Data: null }, 500)
      : jsonResponse({ Status: 0, Error: null, Data: { sandbox } });
  });
  return shell;
}

beforeEach(stubBrowserApis);
afterEach(() => {
  endSession('logout');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the payment sandbox notice', () => {
  it('is on a public page while the server runs the sandbox', async () => {
    withSettings(true);
    renderApp('/login', { paymentSettings: 'server' });

    // The first render loads the route's chunk: slow on a busy machine.
    await screen.findByRole('heading', { level: 1, name: 'Partner login' }, { timeout: 5000 });
    const notice = await screen.findByRole('complementary', { name: 'Payment sandbox' });
    expect(notice).toHaveTextContent(messages.payment.sandboxNotice);
    expect(messages.payment.sandboxNotice).toBe('Sandbox payments — no money moves');
  });

  it('is on a signed-in page too, read without the session (a 401 there signs nobody out)', async () => {
    const fetchSpy = withSettings(true);
    signIn();
    renderApp('/home', { paymentSettings: 'server' });

    await screen.findByRole('heading', { level: 1, name: 'Welcome, Asha Verma' }, { timeout: 5000 });
    expect(await screen.findByRole('complementary', { name: 'Payment sandbox' })).toHaveTextContent(messages.payment.sandboxNotice);
    const call = fetchSpy.mock.calls.find(([input]) => String(input) === SETTINGS);
    expect(new Headers(call?.[1]?.headers).has('Authorization')).toBe(false);
  });

  it('is not there with a real provider, nor when the settings cannot be read', async () => {
    for (const sandbox of [false, 'fail'] as const) {
      const fetchSpy = withSettings(sandbox);
      const view = renderApp('/login', { paymentSettings: 'server' });
      await screen.findByRole('heading', { level: 1, name: 'Partner login' }, { timeout: 5000 });
      await waitFor(() => expect(fetchSpy.mock.calls.some(([input]) => String(input) === SETTINGS)).toBe(true));
      await waitFor(() => expect(view.queryClient.isFetching()).toBe(0));
      expect(screen.queryByRole('complementary', { name: 'Payment sandbox' })).not.toBeInTheDocument();
      expect(screen.queryByText(messages.payment.sandboxNotice)).not.toBeInTheDocument();
      view.unmount();
      vi.restoreAllMocks();
    }
  });
});
