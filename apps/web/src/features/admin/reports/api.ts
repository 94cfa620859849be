import { ReceivablesReportSchema, type ReceivablesQuery } from '@frameport/domain/contract/admin-reports';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** The back office's reports (GET /api/admin/reports/...): admin and accounts. Keys under ['admin', 'reports']. */
export const reportKeys = {
  receivables: (groupBy: ReceivablesQuery['groupBy']) => ['admin', 'reports', 'receivables', { groupBy }] as const,
};

export const reportQueries = {
  receivables: (groupBy: ReceivablesQuery['groupBy']) =>
    queryOptions({
      queryKey: reportKeys.receivables(groupBy),
      queryFn: ({ signal }) => apiFetch('/api/admin/reports/receivables', { schema: ReceivablesReportSchema, query: { groupBy }, signal }),
      // Switching the grouping keeps the last table on screen (dimmed) until the other one arrives.
      placeholderData: keepPreviousData,
    }),
};
