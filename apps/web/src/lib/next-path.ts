import { HOME_PATH, LOGIN_PATH } from '../config/paths.ts';

/**
 * Where to go after signing in: the `?next=` path only when it is a same-origin relative path
 * (no `//host`, no `https:`, no backslash tricks) and not the login screen itself.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return HOME_PATH;
  try {
    const base = 'https://frameport.invalid';
    const url = new URL(next, base);
    if (url.origin !== base || url.pathname === LOGIN_PATH) return HOME_PATH;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return HOME_PATH;
  }
}

/** `/login?next=<where the visitor was>` */
export function loginPathFor(location: { pathname: string; search: string; hash: string }): string {
  const here = `${location.pathname}${location.search}${location.hash}`;
  if (here === '/' || location.pathname === LOGIN_PATH) return LOGIN_PATH;
  return `${LOGIN_PATH}?${new URLSearchParams({ next: here }).toString()}`;
}

/** Navigation state /login sets when it sends a user on after signing in (staff then land on /admin). */
export type SignedInState = { signedIn: true };
export const SIGNED_IN_STATE: SignedInState = { signedIn: true };
export const isSignedInState = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && (state as Partial<SignedInState>).signedIn === true;
