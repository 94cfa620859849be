import { RetailerListItemSchema } from '@frameport/domain/contract';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiFetch } from '../../lib/api-client.ts';

/** GET /api/Account/getRetailersList: the retailers linked to the signed-in sales executive. */
export const retailerQueries = {
  list: () =>
    queryOptions({
      queryKey: ['retailers'] as const,
      queryFn: ({ signal }) => apiFetch('/api/Account/getRetailersList', { schema: z.array(RetailerListItemSchema), signal }),
    }),
};
