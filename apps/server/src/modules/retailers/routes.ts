import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminRetailersQuerySchema, AdminRetailersResponseSchema, envelopeOf, ok } from '@frameport/domain/contract';
import { requireRole } from '../../http/auth.ts';
import type { RetailersService } from './desk.ts';

/** The retailers desk (/api/admin/retailers): admin and accounts read; admin creates and edits. */
export const retailerRoutes: FastifyPluginAsyncZod<{ retailers: RetailersService }> = async (app, { retailers }) => {
  const staff = requireRole('admin', 'accounts');

  app.get(
    '/api/admin/retailers',
    {
      onRequest: staff,
      schema: {
        tags: ['Admin'],
        summary: 'Retailers: search, filter by state, sales executive and standing, sort, a page at a time: admin, accounts',
        description:
          'q matches business name, contact name, email, GSTIN or city (any part, any case). status is a standing: Pending, ' +
          'Active (not on credit hold), Credit hold, Blocked or Rejected. sort name | city (A→Z), createdAt | outstanding ' +
          '(largest first); direction asc | desc turns it round. counts: retailers per standing under the other filters. ' +
          'outstanding is the unpaid invoice balances in rupees.',
        querystring: AdminRetailersQuerySchema,
        response: { 200: envelopeOf(AdminRetailersResponseSchema) },
      },
    },
    async (request) => ok(await retailers.list(request.query)),
  );
};
