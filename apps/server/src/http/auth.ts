import type { FastifyInstance, FastifyPluginAsync, FastifyPluginCallback, FastifyPluginOptions, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import { AppError } from './errors.ts';
import type { Identity } from './identity.ts';

export type Authenticator = (token: string) => Promise<Identity | null>;

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,128})$/i.exec(header.trim());
  return match?.[1] ?? null;
}

/**
 * Whether a request needs a session, read from the route the router MATCHED, never from the URL
 * as sent: `/%61pi/…`, `//api/…` or any other spelling that reaches a route gets that route's rule.
 * Unknown paths go to the not-found handler (404 or the SPA's page), which holds no data.
 */
function needsSession(request: FastifyRequest): boolean {
  if (request.is404) return false;
  return request.routeOptions.config.auth !== 'public';
}

/** Marks a route public. For routes a plugin registers (docs UI, static files), see registerPublic. */
function markPublic(route: RouteOptions): void {
  route.config = { ...route.config, auth: 'public' };
}

/**
 * Registers a plugin whose every route is public (the API docs UI, the web build's files): the
 * plugin cannot say `auth: 'public'` itself, so each route it adds is marked in a scope of its own.
 */
export async function registerPublic<Options extends FastifyPluginOptions>(
  app: FastifyInstance,
  plugin: FastifyPluginAsync<Options> | FastifyPluginCallback<Options>,
  options: Options,
): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onRoute', markPublic);
    await scope.register(plugin, options);
  });
}

/**
 * Bearer authentication, written once for every route: a route without `auth: 'public'` answers
 * 401 before its handler runs unless the request carries a valid, unexpired, unrevoked session.
 */
export const bearerAuth = fp(
  async function bearerAuth(app: FastifyInstance, options: { authenticate: Authenticator }) {
    app.decorateRequest('identity', null);
    app.addHook('onRequest', async (request) => {
      const token = bearerToken(request);
      if (token) request.identity = await options.authenticate(token);
      if (!request.identity && needsSession(request)) {
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

/**
 * The role guard of routes only some roles may call, as their `onRequest` hook: it runs before the
 * body is read, so nobody else can make the server parse a large body. 401 without a session, 403
 * for any role not named: `onRequest: requireRole('admin')`.
 */
export function requireRole(...roles: readonly Role[]): (request: FastifyRequest) => Promise<void> {
  const allowed: ReadonlySet<Role> = new Set(roles);
  return async function roleGuard(request) {
    if (!allowed.has(requireIdentity(request).role)) throw new AppError('forbidden', messages.http.forbidden);
  };
}
