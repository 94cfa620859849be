import { MyRetailersSchema } from '@frameport/domain/contract/my-retailers';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client.ts';

/**
 * GET /api/Account/myRetailers: a sales executive's own book, in one call. Its key is not the
 * acting retailer's, but a switch resets every query but the own profile (features/acting), so
 * the cockpit reads afresh after the executive has ordered for someone.
 */
export const myRetailersQueries = {
  book: () =>
    queryOptions({
      queryKey: ['my-retailers'] as const,
      queryFn: ({ signal }) => apiFetch('/api/Account/myRetailers', { schema: MyRetailersSchema, signal }),
      staleTime: 60_000,
    }),
};
