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

const TestStockBodySchema = z.object({
  productId: z.number().int().positive(),
  colorVariant: z.string().min(1).max(10),
  availableStockQuantity: z.number().int().min(0).max(100_000),
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

  app.put(
    '/api/test/stock',
    {
      onRequest: requireRole('admin'),
      schema: {
        tags: ['Test'],
        summary: "Sets one colour's stock (admin; only with TEST_SEEDING=true)",
        description:
          'As if other orders had taken stock: a line already in a cart can then be above the stock left. ' +
          '404 when the product has no such colour variant.',
        body: TestStockBodySchema,
        response: { 200: envelopeOf(z.object({ availableStockQuantity: z.number().int() })) },
      },
    },
    async (request) => ok(await seeding.setStock(request.body)),
  );
};
