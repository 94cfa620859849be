import type { ImportKind, ImportRowAction, ImportStatus } from '@frameport/domain';
import {
  ImportJobDetailSchema,
  ImportJobSchema,
  ImportJobsResponseSchema,
  type ImportJob,
  type ImportJobDetail,
} from '@frameport/domain/contract/admin-catalogue';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, buildUrl, fetchFile } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { adminKeys, newIdempotencyKey } from '../api.ts';

/**
 * The spreadsheet imports and the catalogue export (`/api/admin/imports…`, `/api/admin/exports/catalogue`,
 * contract in @frameport/domain/contract/admin-catalogue), keys under ['admin', 'imports'].
 */

/** How often a running job (checking or applying) is asked for its progress. */
export const PROGRESS_POLL_MS = 1000;
export const REPORT_PAGE_SIZE = 100;

/** A job the worker is still on: its page follows it. */
export const isRunning = (status: ImportStatus): boolean => status === 'queued' || status === 'validating' || status === 'applying';

export type ReportFilter = ImportRowAction | 'all';

export const importKeys = {
  all: () => [...adminKeys.all(), 'imports'] as const,
  list: () => [...importKeys.all(), 'list'] as const,
  job: (id: number) => [...importKeys.all(), 'job', { id }] as const,
  report: (id: number, action: ReportFilter, page: number) => [...importKeys.job(id), { action, page }] as const,
};

export const importQueries = {
  /** GET /api/admin/imports: the latest jobs (warehouse staff see their stock imports). Polled while one runs. */
  list: () =>
    queryOptions({
      queryKey: importKeys.list(),
      queryFn: ({ signal }) => apiFetch('/api/admin/imports', { schema: ImportJobsResponseSchema, query: { pageSize: 50 }, signal }),
      refetchInterval: (query) => (query.state.data?.jobs.some((job) => isRunning(job.status)) ? PROGRESS_POLL_MS * 2 : false),
    }),

  /** GET /api/admin/imports/:id with one page of its report; polled about every second while the worker is on it. */
  job: (id: number, action: ReportFilter, page: number) =>
    queryOptions({
      queryKey: importKeys.report(id, action, page),
      queryFn: ({ signal }) =>
        apiFetch(`/api/admin/imports/${id}`, {
          schema: ImportJobDetailSchema,
          query: { action: action === 'all' ? undefined : action, pageNumber: page === 1 ? undefined : page, pageSize: REPORT_PAGE_SIZE },
          signal,
        }),
      placeholderData: keepPreviousData,
      refetchInterval: (query) => (query.state.data !== undefined && isRunning(query.state.data.status) ? PROGRESS_POLL_MS : false),
    }),
};

/** POST /api/admin/imports (multipart: file, kind, images for a catalogue). Answers the queued job. */
export function useUploadImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, file, images }: { kind: ImportKind; file: File; images: File | null }): Promise<ImportJob> => {
      const form = new FormData();
      form.append('kind', kind);
      form.append('file', file, file.name);
      if (images !== null && kind === 'catalogue') form.append('images', images, images.name);
      return apiFetch('/api/admin/imports', { method: 'POST', body: form, schema: ImportJobSchema });
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: importKeys.list() }),
  });
}

/** POST …/apply or …/cancel with an Idempotency-Key (a retried click does not apply twice). */
export function useJobAction(id: number, action: 'apply' | 'cancel') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idempotencyKey }: { idempotencyKey: string }): Promise<ImportJob> =>
      apiFetch(`/api/admin/imports/${id}/${action}`, { method: 'POST', schema: ImportJobSchema, headers: { 'Idempotency-Key': idempotencyKey } }),
    onSuccess: (job) => {
      // The job's new status at once on every cached page of its report, then the report itself again.
      queryClient.setQueriesData<ImportJobDetail>({ queryKey: importKeys.job(id) }, (old) => (old === undefined ? old : { ...old, ...job }));
      void queryClient.invalidateQueries({ queryKey: importKeys.all() });
    },
  });
}

export { newIdempotencyKey };

/** The name a download is saved under: 'frameport-catalogue-template.csv', 'frameport-catalogue-2026-11-24.xlsx'. */
export function downloadName(stem: string, format: 'csv' | 'xlsx'): string {
  return `frameport-${stem}.${format}`;
}

const ACCEPT = { csv: 'text/csv', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } as const;

/** GET /api/admin/imports/template: the headers of a kind (template) or a filled example, saved with the token. */
export async function downloadTemplate(kind: ImportKind, variant: 'template' | 'example', format: 'csv' | 'xlsx'): Promise<void> {
  const blob = await fetchFile(buildUrl('/api/admin/imports/template', { kind, variant, format }), { accept: ACCEPT[format] });
  saveFile(blob, downloadName(`${kind}-${variant}`, format));
}

/** GET /api/admin/exports/catalogue: the whole catalogue in the import's column set. */
export async function downloadCatalogue(format: 'csv' | 'xlsx', today: string): Promise<void> {
  const blob = await fetchFile(buildUrl('/api/admin/exports/catalogue', { format }), { accept: ACCEPT[format] });
  saveFile(blob, downloadName(`catalogue-${today}`, format));
}
