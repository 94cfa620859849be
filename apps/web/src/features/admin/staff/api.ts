import {
  EndSessionsResultSchema,
  MoveRetailersResultSchema,
  RetailerSalesExecutivesResultSchema,
  SalesExecutiveDetailSchema,
  SalesExecutiveResultSchema,
  SalesExecutivesResponseSchema,
  StaffUserResultSchema,
  StaffUsersResponseSchema,
  type CreateSalesExecutiveBody,
  type CreateStaffUserBody,
  type MoveRetailersBody,
  type SalesExecutivesQuery,
  type StaffUsersQuery,
} from '@frameport/domain/contract/admin-staff';
import { UnlockSignInResultSchema } from '@frameport/domain/contract/auth';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { ApiError, apiFetch } from '../../../lib/api-client.ts';

/**
 * The sales team and staff users (admin only): sales executives (/api/admin/sales-executives, their
 * page, create, deactivate, reactivate, move retailers), a retailer's sales executives (PUT
 * /api/admin/retailers/:id/sales-executives) and staff users (/api/admin/staff-users and their
 * actions). Keys under ['admin', 'sales-team'] and ['admin', 'staff-users']; a change to links also
 * refreshes the retailers desk (['admin', 'retailers']).
 */

export type SalesTeamQuery = Partial<SalesExecutivesQuery>;
export type StaffQuery = Partial<StaffUsersQuery>;

export const staffKeys = {
  salesTeam: () => ['admin', 'sales-team'] as const,
  salesTeamList: (query: SalesTeamQuery) => [...staffKeys.salesTeam(), 'list', query] as const,
  salesExecutive: (id: number) => [...staffKeys.salesTeam(), 'detail', { id }] as const,
  staffUsers: () => ['admin', 'staff-users'] as const,
  staffList: (query: StaffQuery) => [...staffKeys.staffUsers(), 'list', query] as const,
  retailers: () => ['admin', 'retailers'] as const,
};

export const staffQueries = {
  salesTeam: (query: SalesTeamQuery) =>
    queryOptions({
      queryKey: staffKeys.salesTeamList(query),
      queryFn: ({ signal }) => apiFetch('/api/admin/sales-executives', { schema: SalesExecutivesResponseSchema, query, signal }),
      placeholderData: keepPreviousData,
    }),
  /** Every active sales executive (the move target picker, a retailer's editor): tens of them, one page. */
  activeSalesExecutives: () => staffQueries.salesTeam({ active: 'true', pageSize: 200 }),
  salesExecutive: (id: number) =>
    queryOptions({
      queryKey: staffKeys.salesExecutive(id),
      queryFn: ({ signal }) => apiFetch(`/api/admin/sales-executives/${id}`, { schema: SalesExecutiveDetailSchema, signal }),
    }),
  staffUsers: (query: StaffQuery) =>
    queryOptions({
      queryKey: staffKeys.staffList(query),
      queryFn: ({ signal }) => apiFetch('/api/admin/staff-users', { schema: StaffUsersResponseSchema, query, signal }),
      placeholderData: keepPreviousData,
    }),
};

/**
 * One Idempotency-Key per user action: kept while a network failure may be retried (the server
 * then records the action once), dropped once the action succeeded or was refused.
 */
function useActionKey() {
  const key = useRef<string | null>(null);
  return {
    headers: () => ({ 'Idempotency-Key': (key.current ??= `web-${crypto.randomUUID()}`) }),
    settle: (error: unknown) => {
      if (!(error instanceof ApiError && error.isNetworkError)) key.current = null;
    },
  };
}

/** POST /api/admin/sales-executives: the new one is on the list at once. */
export function useCreateSalesExecutive() {
  const queryClient = useQueryClient();
  const key = useActionKey();
  return useMutation({
    mutationFn: (body: CreateSalesExecutiveBody) =>
      apiFetch('/api/admin/sales-executives', { method: 'POST', body, schema: SalesExecutiveResultSchema, headers: key.headers() }),
    onSettled: (_data, error) => key.settle(error),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: staffKeys.salesTeam() }),
  });
}

/** POST …/sales-executives/:id/deactivate or /reactivate: the answer is the page as it now is. */
export function useSalesExecutiveStatus(id: number) {
  const queryClient = useQueryClient();
  const key = useActionKey();
  return useMutation({
    mutationFn: (action: 'deactivate' | 'reactivate') =>
      apiFetch(`/api/admin/sales-executives/${id}/${action}`, { method: 'POST', schema: SalesExecutiveResultSchema, headers: key.headers() }),
    onSettled: (_data, error) => key.settle(error),
    onSuccess: (result) => {
      queryClient.setQueryData(staffKeys.salesExecutive(id), result.salesExecutive);
      void queryClient.invalidateQueries({ queryKey: staffKeys.salesTeam() });
      void queryClient.invalidateQueries({ queryKey: staffKeys.staffUsers() });
    },
  });
}

/** POST …/sales-executives/:id/move-retailers: this page redraws from the answer; the target's page and the retailers desk refresh. */
export function useMoveRetailers(id: number) {
  const queryClient = useQueryClient();
  const key = useActionKey();
  return useMutation({
    mutationFn: (body: MoveRetailersBody) =>
      apiFetch(`/api/admin/sales-executives/${id}/move-retailers`, { method: 'POST', body, schema: MoveRetailersResultSchema, headers: key.headers() }),
    onSettled: (_data, error) => key.settle(error),
    onSuccess: (result) => {
      queryClient.setQueryData(staffKeys.salesExecutive(id), result.salesExecutive);
      void queryClient.invalidateQueries({ queryKey: staffKeys.salesTeam() });
      void queryClient.invalidateQueries({ queryKey: staffKeys.retailers() });
    },
  });
}

/** PUT /api/admin/retailers/:id/sales-executives: the retailer's page and the sales team refresh. */
export function useSaveRetailerSalesExecutives(retailerId: number) {
  const queryClient = useQueryClient();
  const key = useActionKey();
  return useMutation({
    mutationFn: (salesExecutiveIds: number[]) =>
      apiFetch(`/api/admin/retailers/${retailerId}/sales-executives`, {
        method: 'PUT',
        body: { salesExecutiveIds },
        schema: RetailerSalesExecutivesResultSchema,
        headers: key.headers(),
      }),
    onSettled: (_data, error) => key.settle(error),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: staffKeys.retailers() });
      void queryClient.invalidateQueries({ queryKey: staffKeys.salesTeam() });
    },
  });
}

/** POST /api/admin/staff-users */
export function useCreateStaffUser() {
  const queryClient = useQueryClient();
  const key = useActionKey();
  return useMutation({
    mutationFn: (body: CreateStaffUserBody) =>
      apiFetch('/api/admin/staff-users', { method: 'POST', body, schema: StaffUserResultSchema, headers: key.headers() }),
    onSettled: (_data, error) => key.settle(error),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: staffKeys.staffUsers() }),
  });
}

export type StaffAction = 'deactivate' | 'reactivate' | 'unlock' | 'end-sessions';

/** POST /api/admin/staff-users/:id/{deactivate,reactivate,unlock,end-sessions}: answers the message to show. */
export function useStaffAction() {
  const queryClient = useQueryClient();
  const key = useActionKey();
  return useMutation({
    mutationFn: async ({ userId, action }: { userId: number; action: StaffAction }): Promise<{ message: string }> => {
      const url = `/api/admin/staff-users/${userId}/${action}`;
      if (action === 'unlock') return apiFetch(url, { method: 'POST', schema: UnlockSignInResultSchema });
      if (action === 'end-sessions') return apiFetch(url, { method: 'POST', schema: EndSessionsResultSchema, headers: key.headers() });
      return apiFetch(url, { method: 'POST', schema: StaffUserResultSchema, headers: key.headers() });
    },
    onSettled: (_data, error) => key.settle(error),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: staffKeys.staffUsers() });
      void queryClient.invalidateQueries({ queryKey: staffKeys.salesTeam() });
    },
  });
}
