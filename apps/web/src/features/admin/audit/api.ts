import { AuditPageSchema } from '@frameport/domain/contract/admin-audit';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiFetch, buildUrl, fetchFile } from '../../../lib/api-client.ts';

/** The audit log's filters as the URL carries them. */
export type AuditFilters = { actorUserId?: number; action?: string; retailerId?: number; from?: string; to?: string };

export const auditKeys = {
  page: (filters: AuditFilters, cursor: string | null) => ['admin', 'audit', filters, cursor] as const,
};

export const auditQueries = {
  page: (filters: AuditFilters, cursor: string | null) =>
    queryOptions({
      queryKey: auditKeys.page(filters, cursor),
      queryFn: ({ signal }) => apiFetch('/api/admin/audit', { schema: AuditPageSchema, query: { ...filters, cursor, limit: 50 }, signal }),
      placeholderData: keepPreviousData,
    }),
};

export function fetchAuditCsv(filters: AuditFilters): Promise<Blob> {
  return fetchFile(buildUrl('/api/admin/audit.csv', { ...filters }), { accept: 'text/csv' });
}
