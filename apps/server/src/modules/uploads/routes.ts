/**
 * Admin uploads (spec section 7 and section 1: "Admin-style banner and product image upload
 * calls exist"), and the files they store.
 *
 *   POST /api/Product/uploadProductImage   multipart: image, productCode, colorId, priority, imageType
 *   POST /api/Home/uploadBanner            multipart: image, mobileImage?, bannerTitle, bannerId?, is…Banner flags
 *   GET  /media/uploads/*                  the stored WebP files (public, immutable)
 *
 * fastify-type-provider-zod does not see multipart bodies, so the parts are read here with
 * @fastify/multipart (registered only in this plugin, with tight limits) and the text fields
 * are parsed with the zod schemas below. Content checks and re-encoding: images.ts; writes:
 * service.ts; the file store: adapters/storage.ts.
 */
import multipart, { type Multipart } from '@fastify/multipart';
import { errorCodes, type FastifyReply, type FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { envelopeOf, fail, INT4_MAX, ok, text } from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import { imageMessages } from '@frameport/domain/messages/images';
import { uploadMessages } from '@frameport/domain/messages/uploads';
import type { FileStore } from '../../adapters/storage.ts';
import { IMAGE_TYPES } from '../../db/schema.ts';
import { requireIdentity, requireRole } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { MAX_IMAGE_BYTES } from '../../adapters/images.ts';
import { UPLOAD_KEY_PATTERN, WEBP_CONTENT_TYPE, type BannerFlags, type UploadService } from './service.ts';

/** Two images of at most 5 MB each plus a few short fields. (The global limit is 100 KB.) */
export const UPLOAD_BODY_LIMIT_BYTES = 11 * 1024 * 1024;
const MULTIPART_LIMITS = {
  fileSize: MAX_IMAGE_BYTES,
  files: 2,
  fields: 20,
  parts: 25,
  fieldSize: 1024,
  fieldNameSize: 100,
  headerPairs: 50,
};
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

// ---------------------------------------------------------------------------------------------
// Fields and replies
// ---------------------------------------------------------------------------------------------

const positiveId = (field: string) =>
  z
    .pipe(text().check(z.trim(), z.regex(/^[1-9][0-9]{0,9}$/, `"${field}" must be a positive whole number`)), z.transform(Number))
    .check(z.refine((value) => value <= INT4_MAX, `"${field}" must be a positive whole number`));
const flag = (field: string) =>
  z.optional(
    z.pipe(
      text().check(
        z.trim(),
        z.toLowerCase(),
        z.refine((value) => value === 'true' || value === 'false', `"${field}" must be 'true' or 'false'`),
      ),
      z.transform((value) => value === 'true'),
    ),
  );

export const UploadProductImageFieldsSchema = z.strictObject({
  productCode: text().check(z.trim(), z.minLength(1), z.maxLength(64)),
  colorId: positiveId('colorId'),
  priority: z.pipe(text().check(z.trim(), z.regex(/^[0-9]{1,2}$/, '"priority" must be a whole number from 0 to 99')), z.transform(Number)),
  imageType: z.pipe(
    text().check(z.trim(), z.toLowerCase()),
    z.enum(IMAGE_TYPES, { error: `"imageType" must be one of: ${IMAGE_TYPES.join(', ')}` }),
  ),
});

const BANNER_FLAG_FIELDS = {
  isHomeBanner: 'isHomeBanner',
  isLoginBanner: 'isLoginBanner',
  isNewArrivalBanner: 'isNewArrivalBanner',
  isMaterialBanner: 'isMaterialBanner',
  isPriceRangeBanner: 'isPriceRangeBanner',
  isFrameBanner: 'isFrameBanner',
  isColorBanner: 'isColourBanner',
} as const satisfies Record<string, keyof BannerFlags>;

export const UploadBannerFieldsSchema = z
  .strictObject({
    bannerId: z.optional(positiveId('bannerId')),
    bannerTitle: z.optional(text().check(z.trim(), z.minLength(1), z.maxLength(200))),
    isHomeBanner: flag('isHomeBanner'),
    isLoginBanner: flag('isLoginBanner'),
    isNewArrivalBanner: flag('isNewArrivalBanner'),
    isMaterialBanner: flag('isMaterialBanner'),
    isPriceRangeBanner: flag('isPriceRangeBanner'),
    isFrameBanner: flag('isFrameBanner'),
    isColorBanner: flag('isColorBanner'),
  })
  .check(
    z.superRefine((fields, ctx) => {
      if (fields.bannerId === undefined && fields.bannerTitle === undefined) {
        ctx.addIssue({ code: 'custom', path: ['bannerTitle'], message: uploadMessages.bannerTitleRequired });
      }
    }),
  );

export const UploadProductImageResponseSchema = z.object({
  productColorId: z.number().check(z.int()),
  productCode: text(),
  colorVariant: text(),
  imageType: z.enum(IMAGE_TYPES),
  priority: z.number().check(z.int()),
  /** The URL now in product_images (thumbnail size for 'thumbnail', card size otherwise). */
  url: text(),
  urls: z.object({ thumbnail: text(), card: text(), zoom: text() }),
});

export const UploadBannerResponseSchema = z.object({
  bannerId: z.number().check(z.int()),
  bannerTitle: text(),
  /** true: a new banner; false: an existing banner's images were replaced. */
  created: z.boolean(),
  urls: z.object({ desktop: text(), mobile: text() }),
});

const StoredFileParams = z.object({ '*': text() });

// ---------------------------------------------------------------------------------------------
// Reading the form
// ---------------------------------------------------------------------------------------------

type Form = { fields: Record<string, string>; files: Map<string, Buffer> };

/** @fastify/multipart and busboy errors → the envelope's statuses and messages. */
export function formError(error: unknown): Error {
  if (error instanceof AppError) return error;
  switch ((error as { code?: unknown }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('too_large', imageMessages.tooLarge);
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('too_large', uploadMessages.tooManyParts);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE();
    default:
      // Malformed multipart data, a field named like a prototype property, an aborted request.
      return new AppError('invalid', uploadMessages.unreadable);
  }
}

/**
 * Reads every part (the whole body, bounded by the limits) and then reports the first problem,
 * so the request is always consumed. Files are buffered in memory (at most 2 × 5 MB).
 * An empty file part (a browser form with no file chosen) counts as no file.
 */
async function readForm(request: FastifyRequest, fileFields: readonly string[]): Promise<Form> {
  const fields: Record<string, string> = {};
  const files = new Map<string, Buffer>();
  let problem: AppError | undefined;
  const seen = new Set<string>();
  try {
    for await (const part of request.parts() as AsyncIterable<Multipart>) {
      const name = part.fieldname;
      if (seen.has(name)) problem ??= new AppError('invalid', `"${name}" was sent more than once`);
      seen.add(name);
      if (part.type === 'file') {
        if (!fileFields.includes(name)) {
          part.file.resume();
          problem ??= new AppError('invalid', `Unknown file field: ${name}`);
          continue;
        }
        const bytes = await part.toBuffer();
        if (bytes.length > 0) files.set(name, bytes);
        continue;
      }
      if (fileFields.includes(name)) {
        problem ??= new AppError('invalid', `"${name}" must be a file`);
      } else if (part.valueTruncated || part.fieldnameTruncated) {
        problem ??= new AppError('invalid', `"${name}" is too long`);
      } else if (typeof part.value !== 'string') {
        problem ??= new AppError('invalid', `"${name}" must be text`);
      } else {
        fields[name] = part.value;
      }
    }
  } catch (error) {
    throw formError(error);
  }
  if (problem) throw problem;
  return { fields, files };
}

function parseFields<T extends z.ZodMiniType>(schema: T, fields: Record<string, string>): z.output<T> {
  const parsed = schema.safeParse(fields);
  if (!parsed.success) {
    throw new AppError('invalid', parsed.error.issues[0]?.message ?? messages.http.invalidInput);
  }
  return parsed.data;
}

/**
 * Runs before the body is read, after the role guard: only multipart bodies, and no body over the
 * route's limit (@fastify/multipart does not apply `bodyLimit`; busboy's limits guard chunked bodies).
 */
export async function multipartOnly(request: FastifyRequest) {
  const type = request.headers['content-type'] ?? '';
  if (!/^multipart\/form-data\s*;/i.test(type)) throw new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE();
  const length = Number(request.headers['content-length'] ?? 0);
  if (length > request.routeOptions.bodyLimit) throw new AppError('too_large', messages.http.tooLarge);
}

function imageNotFound(reply: FastifyReply) {
  return reply.code(404).header('Cache-Control', 'no-store').send(fail(messages.http.imageNotFound));
}

// ---------------------------------------------------------------------------------------------
// Routes
// ---------------------------------------------------------------------------------------------

export const uploadRoutes: FastifyPluginAsyncZod<{ uploads: UploadService; store: FileStore }> = async (app, { uploads, store }) => {
  // The multipart parser exists only inside this scope: every other route still refuses it.
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });

    scope.post(
      '/api/Product/uploadProductImage',
      {
        bodyLimit: UPLOAD_BODY_LIMIT_BYTES,
        onRequest: [requireRole('admin'), multipartOnly],
        schema: {
          tags: ['Product'],
          summary: 'Upload a product colour image (admin)',
          description:
            'multipart/form-data: `image` (PNG, JPEG or WebP, at most 5 MB and 40 megapixels), `productCode`, ' +
            "`colorId` (the productColorId of a colour of that product), `priority` (0–99), `imageType` ('front' | 'side' | 'thumbnail'). " +
            'Stored as WebP 160, 480 and 1200 px wide; replaces the colour\'s image of that type.',
          consumes: ['multipart/form-data'],
          response: { 200: envelopeOf(UploadProductImageResponseSchema) },
        },
      },
      async (request) => {
        const identity = requireIdentity(request);
        const form = await readForm(request, ['image']);
        const fields = parseFields(UploadProductImageFieldsSchema, form.fields);
        const image = form.files.get('image');
        if (!image) throw new AppError('invalid', imageMessages.missing);
        return ok(
          await uploads.uploadProductImage(identity, {
            productCode: fields.productCode,
            productColourId: fields.colorId,
            priority: fields.priority,
            imageType: fields.imageType,
            image,
          }),
        );
      },
    );

    scope.post(
      '/api/Home/uploadBanner',
      {
        bodyLimit: UPLOAD_BODY_LIMIT_BYTES,
        onRequest: [requireRole('admin'), multipartOnly],
        schema: {
          tags: ['Home'],
          summary: 'Upload a banner, or replace its images (admin)',
          description:
            'multipart/form-data: `image` (desktop; PNG, JPEG or WebP, at most 5 MB), optional `mobileImage` (otherwise made from `image`), ' +
            '`bannerTitle` (required for a new banner), optional `bannerId` (replace that banner\'s images), and the flags ' +
            "`isHomeBanner`, `isLoginBanner`, `isNewArrivalBanner`, `isMaterialBanner`, `isPriceRangeBanner`, `isFrameBanner`, `isColorBanner` ('true' | 'false'). " +
            'Stored as WebP 1600 (desktop) and 800 (mobile) px wide.',
          consumes: ['multipart/form-data'],
          response: { 200: envelopeOf(UploadBannerResponseSchema) },
        },
      },
      async (request) => {
        const identity = requireIdentity(request);
        const form = await readForm(request, ['image', 'mobileImage']);
        const fields = parseFields(UploadBannerFieldsSchema, form.fields);
        const image = form.files.get('image');
        if (!image) throw new AppError('invalid', imageMessages.missing);
        const flags: Partial<BannerFlags> = {};
        for (const [field, column] of Object.entries(BANNER_FLAG_FIELDS)) {
          const value = fields[field as keyof typeof BANNER_FLAG_FIELDS];
          if (value !== undefined) flags[column] = value;
        }
        return ok(
          await uploads.uploadBanner(identity, {
            bannerId: fields.bannerId,
            title: fields.bannerTitle,
            flags,
            image,
            mobileImage: form.files.get('mobileImage'),
          }),
        );
      },
    );
  });

  app.get(
    '/media/uploads/*',
    {
      config: { auth: 'public' },
      schema: {
        security: [],
        hide: false,
        tags: ['Media'],
        summary: 'An uploaded image (WebP, content-addressed, cacheable for a year)',
        params: StoredFileParams,
      },
    },
    async (request, reply) => {
      // Only names this module generates: no '..', no absolute paths, no backslashes, no dot files.
      const key = request.params['*'];
      if (!UPLOAD_KEY_PATTERN.test(key)) return imageNotFound(reply);
      const etag = `"${key.slice(key.lastIndexOf('/') + 1, -'.webp'.length)}"`;
      const inm = request.headers['if-none-match'];
      const file = await store.open(key);
      if (!file) return imageNotFound(reply);
      reply
        .header('Content-Type', WEBP_CONTENT_TYPE)
        .header('Cache-Control', IMMUTABLE_CACHE_CONTROL)
        .header('ETag', etag)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'");
      if (inm && inm.split(',').some((t) => t.trim() === etag || t.trim() === `W/${etag}`)) {
        file.stream.destroy();
        return reply.code(304).send();
      }
      reply.header('Content-Length', String(file.size));
      return reply.send(file.stream);
    },
  );
};
