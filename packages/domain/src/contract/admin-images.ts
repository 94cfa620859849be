import { z } from 'zod/mini';
import { text } from './text.ts';
import { dbId } from './primitives.ts';
import { AdminProductImageSchema } from './admin-catalogue.ts';

/**
 * The catalogue desk's image management for one colour variant (`/api/admin/product-colours/:id/…`,
 * `/api/admin/product-images/:id`): upload several images at once, set a view, reorder, remove.
 * Files go through the uploads pipeline (content checks, WebP 160 / 480 / 1200 px, all or nothing).
 */

export const ADMIN_IMAGE_TYPES = ['front', 'side', 'thumbnail'] as const;
export type AdminImageType = (typeof ADMIN_IMAGE_TYPES)[number];

/** At most this many files in one upload (each at most 5 MB). */
export const MAX_IMAGES_PER_UPLOAD = 8;
/** At most this many images on one colour. */
export const MAX_IMAGES_PER_COLOUR = 20;

export const imageType = z.enum(ADMIN_IMAGE_TYPES, { error: 'Image type must be front, side or thumbnail.' });

export const ProductColourIdParamsSchema = z.object({ id: dbId });
export const ProductImageIdParamsSchema = z.object({ id: dbId });

/**
 * The text fields of the multipart upload (files under `images`, one part per file). Without
 * `imageType` the first file becomes the front when the colour has none, the others side views.
 */
export const UploadColourImagesFieldsSchema = z.strictObject({
  imageType: z.optional(z.pipe(text().check(z.trim(), z.toLowerCase()), imageType)),
});

export const SetImageTypeBodySchema = z.object({ imageType });
export type SetImageTypeBody = z.infer<typeof SetImageTypeBodySchema>;

export const ImageOrderBodySchema = z.object({
  /** Every image of the colour, once each, in the order the catalogue shows them. */
  imageIds: z.array(dbId).check(
    z.minLength(1, 'Please list the colour’s images.'),
    z.maxLength(MAX_IMAGES_PER_COLOUR),
    z.refine((ids) => new Set(ids).size === ids.length, 'Each image may be listed once.'),
  ),
});
export type ImageOrderBody = z.infer<typeof ImageOrderBodySchema>;

/** Every answer: the colour's images as they now are, in order. */
export const ColourImagesResponseSchema = z.object({
  productId: z.number().check(z.int()),
  productColourId: z.number().check(z.int()),
  colourCode: text(),
  images: z.array(AdminProductImageSchema),
});
export type ColourImagesResponse = z.infer<typeof ColourImagesResponseSchema>;

/** The texts staff read (the server sends them; the screen shows the same). */
export const imageDeskMessages = {
  colourNotFound: 'Colour variant not found.',
  imageNotFound: 'Image not found.',
  tooManyFiles: `Please upload at most ${MAX_IMAGES_PER_UPLOAD} images at a time.`,
  tooManyOnColour: `A colour can have at most ${MAX_IMAGES_PER_COLOUR} images.`,
  oneFrontOnly: 'Only one image can be the front or the thumbnail: upload it on its own.',
  orderMismatch: 'The order must list every image of this colour once. Please reload and try again.',
} as const;
