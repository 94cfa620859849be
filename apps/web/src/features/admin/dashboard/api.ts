import { AdminDashboardSchema } from '@frameport/domain/contract/admin-dashboard';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** The back office's home (GET /api/admin/dashboard). Keys under ['admin', 'dashboard']. */
export const dashboardKeys = {
  figures: () => ['admin', 'dashboard', 'figures'] as const,
};

export const dashboardQueries = {
  figures: () =>
    queryOptions({
      queryKey: dashboardKeys.figures(),
      queryFn: ({ signal }) => apiFetch('/api/admin/dashboard', { schema: AdminDashboardSchema, signal }),
      // The figures move all day: a return to the tab reads them again, but not more than once a minute.
      staleTime: 60_000,
    }),
};
