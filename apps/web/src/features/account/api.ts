import {
  ConfirmEmailChangeResultSchema,
  MessageResultSchema,
  PasswordResultSchema,
  UpdateUserProfileResponseSchema,
  type ChangeEmailBody,
  type UpdateUserProfileBody,
} from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../lib/api-client.ts';
import { getSessionState, startSession } from '../../lib/session.ts';
import { profileQueries } from '../auth/api.ts';

/**
 * POST /api/Account/updateUserProfile. The answer is the profile as it now is: it replaces the
 * cached one at once, then every profile query (the header's avatar too) is refetched.
 * `body.Email` is the retailer a sales executive edits; the cache entry is theirs.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateUserProfileBody) =>
      apiFetch('/api/Account/updateUserProfile', { method: 'POST', body, schema: UpdateUserProfileResponseSchema }),
    onSuccess: (reply, body) => {
      queryClient.setQueryData(profileQueries.detail(body.Email ?? null).queryKey, reply.profile);
      void queryClient.invalidateQueries({ queryKey: profileQueries.all() });
    },
  });
}

/**
 * POST /api/Account/ChangePassword. Success only when `result` is true (spec section 4); a false
 * result fails with its message, or the wrong-current-password text when it has none (section 8).
 */
export function useChangePassword() {
  return useMutation({
    mutationFn: async (body: { CurrentPassword: string; NewPassword: string }) => {
      const reply = await apiFetch('/api/Account/ChangePassword', { method: 'POST', body, schema: PasswordResultSchema });
      if (!reply.result) throw new ApiError(200, reply.message || messages.password.wrongCurrent);
      return reply;
    },
  });
}

/** POST /api/Account/ChangeEmail: mails a confirmation link to the new address; nothing changes yet. */
export function useRequestEmailChange() {
  return useMutation({
    mutationFn: (body: ChangeEmailBody) =>
      apiFetch('/api/Account/ChangeEmail', { method: 'POST', body, schema: MessageResultSchema }),
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
