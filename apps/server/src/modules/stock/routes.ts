import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminIdempotencyHeadersSchema,
  envelopeOf,
  LowStockQuerySchema,
  LowStockResponseSchema,
  ok,
  StockAdjustmentBodySchema,
  StockAdjustmentResponseSchema,
  StockMovementsQuerySchema,
  StockMovementsResponseSchema,
  VariantIdParamsSchema,
} from '@frameport/domain/contract';
import { STOCK_ROLES } from '@frameport/domain';
import { requireRole } from '../../http/auth.ts';
import type { StockService } from './service.ts';

/** Stock on the catalogue desk (/api/admin/...): admin and warehouse staff. */
export const stockRoutes: FastifyPluginAsyncZod<{ stock: StockService }> = async (app, { stock }) => {
  const stockStaff = requireRole(...STOCK_ROLES);

  app.post(
    '/api/admin/stock-adjustments',
    {
      onRequest: stockStaff,
      schema: {
        tags: ['Admin'],
        summary: "Adjust a colour variant's stock with a reason (delivery, count, damaged, returned): admin, warehouse",
        description:
          'change is the pieces in (+) or out (−), never 0. A change that would take the stock below 0 is 409 ' +
          "('Only N in stock: …'); an unknown variant is 404. One transaction: the variant's row locked, a stock " +
          "movement (reason, note, who) and an audit row on the style. With an Idempotency-Key header a repeat answers " +
          'what the first call answered and changes nothing. Answers the stock now and the movement.',
        headers: AdminIdempotencyHeadersSchema,
        body: StockAdjustmentBodySchema,
        response: { 200: envelopeOf(StockAdjustmentResponseSchema) },
      },
    },
    async (request) => ok(await stock.adjust(request, request.body)),
  );

  app.get(
    '/api/admin/product-colours/:id/stock-movements',
    {
      onRequest: stockStaff,
      schema: {
        tags: ['Admin'],
        summary: "A colour variant's stock movements, newest first, with the stock after each: admin, warehouse",
        description:
          'Every change: adjustments, imports, orders placed, cancelled or edited (with the order ref), who made it and ' +
          'its note; the variant with its stock now. 404 for an unknown variant.',
        params: VariantIdParamsSchema,
        querystring: StockMovementsQuerySchema,
        response: { 200: envelopeOf(StockMovementsResponseSchema) },
      },
    },
    async (request) => ok(await stock.movements(request.params.id, request.query)),
  );

  app.get(
    '/api/admin/stock/low',
    {
      onRequest: stockStaff,
      schema: {
        tags: ['Admin'],
        summary: 'Colour variants at or below their low-stock threshold (own, else the default), lowest stock first: admin, warehouse',
        description:
          'The default threshold is config LowStockThreshold, else 5; threshold in the query overrides every ' +
          "variant's. Active styles unless active=inactive|all; q matches part of the model number, name or brand. " +
          'format=csv downloads every matching row as CSV (low-stock-YYYY-MM-DD.csv, cells that a spreadsheet would run ' +
          'as a formula neutralised).',
        querystring: LowStockQuerySchema,
        response: { 200: envelopeOf(LowStockResponseSchema) },
      },
    },
    async (request, reply) => {
      if (request.query.format === 'csv') {
        const { fileName, csv } = await stock.lowStockCsv(request.query);
        return reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="${fileName}"`)
          .header('Cache-Control', 'private, no-store')
          // A Buffer goes out as it is (no JSON serialisation); the schema above types the JSON answer only.
          .send(Buffer.from(csv, 'utf8') as never);
      }
      return ok(await stock.lowStock(request.query));
    },
  );
};
