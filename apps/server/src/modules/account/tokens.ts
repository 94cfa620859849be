import { createHash } from 'node:crypto';

/** sha256 hex of an opaque token (session, password reset, email change): only this is stored. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
