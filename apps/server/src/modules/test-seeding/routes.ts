import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '@frameport/domain/contract';
import { requireRole } from '../../http/auth.ts';
import type { TestSeedingService } from './service.ts';

// Not the product's contract (packages/domain): only the end-to-end tests call these routes.
const TestRetailerBodySchema = z.object({
  stateCode: z.enum(['36', '29']),
  salesExecutiveUserId: z.number().int().positive().optional(),
});
const TestAccountSchema = z.object({ email: z.string(), password: z.string(), userId: z.number().int() });
const TestRetailerSchema = TestAccountSchema.extend({
  businessName: z.string(),
  phone: z.string(),
  stateCode: z.enum(['36', '29']),
  retailerId: z.number().int(),
});

export const testSeedingRoutes: FastifyPluginAsyncZod<{ seeding: TestSeedingService }> = async (app, { seeding }) => {
  app.post(
    '/api/test/retailers',
    {
      onRequest: requireRole('admin'),
      schema: {
        tags: ['Test'],
        summary: 'A fresh retailer for an end-to-end test (admin; only with TEST_SEEDING=true)',
        description:
          'In Telangana (36: CGST + SGST) or Karnataka (29: IGST), with the demo password and limits, linked to the ' +
          'sales executive salesExecutiveUserId when given (404 when that is no sales executive).',
        body: TestRetailerBodySchema,
        response: { 200: envelopeOf(TestRetailerSchema) },
      },
    },
    async (request) => ok(await seeding.createRetailer(request.body)),
  );

  app.post(
    '/api/test/sales-executives',
    {
      onRequest: requireRole('admin'),
      schema: {
        tags: ['Test'],
        summary: 'A fresh sales executive with no retailers yet (admin; only with TEST_SEEDING=true)',
        response: { 200: envelopeOf(TestAccountSchema) },
      },
    },
    async () => ok(await seeding.createSalesExecutive()),
  );
};
