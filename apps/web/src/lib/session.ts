import { useSyncExternalStore } from 'react';

/**
 * The signed-in session: the bearer token from POST /token and when it expires.
 *
 * Kept in localStorage, so product pages opened in new tabs (the spec opens them so) share the
 * session; "Remember me" decides how long the server's token lives (30 days instead of 1).
 * A session left in sessionStorage by an earlier version is still read and cleared. Expired
 * sessions are dropped on read and by a timer. Components read it with `useSession()`, which
 * re-renders on sign-in and sign-out, including a sign-out in another tab (`storage` event).
 */
export type Session = {
  accessToken: string;
  /** Epoch milliseconds. */
  expiresAt: number;
  /** The email the user signed in with. */
  userName: string;
  rememberMe: boolean;
};

/** Why the last session ended: 'expired' also covers a 401 from the server. */
export type SignOutReason = 'logout' | 'expired';

export type SessionState = {
  session: Session | null;
  /** Null until a session ends in this page's lifetime. */
  endedBy: SignOutReason | null;
};

/** Where the session is kept (public/boot.js reads it too: app/early-requests.ts). */
export const SESSION_STORAGE_KEY = 'frameport.session';
/** setTimeout's ceiling (~24.8 days); longer sessions re-arm the timer when it fires. */
const MAX_TIMER_MS = 2_147_483_647;

let state: SessionState | undefined;
let expiryTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function storageFor(persistent: boolean): Storage | null {
  try {
    return persistent ? window.localStorage : window.sessionStorage;
  } catch {
    return null; // storage disabled (privacy settings): the session lives in memory only
  }
}

function isSession(value: unknown): value is Session {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.accessToken === 'string' &&
    v.accessToken.length > 0 &&
    typeof v.expiresAt === 'number' &&
    Number.isFinite(v.expiresAt) &&
    typeof v.userName === 'string' &&
    typeof v.rememberMe === 'boolean'
  );
}

function readStored(now: number): Session | null {
  for (const rememberMe of [false, true]) {
    const storage = storageFor(rememberMe);
    try {
      const raw = storage?.getItem(SESSION_STORAGE_KEY);
      if (raw == null) continue;
      const parsed: unknown = JSON.parse(raw);
      if (isSession(parsed) && parsed.expiresAt > now) return parsed;
      storage?.removeItem(SESSION_STORAGE_KEY); // malformed or expired
    } catch {
      // unreadable entry: ignore it
    }
  }
  return null;
}

function removeStored(): void {
  for (const rememberMe of [false, true]) {
    try {
      storageFor(rememberMe)?.removeItem(SESSION_STORAGE_KEY);
    } catch {
      // nothing to clean
    }
  }
}

function current(): SessionState {
  if (state === undefined) {
    state = { session: readStored(Date.now()), endedBy: null };
    armExpiryTimer(state.session);
    listenToOtherTabs();
  }
  return state;
}

function setState(next: SessionState): void {
  state = next;
  armExpiryTimer(next.session);
  for (const listener of listeners) listener();
}

function armExpiryTimer(session: Session | null): void {
  clearTimeout(expiryTimer);
  expiryTimer = undefined;
  if (session === null) return;
  const delay = Math.min(Math.max(session.expiresAt - Date.now(), 0), MAX_TIMER_MS);
  expiryTimer = setTimeout(() => {
    if (current().session === session && session.expiresAt <= Date.now()) endSession('expired');
    else armExpiryTimer(current().session);
  }, delay);
}

let listeningToOtherTabs = false;
function listenToOtherTabs(): void {
  if (listeningToOtherTabs || typeof window === 'undefined') return;
  listeningToOtherTabs = true;
  window.addEventListener('storage', (event) => {
    if (event.key === SESSION_STORAGE_KEY || event.key === null) reloadSession();
  });
}

export function getSessionState(): SessionState {
  return current();
}

/** The bearer token, or null when signed out or expired (an expired session is ended here). */
export function getAccessToken(): string | null {
  const { session } = current();
  if (session === null) return null;
  if (session.expiresAt <= Date.now()) {
    endSession('expired');
    return null;
  }
  return session.accessToken;
}

export function startSession(session: Session): void {
  removeStored();
  try {
    storageFor(true)?.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  } catch {
    // quota or privacy mode: keep the session in memory for this page
  }
  setState({ session, endedBy: null });
}

/** Signs out locally. Safe to call when already signed out (the reason is still recorded). */
export function endSession(reason: SignOutReason): void {
  removeStored();
  const { session, endedBy } = current();
  if (session === null && endedBy === reason) return;
  setState({ session: null, endedBy: reason });
}

/** Re-reads storage, e.g. after another tab signed in or out. */
export function reloadSession(): void {
  const previous = current();
  const session = readStored(Date.now());
  if (session?.accessToken === previous.session?.accessToken) return;
  setState({ session, endedBy: session === null && previous.session !== null ? 'logout' : null });
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useSessionState(): SessionState {
  return useSyncExternalStore(subscribeSession, getSessionState, getSessionState);
}

export function useSession(): Session | null {
  return useSessionState().session;
}
