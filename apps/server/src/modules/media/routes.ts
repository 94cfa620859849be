/**
 * Generated images (no file is stored or downloaded): product colour variants drawn from their
 * frame shape and colours, and tiles for banners, materials, shapes and price ranges.
 *
 *   GET /media/products/:productColourId/:view.svg   view = front | side
 *   GET /media/banners/:id.svg        (?mobile=1 for the narrow banner)
 *   GET /media/materials/:id.svg      (?hover=1 for the hovered tile)
 *   GET /media/shapes/:id.svg         (?hover=1)
 *   GET /media/price-ranges/:id.svg   (?hover=1)
 *
 * Public (images are loaded by <img> without a bearer token), cacheable for a day, with an ETag.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCESSORY_PRODUCT_TYPE_ID } from '@frameport/domain';
import { dbId, fail } from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import { PRODUCT_TYPE_IDS } from '../../db/schema.ts';
import type { MediaService } from './service.ts';
import { accessoryKindOf, accessorySvg, eyewearFrontSvg, eyewearSideSvg, tileSvg } from './svg.ts';

const IdParams = z.object({ id: dbId });
const ProductParams = z.object({
  productColourId: dbId,
  view: z.enum(['front', 'side']),
});
const HoverQuery = z.object({ hover: z.enum(['0', '1']).optional() });
const BannerQuery = z.object({ mobile: z.enum(['0', '1']).optional() });

function sendSvg(request: FastifyRequest, reply: FastifyReply, svg: string) {
  const etag = `"${createHash('sha1').update(svg).digest('base64url')}"`;
  reply
    .header('Content-Type', 'image/svg+xml; charset=utf-8')
    .header('Cache-Control', 'public, max-age=86400')
    .header('ETag', etag)
    .header('X-Content-Type-Options', 'nosniff')
    // An SVG opened directly must not run anything.
    .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
  const inm = request.headers['if-none-match'];
  if (inm && inm.split(',').some((t) => t.trim() === etag || t.trim() === `W/${etag}`)) {
    return reply.code(304).send();
  }
  return reply.send(svg);
}

function notFound(reply: FastifyReply) {
  return reply.code(404).header('Cache-Control', 'no-store').send(fail(messages.http.imageNotFound));
}

export const mediaRoutes: FastifyPluginAsyncZod<{ media: MediaService }> = async (app, { media }) => {
  app.get(
    '/media/products/:productColourId/:view.svg',
    { config: { auth: 'public' }, schema: { security: [], params: ProductParams, tags: ['Media'], summary: 'Drawing of a colour variant (front or side view)' } },
    async (request, reply) => {
      const { productColourId, view } = request.params;
      const row = await media.productColour(productColourId);
      if (!row) return notFound(reply);
      const title = `${row.productName}, ${row.colorVariant} ${row.frameColourName}, ${view} view`;
      if (row.productTypeId === ACCESSORY_PRODUCT_TYPE_ID) {
        return sendSvg(
          request,
          reply,
          accessorySvg({
            kind: accessoryKindOf(row.productName),
            colour: row.frameColour,
            accent: row.templeColour,
            title,
            view,
          }),
        );
      }
      const drawing = {
        shapeCode: row.shapeCode,
        frameColour: row.frameColour,
        templeColour: row.templeColour,
        title,
        tinted: row.productTypeId === PRODUCT_TYPE_IDS.sunglasses,
        frameType: row.frameType,
      };
      return sendSvg(request, reply, view === 'front' ? eyewearFrontSvg(drawing) : eyewearSideSvg(drawing));
    },
  );

  app.get(
    '/media/banners/:id.svg',
    { config: { auth: 'public' }, schema: { security: [], params: IdParams, querystring: BannerQuery, tags: ['Media'], summary: 'Banner image' } },
    async (request, reply) => {
      const row = await media.banner(request.params.id);
      if (!row) return notFound(reply);
      const subtitle = row.isNewArrivalBanner
        ? 'New arrivals every week'
        : row.isLoginBanner
          ? 'Wholesale eyewear for optical retailers'
          : row.isMaterialBanner
            ? 'Shop by frame material'
            : row.isPriceRangeBanner
              ? 'Value frames for every counter'
              : row.isFrameBanner
                ? 'Shop by frame shape'
                : row.isColourBanner
                  ? 'Find every colour'
                  : 'Frameport wholesale eyewear';
      const mobile = request.query.mobile === '1';
      return sendSvg(
        request,
        reply,
        tileSvg({
          title: row.title,
          subtitle,
          width: mobile ? 600 : 1200,
          height: mobile ? 400 : 360,
          shapeCode: row.isFrameBanner ? 'aviator' : undefined,
        }),
      );
    },
  );

  app.get(
    '/media/materials/:id.svg',
    { config: { auth: 'public' }, schema: { security: [], params: IdParams, querystring: HoverQuery, tags: ['Media'], summary: 'Material tile' } },
    async (request, reply) => {
      const row = await media.material(request.params.id);
      if (!row) return notFound(reply);
      return sendSvg(
        request,
        reply,
        tileSvg({ title: row.name, subtitle: 'Frames', colour: '#1d5c63', hovered: request.query.hover === '1' }),
      );
    },
  );

  app.get(
    '/media/shapes/:id.svg',
    { config: { auth: 'public' }, schema: { security: [], params: IdParams, querystring: HoverQuery, tags: ['Media'], summary: 'Frame shape tile' } },
    async (request, reply) => {
      const row = await media.frameShape(request.params.id);
      if (!row) return notFound(reply);
      return sendSvg(
        request,
        reply,
        tileSvg({ title: row.name, shapeCode: row.code, hovered: request.query.hover === '1' }),
      );
    },
  );

  app.get(
    '/media/price-ranges/:id.svg',
    { config: { auth: 'public' }, schema: { security: [], params: IdParams, querystring: HoverQuery, tags: ['Media'], summary: 'Price range tile' } },
    async (request, reply) => {
      const row = await media.priceRange(request.params.id);
      if (!row) return notFound(reply);
      return sendSvg(
        request,
        reply,
        tileSvg({ title: row.label, subtitle: 'per frame', colour: '#7a3b69', hovered: request.query.hover === '1' }),
      );
    },
  );
};
