/**
 * The catalogue desk's image calls (admin), beside the spec's single-image upload in routes.ts:
 *
 *   POST   /api/admin/product-colours/:id/images        multipart: images (1–8 files), imageType?
 *   PATCH  /api/admin/product-images/:id                { imageType }
 *   PUT    /api/admin/product-colours/:id/image-order   { imageIds }
 *   DELETE /api/admin/product-images/:id
 *
 * Every answer is the colour's images as they now are. The upload honours an Idempotency-Key header
 * (a retried upload adds nothing twice). Decisions and writes: product-images.ts.
 */
import multipart, { type Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ColourImagesResponseSchema,
  envelopeOf,
  ImageOrderBodySchema,
  imageDeskMessages,
  MAX_IMAGES_PER_UPLOAD,
  ok,
  ProductColourIdParamsSchema,
  ProductImageIdParamsSchema,
  SetImageTypeBodySchema,
  UploadColourImagesFieldsSchema,
} from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import { imageMessages } from '@frameport/domain/messages/images';
import { MAX_IMAGE_BYTES } from '../../adapters/images.ts';
import { requireIdentity, requireRole } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import type { ProductImageDesk } from './product-images.ts';
import { formError, multipartOnly } from './routes.ts';

/** Eight images of at most 5 MB each plus one short field. */
export const COLOUR_IMAGES_BODY_LIMIT_BYTES = MAX_IMAGES_PER_UPLOAD * MAX_IMAGE_BYTES + 1024 * 1024;
const LIMITS = {
  fileSize: MAX_IMAGE_BYTES,
  // One more than allowed, so too many files is told apart from a malformed form.
  files: MAX_IMAGES_PER_UPLOAD + 1,
  fields: 5,
  parts: MAX_IMAGES_PER_UPLOAD + 6,
  fieldSize: 1024,
  fieldNameSize: 100,
  headerPairs: 50,
};

const answer = { 200: envelopeOf(ColourImagesResponseSchema) };
const admin = requireRole('admin');

/** Reads the whole form: every file part named `images` (empty ones skipped), and the text fields. */
async function readImagesForm(request: FastifyRequest): Promise<{ images: Buffer[]; fields: Record<string, string> }> {
  const images: Buffer[] = [];
  const fields: Record<string, string> = {};
  let problem: AppError | undefined;
  try {
    for await (const part of request.parts() as AsyncIterable<Multipart>) {
      if (part.type === 'file') {
        if (part.fieldname !== 'images') {
          part.file.resume();
          problem ??= new AppError('invalid', `Unknown file field: ${part.fieldname}`);
          continue;
        }
        const bytes = await part.toBuffer();
        if (bytes.length > 0) images.push(bytes);
        continue;
      }
      if (part.fieldname in fields) problem ??= new AppError('invalid', `"${part.fieldname}" was sent more than once`);
      else if (part.valueTruncated || part.fieldnameTruncated) problem ??= new AppError('invalid', `"${part.fieldname}" is too long`);
      else if (typeof part.value !== 'string') problem ??= new AppError('invalid', `"${part.fieldname}" must be text`);
      else fields[part.fieldname] = part.value;
    }
  } catch (error) {
    if ((error as { code?: unknown }).code === 'FST_FILES_LIMIT') throw new AppError('invalid', imageDeskMessages.tooManyFiles);
    throw formError(error);
  }
  if (problem) throw problem;
  return { images, fields };
}

export const productImageRoutes: FastifyPluginAsyncZod<{ desk: ProductImageDesk }> = async (app, { desk }) => {
  await app.register(async (plain) => {
    await plain.register(multipart, { limits: LIMITS, throwFileSizeLimit: true });
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.post(
      '/api/admin/product-colours/:id/images',
      {
        bodyLimit: COLOUR_IMAGES_BODY_LIMIT_BYTES,
        onRequest: [admin, multipartOnly],
        schema: {
          tags: ['Admin'],
          summary: 'Upload images of a colour variant, several at once (admin)',
          description:
            `multipart/form-data: \`images\` (1–${MAX_IMAGES_PER_UPLOAD} files, each PNG, JPEG or WebP, at most 5 MB and 40 megapixels), ` +
            "optional `imageType` ('front' | 'side' | 'thumbnail'; front and thumbnail one file only). Without it the first file becomes the " +
            'front when the colour has none, the others side views. Stored as WebP 160, 480 and 1200 px wide, appended after the colour\'s ' +
            'images. One bad file refuses the whole upload and stores nothing. Answers the colour\'s images in order. With an ' +
            '`Idempotency-Key` header a repeat of the upload (a retry after a lost answer) answers what the first answered and adds ' +
            'nothing; the same key on another call is 409.',
          consumes: ['multipart/form-data'],
          params: ProductColourIdParamsSchema,
          response: answer,
        },
      },
      async (request) => {
        const identity = requireIdentity(request);
        const form = await readImagesForm(request);
        const parsed = UploadColourImagesFieldsSchema.safeParse(form.fields);
        if (!parsed.success) throw new AppError('invalid', parsed.error.issues[0]?.message ?? messages.http.invalidInput);
        if (form.images.length === 0) throw new AppError('invalid', imageMessages.missing);
        return ok(await desk.upload(identity, request.params.id, { images: form.images, imageType: parsed.data.imageType }, request));
      },
    );
  });

  app.patch(
    '/api/admin/product-images/:id',
    {
      onRequest: admin,
      schema: {
        tags: ['Admin'],
        summary: 'Make an image the front, a side view or the thumbnail of its colour (admin)',
        description: "A colour has one front and one thumbnail: the image that was becomes a side view. Answers the colour's images.",
        params: ProductImageIdParamsSchema,
        body: SetImageTypeBodySchema,
        response: answer,
      },
    },
    async (request) => ok(await desk.setType(requireIdentity(request), request.params.id, request.body.imageType)),
  );

  app.put(
    '/api/admin/product-colours/:id/image-order',
    {
      onRequest: admin,
      schema: {
        tags: ['Admin'],
        summary: "Set the order (priority) of a colour variant's images (admin)",
        description: "`imageIds`: every image of the colour once, first shown first. Another list is 409. Answers the colour's images.",
        params: ProductColourIdParamsSchema,
        body: ImageOrderBodySchema,
        response: answer,
      },
    },
    async (request) => ok(await desk.reorder(requireIdentity(request), request.params.id, request.body.imageIds)),
  );

  app.delete(
    '/api/admin/product-images/:id',
    {
      onRequest: admin,
      schema: {
        tags: ['Admin'],
        summary: 'Remove an image from its colour variant (admin)',
        description: "The catalogue stops showing it at once. Answers the colour's images.",
        params: ProductImageIdParamsSchema,
        response: answer,
      },
    },
    async (request) => ok(await desk.remove(requireIdentity(request), request.params.id)),
  );
};
