import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppModule, ModuleDeps } from '../module-deps.ts';
import { discountRoutes } from './routes.ts';
import { createDiscountsService, type DiscountsService } from './service.ts';

/** Discount rules on the catalogue desk: list, create, edit, end and preview (admin only). */
export function createDiscountsModule({ db, clock }: ModuleDeps): AppModule<DiscountsService> {
  const discounts = createDiscountsService({ db, clock });
  const plugin: FastifyPluginAsyncZod = async (app) => {
    await app.register(discountRoutes, { discounts });
  };
  return { service: discounts, plugin };
}
