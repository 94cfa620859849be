import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppModule, ModuleDeps } from '../module-deps.ts';
import { stockRoutes } from './routes.ts';
import { createStockService, type StockService } from './service.ts';

/** Stock on the catalogue desk: adjustments, a variant's movements, the low-stock view and its CSV (admin, warehouse). */
export function createStockModule({ db, clock }: ModuleDeps): AppModule<StockService> {
  const stock = createStockService({ db, clock });
  const plugin: FastifyPluginAsyncZod = async (app) => {
    await app.register(stockRoutes, { stock });
  };
  return { service: stock, plugin };
}
