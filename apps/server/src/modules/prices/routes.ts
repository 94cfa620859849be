import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CATALOGUE_READ_ROLES, CATALOGUE_WRITE_ROLES } from '@frameport/domain';
import {
  AdminIdempotencyHeadersSchema,
  envelopeOf,
  GstRateBodySchema,
  GstRateChangeResponseSchema,
  GstRateIdParamsSchema,
  GstRatePatchSchema,
  GstRatesResponseSchema,
  ok,
  PriceChangeBodySchema,
  PriceChangeIdParamsSchema,
  PriceChangeResponseSchema,
  ProductIdParamsSchema,
  ProductPricesSchema,
} from '@frameport/domain/contract';
import type { GstRateBody, GstRateChangeResponse, GstRatePatch, GstRatesResponse, PriceChangeBody, PriceChangeResponse, ProductPrices } from '@frameport/domain/contract';
import { requireRole } from '../../http/auth.ts';
import type { PriceScheduler } from './scheduler.ts';

const IDEMPOTENCY = 'With an Idempotency-Key header a retry answers the first answer and changes nothing.';

/** Prices and GST on the catalogue desk: reads for admin and warehouse, every change admin only. */
export const pricesRoutes: FastifyPluginAsyncZod<{ prices: PricesService }> = async (app, { prices }) => {
  const readers = requireRole(...CATALOGUE_READ_ROLES);
  const writers = requireRole(...CATALOGUE_WRITE_ROLES);

  app.get(
    '/api/admin/products/:id/prices',
    {
      onRequest: readers,
      schema: {
        tags: ['Admin'],
        summary: "A style's net price, its scheduled changes and its price history",
        description:
          'netPrice in force now; scheduled: changes not yet applied, soonest first; history: applied changes, newest first, ' +
          'each with who scheduled it, when it applied and the price it replaced. Admin and warehouse.',
        params: ProductIdParamsSchema,
        response: { 200: envelopeOf(ProductPricesSchema) },
      },
    },
    async (request) => ok(await prices.read(request.params.id)),
  );

  app.post(
    '/api/admin/products/:id/prices',
    {
      onRequest: writers,
      schema: {
        tags: ['Admin'],
        summary: "Change a style's net price from a day (today applies at once)",
        description:
          'netPrice in rupees (more than 0, at most 2 decimals); effectiveFrom YYYY-MM-DD, today (India) or later, else 400 ' +
          "'The effective date must be today or later.'. Today: the price changes at once (carts re-price, placed orders keep theirs). " +
          'A later day: scheduled, applied by itself on that day; a second change for the same day replaces the first (replacedId). ' +
          `Audited on the style. Admin only. ${IDEMPOTENCY}`,
        params: ProductIdParamsSchema,
        headers: AdminIdempotencyHeadersSchema,
        body: PriceChangeBodySchema,
        response: { 200: envelopeOf(PriceChangeResponseSchema) },
      },
    },
    async (request) => ok(await prices.change(request, request.params.id, request.body)),
  );

  app.delete(
    '/api/admin/price-changes/:id',
    {
      onRequest: writers,
      schema: {
        tags: ['Admin'],
        summary: 'Cancel a scheduled price change',
        description: `409 when it has already applied. Answers the style's prices. Audited on the style. Admin only. ${IDEMPOTENCY}`,
        params: PriceChangeIdParamsSchema,
        headers: AdminIdempotencyHeadersSchema,
        response: { 200: envelopeOf(ProductPricesSchema) },
      },
    },
    async (request) => ok(await prices.cancel(request, request.params.id)),
  );

  app.get(
    '/api/admin/gst-rates',
    {
      onRequest: readers,
      schema: {
        tags: ['Admin'],
        summary: 'The GST table: rate by HSN prefix with validity dates',
        description:
          'Every entry (by prefix, then first day) with its state today (past, current, future), the active styles it applies ' +
          'to (today, or from its first day for a future one), who added it and the last change. The rate of a style is the entry ' +
          'in force for its HSN code with the longest prefix. Admin and warehouse.',
        response: { 200: envelopeOf(GstRatesResponseSchema) },
      },
    },
    async () => ok(await prices.gstRates()),
  );

  app.post(
    '/api/admin/gst-rates',
    {
      onRequest: writers,
      schema: {
        tags: ['Admin'],
        summary: 'Add a GST rate for an HSN prefix from a day',
        description:
          'hsnPrefix 2–8 digits; ratePercent one of the GST slabs; validFrom and optional validTo (inclusive, YYYY-MM-DD); ' +
          'notification. 409 when it overlaps another entry of the same prefix: close that one first (PATCH validTo). ' +
          'When it is in force today the styles it covers take the rate at once (stylesUpdated); later, the scheduler applies it ' +
          `on its first day. Invoices use the rate in force on the invoice date. Audited. Admin only. ${IDEMPOTENCY}`,
        headers: AdminIdempotencyHeadersSchema,
        body: GstRateBodySchema,
        response: { 200: envelopeOf(GstRateChangeResponseSchema) },
      },
    },
    async (request) => ok(await prices.createGstRate(request, request.body)),
  );

  app.patch(
    '/api/admin/gst-rates/:id',
    {
      onRequest: writers,
      schema: {
        tags: ['Admin'],
        summary: 'Close (or reopen) a GST entry: its last day',
        description:
          'validTo YYYY-MM-DD or null (open); notification optional. An entry that has been in force can end yesterday at the ' +
          'earliest (400), and may not come to overlap another of its prefix (409). Styles are re-rated at once when what is in ' +
          `force today changes. Audited. Admin only. ${IDEMPOTENCY}`,
        params: GstRateIdParamsSchema,
        headers: AdminIdempotencyHeadersSchema,
        body: GstRatePatchSchema,
        response: { 200: envelopeOf(GstRateChangeResponseSchema) },
      },
    },
    async (request) => ok(await prices.patchGstRate(request, request.params.id, request.body)),
  );

  app.delete(
    '/api/admin/gst-rates/:id',
    {
      onRequest: writers,
      schema: {
        tags: ['Admin'],
        summary: 'Delete a GST entry not yet in force',
        description: `409 for an entry whose first day is today or earlier (close it with PATCH validTo instead). Audited. Admin only. ${IDEMPOTENCY}`,
        params: GstRateIdParamsSchema,
        headers: AdminIdempotencyHeadersSchema,
        response: { 200: envelopeOf(GstRateChangeResponseSchema) },
      },
    },
    async (request) => ok(await prices.deleteGstRate(request, request.params.id)),
  );
};

/** What the routes call; built by createPricesModule. */
export type PricesService = {
  scheduler: PriceScheduler;
  read(productId: number): Promise<ProductPrices>;
  change(request: FastifyRequest, productId: number, body: PriceChangeBody): Promise<PriceChangeResponse>;
  cancel(request: FastifyRequest, priceChangeId: number): Promise<ProductPrices>;
  gstRates(): Promise<GstRatesResponse>;
  createGstRate(request: FastifyRequest, body: GstRateBody): Promise<GstRateChangeResponse>;
  patchGstRate(request: FastifyRequest, id: number, patch: GstRatePatch): Promise<GstRateChangeResponse>;
  deleteGstRate(request: FastifyRequest, id: number): Promise<GstRateChangeResponse>;
};
