import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '@frameport/domain/messages';
import { AppError } from './errors.ts';
import type { Identity } from './identity.ts';

export type Authenticator = (token: string) => Promise<Identity | null>;

/** Paths under these prefixes need a bearer token unless the route says `config: { auth: 'public' }`. */
const PROTECTED_PREFIXES = ['/api/', '/backoffice/'];
const PUBLIC_PREFIXES = ['/api/docs'];

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,128})$/i.exec(header.trim());
  return match?.[1] ?? null;
}

/** Whether a path is behind the bearer check (unless its route is declared public). */
export function isProtectedPath(url: string): boolean {
  if (PUBLIC_PREFIXES.some((prefix) => url.startsWith(prefix))) return false;
  return PROTECTED_PREFIXES.some((prefix) => url.startsWith(prefix));
}

function needsToken(request: FastifyRequest): boolean {
  if (request.is404) return false;
  if (request.routeOptions.config.auth === 'public') return false;
  return isProtectedPath(request.url);
}

/**
 * Bearer authentication, written once for every route: a protected route without a valid,
 * unexpired, unrevoked session answers 401 before its handler runs.
 */
export const bearerAuth = fp(
  async function bearerAuth(app: FastifyInstance, options: { authenticate: Authenticator }) {
    app.decorateRequest('identity', null);
    app.addHook('onRequest', async (request) => {
      const token = bearerToken(request);
      if (token) request.identity = await options.authenticate(token);
      if (!request.identity && needsToken(request)) {
        throw new AppError('unauthorized', messages.http.unauthorized);
      }
    });
  },
  { name: 'bearer-auth' },
);

export function requireIdentity(request: FastifyRequest): Identity {
  if (!request.identity) throw new AppError('unauthorized', messages.http.unauthorized);
  return request.identity;
}
