import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import {
  ChangePasswordBodySchema,
  CitiesQuerySchema,
  CitySchema,
  CountrySchema,
  envelopeOf,
  ForgotPasswordBodySchema,
  LogoutResponseSchema,
  MessageResultSchema,
  ok,
  PasswordResultSchema,
  ResetPasswordBodySchema,
  RetailerListItemSchema,
  StateSchema,
  StatesQuerySchema,
  TokenValidityResultSchema,
  TokenErrorSchema,
  TokenRequestSchema,
  TokenResponseSchema,
  UnlockSignInParamsSchema,
  UnlockSignInResultSchema,
  UpdateUserProfileBodySchema,
  UpdateUserProfileResponseSchema,
  UserProfileQuerySchema,
  UserProfileSchema,
  ValidateTokenBodySchema,
} from '@frameport/domain/contract';
import {
  ChangeEmailBodySchema,
  ConfirmEmailChangeBodySchema,
  ConfirmEmailChangeResultSchema,
} from '@frameport/domain/contract/account';
import { messages } from '@frameport/domain/messages';
import { requireIdentity, requireRole } from '../../http/auth.ts';
import { classifyError } from '../../http/error-handler.ts';
import { AppError } from '../../http/errors.ts';
import type { EmailChangeService } from './email-change.ts';
import type { PasswordService } from './passwords.ts';
import type { ProfileService } from './profile.ts';
import { TokenError, type AccountService } from './service.ts';

/** A sign-in form is tiny; anything larger is refused before it is read. */
const TOKEN_BODY_LIMIT_BYTES = 8 * 1024;
const REMEMBER_ME_VALUES = new Set(['true', 'on', '1', 'yes']);
/** A profile update carries the picture as base64 text (at most 2 MB decoded, about 2.7 MB as text). */
const PROFILE_BODY_LIMIT_BYTES = 4 * 1024 * 1024;

export type AccountRoutesOptions = { account: AccountService; profile: ProfileService; passwords: PasswordService };

export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, { account, profile, passwords }) => {
  app.post(
    '/token',
    {
      config: { auth: 'public' },
      bodyLimit: TOKEN_BODY_LIMIT_BYTES,
      schema: {
        tags: ['Account'],
        summary: 'Sign in (OAuth2 password grant, form body)',
        description:
          '`grant_type=password` is required (missing: 400 invalid_request; another grant: 400 unsupported_grant_type). ' +
          'Each attempt is counted before the password is checked: 5 per account and address and 30 per address in ' +
          '15 minutes; per account, 100 from all addresses together and then one more after a doubling wait, except ' +
          'from addresses that signed in to it before. Refused: 429 with Retry-After. Too many checks waiting in the ' +
          'server: 503 temporarily_unavailable with Retry-After.',
        consumes: ['application/x-www-form-urlencoded'],
        security: [],
        body: TokenRequestSchema,
        response: {
          200: TokenResponseSchema,
          400: TokenErrorSchema,
          401: TokenErrorSchema,
          429: TokenErrorSchema,
          500: TokenErrorSchema,
          503: TokenErrorSchema,
        },
      },
      // /token answers in the OAuth shape, never the envelope, whatever went wrong.
      errorHandler(error: FastifyError, request, reply) {
        if (error instanceof TokenError) {
          if (error.retryAfterSeconds) reply.header('Retry-After', String(error.retryAfterSeconds));
          return reply.code(error.status).send({ error: error.error, error_description: error.description });
        }
        const failure = classifyError(error);
        if (failure.status === 503) {
          // The database is unreachable or full (http/error-handler.ts): worth retrying, not a fault of ours.
          request.log.warn({ err: error }, 'sign-in: database unavailable');
          reply.header('Retry-After', String(failure.retryAfterSeconds ?? 5));
          return reply.code(503).send({ error: 'temporarily_unavailable', error_description: failure.message });
        }
        if (failure.status >= 500) {
          request.log.error({ err: error }, 'sign-in failed');
          return reply.code(500).send({ error: 'server_error', error_description: messages.http.serverError });
        }
        return reply.code(400).send({ error: 'invalid_request', error_description: failure.message });
      },
    },
    async (request) => {
      const { grant_type: grantType, username, password, remember_me: rememberMe } = request.body ?? {};
      // RFC 6749 section 5.2: a request without a grant type is malformed, an unknown one unsupported.
      if (!grantType) throw new TokenError(400, 'invalid_request', messages.login.grantTypeRequired);
      if (grantType !== 'password') throw new TokenError(400, 'unsupported_grant_type', messages.login.unsupportedGrant);
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
    '/api/admin/accounts/:userId/unlock',
    {
      onRequest: requireRole('admin'),
      schema: {
        tags: ['Admin'],
        summary: 'Let an account sign in again at once: forgets its sign-in throttle counters (admin)',
        description:
          "Forgets the account's own counter, its counters with every address and its password-reset requests. " +
          'Audited (account.unlockSignIn: who, when, from where). An unknown user is 404.',
        params: UnlockSignInParamsSchema,
        response: { 200: envelopeOf(UnlockSignInResultSchema) },
      },
    },
    async (request) => ok(await account.unlockSignIn(requireIdentity(request), request.params.userId, request.ip)),
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
      return ok({ message: messages.login.loggedOut });
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

  app.post(
    '/api/Account/updateUserProfile',
    {
      bodyLimit: PROFILE_BODY_LIMIT_BYTES,
      config: { audit: 'account.updateProfile' },
      schema: {
        tags: ['Account'],
        summary: 'Update contact name, phones, email and picture (a sales executive: a linked retailer with Email)',
        description:
          'Business name, PAN, GSTIN and the address cannot be changed here. `profilePicture`: base64 PNG, JPEG or WebP ' +
          "(bare or a data: URL, at most 2 MB), stored as a 256 px square WebP; '' removes the picture, omitted keeps it.",
        body: UpdateUserProfileBodySchema,
        response: { 200: envelopeOf(UpdateUserProfileResponseSchema) },
      },
    },
    async (request) => {
      const { profile: updated, changed } = await profile.updateUserProfile(
        requireIdentity(request),
        await request.acting(),
        request.body,
      );
      request.auditDetails = { changed };
      return ok({ message: messages.profile.updated, profile: updated });
    },
  );

  app.get(
    '/api/Account/getCountries',
    {
      schema: { tags: ['Account'], summary: 'Countries, by name', response: { 200: envelopeOf(z.array(CountrySchema)) } },
    },
    async () => ok(await profile.getCountries()),
  );

  app.get(
    '/api/Account/getStates',
    {
      schema: {
        tags: ['Account'],
        summary: 'The states of a country, by name (empty for an unknown country)',
        querystring: StatesQuerySchema,
        response: { 200: envelopeOf(z.array(StateSchema)) },
      },
    },
    async (request) => ok(await profile.getStates(request.query.countryId)),
  );

  app.get(
    '/api/Account/getCities',
    {
      schema: {
        tags: ['Account'],
        summary: 'The cities of a state, by name (empty for an unknown state)',
        querystring: CitiesQuerySchema,
        response: { 200: envelopeOf(z.array(CitySchema)) },
      },
    },
    async (request) => ok(await profile.getCities(request.query.stateId)),
  );

  app.get(
    '/api/Account/getRetailersList',
    {
      schema: {
        tags: ['Account'],
        summary: 'The retailers a sales executive may act for (an admin: all), by business name',
        response: { 200: envelopeOf(z.array(RetailerListItemSchema)) },
      },
    },
    async (request) => ok(await profile.getRetailersList(requireIdentity(request))),
  );

  app.post(
    '/api/Account/ChangePassword',
    {
      schema: {
        tags: ['Account'],
        summary: "Change the caller's password (signs out its other sessions)",
        body: ChangePasswordBodySchema,
        response: { 200: envelopeOf(PasswordResultSchema) },
      },
    },
    async (request) => ok(await passwords.changePassword(requireIdentity(request), request.body)),
  );

  app.post(
    '/api/Account/forgotPassword',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['Account'],
        summary: 'Mail a password reset link (the same answer whether or not the email has an account)',
        security: [],
        body: ForgotPasswordBodySchema,
        response: { 200: envelopeOf(MessageResultSchema) },
      },
    },
    async (request) => ok(await passwords.forgotPassword(request.body, request.ip)),
  );

  app.post(
    '/api/Account/validateToken',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['Account'],
        summary: 'Whether a password reset token can still be used',
        security: [],
        body: ValidateTokenBodySchema,
        response: { 200: envelopeOf(TokenValidityResultSchema) },
      },
    },
    async (request) => ok(await passwords.validateToken(request.body.Token)),
  );

  app.post(
    '/api/Account/resetPassword',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['Account'],
        summary: 'Set a new password with a reset token (once; signs out every session)',
        security: [],
        body: ResetPasswordBodySchema,
        response: { 200: envelopeOf(PasswordResultSchema) },
      },
    },
    async (request) => ok(await passwords.resetPassword(request.body)),
  );
};

/**
 * Changing the sign-in email (see email-change.ts): asked for with the current password, made when
 * the link mailed to the new address is opened.
 */
export const emailChangeRoutes: FastifyPluginAsyncZod<{ emailChange: EmailChangeService }> = async (app, { emailChange }) => {
  app.post(
    '/api/Account/ChangeEmail',
    {
      schema: {
        tags: ['Account'],
        summary: "Ask to change the caller's sign-in email: mails a confirmation link to the new address",
        description:
          'Needs the current password. Nothing changes until the link is opened (within 24 hours); the current ' +
          'address is told. A newer request cancels the older link. Someone acting for a retailer cannot use it.',
        body: ChangeEmailBodySchema,
        response: { 200: envelopeOf(MessageResultSchema) },
      },
    },
    async (request) => {
      // Whoever acts for a retailer could otherwise move its mail, then reset its password.
      if ((await request.acting())?.onBehalf) throw new AppError('forbidden', messages.profile.emailOnBehalf);
      return ok(await emailChange.requestEmailChange(requireIdentity(request), request.body));
    },
  );

  app.post(
    '/api/Account/confirmEmailChange',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['Account'],
        summary: 'Make the requested sign-in email the real one (the mailed link; once)',
        description:
          'Public: the token is the proof. Ends every session of the account except the one sending this call, ' +
          'when it is signed in to the same account. The old address is told.',
        security: [],
        body: ConfirmEmailChangeBodySchema,
        response: { 200: envelopeOf(ConfirmEmailChangeResultSchema) },
      },
    },
    async (request) => ok(await emailChange.confirmEmailChange(request.body.token, request.identity)),
  );
};
