import { BANNER_KINDS } from '@frameport/domain/contract/banners';
import {
  AdminBannerSchema,
  AdminBannersResponseSchema,
  BANNER_UPLOAD_FLAG_FIELDS,
  DeletedBannerSchema,
  UploadedBannerSchema,
  type AdminBanner,
  type AdminBannerPatch,
  type AdminBannersResponse,
  type BannerFlagSet,
} from '@frameport/domain/contract/admin-content';
import { PageContentSchema, type PageContent, type PageName, type UpdatePageBody } from '@frameport/domain/contract/content';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { adminKeys } from '../api.ts';

/**
 * The back office's banners (GET/PATCH/DELETE /api/admin/banners, new ones through the upload
 * POST /api/Home/uploadBanner) and support pages (GET /api/Home/GetPages, PUT /api/admin/pages/:pageName),
 * keys under ['admin', 'content'].
 */
export const contentKeys = {
  all: () => [...adminKeys.all(), 'content'] as const,
  banners: () => [...contentKeys.all(), 'banners'] as const,
  page: (name: PageName) => [...contentKeys.all(), 'page', { name }] as const,
};

export const contentAdminQueries = {
  banners: () =>
    queryOptions({
      queryKey: contentKeys.banners(),
      queryFn: ({ signal }) => apiFetch('/api/admin/banners', { schema: AdminBannersResponseSchema, signal }),
    }),
  /** The page as stored (already sanitised by the server). */
  page: (name: PageName) =>
    queryOptions({
      queryKey: contentKeys.page(name),
      queryFn: ({ signal }) => apiFetch('/api/Home/GetPages', { schema: PageContentSchema, query: { pageName: name }, signal }),
    }),
};

const replaceBanner = (data: AdminBannersResponse | undefined, banner: AdminBanner): AdminBannersResponse | undefined =>
  data === undefined
    ? data
    : {
        banners: data.banners
          .map((b) => (b.id === banner.id ? banner : b))
          .sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id),
      };

/** PATCH /api/admin/banners/:id: the answer replaces the banner in the list. */
export function useUpdateBanner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: AdminBannerPatch }) =>
      apiFetch(`/api/admin/banners/${id}`, { method: 'PATCH', body: patch, schema: AdminBannerSchema }),
    onSuccess: (banner) => queryClient.setQueryData(contentKeys.banners(), (data: AdminBannersResponse | undefined) => replaceBanner(data, banner)),
  });
}

/** DELETE /api/admin/banners/:id */
export function useDeleteBanner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch(`/api/admin/banners/${id}`, { method: 'DELETE', schema: DeletedBannerSchema }),
    onSuccess: ({ id }) =>
      queryClient.setQueryData(contentKeys.banners(), (data: AdminBannersResponse | undefined) =>
        data === undefined ? data : { banners: data.banners.filter((banner) => banner.id !== id) },
      ),
  });
}

export type NewBanner = { title: string; image: File; mobileImage: File | null; flags: BannerFlagSet };

/** POST /api/Home/uploadBanner (multipart: image, mobileImage?, bannerTitle, the is…Banner flags), then the list again. */
export function useUploadBanner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ title, image, mobileImage, flags }: NewBanner) => {
      const form = new FormData();
      form.append('bannerTitle', title);
      for (const kind of BANNER_KINDS) form.append(BANNER_UPLOAD_FLAG_FIELDS[kind], flags[kind] ? 'true' : 'false');
      form.append('image', image, image.name);
      if (mobileImage !== null) form.append('mobileImage', mobileImage, mobileImage.name);
      return apiFetch('/api/Home/uploadBanner', { method: 'POST', body: form, schema: UploadedBannerSchema });
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: contentKeys.banners() }),
  });
}

/** PUT /api/admin/pages/:pageName: answers the page as stored (sanitised), which replaces the cached one. */
export function useSavePage(name: PageName) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePageBody): Promise<PageContent> =>
      apiFetch(`/api/admin/pages/${name}`, { method: 'PUT', body, schema: PageContentSchema }),
    onSuccess: (page) => queryClient.setQueryData(contentKeys.page(name), page),
  });
}
