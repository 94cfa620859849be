import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuditExportQuerySchema, AuditPageSchema, AuditQuerySchema, envelopeOf, ok } from '@frameport/domain/contract';
import { istDateOf } from '@frameport/domain';
import { requireRole } from '../../http/auth.ts';
import type { Clock } from '../../clock.ts';
import type { AuditLogService } from './service.ts';

const FILTERS =
  'actorUserId: who acted; action: what, exactly as logged; retailerId: rows about that retailer (entity retailer) or done ' +
  'on its behalf; from/to: days in India, both counted.';

/** The audit log (/api/admin/audit): admin only. */
export const auditLogRoutes: FastifyPluginAsyncZod<{ audit: AuditLogService; clock: Clock }> = async (app, { audit, clock }) => {
  const adminOnly = requireRole('admin');

  app.get(
    '/api/admin/audit',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['Admin'],
        summary: 'The audit log, newest first, a page at a time: admin only',
        description: `${FILTERS} Pages by cursor: pass the answer's nextCursor for the next (older) page. The answer also lists every action and everyone who acted, for the filters.`,
        querystring: AuditQuerySchema,
        response: { 200: envelopeOf(AuditPageSchema) },
      },
    },
    async (request) => ok(await audit.page(request.query)),
  );

  app.get(
    '/api/admin/audit.csv',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['Admin'],
        summary: 'The audit log as CSV with the same filters, newest first (at most 50,000 rows): admin only',
        description: `${FILTERS} Details as JSON; a cell that starts like a formula is written with a leading apostrophe.`,
        querystring: AuditExportQuerySchema,
      },
    },
    async (request, reply) =>
      reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="audit-log-${istDateOf(clock.now())}.csv"`)
        .header('Cache-Control', 'private, no-store')
        .send(await audit.csv(request.query)),
  );
};
