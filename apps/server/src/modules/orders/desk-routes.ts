import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminIdempotencyHeadersSchema,
  AdminOrderDetailSchema,
  AdminOrdersQuerySchema,
  AdminOrdersResponseSchema,
  CancelLineBodySchema,
  CancelOrderBodySchema,
  ConfirmOrderBodySchema,
  envelopeOf,
  ExpectedDateBodySchema,
  HoldOrderBodySchema,
  ok,
  OrderIdParamsSchema,
  OrderLineParamsSchema,
  RetailerCreditSchema,
  RetailerIdParamsSchema,
  UpdateCreditBodySchema,
} from '@frameport/domain/contract';
import { requireIdentity, requireRole } from '../../http/auth.ts';
import type { DeskService } from './desk-service.ts';

const IDEMPOTENCY =
  'With an Idempotency-Key header a repeat (a double click, a retry) answers what the first call answered and changes nothing.';
const ANSWERS = 'Answers the order as it now is.';

/** The order desk's routes (/api/admin/...): admin, warehouse and accounts staff; credit terms: admin and accounts. */
export const deskRoutes: FastifyPluginAsyncZod<{ desk: DeskService }> = async (app, { desk }) => {
  const deskStaff = requireRole('admin', 'warehouse', 'accounts');
  const creditStaff = requireRole('admin', 'accounts');
  const orderAnswer = { 200: envelopeOf(AdminOrderDetailSchema) };

  app.get(
    '/api/admin/orders',
    {
      onRequest: deskStaff,
      schema: {
        tags: ['Admin'],
        summary: 'The order queue, newest first, with the count per status under the other filters',
        description:
          'q matches part of the order ref, the retailer\'s business name, email or GSTIN (any case); from/to are the ' +
          'placed dates in India, both inclusive.',
        querystring: AdminOrdersQuerySchema,
        response: { 200: envelopeOf(AdminOrdersResponseSchema) },
      },
    },
    async (request) => ok(await desk.queue(request.query)),
  );

  app.get(
    '/api/admin/orders/:id',
    {
      onRequest: deskStaff,
      schema: {
        tags: ['Admin'],
        summary: 'One order on the desk: decisions, retailer, lines, shipments, history, audit, credit and the actions allowed now',
        params: OrderIdParamsSchema,
        response: orderAnswer,
      },
    },
    async (request) => ok(await desk.detail(requireIdentity(request), request.params.id)),
  );

  app.post(
    '/api/admin/orders/:id/confirm',
    {
      onRequest: deskStaff,
      config: { audit: 'order.confirm' },
      schema: {
        tags: ['Admin'],
        summary: 'Confirm a placed (or held) order after the credit check',
        description:
          'A failed credit check (credit hold, limit, overdue invoices) is 409 with the reasons; accounts or an admin may ' +
          'confirm anyway with override.reason (warehouse: 403). Confirming a held order clears the hold. ' +
          `${IDEMPOTENCY} ${ANSWERS}`,
        params: OrderIdParamsSchema,
        headers: AdminIdempotencyHeadersSchema,
        body: ConfirmOrderBodySchema,
        response: orderAnswer,
      },
    },
    async (request) => ok(await desk.confirm(request, request.params.id, request.body)),
  );

  app.post(
    '/api/admin/orders/:id/hold',
    {
      onRequest: deskStaff,
      config: { audit: 'order.hold' },
      schema: {
        tags: ['Admin'],
        summary: 'Put a placed or confirmed order on hold (credit, stock or a note) with a reason',
        description: `${IDEMPOTENCY} ${ANSWERS}`,
        params: OrderIdParamsSchema,
        headers: AdminIdempotencyHeadersSchema,
        body: HoldOrderBodySchema,
        response: orderAnswer,
      },
    },
    async (request) => ok(await desk.hold(request, request.params.id, request.body)),
  );

  app.post(
    '/api/admin/orders/:id/release',
    {
      onRequest: deskStaff,
      config: { audit: 'order.release' },
      schema: {
        tags: ['Admin'],
        summary: 'Release a held order (back to Confirmed if it was confirmed, else Placed)',
        description: `A credit hold is released by accounts or an admin only (403). ${IDEMPOTENCY} ${ANSWERS}`,
        params: OrderIdParamsSchema,
        headers: AdminIdempotencyHeadersSchema,
        response: orderAnswer,
      },
    },
    async (request) => ok(await desk.release(request, request.params.id)),
  );

  app.post(
    '/api/admin/orders/:id/cancel',
    {
      onRequest: deskStaff,
      config: { audit: 'order.cancel' },
      schema: {
        tags: ['Admin'],
        summary: 'Cancel an order nothing of which has been dispatched; its stock goes back on the shelf',
        description:
          'Refused (409) while a shipment is packed; shipments still being packed are removed. ' + `${IDEMPOTENCY} ${ANSWERS}`,
        params: OrderIdParamsSchema,
        headers: AdminIdempotencyHeadersSchema,
        body: CancelOrderBodySchema,
        response: orderAnswer,
      },
    },
    async (request) => ok(await desk.cancel(request, request.params.id, request.body)),
  );

  app.post(
    '/api/admin/orders/:id/lines/:lineId/cancel',
    {
      onRequest: deskStaff,
      config: { audit: 'order.cancelLine' },
      schema: {
        tags: ['Admin'],
        summary: "Cancel a line's open pieces (in no shipment): back to stock, the line and order totals recomputed",
        description: `${IDEMPOTENCY} ${ANSWERS}`,
        params: OrderLineParamsSchema,
        headers: AdminIdempotencyHeadersSchema,
        body: CancelLineBodySchema,
        response: orderAnswer,
      },
    },
    async (request) => ok(await desk.cancelLine(request, request.params.id, request.params.lineId, request.body)),
  );

  app.put(
    '/api/admin/orders/:id/lines/:lineId/expected-date',
    {
      onRequest: deskStaff,
      config: { audit: 'order.expectedDate' },
      schema: {
        tags: ['Admin'],
        summary: "When a line's backordered pieces are expected (shown to the retailer); null clears it",
        description: `${IDEMPOTENCY} ${ANSWERS}`,
        params: OrderLineParamsSchema,
        headers: AdminIdempotencyHeadersSchema,
        body: ExpectedDateBodySchema,
        response: orderAnswer,
      },
    },
    async (request) => ok(await desk.expectedDate(request, request.params.id, request.params.lineId, request.body)),
  );

  app.get(
    '/api/admin/retailers/:id/credit',
    {
      onRequest: deskStaff,
      schema: {
        tags: ['Admin'],
        summary: "A retailer's credit terms and position: limit, payment terms, hold, outstanding, on order, overdue",
        params: RetailerIdParamsSchema,
        response: { 200: envelopeOf(RetailerCreditSchema) },
      },
    },
    async (request) => ok(await desk.credit(request.params.id)),
  );

  app.put(
    '/api/admin/retailers/:id/credit',
    {
      onRequest: creditStaff,
      config: { audit: 'retailer.credit' },
      schema: {
        tags: ['Admin'],
        summary: "Set a retailer's credit limit, payment terms and credit hold (accounts, admin)",
        description: `Audited with the terms before and after. ${IDEMPOTENCY}`,
        params: RetailerIdParamsSchema,
        headers: AdminIdempotencyHeadersSchema,
        body: UpdateCreditBodySchema,
        response: { 200: envelopeOf(RetailerCreditSchema) },
      },
    },
    async (request) => ok(await desk.updateCredit(request, request.params.id, request.body)),
  );
};
