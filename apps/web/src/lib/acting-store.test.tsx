import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { endSession, startSession } from './session.ts';
import { getActingRetailer, setActingRetailer, useActingRetailer } from './acting-store.ts';
import { BLR, SALES_EMAIL, signInAsSales } from '../testing/acting-fixtures.ts';

const STORED_KEY = `frameport.acting.${SALES_EMAIL}`;

function signInAs(userName: string) {
  startSession({ accessToken: `token-${userName}`, expiresAt: Date.now() + 60_000, userName, rememberMe: true });
}

describe('acting store', () => {
  it('keeps the choice in localStorage under the signed-in user, and "Myself" clears it', () => {
    signInAsSales();
    expect(getActingRetailer()).toBeNull();

    setActingRetailer(BLR);
    expect(getActingRetailer()).toEqual(BLR);
    expect(JSON.parse(window.localStorage.getItem(STORED_KEY) ?? 'null')).toEqual(BLR);

    setActingRetailer(null);
    expect(getActingRetailer()).toBeNull();
    expect(window.localStorage.getItem(STORED_KEY)).toBeNull();
  });

  it('is never inherited by another user signing in on the same browser', () => {
    signInAsSales(BLR);
    signInAs('other.sales@frameport.test');

    expect(getActingRetailer()).toBeNull();
    expect(window.localStorage.getItem(STORED_KEY)).toBeNull();
  });

  it('is cleared on logout and on expiry, so the next sign-in starts as Myself', () => {
    signInAsSales(BLR);
    endSession('logout');
    expect(window.localStorage.getItem(STORED_KEY)).toBeNull();
    signInAsSales();
    expect(getActingRetailer()).toBeNull();

    setActingRetailer(BLR);
    endSession('expired');
    expect(window.localStorage.getItem(STORED_KEY)).toBeNull();
  });

  it('ignores a choice left behind by an earlier session of the same user', () => {
    window.localStorage.setItem(STORED_KEY, JSON.stringify(BLR));
    signInAsSales();
    expect(getActingRetailer()).toBeNull();
  });

  it('re-renders when another tab switches retailer (storage event)', () => {
    signInAsSales();
    const { result } = renderHook(() => useActingRetailer());
    expect(result.current).toBeNull();

    act(() => {
      window.localStorage.setItem(STORED_KEY, JSON.stringify(BLR));
      window.dispatchEvent(new StorageEvent('storage', { key: STORED_KEY }));
    });
    expect(result.current).toEqual(BLR);
  });

  it('does nothing while signed out', () => {
    setActingRetailer(BLR);
    expect(getActingRetailer()).toBeNull();
    expect(Object.keys(window.localStorage).filter((key) => key.startsWith('frameport.acting.'))).toEqual([]);
  });
});
