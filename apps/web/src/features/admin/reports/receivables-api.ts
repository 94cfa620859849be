import {
  ReceivableInvoiceSchema,
  ReceivablesReportSchema,
  ReceivablesRetailerSchema,
  type ReceivableInvoice,
  type ReceivablesQuery,
  type ReceivablesRetailer,
} from '@frameport/domain/contract/admin-reports';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, buildUrl, fetchFile } from '../../../lib/api-client.ts';

/** Receivables beyond the ageing table: a sales executive's retailers, a retailer's open invoices, export, reminder, TDS. */
export const receivablesKeys = {
  all: ['admin', 'reports', 'receivables'] as const,
  filtered: (groupBy: ReceivablesQuery['groupBy'], salesExecutive: ReceivablesQuery['salesExecutive']) =>
    ['admin', 'reports', 'receivables', { groupBy, salesExecutive: salesExecutive ?? null }] as const,
  retailer: (retailerId: number) => ['admin', 'reports', 'receivables', 'retailer', retailerId] as const,
};

export const receivablesQueries = {
  report: (groupBy: ReceivablesQuery['groupBy'], salesExecutive: ReceivablesQuery['salesExecutive']) =>
    queryOptions({
      queryKey: receivablesKeys.filtered(groupBy, salesExecutive),
      queryFn: ({ signal }) =>
        apiFetch('/api/admin/reports/receivables', { schema: ReceivablesReportSchema, query: { groupBy, salesExecutive }, signal }),
      placeholderData: keepPreviousData,
    }),
  retailer: (retailerId: number) =>
    queryOptions({
      queryKey: receivablesKeys.retailer(retailerId),
      queryFn: ({ signal }) => apiFetch(`/api/admin/reports/receivables/retailers/${retailerId}`, { schema: ReceivablesRetailerSchema, signal }),
    }),
};

const FILE_TYPES = { csv: 'text/csv', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } as const;

export function fetchReceivablesFile(
  query: { groupBy: ReceivablesQuery['groupBy']; salesExecutive: ReceivablesQuery['salesExecutive'] },
  format: 'csv' | 'xlsx',
): Promise<Blob> {
  return fetchFile(buildUrl('/api/admin/reports/receivables/export', { ...query, format }), { accept: FILE_TYPES[format] });
}

/** POST …/reminder: the answer is the drill-down with the new "last reminder". */
export function useSendReminder(retailerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (idempotencyKey: string): Promise<ReceivablesRetailer> =>
      apiFetch(`/api/admin/reports/receivables/retailers/${retailerId}/reminder`, {
        method: 'POST',
        schema: ReceivablesRetailerSchema,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    onSuccess: (answer) => queryClient.setQueryData(receivablesKeys.retailer(retailerId), answer),
  });
}

/** POST /api/admin/invoices/:id/tds: the drill-down and the ageing are read again (the balance changed). */
export function useRecordTds(retailerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ invoiceId, amountPaise, reference, idempotencyKey }: { invoiceId: number; amountPaise: number; reference: string; idempotencyKey: string }): Promise<ReceivableInvoice> =>
      apiFetch(`/api/admin/invoices/${invoiceId}/tds`, {
        method: 'POST',
        body: { amountPaise, reference },
        schema: ReceivableInvoiceSchema,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: receivablesKeys.all });
      void queryClient.invalidateQueries({ queryKey: receivablesKeys.retailer(retailerId) });
    },
  });
}
