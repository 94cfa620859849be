import {
  PaymentSettingsResponseSchema,
  SandboxPaymentLinkSchema,
  type SandboxPaymentLink,
} from '@frameport/domain/contract/payments';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client.ts';

/**
 * Payments as every page sees them (is the sandbox taking payments?) and the sandbox's payment
 * page (decision 008). The contract file is imported on its own: the first screens load no other
 * contract code for this.
 */

const sandboxLinkPath = (linkId: string) => `/api/payments/sandbox/${encodeURIComponent(linkId)}`;

export type SandboxAction = 'pay' | 'fail';

export const paymentQueries = {
  all: () => ['payments'] as const,

  /**
   * GET /api/payments/settings, public and sent without the session: a 401 there must never sign
   * anyone out. Read once per visit (the server's answer changes only when it restarts; the
   * browser may also keep it for 5 minutes).
   */
  settings: () =>
    queryOptions({
      queryKey: [...paymentQueries.all(), 'settings'] as const,
      queryFn: ({ signal }) => apiFetch('/api/payments/settings', { schema: PaymentSettingsResponseSchema, token: null, signal }),
      staleTime: Infinity,
    }),

  /** A sandbox payment link, for the signed-in retailer (or someone acting for it). */
  sandboxLink: (linkId: string) =>
    queryOptions({
      queryKey: [...paymentQueries.all(), 'sandbox', linkId] as const,
      queryFn: ({ signal }) => apiFetch(sandboxLinkPath(linkId), { schema: SandboxPaymentLinkSchema, signal }),
    }),
};

/** Pay or Fail on the sandbox page: the link as it then stands replaces the one on screen. */
export function useSandboxAction(linkId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: SandboxAction): Promise<SandboxPaymentLink> =>
      apiFetch(`${sandboxLinkPath(linkId)}/${action}`, { method: 'POST', schema: SandboxPaymentLinkSchema }),
    onSuccess: (link) => queryClient.setQueryData(paymentQueries.sandboxLink(linkId).queryKey, link),
  });
}
