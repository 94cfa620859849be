import {
  MessageResultSchema,
  PasswordResultSchema,
  UpdateUserProfileResponseSchema,
  type ChangeEmailBody,
  type UpdateUserProfileBody,
} from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../lib/api-client.ts';
import { profileQueries } from '../../lib/profile-queries.ts';

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
