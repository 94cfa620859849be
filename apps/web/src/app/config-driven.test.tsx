import type { ConfigEntry } from '@frameport/domain/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readConfigCookie } from '../lib/app-config.ts';
import { fakeCatalogueServer } from '../testing/catalogue-fixtures.ts';
import { jsonResponse, renderApp } from '../testing/render-app.tsx';
import { fakeShellServer, signIn, stubBrowserApis } from '../testing/signed-in-fixtures.ts';

/**
 * getConfig drives the screens (issue 16 item 15): the catalogue's page size and the profile
 * menu's link to the lens product's login, read once and kept in the `config` cookie.
 */

const LENS_URL = 'https://lens.frameport.test/login';

/** Adds GET /api/Product/getConfig to a fake server made by one of the fixtures. */
function withConfig(fetchSpy: ReturnType<typeof fakeShellServer>, entries: ConfigEntry[]) {
  const others = fetchSpy.getMockImplementation()!;
  fetchSpy.mockImplementation(async (input, init) =>
    new URL(String(input), 'http://localhost').pathname === '/api/Product/getConfig'
      ? jsonResponse({ Status: 0, Error: null, Data: entries })
      : others(input, init),
  );
  return fetchSpy;
}

function getAllCalls(fetchSpy: ReturnType<typeof fakeShellServer>) {
  return fetchSpy.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/Product/getAll');
}

beforeEach(stubBrowserApis);
afterEach(() => vi.unstubAllGlobals());

describe('the catalogue’s page size comes from getConfig', () => {
  it('asks for and counts pages of CatalogPageSize products', async () => {
    const fetchSpy = withConfig(fakeCatalogueServer({ count: 45 }), [{ ConfigKey: 'CatalogPageSize', ConfigValue: '20' }]);
    signIn();
    renderApp('/products');

    // 45 products at 20 a page: 3 pages, where the built-in 14 would make 4.
    expect(await screen.findByRole('button', { name: 'Page 3' }, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Page 4' })).not.toBeInTheDocument();
    const calls = getAllCalls(fetchSpy);
    expect(calls[calls.length - 1]?.searchParams.get('pageSize')).toBe('20');
    expect(readConfigCookie()).toEqual([{ ConfigKey: 'CatalogPageSize', ConfigValue: '20' }]);
  });

  it('keeps the built-in 14 when getConfig fails', async () => {
    const fetchSpy = fakeCatalogueServer({ count: 45 });
    signIn();
    renderApp('/products');

    expect(await screen.findByRole('button', { name: 'Page 4' }, { timeout: 3000 })).toBeInTheDocument();
    await waitFor(() => expect(getAllCalls(fetchSpy).every((url) => url.searchParams.get('pageSize') === '14')).toBe(true));
    expect(readConfigCookie()).toBeNull();
  });
});

describe('the profile menu’s lens login', () => {
  async function openProfileMenu() {
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Asha Verma' }, { timeout: 3000 });
    await user.click(screen.getByRole('button', { name: 'Profile menu' }));
    return screen.findByRole('menu');
  }

  it('links to the configured page in a new tab, without handing it this window', async () => {
    withConfig(fakeShellServer(), [{ ConfigKey: 'LensLoginUrl', ConfigValue: LENS_URL }]);
    signIn();
    renderApp('/home');

    const menu = await openProfileMenu();
    const link = await within(menu).findByRole('menuitem', { name: 'Lens login (opens in a new tab)' });
    expect(link).toHaveAttribute('href', LENS_URL);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener');
  });

  it('is not there when the deployment names no lens login page', async () => {
    withConfig(fakeShellServer(), [{ ConfigKey: 'CatalogPageSize', ConfigValue: '14' }]);
    signIn();
    renderApp('/home');

    const menu = await openProfileMenu();
    await waitFor(() => expect(readConfigCookie()).not.toBeNull()); // getConfig has answered
    expect(await within(menu).findByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: /Lens login/ })).not.toBeInTheDocument();
  });
});
