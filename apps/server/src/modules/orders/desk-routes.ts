import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminOrderDetailSchema, envelopeOf, ok, OrderIdParamsSchema } from '@frameport/domain/contract';
import { requireIdentity, requireRole } from '../../http/auth.ts';
import type { DeskService } from './desk-service.ts';

/** The order desk's routes (/api/admin/...): admin, warehouse and accounts staff. */
export const deskRoutes: FastifyPluginAsyncZod<{ desk: DeskService }> = async (app, { desk }) => {
  const deskStaff = requireRole('admin', 'warehouse', 'accounts');

  app.get(
    '/api/admin/orders/:id',
    {
      onRequest: deskStaff,
      schema: {
        tags: ['Admin'],
        summary: 'One order on the desk: decisions, retailer, lines, shipments, history, audit, credit and the actions allowed now',
        params: OrderIdParamsSchema,
        response: { 200: envelopeOf(AdminOrderDetailSchema) },
      },
    },
    async (request) => ok(await desk.detail(requireIdentity(request), request.params.id)),
  );
};
