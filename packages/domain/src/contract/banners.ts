import { z } from 'zod/mini';
import { text } from './text.ts';

/** Banners of the Home and Login screens (spec sections 3 and 7: getBanners, getLoginBanners). */

const id = z.number().check(z.int());

/** Which banners `getBanners?searchBanners=` returns; absent = every active banner. */
export const BANNER_KINDS = ['Home', 'Login', 'NewArrival', 'Material', 'PriceRange', 'Frame', 'Color'] as const;
export type BannerKind = (typeof BANNER_KINDS)[number];

export const BannerSchema = z.object({
  BannerId: id,
  BannerImage: text(),
  BannerImageName: text(),
  BannerTitle: text(),
  MobileImage: z.nullable(text()),
  CreatedOn: text(),
  CreatedBy: z.nullable(text()),
  ModifiedOn: z.nullable(text()),
  ModifiedBy: z.nullable(text()),
  IsHomeBanner: z.boolean(),
  IsLoginBanner: z.boolean(),
  IsNewArrivalBanner: z.boolean(),
  IsMaterialBanner: z.boolean(),
  IsPriceRangeBanner: z.boolean(),
  IsFrameBanner: z.boolean(),
  IsColorBanner: z.boolean(),
});
export type Banner = z.infer<typeof BannerSchema>;

export const GetBannersQuerySchema = z.object({
  searchBanners: z.pipe(
    z.optional(text().check(z.trim(), z.maxLength(40))),
    z.transform((value, ctx) => {
      if (!value) return undefined;
      const kind = BANNER_KINDS.find((k) => k.toLowerCase() === value.toLowerCase().replace(/[\s_-]/g, ''));
      if (!kind) {
        ctx.issues.push({ code: 'custom', message: `"searchBanners" must be one of: ${BANNER_KINDS.join(', ')}`, input: value });
        return z.NEVER;
      }
      return kind;
    }),
  ),
});
export const BannersResponseSchema = z.object({ banners: z.array(BannerSchema) });
