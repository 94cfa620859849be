import {
  BannersResponseSchema,
  BuyAgainResponseSchema,
  FrameShapesResponseSchema,
  MaterialsResponseSchema,
  PriceRangesResponseSchema,
  type BannerKind,
} from '@frameport/domain/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client.ts';
import { actingEmailQuery, queryRoots, type ActingEmail } from '../../lib/query-keys.ts';

/** Banners, materials, shapes and price ranges are master data: they change a few times a month. */
const MASTER_DATA_STALE_MS = 10 * 60_000;

/**
 * The /home calls (spec section 7, Home). Each query answers the list itself, not the
 * `{ banners }` / `{ materials }` wrapper, so screens read `data` directly.
 * Keys: ['home'] → ['home', 'banners', { kind }] | ['home', 'materials'] | …
 */
export const homeQueries = {
  all: () => ['home'] as const,

  /** GET /api/Home/getBanners?searchBanners=<kind> */
  banners: (kind: BannerKind) =>
    queryOptions({
      queryKey: [...homeQueries.all(), 'banners', { kind }] as const,
      queryFn: async ({ signal }) =>
        (await apiFetch('/api/Home/getBanners', { schema: BannersResponseSchema, query: { searchBanners: kind }, signal }))
          .banners,
      staleTime: MASTER_DATA_STALE_MS,
    }),

  /** GET /api/Home/getMaterials */
  materials: () =>
    queryOptions({
      queryKey: [...homeQueries.all(), 'materials'] as const,
      queryFn: async ({ signal }) =>
        (await apiFetch('/api/Home/getMaterials', { schema: MaterialsResponseSchema, signal })).materials,
      staleTime: MASTER_DATA_STALE_MS,
    }),

  /** GET /api/Home/getFrameShapes */
  frameShapes: () =>
    queryOptions({
      queryKey: [...homeQueries.all(), 'frame-shapes'] as const,
      queryFn: async ({ signal }) =>
        (await apiFetch('/api/Home/getFrameShapes', { schema: FrameShapesResponseSchema, signal })).frameShapes,
      staleTime: MASTER_DATA_STALE_MS,
    }),

  /**
   * GET /api/Product/getBuyAgain: the acting retailer's most ordered styles in stock. Under the
   * orders' root, so placing an order (which invalidates it) brings the list up to date.
   */
  buyAgain: (email: ActingEmail) =>
    queryOptions({
      queryKey: [...queryRoots.orders(email), 'buy-again'] as const,
      queryFn: async ({ signal }) =>
        (await apiFetch('/api/Product/getBuyAgain', { schema: BuyAgainResponseSchema, query: actingEmailQuery(email), signal }))
          .products,
    }),

  /** GET /api/Home/getPriceRanges (Min/Max in rupees; Max null = no upper bound). */
  priceRanges: () =>
    queryOptions({
      queryKey: [...homeQueries.all(), 'price-ranges'] as const,
      queryFn: async ({ signal }) =>
        (await apiFetch('/api/Home/getPriceRanges', { schema: PriceRangesResponseSchema, signal })).priceRangeList,
      staleTime: MASTER_DATA_STALE_MS,
    }),
};
