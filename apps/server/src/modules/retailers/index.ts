import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppModule, ModuleDeps } from '../module-deps.ts';
import { retailerRoutes } from './routes.ts';
import { createRetailersService, type RetailersService } from './desk.ts';

/**
 * The retailers desk (issue 18): list and export, a retailer's page, create and edit, a sales
 * executive's proposal and its approval or rejection, block and unblock.
 */
export function createRetailersModule(deps: ModuleDeps): AppModule<RetailersService> {
  const retailers = createRetailersService(deps);
  const plugin: FastifyPluginAsyncZod = async (app) => {
    await app.register(retailerRoutes, { retailers });
  };
  return { service: retailers, plugin };
}
