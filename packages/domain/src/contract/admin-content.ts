import { z } from 'zod/mini';
import { BANNER_KINDS, type BannerKind } from './banners.ts';
import { dbId } from './primitives.ts';
import type { PageName } from './content.ts';
import { text } from './text.ts';

/**
 * The back office's banners (issue 17, item 9): every banner, active or not, with the sections it
 * shows in (the spec's kinds: Home, Login, NewArrival, Material, PriceRange, Frame, Color), its
 * sort order and whether it is shown at all. New banners and new images go through the existing
 * upload (POST /api/Home/uploadBanner, multipart); these routes list, edit and delete.
 * Support pages: GET /api/Home/GetPages and PUT /api/admin/pages/:pageName (contract/content.ts).
 */

const id = z.number().check(z.int());

/** Where each kind is shown, as staff read it (the upload's multipart field for the kind in brackets). */
export const BANNER_KIND_LABELS: Record<BannerKind, string> = {
  Home: 'Home',
  Login: 'Sign-in page',
  NewArrival: 'New arrivals',
  Material: 'Material',
  PriceRange: 'Price range',
  Frame: 'Frame',
  Color: 'Colour',
};

/** The upload's multipart field of each kind ('true' | 'false'). */
export const BANNER_UPLOAD_FLAG_FIELDS: Record<BannerKind, string> = {
  Home: 'isHomeBanner',
  Login: 'isLoginBanner',
  NewArrival: 'isNewArrivalBanner',
  Material: 'isMaterialBanner',
  PriceRange: 'isPriceRangeBanner',
  Frame: 'isFrameBanner',
  Color: 'isColorBanner',
};

export const BannerFlagsSchema = z.object(
  Object.fromEntries(BANNER_KINDS.map((kind) => [kind, z.boolean()])) as Record<BannerKind, z.ZodMiniBoolean>,
);
export type BannerFlagSet = z.infer<typeof BannerFlagsSchema>;

export const AdminBannerSchema = z.object({
  id,
  title: text(),
  /** Desktop image (WebP, 1600 px) and the phone's (800 px). */
  imageUrl: text(),
  mobileImageUrl: z.nullable(text()),
  flags: BannerFlagsSchema,
  sortOrder: z.number().check(z.int()),
  isActive: z.boolean(),
  createdAt: text(),
  modifiedAt: text(),
  modifiedBy: z.nullable(text()),
});
export type AdminBanner = z.infer<typeof AdminBannerSchema>;

export const AdminBannersResponseSchema = z.object({ banners: z.array(AdminBannerSchema) });
export type AdminBannersResponse = z.infer<typeof AdminBannersResponseSchema>;

export const BannerIdParamsSchema = z.object({ id: dbId });

export const BANNER_SORT_ORDER_MAX = 10_000;

/** PATCH /api/admin/banners/:id: any of title, flags (only the kinds given change), sort order, active. */
export const AdminBannerPatchSchema = z
  .strictObject({
    title: z.optional(
      text().check(
        z.trim(),
        z.minLength(1, 'Please enter the banner title.'),
        z.maxLength(200, 'A banner title has at most 200 characters.'),
      ),
    ),
    flags: z.optional(
      z.strictObject(
        Object.fromEntries(BANNER_KINDS.map((kind) => [kind, z.optional(z.boolean())])) as Record<
          BannerKind,
          z.ZodMiniOptional<z.ZodMiniBoolean>
        >,
      ),
    ),
    sortOrder: z.optional(
      z
        .number({ error: 'Sort order must be a whole number.' })
        .check(
          z.int('Sort order must be a whole number.'),
          z.gte(0, `Sort order must be between 0 and ${BANNER_SORT_ORDER_MAX}.`),
          z.lte(BANNER_SORT_ORDER_MAX, `Sort order must be between 0 and ${BANNER_SORT_ORDER_MAX}.`),
        ),
    ),
    isActive: z.optional(z.boolean()),
  })
  .check(
    z.refine(
      (patch) => Object.values(patch).some((value) => value !== undefined),
      'Nothing to change: send a title, flags, sort order or active.',
    ),
  );
export type AdminBannerPatch = z.infer<typeof AdminBannerPatchSchema>;

export const DeletedBannerSchema = z.object({ id, deleted: z.literal(true) });

/** What POST /api/Home/uploadBanner answers (multipart upload in modules/uploads/routes.ts). */
export const UploadedBannerSchema = z.object({
  bannerId: id,
  bannerTitle: text(),
  /** true: a new banner; false: an existing banner's images were replaced. */
  created: z.boolean(),
  urls: z.object({ desktop: text(), mobile: text() }),
});
export type UploadedBanner = z.infer<typeof UploadedBannerSchema>;

/** The support and footer pages as staff name them in the back office. */
export const PAGE_LABELS: Record<PageName, string> = {
  ABOUTUS: 'About us',
  CONTACTUS: 'Contact us',
  ORDERTRACKING: 'Order tracking',
  FAQS: 'FAQs',
  AFTERSALESERVICES: 'After sales services',
  TERMSANDCONDITIONS: 'Terms & conditions',
  SHIPPINGANDRETURNS: 'Shipping & returns',
  PRODUCTWARRANTY: 'Product warranty',
  CODEOFBUSINESSCONDUCT: 'Code of business conduct',
  BUSINESSETHICS: 'Business ethics',
  PAYMENTPOLICY: 'Payment policy',
  FOOTER: 'Footer (copyright)',
};
