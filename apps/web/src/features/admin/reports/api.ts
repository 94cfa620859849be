import {
  GstSummarySchema,
  ReceivablesReportSchema,
  SalesReportSchema,
  type ReceivablesQuery,
  type SalesGroup,
} from '@frameport/domain/contract/admin-reports';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiFetch, buildUrl, fetchFile } from '../../../lib/api-client.ts';

/** The period and grouping of a sales report, as the URL and the API carry them. */
export type SalesReportQuery = { from: string; to: string; groupBy: SalesGroup };
export type ReportFileFormat = 'csv' | 'xlsx';
const FILE_TYPES: Record<ReportFileFormat, string> = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The back office's reports (GET /api/admin/reports/...): admin and accounts. Keys under ['admin', 'reports']. */
export const reportKeys = {
  receivables: (groupBy: ReceivablesQuery['groupBy']) => ['admin', 'reports', 'receivables', { groupBy }] as const,
  sales: (query: SalesReportQuery) => ['admin', 'reports', 'sales', query] as const,
  gst: (month: string) => ['admin', 'reports', 'gst', { month }] as const,
};

export const reportQueries = {
  receivables: (groupBy: ReceivablesQuery['groupBy']) =>
    queryOptions({
      queryKey: reportKeys.receivables(groupBy),
      queryFn: ({ signal }) => apiFetch('/api/admin/reports/receivables', { schema: ReceivablesReportSchema, query: { groupBy }, signal }),
      // Switching the grouping keeps the last table on screen (dimmed) until the other one arrives.
      placeholderData: keepPreviousData,
    }),
  sales: (query: SalesReportQuery) =>
    queryOptions({
      queryKey: reportKeys.sales(query),
      queryFn: ({ signal }) => apiFetch('/api/admin/reports/sales', { schema: SalesReportSchema, query, signal }),
      placeholderData: keepPreviousData,
    }),
  gst: (month: string) =>
    queryOptions({
      queryKey: reportKeys.gst(month),
      queryFn: ({ signal }) => apiFetch('/api/admin/reports/gst', { schema: GstSummarySchema, query: { month }, signal }),
      placeholderData: keepPreviousData,
    }),
};

/** GET /api/admin/reports/sales?format=csv|xlsx: the same rows and totals as a file, fetched with the token. */
export function fetchSalesFile(query: SalesReportQuery, format: ReportFileFormat): Promise<Blob> {
  return fetchFile(buildUrl('/api/admin/reports/sales', { ...query, format }), { accept: FILE_TYPES[format] });
}

/** GET /api/admin/reports/gst?format=csv|xlsx: the month's summary as a file. */
export function fetchGstFile(month: string, format: ReportFileFormat): Promise<Blob> {
  return fetchFile(buildUrl('/api/admin/reports/gst', { month, format }), { accept: FILE_TYPES[format] });
}
