import { useSyncExternalStore } from 'react';
import { getSessionState, subscribeSession } from './session.ts';

/**
 * The retailer a sales executive acts for (spec: Switch User), kept in localStorage so product
 * pages opened in new tabs act for the same retailer. The entry is keyed by the signed-in user
 * name, so another user of the same browser never inherits it, and it is removed when that
 * user's session ends (Logout, expiry, a 401, another tab) and when a session starts afresh.
 * Components read it with `useActingRetailer()`, which re-renders on a switch here or in
 * another tab (`storage` event) and when the signed-in user changes.
 */
export type ActingRetailer = { id: number; email: string; businessName: string };

/** The entry's key before the user name (public/boot.js reads it too: app/early-requests.ts). */
export const ACTING_KEY_PREFIX = 'frameport.acting.';

const listeners = new Set<() => void>();
/** Told only when another tab switches retailer (this tab's switch resets its own queries). */
const otherTabListeners = new Set<() => void>();
let snapshot: { userName: string | null; raw: string | null; retailer: ActingRetailer | null } | undefined;
/** The user name seen last; undefined until the session is first read (page load is not a sign-in). */
let knownUser: string | null | undefined;

function storageKey(userName: string): string {
  return ACTING_KEY_PREFIX + userName.toLowerCase();
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled: nothing is remembered
  }
}

function readRaw(userName: string | null): string | null {
  if (userName === null) return null;
  try {
    return storage()?.getItem(storageKey(userName)) ?? null;
  } catch {
    return null;
  }
}

function removeFor(userName: string): void {
  try {
    storage()?.removeItem(storageKey(userName));
  } catch {
    // nothing to clean
  }
}

function parse(raw: string | null): ActingRetailer | null {
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const v = value as Record<string, unknown>;
    if (typeof v.id !== 'number' || typeof v.email !== 'string' || typeof v.businessName !== 'string') return null;
    return { id: v.id, email: v.email, businessName: v.businessName };
  } catch {
    return null;
  }
}

function notify(): void {
  for (const listener of listeners) listener();
}

/** Follows the session: a user whose session ends or starts afresh leaves no choice behind. */
function onSessionChange(): void {
  const next = getSessionState().session?.userName ?? null;
  if (next === knownUser) return;
  if (knownUser != null) removeFor(knownUser);
  if (knownUser !== undefined && next !== null) removeFor(next);
  knownUser = next;
  notify();
}

let watching = false;
function watch(): void {
  if (watching) return;
  watching = true;
  knownUser = getSessionState().session?.userName ?? null;
  subscribeSession(onSessionChange);
  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.key !== null && !event.key.startsWith(ACTING_KEY_PREFIX)) return;
      const before = snapshot?.retailer ?? null;
      notify();
      if (getActingRetailer()?.id !== before?.id) for (const listener of otherTabListeners) listener();
    });
  }
}

// From the first import, so a sign-in on this page (the login screen reads no choice) is seen as one.
watch();

/** The signed-in user's acting retailer, or null (not chosen, "Myself", or signed out). */
export function getActingRetailer(): ActingRetailer | null {
  watch();
  const userName = getSessionState().session?.userName ?? null;
  const raw = readRaw(userName);
  if (snapshot === undefined || snapshot.userName !== userName || snapshot.raw !== raw) {
    snapshot = { userName, raw, retailer: parse(raw) };
  }
  return snapshot.retailer;
}

/** Stores the choice for the signed-in user; null goes back to "Myself". Ignored when signed out. */
export function setActingRetailer(retailer: ActingRetailer | null): void {
  watch();
  const userName = getSessionState().session?.userName ?? null;
  if (userName === null) return;
  if (retailer === null) removeFor(userName);
  else {
    try {
      storage()?.setItem(storageKey(userName), JSON.stringify(retailer));
    } catch {
      return; // quota or privacy mode: the choice cannot be kept
    }
  }
  notify();
}

export function subscribeActing(listener: () => void): () => void {
  watch();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function subscribeOtherTabSwitch(listener: () => void): () => void {
  watch();
  otherTabListeners.add(listener);
  return () => {
    otherTabListeners.delete(listener);
  };
}

export function useActingRetailer(): ActingRetailer | null {
  return useSyncExternalStore(subscribeActing, getActingRetailer, getActingRetailer);
}
