import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelopeOf,
  LogoutResponseSchema,
  ok,
  TokenErrorSchema,
  TokenRequestSchema,
  TokenResponseSchema,
  UserProfileQuerySchema,
  UserProfileSchema,
} from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import { requireIdentity } from '../../http/auth.ts';
import { classifyError } from '../../http/error-handler.ts';
import { TokenError, type AccountService } from './service.ts';

/** A sign-in form is tiny; anything larger is refused before it is read. */
const TOKEN_BODY_LIMIT_BYTES = 8 * 1024;
const REMEMBER_ME_VALUES = new Set(['true', 'on', '1', 'yes']);

export const accountRoutes: FastifyPluginAsyncZod<{ account: AccountService }> = async (app, { account }) => {
  app.post(
    '/token',
    {
      config: { auth: 'public' },
      bodyLimit: TOKEN_BODY_LIMIT_BYTES,
      schema: {
        tags: ['Account'],
        summary: 'Sign in (OAuth2 password grant, form body)',
        consumes: ['application/x-www-form-urlencoded'],
        security: [],
        body: TokenRequestSchema,
        response: {
          200: TokenResponseSchema,
          400: TokenErrorSchema,
          401: TokenErrorSchema,
          429: TokenErrorSchema,
          500: TokenErrorSchema,
        },
      },
      // /token answers in the OAuth shape, never the envelope, whatever went wrong.
      errorHandler(error: FastifyError, request, reply) {
        if (error instanceof TokenError) {
          if (error.retryAfterSeconds) reply.header('Retry-After', String(error.retryAfterSeconds));
          return reply.code(error.status).send({ error: error.error, error_description: error.description });
        }
        const failure = classifyError(error);
        if (failure.status >= 500) {
          request.log.error({ err: error }, 'sign-in failed');
          return reply.code(500).send({ error: 'server_error', error_description: messages.http.serverError });
        }
        return reply.code(400).send({ error: 'invalid_request', error_description: failure.message });
      },
    },
    async (request) => {
      const { grant_type: grantType, username, password, remember_me: rememberMe } = request.body ?? {};
      if (grantType !== undefined && grantType !== 'password') {
        throw new TokenError(400, 'unsupported_grant_type', messages.login.unsupportedGrant);
      }
      if (!username?.trim() || !password) {
        throw new TokenError(400, 'invalid_request', messages.login.missingFields);
      }
      return account.signIn({
        username,
        password,
        rememberMe: REMEMBER_ME_VALUES.has(rememberMe?.toLowerCase() ?? ''),
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
    },
  );

  app.post(
    '/api/Account/logout',
    {
      schema: {
        tags: ['Account'],
        summary: 'Sign out: revokes the bearer token',
        response: { 200: envelopeOf(LogoutResponseSchema) },
      },
    },
    async (request) => {
      await account.signOut(requireIdentity(request));
      return ok({ message: 'You have been logged out.' });
    },
  );

  app.get(
    '/api/Account/getUserProfile',
    {
      schema: {
        tags: ['Account'],
        summary: "The signed-in user's profile, or a linked retailer's (email) for a sales executive",
        querystring: UserProfileQuerySchema,
        response: { 200: envelopeOf(UserProfileSchema) },
      },
    },
    async (request) => {
      return ok(await account.getUserProfile(requireIdentity(request), await request.acting()));
    },
  );
};
