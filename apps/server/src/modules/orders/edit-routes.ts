import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminIdempotencyHeadersSchema,
  AdminOrderDetailSchema,
  EditLinesBodySchema,
  envelopeOf,
  ok,
  OrderIdParamsSchema,
} from '@frameport/domain/contract';
import { requireRole } from '../../http/auth.ts';
import { createOrderEditor, type OrderEditorDeps } from './edit.ts';

/** The order desk's edit of an order's lines before packing (admin and warehouse). */
export const orderEditRoutes: FastifyPluginAsyncZod<OrderEditorDeps> = async (app, deps) => {
  const editLines = createOrderEditor(deps);
  app.put(
    '/api/admin/orders/:id/lines',
    {
      onRequest: requireRole('admin', 'warehouse'),
      schema: {
        tags: ['Admin'],
        summary: "Edit an order's lines before they are packed (admin, warehouse)",
        description:
          'The body lists the lines as they should be: a kept line by `orderLineId` with its new quantity (0 removes ' +
          'it), a new line by model number (`productCode`: the product code or model name) and `colorVariant`. A line ' +
          'not listed is removed. Only while the order is Placed, On hold or Confirmed. A line packed in a shipment ' +
          'cannot change; one in a shipment being packed cannot go below what the shipment holds, nor be removed. ' +
          "Changed and new lines are priced as the retailer's cart would be priced now; unchanged lines keep the " +
          "price they were placed at. The retailer's per-colour, order quantity and order value limits apply. " +
          'Stock is taken or returned; the retailer and its sales executives are mailed the changes. ' +
          'Idempotent with an Idempotency-Key. Answers the order as it now is.',
        params: OrderIdParamsSchema,
        headers: AdminIdempotencyHeadersSchema,
        body: EditLinesBodySchema,
        response: { 200: envelopeOf(AdminOrderDetailSchema) },
      },
    },
    async (request) => ok(await editLines(request, request.params.id, request.body)),
  );
};
