import { z } from 'zod/mini';
import { messages } from '@frameport/domain/messages';
// The contract's files one by one, not its index: /login then loads these schemas, not every screen's.
import {
  ConfirmEmailChangeResultSchema,
  MessageResultSchema,
  PasswordResultSchema,
  TokenValidityResultSchema,
} from '@frameport/domain/contract/account';
import { LogoutResponseSchema, TokenErrorSchema, TokenResponseSchema, type TokenResponse } from '@frameport/domain/contract/auth';
import { BannersResponseSchema } from '@frameport/domain/contract/banners';
import type { LoginForm } from '@frameport/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch, sendRequest } from '../../lib/api-client.ts';
import { profileQueries } from '../../lib/profile-queries.ts';
import { endSession, getAccessToken, getSessionState, startSession } from '../../lib/session.ts';

/**
 * POST /token: the OAuth2 password grant with a form body (spec section 7). Not an envelope call,
 * and its failures skip the shared error handling (spec section 8): the caller shows
 * `error_description` in a toast titled 'Error', or 'Unauthorized' / 'BadRequest' without one.
 */
export async function login({ email, password, rememberMe }: LoginForm, signal?: AbortSignal): Promise<TokenResponse> {
  const body = new URLSearchParams({
    grant_type: 'password',
    username: email,
    password,
    remember_me: String(rememberMe),
  });
  const response = await sendRequest('/token', {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
    body: body.toString(),
    signal: signal ?? null,
  });
  const json: unknown = await response.json().catch(() => undefined);

  if (response.ok) {
    const token = TokenResponseSchema.safeParse(json);
    if (token.success) return token.data;
    throw new ApiError(response.status, messages.http.unexpected, { cause: token.error });
  }
  const failure = z.partial(TokenErrorSchema).safeParse(json);
  const description = failure.success ? failure.data.error_description?.trim() : undefined;
  throw new ApiError(response.status, description || tokenFailureText(response.status));
}

/**
 * The token call's own texts for a failure the server did not describe (spec section 8): a proxy's
 * bare 401 or 400, or a body that is not the token call's JSON.
 */
export function tokenFailureText(status: number): string {
  if (status === 401) return messages.login.tokenUnauthorized;
  if (status === 400) return messages.login.tokenBadRequest;
  return messages.http.unexpected;
}

/** Signs in and stores the session; the login route then moves on (to `?next=` or /home). */
export function useLogin() {
  return useMutation({
    mutationFn: (form: LoginForm) => login(form),
    onSuccess: (token, form) => {
      startSession({
        accessToken: token.access_token,
        // expires_in rather than '.expires': immune to a wrong clock on the phone.
        expiresAt: Date.now() + token.expires_in * 1000,
        userName: token.userName,
        rememberMe: form.rememberMe,
      });
    },
  });
}

/**
 * Logout: the session ends locally at once (the guard then shows /login and the provider empties
 * the query cache); the server is told afterwards with the old token, and a failure there is ignored.
 */
export function logout(): void {
  const token = getAccessToken();
  endSession('logout');
  if (token === null) return;
  apiFetch('/api/Account/logout', { method: 'POST', schema: LogoutResponseSchema, token }).catch(() => undefined);
}

/** Login banners change a few times a month, like the home banners. */
const LOGIN_BANNERS_STALE_MS = 10 * 60_000;

/** GET /api/Account/getLoginBanners (public): the carousel beside the login form. */
export const loginBannersQuery = () =>
  queryOptions({
    queryKey: ['login-banners'] as const,
    queryFn: async ({ signal }) =>
      (await apiFetch('/api/Account/getLoginBanners', { schema: BannersResponseSchema, token: null, signal })).banners,
    staleTime: LOGIN_BANNERS_STALE_MS,
  });

/** POST /api/Account/forgotPassword (public): mails a reset link; the answer is the same for every well-formed email. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) =>
      apiFetch('/api/Account/forgotPassword', { method: 'POST', body: { email }, schema: MessageResultSchema, token: null }),
  });
}

/**
 * POST /api/Account/validateToken (public): `valid` is false for an unknown, used or expired link;
 * `welcome` is true for a new retailer's first-password link (the page then says "Set your password").
 */
export const resetTokenQuery = (token: string) =>
  queryOptions({
    queryKey: ['reset-token', { token }] as const,
    queryFn: async ({ signal }) => {
      const answer = await apiFetch('/api/Account/validateToken', {
        method: 'POST',
        body: { Token: token },
        schema: TokenValidityResultSchema,
        token: null,
        signal,
      });
      return { valid: answer.result, welcome: answer.result && answer.purpose === 'welcome' };
    },
    // A link is checked once per visit: refetching on focus could flip a form being filled in.
    staleTime: Infinity,
    gcTime: 0,
  });

/**
 * POST /api/Account/resetPassword (public). Success only when `result` is true (spec section 4);
 * a false result fails with its message like a failure envelope.
 */
export function useResetPassword() {
  return useMutation({
    mutationFn: async (body: { token: string; newPassword: string }) => {
      const reply = await apiFetch('/api/Account/resetPassword', {
        method: 'POST',
        body,
        schema: PasswordResultSchema,
        token: null,
      });
      if (!reply.result) throw new ApiError(200, reply.message);
      return reply;
    },
  });
}

/**
 * POST /api/Account/confirmEmailChange (public; the mailed link). Sent with this browser's session
 * if it has one: the server keeps that session when it is the same account's (`sessionKept`), and
 * it then signs in under the new email, so the stored user name follows and the profile is read again.
 */
export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiFetch('/api/Account/confirmEmailChange', { method: 'POST', body: { token }, schema: ConfirmEmailChangeResultSchema }),
    onSuccess: (reply) => {
      const { session } = getSessionState();
      if (!reply.sessionKept || session === null) return;
      startSession({ ...session, userName: reply.email });
      void queryClient.invalidateQueries({ queryKey: profileQueries.all() });
    },
  });
}
