import { describe, expect, it, vi } from 'vitest';
import { createPartnerLogin, IS_TAB_KEY, LOGIN_WINDOW_NAME } from './partner-login.ts';

/** A named window as the browser keeps it: opening the same name again returns the same window. */
function fakeHost() {
  const windows = new Map<string, { location: { href: string; replace: (url: string) => void }; focus: () => void; closed: boolean }>();
  const open = vi.fn((_url: string, name: string) => {
    let target = windows.get(name);
    if (target === undefined) {
      const location = { href: 'about:blank', replace: (url: string) => (location.href = url) };
      target = { location, focus: vi.fn(), closed: false };
      windows.set(name, target);
    }
    return target as unknown as WindowProxy;
  });
  return { open, localStorage: window.localStorage, windows } as const;
}

describe('partner login window', () => {
  it('opens /login in the named window, and focuses that same window on the next click without reloading it', () => {
    const host = fakeHost();
    const login = createPartnerLogin(host as unknown as Window);
    const navigate = vi.fn();

    login.open(navigate);
    const target = host.windows.get(LOGIN_WINDOW_NAME);
    expect(target?.location.href).toBe('/login');
    expect(target?.focus).toHaveBeenCalledTimes(1);

    target!.location.href = '/login?typed=1';
    login.open(navigate);
    expect(host.windows.size).toBe(1);
    expect(target?.location.href).toBe('/login?typed=1');
    expect(target?.focus).toHaveBeenCalledTimes(2);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('falls back to /login in this tab when the popup is blocked', () => {
    const login = createPartnerLogin({ open: () => null, localStorage: window.localStorage } as unknown as Window);
    const navigate = vi.fn();
    login.open(navigate);
    expect(navigate).toHaveBeenCalledWith('/login');
  });
});

describe('the second marketing button', () => {
  it('focuses the login tab when one is open, and stores nothing', () => {
    localStorage.clear();
    const host = fakeHost();
    const login = createPartnerLogin(host as unknown as Window);
    const navigate = vi.fn();
    login.open(navigate);

    login.focusOrUseThisTab(navigate);
    expect(host.windows.get(LOGIN_WINDOW_NAME)?.focus).toHaveBeenCalledTimes(2);
    expect(localStorage.getItem(IS_TAB_KEY)).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('stores isTab=true and goes to /login in this tab when no login tab is open (or it was closed)', () => {
    localStorage.clear();
    const host = fakeHost();
    const login = createPartnerLogin(host as unknown as Window);
    const navigate = vi.fn();

    login.focusOrUseThisTab(navigate);
    expect(localStorage.getItem(IS_TAB_KEY)).toBe('true');
    expect(navigate).toHaveBeenCalledWith('/login');

    localStorage.clear();
    login.open(vi.fn());
    host.windows.get(LOGIN_WINDOW_NAME)!.closed = true;
    login.focusOrUseThisTab(navigate);
    expect(localStorage.getItem(IS_TAB_KEY)).toBe('true');
  });
});
