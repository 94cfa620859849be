import { UserProfileSchema } from '@frameport/domain/contract/auth';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './api-client.ts';
import { queryRoots } from './query-keys.ts';

/** GET /api/Account/getUserProfile. `email` is the retailer a sales executive acts for (null: yourself). */
export const profileQueries = {
  all: queryRoots.profile,
  detail: (email: string | null = null) =>
    queryOptions({
      queryKey: [...profileQueries.all(), { email }] as const,
      queryFn: ({ signal }) =>
        apiFetch('/api/Account/getUserProfile', { schema: UserProfileSchema, query: { email }, signal }),
    }),
};
