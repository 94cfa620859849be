import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppModule, ModuleDeps } from '../module-deps.ts';
import { testSeedingRoutes } from './routes.ts';
import { createTestSeedingService, type TestSeedingService } from './service.ts';

/** Fresh accounts for the end-to-end tests; app.ts creates it only with TEST_SEEDING=true. */
export function createTestSeedingModule({ db }: ModuleDeps): AppModule<TestSeedingService> {
  const seeding = createTestSeedingService({ db });
  const plugin: FastifyPluginAsyncZod = async (app) => {
    await app.register(testSeedingRoutes, { seeding });
  };
  return { service: seeding, plugin };
}
