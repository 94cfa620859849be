import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminIdempotencyHeadersSchema,
  AdminOrderDetailSchema,
  CreateShipmentBodySchema,
  DeliverShipmentBodySchema,
  DispatchShipmentBodySchema,
  envelopeOf,
  ok,
  OrderIdParamsSchema,
  PackShipmentBodySchema,
  ShipmentIdParamsSchema,
} from '@frameport/domain/contract';
import type { Mailer } from '../../adapters/mail.ts';
import type { Db } from '../../db/client.ts';
import { requireIdentity, requireRole } from '../../http/auth.ts';
import { idempotent } from '../../http/idempotency.ts';
import { deliverQueued, type QueuedMail } from '../orders/service.ts';
import type { ShipmentsService } from './service.ts';

const IDEMPOTENT =
  'With an Idempotency-Key header, a repeat of the call answers what the first answered and changes nothing.';
const answer = { 200: envelopeOf(AdminOrderDetailSchema) };

/** The warehouse's calls (admin and warehouse staff); the packing slip is readable by accounts too. */
export const shipmentRoutes: FastifyPluginAsyncZod<{ shipments: ShipmentsService; db: Db; mailer: Mailer }> = async (
  app,
  { shipments, db, mailer },
) => {
  const warehouse = requireRole('admin', 'warehouse');

  app.post(
    '/api/admin/orders/:id/shipments',
    {
      onRequest: warehouse,
      schema: {
        tags: ['Admin'],
        summary: 'Make a shipment of some of the order’s open pieces (Packing)',
        description:
          'The order must be Confirmed or Partially dispatched (409 otherwise); every line one of the order’s (404); ' +
          'each quantity at most the line’s open pieces: ordered − cancelled − already in shipments (409). ' +
          `Answers the order as it now is. ${IDEMPOTENT}`,
        headers: AdminIdempotencyHeadersSchema,
        params: OrderIdParamsSchema,
        body: CreateShipmentBodySchema,
        response: answer,
      },
    },
    async (request) => {
      const identity = requireIdentity(request);
      return ok(await idempotent(db, request, (tx) => shipments.create(tx, identity, request.params.id, request.body)));
    },
  );

  app.post(
    '/api/admin/shipments/:id/pack',
    {
      onRequest: warehouse,
      schema: {
        tags: ['Admin'],
        summary: 'Packing → Packed, in so many boxes',
        description: `Only a Packing shipment of a shippable order (409 otherwise). ${IDEMPOTENT}`,
        headers: AdminIdempotencyHeadersSchema,
        params: ShipmentIdParamsSchema,
        body: PackShipmentBodySchema,
        response: answer,
      },
    },
    async (request) => {
      const identity = requireIdentity(request);
      return ok(await idempotent(db, request, (tx) => shipments.pack(tx, identity, request.params.id, request.body.boxes)));
    },
  );

  app.post(
    '/api/admin/shipments/:id/unpack',
    {
      onRequest: warehouse,
      schema: {
        tags: ['Admin'],
        summary: 'Packed → Packing',
        description: `Only a Packed shipment (409 otherwise). ${IDEMPOTENT}`,
        headers: AdminIdempotencyHeadersSchema,
        params: ShipmentIdParamsSchema,
        response: answer,
      },
    },
    async (request) => {
      const identity = requireIdentity(request);
      return ok(await idempotent(db, request, (tx) => shipments.unpack(tx, identity, request.params.id)));
    },
  );

  app.delete(
    '/api/admin/shipments/:id',
    {
      onRequest: warehouse,
      schema: {
        tags: ['Admin'],
        summary: 'Delete a shipment still being packed',
        description: `Only a Packing shipment (409 otherwise): its pieces are open again. ${IDEMPOTENT}`,
        headers: AdminIdempotencyHeadersSchema,
        params: ShipmentIdParamsSchema,
        response: answer,
      },
    },
    async (request) => {
      const identity = requireIdentity(request);
      return ok(await idempotent(db, request, (tx) => shipments.remove(tx, identity, request.params.id)));
    },
  );

  app.post(
    '/api/admin/shipments/:id/dispatch',
    {
      onRequest: warehouse,
      schema: {
        tags: ['Admin'],
        summary: 'Packed → Dispatched, raising the shipment’s tax invoice',
        description:
          'Only a Packed shipment of a shippable order (409). The dispatch date is a day from the order date to today ' +
          '(India; 400 otherwise) and is the invoice date. A consignment worth more than ₹50,000.00 needs an e-way bill ' +
          'number (400). The invoice is numbered gap-free in the financial year’s series and due after the retailer’s ' +
          'payment terms; the retailer and its sales executives get a mail with the invoice PDF attached. ' +
          IDEMPOTENT,
        headers: AdminIdempotencyHeadersSchema,
        params: ShipmentIdParamsSchema,
        body: DispatchShipmentBodySchema,
        response: answer,
      },
    },
    async (request) => {
      const identity = requireIdentity(request);
      let mails: QueuedMail[] = [];
      const detail = await idempotent(db, request, async (tx) => {
        const done = await shipments.dispatch(tx, identity, request.params.id, request.body);
        mails = done.mails;
        return done.detail;
      });
      // After commit: SMTP never holds the transaction open (a repeat with the same key sends nothing).
      deliverQueued(mailer, mails, request.log);
      return ok(detail);
    },
  );

  app.post(
    '/api/admin/shipments/:id/deliver',
    {
      onRequest: warehouse,
      schema: {
        tags: ['Admin'],
        summary: 'Dispatched → Delivered',
        description:
          'Only a Dispatched shipment (409). Delivered on a day from its dispatch date to today (India; 400 otherwise). ' +
          `The order is Delivered once everything billable is. ${IDEMPOTENT}`,
        headers: AdminIdempotencyHeadersSchema,
        params: ShipmentIdParamsSchema,
        body: DeliverShipmentBodySchema,
        response: answer,
      },
    },
    async (request) => {
      const identity = requireIdentity(request);
      let mails: QueuedMail[] = [];
      const detail = await idempotent(db, request, async (tx) => {
        const done = await shipments.deliver(tx, identity, request.params.id, request.body);
        mails = done.mails;
        return done.detail;
      });
      deliverQueued(mailer, mails, request.log);
      return ok(detail);
    },
  );

  app.get(
    '/api/admin/shipments/:id/packing-slip',
    {
      onRequest: requireRole('admin', 'warehouse', 'accounts'),
      schema: {
        tags: ['Admin'],
        summary: 'The shipment’s packing slip as a PDF (application/pdf)',
        description: 'What the boxes hold: lines with model, colour and quantity, the boxes, the delivery address. 404 for an unknown shipment.',
        params: ShipmentIdParamsSchema,
      },
    },
    async (request, reply) => {
      const { fileName, pdf } = await shipments.packingSlip(request.params.id);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `inline; filename="${fileName}"`)
        .header('Cache-Control', 'private, no-store')
        .send(pdf);
    },
  );
};
