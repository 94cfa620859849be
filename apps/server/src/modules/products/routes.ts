import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CATALOGUE_READ_ROLES, CATALOGUE_WRITE_ROLES } from '@frameport/domain';
import {
  AdminProductDetailSchema,
  AdminProductsQuerySchema,
  AdminProductsResponseSchema,
  BulkProductsBodySchema,
  BulkProductsResponseSchema,
  CatalogueMastersSchema,
  envelopeOf,
  ok,
  ProductIdParamsSchema,
  StyleInputSchema,
  StylePatchSchema,
} from '@frameport/domain/contract';
import type { FastifyRequest } from 'fastify';
import { requireIdentity, requireRole } from '../../http/auth.ts';
import type { ProductsService } from './desk.ts';

const actorOf = (request: FastifyRequest) => ({ userId: requireIdentity(request).userId, ip: request.ip });
const AUDITED = 'Written in one transaction with its audit row (before and after of the changed fields). Answers the style as it now is.';

/** The catalogue desk's styles (/api/admin/products, /api/admin/catalogue/masters): admin writes, warehouse reads. */
export const productRoutes: FastifyPluginAsyncZod<{ products: ProductsService }> = async (app, { products }) => {
  const readers = requireRole(...CATALOGUE_READ_ROLES);
  const writers = requireRole(...CATALOGUE_WRITE_ROLES);
  const styleAnswer = { 200: envelopeOf(AdminProductDetailSchema) };

  app.get(
    '/api/admin/products',
    {
      onRequest: readers,
      schema: {
        tags: ['Admin'],
        summary: 'The styles of the catalogue desk: search, filters, sort and paging',
        description:
          'q matches part of the model number (also without its hyphens), product code, name or brand, any case. availability: ' +
          'inStock (a colour in stock), outOfStock (none), lowStock (a colour at or below its threshold, else the default). ' +
          'active: active (default), inactive or all.',
        querystring: AdminProductsQuerySchema,
        response: { 200: envelopeOf(AdminProductsResponseSchema) },
      },
    },
    async (request) => ok(await products.list(request.query)),
  );

  app.get(
    '/api/admin/products/:id',
    {
      onRequest: readers,
      schema: {
        tags: ['Admin'],
        summary: 'One style with its colours (stock, thresholds, images by priority), who created and last changed it, and its audit',
        description: 'The audit lists every change to the style, its colours, images, prices and stock, newest first (at most 100).',
        params: ProductIdParamsSchema,
        response: styleAnswer,
      },
    },
    async (request) => ok(await products.detail(request.params.id)),
  );

  app.post(
    '/api/admin/products',
    {
      onRequest: writers,
      schema: {
        tags: ['Admin'],
        summary: 'Create a style with its colours',
        description:
          'The model number must be new (any case; 409 names the style that has it). The HSN code needs a GST rate in force today ' +
          '(longest prefix of the GST table); the style takes that rate, and a gstRatePercent sent must equal it. Product code: the ' +
          `next FP + 6 digits. Opening stock is recorded as a stock movement. ${AUDITED}`,
        body: StyleInputSchema,
        response: { 201: envelopeOf(AdminProductDetailSchema) },
      },
    },
    async (request, reply) => {
      const detail = await products.create(actorOf(request), request.body);
      return reply.code(201).send(ok(detail));
    },
  );

  app.patch(
    '/api/admin/products/:id',
    {
      onRequest: writers,
      schema: {
        tags: ['Admin'],
        summary: 'Change a style: any of its fields; colours, when given, the full list',
        description:
          'A field left out keeps its value. colours: existing ones by id, new ones without; a colour left out is kept (orders name ' +
          'it); the stock of an existing colour never changes here (stock adjustments do). A net price changed here applies today ' +
          `and is added to the price history. ${AUDITED}`,
        params: ProductIdParamsSchema,
        body: StylePatchSchema,
        response: styleAnswer,
      },
    },
    async (request) => ok(await products.patch(actorOf(request), request.params.id, request.body)),
  );

  app.post(
    '/api/admin/products/:id/deactivate',
    {
      onRequest: writers,
      schema: {
        tags: ['Admin'],
        summary: 'Deactivate a style: it leaves the catalogue and search at once; past orders and invoices still show it',
        description: `Deactivating an inactive style changes nothing. ${AUDITED}`,
        params: ProductIdParamsSchema,
        response: styleAnswer,
      },
    },
    async (request) => ok(await products.setOneActive(actorOf(request), request.params.id, false)),
  );

  app.post(
    '/api/admin/products/:id/activate',
    {
      onRequest: writers,
      schema: {
        tags: ['Admin'],
        summary: 'Activate a style again: it is back in the catalogue and search at once',
        description: `Activating an active style changes nothing. ${AUDITED}`,
        params: ProductIdParamsSchema,
        response: styleAnswer,
      },
    },
    async (request) => ok(await products.setOneActive(actorOf(request), request.params.id, true)),
  );

  app.post(
    '/api/admin/products/bulk',
    {
      onRequest: writers,
      schema: {
        tags: ['Admin'],
        summary: 'Activate or deactivate up to 500 styles at once',
        description:
          'All or nothing: an unknown id refuses the lot (404). One audit row per style that changed; answers how many changed and ' +
          'how many already were so.',
        body: BulkProductsBodySchema,
        response: { 200: envelopeOf(BulkProductsResponseSchema) },
      },
    },
    async (request) => ok(await products.bulk(actorOf(request), request.body.ids, request.body.action)),
  );

  app.get(
    '/api/admin/catalogue/masters',
    {
      onRequest: readers,
      schema: {
        tags: ['Admin'],
        summary: "The lists a style's form picks from, the GST rates in force today by HSN prefix, and the default low-stock threshold",
        response: { 200: envelopeOf(CatalogueMastersSchema) },
      },
    },
    async () => ok(await products.masters()),
  );
};
