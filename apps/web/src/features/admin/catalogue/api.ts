import { z } from 'zod/mini';
import {
  AdminProductDetailSchema,
  AdminProductsResponseSchema,
  BulkProductsResponseSchema,
  CatalogueMastersSchema,
  type AdminProductDetail,
  type AdminProductsQuery,
  type StyleInput,
  type StylePatch,
} from '@frameport/domain/contract/admin-catalogue';
import { ColourImagesResponseSchema, type AdminImageType, type ColourImagesResponse } from '@frameport/domain/contract/admin-images';
import { messages } from '@frameport/domain/messages';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client.ts';
import { endSession, getAccessToken } from '../../../lib/session.ts';
import { CATALOGUE_QUERY_ROOT } from '../stock/api.ts';

/**
 * The catalogue desk's styles (`/api/admin/products…`, contract admin-catalogue.ts) and their
 * colours' images (`admin-images.ts`). Every key starts with ['admin', 'products'] (the root the
 * stock and price panels invalidate after a change), so one invalidation refreshes them all.
 */

export type ProductListQuery = Partial<AdminProductsQuery>;

export const catalogueKeys = {
  all: () => CATALOGUE_QUERY_ROOT,
  list: (query: ProductListQuery) => [...CATALOGUE_QUERY_ROOT, 'list', query] as const,
  detail: (id: number) => [...CATALOGUE_QUERY_ROOT, 'detail', { id }] as const,
  masters: () => [...CATALOGUE_QUERY_ROOT, 'masters'] as const,
};

export const catalogueQueries = {
  /** GET /api/admin/products: one page of styles. */
  list: (query: ProductListQuery) =>
    queryOptions({
      queryKey: catalogueKeys.list(query),
      queryFn: ({ signal }) => apiFetch('/api/admin/products', { schema: AdminProductsResponseSchema, query, signal }),
      placeholderData: keepPreviousData,
    }),
  /** GET /api/admin/products/:id: the style with its colours, images and audit. */
  detail: (id: number) =>
    queryOptions({
      queryKey: catalogueKeys.detail(id),
      queryFn: ({ signal }) => apiFetch(`/api/admin/products/${id}`, { schema: AdminProductDetailSchema, signal }),
    }),
  /** GET /api/admin/catalogue/masters: the form's lists (they change rarely). */
  masters: () =>
    queryOptions({
      queryKey: catalogueKeys.masters(),
      queryFn: ({ signal }) => apiFetch('/api/admin/catalogue/masters', { schema: CatalogueMastersSchema, signal }),
      staleTime: 5 * 60_000,
    }),
};

/** POST /api/admin/products: a new style; its page is primed with the answer. */
export function useCreateStyle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StyleInput): Promise<AdminProductDetail> =>
      apiFetch('/api/admin/products', { method: 'POST', body, schema: AdminProductDetailSchema }),
    onSuccess: (detail) => {
      queryClient.setQueryData(catalogueKeys.detail(detail.id), detail);
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.all() });
    },
  });
}

/** PATCH /api/admin/products/:id; the style, the list and the panels refresh. */
export function useUpdateStyle(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StylePatch): Promise<AdminProductDetail> =>
      apiFetch(`/api/admin/products/${id}`, { method: 'PATCH', body, schema: AdminProductDetailSchema }),
    onSuccess: (detail) => {
      queryClient.setQueryData(catalogueKeys.detail(id), detail);
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.all() });
    },
  });
}

/**
 * POST /api/admin/products/:id/activate or …/deactivate (the style's page): the answer is the style
 * as it now is; the list and the panels refresh.
 */
export function useSetActive(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: 'activate' | 'deactivate'): Promise<AdminProductDetail> =>
      apiFetch(`/api/admin/products/${id}/${action}`, { method: 'POST', schema: AdminProductDetailSchema }),
    onSuccess: (detail) => {
      queryClient.setQueryData(catalogueKeys.detail(id), detail);
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.all() });
    },
  });
}

/** POST /api/admin/products/bulk: activate or deactivate a selection of styles (the list). */
export function useBulkActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { ids: number[]; action: 'activate' | 'deactivate' }) =>
      apiFetch('/api/admin/products/bulk', { method: 'POST', body, schema: BulkProductsResponseSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.all() }),
  });
}

// ── Images ──────────────────────────────────────────────────────────────────────────────────

const imagesAnswer = { schema: ColourImagesResponseSchema };

/**
 * The colour's images changed: the style's cached page takes them at once, then everything under
 * the root refreshes (the list's thumbnail, the audit).
 */
function useImagesChanged(productId: number) {
  const queryClient = useQueryClient();
  return (answer: ColourImagesResponse) => {
    queryClient.setQueryData(catalogueKeys.detail(productId), (detail: AdminProductDetail | undefined) =>
      detail === undefined
        ? detail
        : {
            ...detail,
            colours: detail.colours.map((colour) => (colour.id === answer.productColourId ? { ...colour, images: answer.images } : colour)),
          },
    );
    void queryClient.invalidateQueries({ queryKey: catalogueKeys.all() });
  };
}

/** PATCH /api/admin/product-images/:id */
export function useSetImageType(productId: number) {
  const changed = useImagesChanged(productId);
  return useMutation({
    mutationFn: ({ imageId, imageType }: { imageId: number; imageType: AdminImageType }) =>
      apiFetch(`/api/admin/product-images/${imageId}`, { method: 'PATCH', body: { imageType }, ...imagesAnswer }),
    onSuccess: changed,
  });
}

/** PUT /api/admin/product-colours/:id/image-order */
export function useReorderImages(productId: number) {
  const changed = useImagesChanged(productId);
  return useMutation({
    mutationFn: ({ colourId, imageIds }: { colourId: number; imageIds: number[] }) =>
      apiFetch(`/api/admin/product-colours/${colourId}/image-order`, { method: 'PUT', body: { imageIds }, ...imagesAnswer }),
    onSuccess: changed,
  });
}

/** DELETE /api/admin/product-images/:id */
export function useRemoveImage(productId: number) {
  const changed = useImagesChanged(productId);
  return useMutation({
    mutationFn: (imageId: number) => apiFetch(`/api/admin/product-images/${imageId}`, { method: 'DELETE', ...imagesAnswer }),
    onSuccess: changed,
  });
}

export { useImagesChanged };

const EnvelopeSchema = z.object({
  Status: z.number(),
  Error: z.nullable(z.object({ Message: z.optional(z.nullable(z.string())) })),
  Data: z.unknown(),
});

/**
 * POST /api/admin/product-colours/:id/images with one file, reporting upload progress (0–1).
 * fetch cannot report an upload's progress, so this one call uses XMLHttpRequest, with the
 * session's token and the same envelope, errors and 401 rule as the API client. Like the desk's
 * other writes it carries an Idempotency-Key: one per file the user chose, the same one when that
 * file is sent again (a retry after a lost answer adds it once).
 */
export function uploadColourImage(
  colourId: number,
  file: File,
  idempotencyKey: string,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<ColourImagesResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const token = getAccessToken();
    xhr.open('POST', `/api/admin/product-colours/${colourId}/images`);
    xhr.setRequestHeader('Accept', 'application/json');
    if (token !== null) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Idempotency-Key', idempotencyKey);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError(0, NETWORK_ERROR_MESSAGE, { isNetworkError: true }));
    xhr.onabort = () => reject(new DOMException('The upload was stopped.', 'AbortError'));
    xhr.onload = () => {
      if (xhr.status === 401 && token !== null && token === getAccessToken()) endSession('expired');
      let json: unknown;
      try {
        json = JSON.parse(xhr.responseText) as unknown;
      } catch {
        json = undefined;
      }
      const envelope = EnvelopeSchema.safeParse(json);
      if (xhr.status < 200 || xhr.status >= 300 || !envelope.success || envelope.data.Status !== 0) {
        const message = envelope.success ? envelope.data.Error?.Message : null;
        reject(new ApiError(xhr.status, message || messages.http.unexpected));
        return;
      }
      const data = ColourImagesResponseSchema.safeParse(envelope.data.Data);
      if (!data.success) {
        reject(new ApiError(xhr.status, messages.http.unexpected));
        return;
      }
      onProgress(1);
      resolve(data.data);
    };
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('images', file, file.name);
    xhr.send(form);
  });
}
